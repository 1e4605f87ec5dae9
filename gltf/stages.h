#pragma once
// The stages of a glTF write, and the plain structs they hand on (the shape
// of gltfpack's gltf/: items, images, layout, stream, JSON, container, file):
//   items (items.cpp)       the scene's meshes, accessors, views, nodes,
//                           materials, textures and scenes as glTF items;
//   images (images.cpp)     the scene's images as PNG / KTX2 on the thread
//                           budget, their items and views;
//   layout (layout.cpp)     where each view's bytes go in the buffer, and
//                           their making, batch by batch;
//   compress (compress.cpp) EXT_meshopt_compression of the geometry views;
//   json (json.cpp)         the items as glTF JSON, one emitter for .glb
//                           (compact) and .gltf (indented);
//   container (container.h) GLB framing;
//   stream (stream.cpp)     the binary chunk written in order as it is made;
//   file (file.cpp)         the extension policy, files beside the output,
//                           atomic writes.
// Private to strata_gltf: other layers use gltf_writer.h.
#include "gltf_writer.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace strata::gltf {

// glTF 2.0 accessor.componentType and bufferView.target values.
constexpr int kShort = 5122, kUnsignedShort = 5123, kUnsignedInt = 5125, kFloat = 5126;
constexpr int kArrayBuffer = 34962, kElementArrayBuffer = 34963;

// EXT_meshopt_compression's description of a view's bytes in the GLB's own
// buffer, compressed; the view itself names the plain bytes in the fallback.
struct Meshopt {
  size_t offset = 0, length = 0, stride = 0, count = 0;
  const char* mode = nullptr; // "ATTRIBUTES" or "TRIANGLES"; null: not compressed
};

// A bufferView: where its bytes are (the JSON's members) and how they are
// made. A large terrain's 25 k are held while buffer 0 is written: kept small.
struct View {
  size_t offset = 0, length = 0;
  int buffer = 0;
  int stride = 0; // byteStride; 0: tightly packed, not written
  int target = 0; // kArrayBuffer, kElementArrayBuffer, or 0 (an image's: not written)
  int mesh = -1;  // the scene mesh whose arrays `fill` reads, or -1
  std::function<void(const Mesh*, uint8_t*)> fill; // writes `length` bytes
};

struct Accessor {
  int view = -1;
  int componentType = kFloat;
  size_t count = 0;
  int components = 1; // SCALAR, VEC2, VEC3, VEC4
  // min and max, each of 3 components: written as integers for an integer type.
  bool bounded = false;
  std::array<double, 3> min{}, max{};
};

// A primitive's (or a morph target's) attributes, each an accessor or -1.
struct Attributes {
  int color0 = -1, normal = -1, position = -1, texcoord0 = -1, texcoord1 = -1;
};

struct PrimitiveItem {
  Attributes attributes;
  int indices = -1, material = -1;
  std::vector<Attributes> targets;
};

struct MeshItem {
  std::string name;
  std::vector<PrimitiveItem> primitives;
  size_t weights = 0; // morph target weights, each 0
};

struct NodeItem {
  const Node* node = nullptr; // its name, mesh, children, tags and LOD
  bool translated = false;    // translation written
  std::array<double, 3> translation{};
  // KHR_mesh_quantization (compress.cpp): the node scaled by its mesh's step
  // (and moved to its mesh's corner).
  bool scaled = false;
  double scale = 1;
};

struct ImageItem {
  std::string name;
  int view = -1; // or a uri
  const char* mimeType = nullptr;
  std::string uri;
};

struct MaterialItem {
  const Material* material = nullptr;
  bool textured = false; // its base colour texture is written
};

// A texture and its sampler (one each, of the same index).
struct TextureItem {
  const Texture* texture = nullptr;
  int ktx2 = -1; // KHR_texture_basisu's source image, or -1
};

struct SceneItem {
  std::string name;
  const std::vector<int>* nodes = nullptr;
};

struct BufferItem {
  size_t length = 0;
  // A .gltf's buffer: its bytes, written as a data: URI; a GLB's own: none.
  const std::vector<uint8_t>* data = nullptr;
  std::string uri;       // a buffer in a file beside the output
  bool fallback = false; // EXT_meshopt_compression's fallback buffer
};

