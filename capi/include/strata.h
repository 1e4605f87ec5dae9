/* Strata C ABI (design.md "The C ABI"): libstrata, for plugins (Blender, Maya
 * through ctypes) and any C caller.
 *
 * Rules every call follows:
 * - Opaque handles with paired create / destroy. A handle is used by one thread
 *   at a time; different handles may be used on different threads.
 * - Every call that can fail returns a strata_status. The text of the last
 *   error is kept per handle (strata_scene_error, strata_atlas_edit_error), never
 *   in global state; it is "" after a call that succeeded.
 * - Option and info structs start with `size`, set by the caller to
 *   sizeof(the struct) it was compiled with; every other field is valid when
 *   zero (zero means "the default"). A library reads and fills only the first
 *   `size` bytes, so older and newer callers keep working.
 * - Arrays are copied into caller buffers: call once with buffer NULL to learn
 *   the count, then again with a buffer of at least that many elements.
 * - Strings a call returns through `const char*` belong to the handle and stay
 *   valid until the handle is loaded again or destroyed; strings a call returns
 *   through `char**` belong to the caller and are released with strata_free.
 * - No C++ exception crosses this interface.
 *
 * Coordinates are the scene's: the source's units, right-handed, Z up (the
 * glTF writer converts to Y up). Texture coordinates use glTF's convention:
 * v = 0 is the first (top) row of the image.
 */
#ifndef STRATA_H
#define STRATA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Paths are UTF-8 on every platform (on Windows too: the library makes the
 * wide calls). strata.dll exports the calls marked STRATA_API and nothing else. */
#if defined(STRATA_BUILDING_LIBRARY) && defined(_WIN32)
#define STRATA_API __declspec(dllexport)
#elif defined(STRATA_BUILDING_LIBRARY)
#define STRATA_API __attribute__((visibility("default")))
#else
#define STRATA_API
#endif

/* (major << 16) | minor. A new minor adds calls, enum values or struct fields
 * at the end; a new major breaks something. */
#define STRATA_ABI_VERSION_MAJOR 1
#define STRATA_ABI_VERSION_MINOR 5
#define STRATA_ABI_VERSION ((STRATA_ABI_VERSION_MAJOR << 16) | STRATA_ABI_VERSION_MINOR)

/* The ABI version the library was built with; compare its major with
 * STRATA_ABI_VERSION_MAJOR before using anything else. */
STRATA_API uint32_t strata_abi_version(void);

typedef enum strata_status {
  STRATA_OK = 0,
  STRATA_ERROR_INVALID_ARGUMENT = 1, /* NULL pointer, bad struct size, index out of range */
  STRATA_ERROR_BUFFER_TOO_SMALL = 2, /* count holds the elements needed */
  STRATA_ERROR_IO = 3,               /* a file cannot be found, read or written */
  STRATA_ERROR_FORMAT = 4,           /* the input is malformed (text: file, byte offset, what) */
  STRATA_ERROR_UNSUPPORTED = 5,      /* valid input using something Strata does not support */
  STRATA_ERROR_OUT_OF_MEMORY = 6,
  STRATA_ERROR_INTERNAL = 7,
  STRATA_ERROR_NO_SCENE = 8 /* nothing loaded (an edit: nothing written) yet */
} strata_status;

/* A static English name of a status ("STRATA_ERROR_FORMAT"). */
STRATA_API const char* strata_status_name(strata_status status);

/* Releases memory the library returned through a char** (NULL is fine). */
STRATA_API void strata_free(void* memory);

/* ---- Scenes ---------------------------------------------------------------- */

typedef struct strata_scene strata_scene;

enum {
  STRATA_LOAD_LOD = 1u << 0,           /* use `lod` instead of the format's default level */
  STRATA_LOAD_SKIRTS = 1u << 1,        /* Atlas/CHU: skirt triangles as a second primitive */
  STRATA_LOAD_NO_TEXTURES = 1u << 2,   /* skip decoding textures and images */
  STRATA_LOAD_TEXTURE_LEVEL = 1u << 3, /* Atlas: use `texture_level` */
  STRATA_LOAD_SWAP_RED_BLUE = 1u << 4, /* Atlas: JPEG/PNG tiles made from BGR data */
  STRATA_LOAD_IMAGES_ONLY = 1u << 5,   /* every texture the file holds, as images; no nodes */
  /* ABI 1.1: keep every intact piece and leave out each broken one (named by
   * strata_scene_get_left_out) instead of failing the load (the CLI's --partial).
   * A load with nothing intact still fails. */
  STRATA_LOAD_PARTIAL = 1u << 6
};

typedef struct strata_load_options {
  size_t size;    /* sizeof(strata_load_options) */
  uint32_t flags; /* STRATA_LOAD_* */
  int32_t lod;    /* geometry level (STRATA_LOAD_LOD) */
  int32_t texture_level;
  /* Called during long work, on the thread that called strata_scene_load;
   * may be NULL. */
  void (*progress)(void* user, size_t done, size_t total);
  void* progress_user;
} strata_load_options;

STRATA_API strata_status strata_scene_create(strata_scene** out_scene);
STRATA_API void strata_scene_destroy(strata_scene* scene); /* NULL is fine */

/* The last error of this handle, "" after success. */
STRATA_API const char* strata_scene_error(const strata_scene* scene);

/* Loads any supported input (detected by magic; a tfrag level directory by its
 * contents) into the handle, replacing what it held. `options` may be NULL. */
STRATA_API strata_status strata_scene_load(strata_scene* scene, const char* path,
                                           const strata_load_options* options);

/* ABI 1.2: strata_scene_load for `size` bytes in memory (a file inside an
 * archive or disc image, a buffer a plug-in holds), copied before the call
 * returns. `name` names them in errors (its extension counts where a format's
 * detection looks at one, as for a file); files beside them are not looked
 * for (a CHU's TQT), and a tfrag level, a directory, cannot be loaded so. */
STRATA_API strata_status strata_load_memory(strata_scene* scene, const void* data, size_t size,
                                            const char* name, const strata_load_options* options);

typedef struct strata_scene_summary {
  size_t size;
  const char* format; /* "atlas", "chu", ... */
  const char* name;
  uint32_t node_count;
  uint32_t root_count;
  uint32_t mesh_count;
  uint32_t material_count;
  uint32_t texture_count;
  uint32_t image_count;
  uint32_t warning_count;
  uint32_t left_out_count; /* ABI 1.1: pieces a STRATA_LOAD_PARTIAL load left out */
} strata_scene_summary;

STRATA_API strata_status strata_scene_get_summary(strata_scene* scene,
                                                  strata_scene_summary* out_summary);

/* Root node indices; *count receives how many there are. */
STRATA_API strata_status strata_scene_get_roots(strata_scene* scene, int32_t* buffer,
                                                size_t capacity, size_t* count);

STRATA_API strata_status strata_scene_get_warning(strata_scene* scene, uint32_t index,
                                                  const char** out_text);

/* ABI 1.1: one piece a STRATA_LOAD_PARTIAL load left out, and why (the CLI's
 * "<file>: left out: <piece>" text); the summary's left_out_count says how many. */
STRATA_API strata_status strata_scene_get_left_out(strata_scene* scene, uint32_t index,
                                                   const char** out_text);

/* The structure summary (`strata info --json`) and the validation report
 * (`strata validate`) of the file the scene was loaded from, as JSON text to be
 * released with strata_free. */
STRATA_API strata_status strata_scene_info_json(strata_scene* scene, char** out_json);
STRATA_API strata_status strata_scene_validate_json(strata_scene* scene, char** out_json);

/* ABI 1.1: the same two for a file that is not loaded, so that a file that does
 * not load can still be validated. The handle keeps only the error text: what it
 * holds stays loaded. */
STRATA_API strata_status strata_scene_info_file_json(strata_scene* scene, const char* path,
                                                     char** out_json);
STRATA_API strata_status strata_scene_validate_file_json(strata_scene* scene, const char* path,
                                                         char** out_json);

/* ABI 1.1: the name of the format `path` holds, detected by magic as
 * strata_scene_load detects it ("atlas", "chu", "tqt", "ytd", "drawable", "tfrag"
 * for a level directory or its core_index.bin), or NULL when nothing matches or
 * the path cannot be read. A static string. */
STRATA_API const char* strata_detect_format(const char* path);

/* ABI 1.2: the Ratchet & Clank 2 levels `path` holds (a disc image, a directory
 * of LEVEL<n>.WAD files, or one level), as a JSON array of {"path", "file",
 * "id", "name"} in level order; "path" loads with strata_scene_load (a level
 * inside an image is "IMAGE::G/LEVEL1.WAD"). `selector` (may be NULL) keeps
 * the levels whose id or name (case-insensitive) it gives. Released with
 * strata_free. */
STRATA_API strata_status strata_levels_json(strata_scene* scene, const char* path,
                                            const char* selector, char** out_json);