// A glTF document: its items, and its views' bytes laid out in buffer 0
// (the GLB's binary chunk, or the .gltf's data: URI) by the views.
struct Document {
  const Scene* scene = nullptr;
  std::vector<Accessor> accessors;
  std::vector<View> views;
  std::vector<Meshopt> meshopt; // by view: a compressed document's (compress.cpp), or none
  std::vector<MeshItem> meshes;
  std::vector<NodeItem> nodes;
  std::vector<ImageItem> images;
  std::vector<MaterialItem> materials;
  std::vector<TextureItem> textures;
  std::vector<SceneItem> scenes;
  std::vector<BufferItem> buffers;
  std::vector<std::string> extensionsUsed, extensionsRequired;
  size_t bufferSize = 0; // buffer 0's byteLength: where the last view ends
  // Every view's byteOffset written, 0 too (the compressed document's form).
  bool everyOffset = false;
  // Meshes made on demand: each must have again, when it is made to be
  // written, the outline it was laid out by.
  bool onDemand() const { return scene && scene->meshSource.make; }
};

// ---- items (items.cpp) ----

// The document of `scene` (images through addImages), buffer 0 left to
// the caller; KTX2 side files (WriteOptions::ktx2Beside) into `beside`.
Document documentOf(const Scene& scene, const WriteOptions& options, std::vector<SideFile>& beside);

// ---- images (images.cpp) ----

// The scene's images as the document's first views and images: PNG, and
// with TextureMode::Ktx2 their KTX2 twins after them.
void addImages(Document& doc, const WriteOptions& options, std::vector<SideFile>& beside);

// ---- layout (layout.cpp) ----

// A view of `length` bytes at the next 4-byte boundary at or after `offset`,
// which moves past it.
View placeView(size_t& offset, size_t length, int target, int mesh,
               std::function<void(const Mesh*, uint8_t*)> fill);

// Views [first, last) of the document, and their bytes: from the end of the
// batch before (its padding) to the last view's end.
struct Batch {
  size_t first, last;
  size_t start, end;
};

// A batch is about this many bytes: written while it is still in the cache,
// from the memory of one written out before.
constexpr size_t kBatch = size_t(256) << 10;

// The views in runs of about `target` bytes. A mesh made on demand is never
// split between two batches, so each batch makes it once.
std::vector<Batch> batchesOf(const Document& doc, size_t target);

// The bytes of batch `b` into `to`: its views, and zeros between them. A mesh
// made on demand is made into `made`, in the memory it holds.
void fillBatch(const Document& doc, const Batch& b, uint8_t* to, Mesh& made);

// Mesh `i` for the views that read it: the scene's, or made again (on
// demand) into `made`, held to the outline it was laid out with.
const Mesh& meshOf(const Document& doc, int i, Mesh& made);

// Buffer 0's bytes [0, doc.bufferSize), in one piece, into `to`, its batches
// made on every core.
void fillBuffer(const Document& doc, uint8_t* to);

// ---- json (json.cpp) ----

// The document's lists as JSON, in runs of items written on every core the
// budget has, ready to be joined; the items can be let go once they exist.
struct DocumentJson {
  int indent = -1;
  std::vector<std::pair<const char*, std::vector<std::string>>> lists; // by key
  std::vector<std::string> extensionsRequired, extensionsUsed;
};
DocumentJson itemsJson(const Document& doc, int indent);

// The whole JSON text, after `room` zero bytes (see documentJson).
std::string joined(const DocumentJson& json, size_t room);

// The document's JSON: compact (indent < 0) for a GLB, whose buffer 0 is its
// BIN chunk, or indented, each buffer with data a data: URI. After `room`
// zero bytes, which the caller fills (the GLB's header): the JSON is not
// copied again behind them.
std::string documentJson(const Document& doc, int indent, size_t room = 0);

// ---- write (write.cpp) ----

// The document of a GLB: buffer 0 its BIN chunk, when it has views.
Document glbDocument(const Scene& scene, const WriteOptions& options,
                     std::vector<SideFile>& beside);

// A GLB's bytes up to its BIN chunk's data: header, JSON chunk, and the BIN
// chunk's header for a buffer 0 of binLength bytes.
std::string glbHead(const DocumentJson& json, size_t binLength);

// Lets go of the items, once their JSON is written: the views stay, to make
// buffer 0's bytes.
void letGoOfItems(Document& doc);

// ---- stream (stream.cpp) ----

// The document's GLB to `out`: `head` (the bytes up to the BIN chunk's data),
// then buffer 0 made batch by batch on the threads the budget has and
// written in order as it is made, never held whole, then its padding.
// `afterHead` runs once the head and the batches made meanwhile are written.
void streamGlb(const Document& doc, std::ostream& out, const std::function<std::string()>& head,
               const std::function<void()>& afterHead);

} // namespace strata::gltf