/* ---- Nodes ----------------------------------------------------------------- */

typedef struct strata_node_info {
  size_t size;
  const char* name;
  float translation[3];
  int32_t mesh; /* -1: none */
  uint32_t child_count;
  uint32_t tag_count;
} strata_node_info;

STRATA_API strata_status strata_scene_get_node(strata_scene* scene, uint32_t node,
                                               strata_node_info* out_info);
STRATA_API strata_status strata_scene_get_node_children(strata_scene* scene, uint32_t node,
                                                        int32_t* buffer, size_t capacity,
                                                        size_t* count);
/* Small named integer facts (Atlas chunks: "level", "x", "y"). */
STRATA_API strata_status strata_scene_get_node_tag(strata_scene* scene, uint32_t node, uint32_t tag,
                                                   const char** out_name, int64_t* out_value);

/* ---- Meshes and primitives ------------------------------------------------- */

typedef struct strata_mesh_info {
  size_t size;
  const char* name;
  uint32_t primitive_count;
} strata_mesh_info;

STRATA_API strata_status strata_scene_get_mesh(strata_scene* scene, uint32_t mesh,
                                               strata_mesh_info* out_info);

typedef struct strata_primitive_info {
  size_t size;
  uint32_t vertex_count;
  uint32_t index_count; /* a triangle list */
  int32_t material;     /* -1: none */
  uint32_t has_normals, has_uv0, has_uv1, has_colors;
  uint32_t morph_target_count;
} strata_primitive_info;

STRATA_API strata_status strata_scene_get_primitive(strata_scene* scene, uint32_t mesh,
                                                    uint32_t primitive,
                                                    strata_primitive_info* out_info);

typedef enum strata_attribute {
  STRATA_ATTRIBUTE_POSITIONS = 0,       /* float[3] per vertex */
  STRATA_ATTRIBUTE_NORMALS = 1,         /* float[3] per vertex */
  STRATA_ATTRIBUTE_UV0 = 2,             /* float[2] per vertex */
  STRATA_ATTRIBUTE_UV1 = 3,             /* float[2] per vertex */
  STRATA_ATTRIBUTE_COLORS = 4,          /* float[4] per vertex, linear RGBA */
  STRATA_ATTRIBUTE_INDICES = 5,         /* uint32_t per index */
  STRATA_ATTRIBUTE_MORPH_POSITIONS = 6, /* float[3] per vertex: deltas of `morph_target` */
  STRATA_ATTRIBUTE_MORPH_UV0 = 7        /* float[2] per vertex: deltas of `morph_target` */
} strata_attribute;

/* Scalars per element of an attribute (3 for positions, 1 for indices), or 0
 * for an unknown attribute. */
STRATA_API uint32_t strata_attribute_components(strata_attribute attribute);

/* Copies one array of a primitive into `buffer` (floats, or uint32_t for
 * indices), `strata_attribute_components` scalars per element. `capacity` and
 * `*count` count elements (vertices or indices); an attribute the primitive
 * lacks has count 0. `morph_target` is ignored except for MORPH_* arrays. */
STRATA_API strata_status strata_scene_get_attribute(strata_scene* scene, uint32_t mesh,
                                                    uint32_t primitive, strata_attribute attribute,
                                                    uint32_t morph_target, void* buffer,
                                                    size_t capacity, size_t* count);

/* ---- Materials, textures, images ------------------------------------------- */

typedef enum strata_alpha_mode {
  STRATA_ALPHA_OPAQUE = 0,
  STRATA_ALPHA_MASK = 1,
  STRATA_ALPHA_BLEND = 2
} strata_alpha_mode;

typedef struct strata_material_info {
  size_t size;
  const char* name;
  float base_color_factor[4];   /* linear RGBA */
  int32_t base_color_texture;   /* texture index, -1: none */
  uint32_t base_color_texcoord; /* 0: uv0, 1: uv1 */
  float metallic;
  float roughness;
  uint32_t double_sided;
  strata_alpha_mode alpha_mode;
  float alpha_cutoff;
} strata_material_info;

STRATA_API strata_status strata_scene_get_material(strata_scene* scene, uint32_t material,
                                                   strata_material_info* out_info);

typedef enum strata_wrap {
  STRATA_WRAP_REPEAT = 0,
  STRATA_WRAP_CLAMP_TO_EDGE = 1,
  STRATA_WRAP_MIRRORED_REPEAT = 2
} strata_wrap;

typedef struct strata_texture_info {
  size_t size;
  int32_t image; /* -1: none */
  strata_wrap wrap_s, wrap_t;
} strata_texture_info;

STRATA_API strata_status strata_scene_get_texture(strata_scene* scene, uint32_t texture,
                                                  strata_texture_info* out_info);

typedef enum strata_color_space {
  STRATA_COLOR_SPACE_SRGB = 0,
  STRATA_COLOR_SPACE_LINEAR = 1
} strata_color_space;

typedef struct strata_image_info {
  size_t size;
  const char* name;
  uint32_t width, height, depth;
  uint32_t mip_count;
  uint32_t layer_count;    /* array layers, times 6 for a cube map */
  uint32_t dxgi_format;    /* as stored */
  const char* format_name; /* "BC1_UNORM_SRGB" */
  strata_color_space color_space;
} strata_image_info;

STRATA_API strata_status strata_scene_get_image(strata_scene* scene, uint32_t image,
                                                strata_image_info* out_info);

/* Decodes one mip of one layer to RGBA8, first row at the top, never converting
 * colour spaces. `capacity` and `*count` are in bytes (width * height * depth * 4
 * of that mip). */
STRATA_API strata_status strata_scene_get_image_rgba8(strata_scene* scene, uint32_t image,
                                                      uint32_t mip, uint32_t layer, uint8_t* buffer,
                                                      size_t capacity, size_t* count);

/* ---- glTF ------------------------------------------------------------------ */

typedef enum strata_gltf_textures {
  STRATA_GLTF_TEXTURES_PNG = 0,
  STRATA_GLTF_TEXTURES_KTX2 = 1, /* KTX2 beside a PNG source */
  STRATA_GLTF_TEXTURES_NONE = 2
} strata_gltf_textures;

typedef struct strata_gltf_options {
  size_t size;
  strata_gltf_textures textures;
} strata_gltf_options;

/* Writes the scene as .glb or .gltf (by the extension of `path`), atomically.
 * `options` may be NULL. */
STRATA_API strata_status strata_scene_write_gltf(strata_scene* scene, const char* path,
                                                 const strata_gltf_options* options);

/* ---- Atlas write-back ------------------------------------------------------ */

/* Edited terrain chunks collected from a DCC and written back onto the .atlas
 * they came from (design.md "Atlas write-back"; `strata export-atlas`). */
typedef struct strata_atlas_edit strata_atlas_edit;

STRATA_API strata_status strata_atlas_edit_create(strata_atlas_edit** out_edit);
STRATA_API void strata_atlas_edit_destroy(strata_atlas_edit* edit); /* NULL is fine */
STRATA_API const char* strata_atlas_edit_error(const strata_atlas_edit* edit);

typedef struct strata_chunk_edit {
  size_t size;
  uint32_t level, x, y; /* the chunk L<level>_<x>_<y> of the base's geometry tree */
  const char* name;     /* for messages; NULL: L<level>_<x>_<y> */
  uint32_t vertex_count;
  const float* positions; /* vertex_count x 3, the scene's axes (Z up) */
  const float* normals;   /* NULL (recomputed where needed) or vertex_count x 3 */
  const float* uvs;       /* NULL or vertex_count x 2: the global texture coordinate */
  uint32_t index_count;   /* a triangle list */
  const uint32_t* indices;
} strata_chunk_edit;

/* Copies one chunk's arrays into the edit. Adding a chunk twice is an error. */
STRATA_API strata_status strata_atlas_edit_add_chunk(strata_atlas_edit* edit,
                                                     const strata_chunk_edit* chunk);

enum {
  /* Regenerate the levels above edited chunks from their children; otherwise
   * they are kept (and are stale). */
  STRATA_EXPORT_REBUILD_LODS = 1u << 0
};

typedef struct strata_export_atlas_options {
  size_t size;
  uint32_t flags; /* STRATA_EXPORT_* */
} strata_export_atlas_options;

/* Writes `base_path` with every added chunk applied to `out_path` (a v140
 * Atlas, atomically; never over the base). `options` may be NULL. */
STRATA_API strata_status strata_atlas_edit_write(strata_atlas_edit* edit, const char* base_path,
                                                 const char* out_path,
                                                 const strata_export_atlas_options* options);

/* What the last successful write did, chunk by chunk, as JSON (strata_free):
 * {"baseVersion", "appended", "edited": [...], "unchanged": [...],
 *  "morphZeroed", "skirtsRegenerated", "texCoordsFromEdit", "lodsRebuilt",
 *  "staleLods", "boundsUpdated", "collisionRegenerated", "chunksWritten"}. */
STRATA_API strata_status strata_atlas_edit_report_json(strata_atlas_edit* edit, char** out_json);

/* ---- BC encoding (ABI 1.3) --------------------------------------------------- */

/* RGBA8 pixels to BC1-BC5 / BC7 blocks with their mip chain: what a plugin
 * needs to put an edited texture back (docs/bc-encoders.md). */
typedef struct strata_encoder strata_encoder;

STRATA_API strata_status strata_encoder_create(strata_encoder** out_encoder);
STRATA_API void strata_encoder_destroy(strata_encoder* encoder); /* NULL is fine */
STRATA_API const char* strata_encoder_error(const strata_encoder* encoder);

typedef enum strata_encode_quality {
  STRATA_ENCODE_QUALITY_DEFAULT = 0,
  STRATA_ENCODE_QUALITY_FAST = 1,
  STRATA_ENCODE_QUALITY_BEST = 2
} strata_encode_quality;

enum {
  STRATA_ENCODE_MIPS = 1u << 0, /* every level down to 1x1 (sides halved, rounded down) */
  /* The pixels are sRGB colour: mips are filtered in linear light. Implied by
   * an _SRGB format; set it for sRGB colour stored in a UNORM format. */
  STRATA_ENCODE_SRGB = 1u << 1,
  /* Red and green (and blue) hold unit vectors (v * 0.5 + 0.5; BC5 normal
   * maps): mips average the vectors and renormalise them. */
  STRATA_ENCODE_NORMAL_MAP = 1u << 2,
  /* Alpha-tested cut-outs: each mip keeps the base level's share of texels at
   * or above `alpha_cutoff`. */
  STRATA_ENCODE_ALPHA_COVERAGE = 1u << 3,
  /* BC1: every texel is opaque colour (otherwise alpha below 128 is transparent). */
  STRATA_ENCODE_BC1_OPAQUE = 1u << 4,
  /* Nothing reads the texture's alpha: BC1 may give dark texels transparent
   * black and BC7 may store opaque alpha as 254, where the colour gains. */
  STRATA_ENCODE_IGNORE_ALPHA = 1u << 5,
  /* The buffer holds a whole .dds file (the DX10 header where the format
   * needs it) instead of the bare blocks. */
  STRATA_ENCODE_DDS_FILE = 1u << 6
};

typedef struct strata_encode_options {
  size_t size;                   /* sizeof(strata_encode_options) */
  uint32_t flags;                /* STRATA_ENCODE_* */
  strata_encode_quality quality; /* speed against quality */
  uint32_t alpha_cutoff;         /* with STRATA_ENCODE_ALPHA_COVERAGE: 1-255; 0 means 128 */
} strata_encode_options;

/* Encodes width x height RGBA8 pixels (4 bytes a texel, straight alpha, first
 * row at the top) as `dxgi_format` (the numbering of strata_image_info:
 * 71/72 BC1, 74/75 BC2, 77/78 BC3 (UNORM/SRGB), 80/81 BC4, 83/84 BC5
 * (UNORM/SNORM), 98/99 BC7 (UNORM/SRGB)), over every core. *out_data receives a
 * buffer the library allocates (release it with strata_free) holding each
 * level's blocks, largest first, or a DDS file; *out_size its bytes and
 * *out_mip_count the levels. SNORM formats take the 8-bit values the decoder
 * gives back (round((v + 1) / 2 * 255)). `options` may be NULL. */
STRATA_API strata_status strata_encoder_encode_rgba8(strata_encoder* encoder, const uint8_t* rgba,
                                                     uint32_t width, uint32_t height,
                                                     uint32_t dxgi_format,
                                                     const strata_encode_options* options,
                                                     uint8_t** out_data, size_t* out_size,
                                                     uint32_t* out_mip_count);

/* ---- GTA V texture dictionaries written back (ABI 1.4) --------------------- */

/* Images gathered for the textures of a dictionary, then written as
 * `strata ytd replace|build|convert` writes them (design.md "YTD";
 * docs/ytd-write.md): every untouched texture keeps its bytes, and the new
 * file is read back and checked, then written through a temporary file, so
 * nothing is written when anything fails. */
typedef struct strata_ytd_edit strata_ytd_edit;

STRATA_API strata_status strata_ytd_edit_create(strata_ytd_edit** out_edit);
STRATA_API void strata_ytd_edit_destroy(strata_ytd_edit* edit); /* NULL is fine */
STRATA_API const char* strata_ytd_edit_error(const strata_ytd_edit* edit);

typedef struct strata_ytd_image {
  size_t size;      /* sizeof(strata_ytd_image) */
  const char* name; /* the texture's name; build: NULL takes the file's stem */
  const char* path; /* an image file (PNG, JPEG, DDS, KTX2), or NULL: the pixels below */
  uint32_t width, height;
  const uint8_t* rgba8; /* width * height * 4 bytes, row 0 at the top (copied) */
} strata_ytd_image;

/* Adds one image to the handle (copied). */
STRATA_API strata_status strata_ytd_edit_add_image(strata_ytd_edit* edit,
                                                   const strata_ytd_image* image);
/* Adds every PNG, JPEG, DDS and KTX2 file of `dir`, named by its stem (the
 * layout `strata textures` writes): replace takes those named after a texture
 * (`--from DIR`), build takes all. */
STRATA_API strata_status strata_ytd_edit_add_directory(strata_ytd_edit* edit, const char* dir);
/* Forgets the images added. */
STRATA_API strata_status strata_ytd_edit_clear(strata_ytd_edit* edit);

typedef enum strata_ytd_format {
  STRATA_YTD_FORMAT_DEFAULT = 0, /* replace: each texture keeps its own; build: auto */
  STRATA_YTD_FORMAT_AUTO = 1,    /* BC1 opaque, BC3 legacy / BC7 Enhanced with alpha, BC5 _n */
  STRATA_YTD_FORMAT_BC1 = 2,
  STRATA_YTD_FORMAT_BC3 = 3,
  STRATA_YTD_FORMAT_BC5 = 4,
  STRATA_YTD_FORMAT_BC7 = 5,
  STRATA_YTD_FORMAT_RGBA8 = 6
} strata_ytd_format;

typedef enum strata_ytd_edition {
  STRATA_YTD_EDITION_DEFAULT = 0, /* build: legacy; convert: the edition the input is not */
  STRATA_YTD_EDITION_LEGACY = 1,  /* version 13 */
  STRATA_YTD_EDITION_ENHANCED = 2 /* version 5 */
} strata_ytd_edition;

enum {
  /* replace: an image whose name is in no dictionary adds a texture (a .ytd
   * only) instead of failing */
  STRATA_YTD_ADD_NEW = 1u << 0,
  /* replace: an image holding its texture's own pixels (mip 0 as decoded, or
   * the same blocks) leaves that texture as it is, bytes and all */
  STRATA_YTD_CHANGED_ONLY = 1u << 1
};

typedef struct strata_ytd_options {
  size_t size;    /* sizeof(strata_ytd_options) */
  uint32_t flags; /* STRATA_YTD_* */
  strata_ytd_format format;
  uint32_t mips; /* 0: replace keeps each count (a full chain stays full); build: full chains */
  strata_ytd_edition edition; /* build, convert */
  /* Called as each texture is encoded, on the calling thread; may be NULL. */
  void (*progress)(void* user, size_t done, size_t total);
  void* progress_user;
  /* ABI 1.5: the BC encoders' effort for every texture encoded */
  strata_encode_quality quality;
} strata_ytd_options;

/* Writes `in_path` (a .ytd, .ydr, .ydd or .yft) with each added image's
 * texture replaced to `out_path` (never the input). No image: a copy of the
 * input, byte for byte. `options` may be NULL. */
STRATA_API strata_status strata_ytd_replace(strata_ytd_edit* edit, const char* in_path,
                                            const char* out_path,
                                            const strata_ytd_options* options);
/* Writes a new .ytd of the added images to `out_path`. */
STRATA_API strata_status strata_ytd_build(strata_ytd_edit* edit, const char* out_path,
                                          const strata_ytd_options* options);
/* Writes the .ytd `in_path` in options->edition to `out_path` (the images
 * added are not used). */
STRATA_API strata_status strata_ytd_convert(strata_ytd_edit* edit, const char* in_path,
                                            const char* out_path,
                                            const strata_ytd_options* options);
/* What the last successful write did, as JSON (strata_free): {"kind",
 * "edition", "identical", "textures": [{"name", "action", "format", "width",
 * "height", "mips", "source", "why"}], "notes", "inputWarnings", "skipped"}. */
STRATA_API strata_status strata_ytd_edit_report_json(strata_ytd_edit* edit, char** out_json);

#ifdef __cplusplus
}
#endif

#endif /* STRATA_H */
