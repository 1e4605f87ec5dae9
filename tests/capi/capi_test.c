/* Exercises every call of strata.h from plain C against the samples (made by
 * tools/make_samples.cpp with the synthetic Atlas writer), checking values
 * against the synthetic terrain's formulas rather than outputs of the library.
 * usage: strata_capi_test SAMPLES_DIR WORK_DIR */
#include "strata.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
static int checks = 0;

#define CHECK(cond)                                                                                \
  do {                                                                                             \
    ++checks;                                                                                      \
    if (!(cond)) {                                                                                 \
      ++failures;                                                                                  \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);                     \
    }                                                                                              \
  } while (0)

/* `call` must return STRATA_OK; otherwise the failure names the handle's error
 * text (error_fn: strata_scene_error or strata_atlas_edit_error). */
#define CHECK_STATUS(error_fn, handle, call)                                                       \
  do {                                                                                             \
    strata_status st_ = (call);                                                                    \
    ++checks;                                                                                      \
    if (st_ != STRATA_OK) {                                                                        \
      ++failures;                                                                                  \
      fprintf(stderr, "%s:%d: %s returned %s: %s\n", __FILE__, __LINE__, #call,                    \
              strata_status_name(st_), error_fn(handle));                                          \
    }                                                                                              \
  } while (0)
#define CHECK_OK(scene, call) CHECK_STATUS(strata_scene_error, scene, call)
#define CHECK_EDIT_OK(edit, call) CHECK_STATUS(strata_atlas_edit_error, edit, call)
#define CHECK_YTD_OK(edit, call) CHECK_STATUS(strata_ytd_edit_error, edit, call)

static char samples[1024], work[1024];

static const char* path_in(const char* dir, const char* name) {
  static char buf[4][2048];
  static int k = 0;
  k = (k + 1) % 4;
  snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
  return buf[k];
}

/* The synthetic terrain of tools/make_samples.cpp (atlas_synth.cpp,
 * synthHeight): terrain size 256, height scale 12. */
static float synth_height(float x, float y) {
  const float s = 256.0f;
  return 12.0f * (sinf(x / s * 6.2831853f) * cosf(y / s * 9.424778f) +
                  0.25f * sinf((x + 2 * y) / s * 25.0f));
}

static int find_node(strata_scene* s, const char* name) {
  strata_scene_summary sum = {.size = sizeof sum};
  if (strata_scene_get_summary(s, &sum) != STRATA_OK) return -1;
  for (uint32_t i = 0; i < sum.node_count; ++i) {
    strata_node_info n = {.size = sizeof n};
    if (strata_scene_get_node(s, i, &n) == STRATA_OK && strcmp(n.name, name) == 0) return (int)i;
  }
  return -1;
}

/* terrain-v140.atlas: depth 3, 8 quads per chunk edge, skirts, normals. */
static void test_geometry(void) {
  strata_scene* s = NULL;
  CHECK(strata_scene_create(&s) == STRATA_OK && s);
  CHECK_OK(s, strata_scene_load(s, path_in(samples, "terrain-v140.atlas"), NULL));
  CHECK(strcmp(strata_scene_error(s), "") == 0);

  strata_scene_summary sum = {.size = sizeof sum};
  CHECK_OK(s, strata_scene_get_summary(s, &sum));
  CHECK(strcmp(sum.format, "atlas") == 0);
  CHECK(sum.node_count == 16); /* leaf level 2: 4 x 4 chunks */
  CHECK(sum.root_count == 16);
  CHECK(sum.mesh_count == 16);
  CHECK(sum.material_count == 0 && sum.texture_count == 0 && sum.image_count == 0);
  CHECK(sum.warning_count == 0);

  size_t n = 0;
  CHECK_OK(s, strata_scene_get_roots(s, NULL, 0, &n));
  CHECK(n == 16);
  int32_t roots[16];
  CHECK(strata_scene_get_roots(s, roots, 3, &n) == STRATA_ERROR_BUFFER_TOO_SMALL && n == 16);
  CHECK(strstr(strata_scene_error(s), "16") != NULL);
  CHECK_OK(s, strata_scene_get_roots(s, roots, 16, &n));
  for (int i = 0; i < 16; ++i) CHECK(roots[i] == i);

  int node = find_node(s, "L2_1_2");
  CHECK(node >= 0);
  strata_node_info ni = {.size = sizeof ni};
  CHECK_OK(s, strata_scene_get_node(s, (uint32_t)node, &ni));
  CHECK(ni.mesh >= 0 && ni.child_count == 0 && ni.tag_count == 3);
  CHECK(ni.translation[0] == 0 && ni.translation[1] == 0 && ni.translation[2] == 0);
  CHECK_OK(s, strata_scene_get_node_children(s, (uint32_t)node, NULL, 0, &n));
  CHECK(n == 0);
  const char* tag_names[3] = {"level", "x", "y"};
  const int64_t tag_values[3] = {2, 1, 2};
  for (uint32_t t = 0; t < 3; ++t) {
    const char* tn = NULL;
    int64_t tv = -1;
    CHECK_OK(s, strata_scene_get_node_tag(s, (uint32_t)node, t, &tn, &tv));
    CHECK(tn && strcmp(tn, tag_names[t]) == 0 && tv == tag_values[t]);
  }
  const char* tn;
  int64_t tv;
  CHECK(strata_scene_get_node_tag(s, (uint32_t)node, 3, &tn, &tv) == STRATA_ERROR_INVALID_ARGUMENT);

  strata_mesh_info mi = {.size = sizeof mi};
  CHECK_OK(s, strata_scene_get_mesh(s, (uint32_t)ni.mesh, &mi));
  CHECK(strcmp(mi.name, "L2_1_2") == 0 && mi.primitive_count == 1);

  /* 9 x 9 grid vertices plus 4 skirt walls of 8 quads with 2 new vertices each;
   * 8 x 8 quads of 2 triangles without the skirts. */
  strata_primitive_info pi = {.size = sizeof pi};
  CHECK_OK(s, strata_scene_get_primitive(s, (uint32_t)ni.mesh, 0, &pi));
  CHECK(pi.vertex_count == 81 + 64);
  CHECK(pi.index_count == 8 * 8 * 6);
  CHECK(pi.material == -1);
  CHECK(pi.has_normals && pi.has_uv0 && !pi.has_uv1 && !pi.has_colors);
  CHECK(pi.morph_target_count == 1);

  CHECK(strata_attribute_components(STRATA_ATTRIBUTE_POSITIONS) == 3);
  CHECK(strata_attribute_components(STRATA_ATTRIBUTE_NORMALS) == 3);
  CHECK(strata_attribute_components(STRATA_ATTRIBUTE_UV0) == 2);
  CHECK(strata_attribute_components(STRATA_ATTRIBUTE_UV1) == 2);
  CHECK(strata_attribute_components(STRATA_ATTRIBUTE_COLORS) == 4);
  CHECK(strata_attribute_components(STRATA_ATTRIBUTE_INDICES) == 1);
  CHECK(strata_attribute_components(STRATA_ATTRIBUTE_MORPH_POSITIONS) == 3);
  CHECK(strata_attribute_components(STRATA_ATTRIBUTE_MORPH_UV0) == 2);
  CHECK(strata_attribute_components((strata_attribute)99) == 0);

  size_t vc = 0;
  CHECK_OK(s, strata_scene_get_attribute(s, (uint32_t)ni.mesh, 0, STRATA_ATTRIBUTE_POSITIONS, 0,
                                         NULL, 0, &vc));
  CHECK(vc == 145);
  float* pos = malloc(vc * 3 * sizeof(float));
  float* nrm = malloc(vc * 3 * sizeof(float));
  float* uv = malloc(vc * 2 * sizeof(float));
  float* morph = malloc(vc * 3 * sizeof(float));
  float* morph_uv = malloc(vc * 2 * sizeof(float));
  uint32_t* idx = malloc(384 * sizeof(uint32_t));
  CHECK(strata_scene_get_attribute(s, (uint32_t)ni.mesh, 0, STRATA_ATTRIBUTE_POSITIONS, 0, pos,
                                   vc - 1, &n) == STRATA_ERROR_BUFFER_TOO_SMALL);
  CHECK_OK(s, strata_scene_get_attribute(s, (uint32_t)ni.mesh, 0, STRATA_ATTRIBUTE_POSITIONS, 0,
                                         pos, vc, &n));
  CHECK_OK(s, strata_scene_get_attribute(s, (uint32_t)ni.mesh, 0, STRATA_ATTRIBUTE_NORMALS, 0, nrm,
                                         vc, &n));
  CHECK(n == vc);
  CHECK_OK(
      s, strata_scene_get_attribute(s, (uint32_t)ni.mesh, 0, STRATA_ATTRIBUTE_UV0, 0, uv, vc, &n));
  CHECK(n == vc);
  CHECK_OK(
      s, strata_scene_get_attribute(s, (uint32_t)ni.mesh, 0, STRATA_ATTRIBUTE_UV1, 0, uv, vc, &n));
  CHECK(n == 0);
  CHECK_OK(s, strata_scene_get_attribute(s, (uint32_t)ni.mesh, 0, STRATA_ATTRIBUTE_COLORS, 0, NULL,
                                         0, &n));
  CHECK(n == 0);
  CHECK_OK(s, strata_scene_get_attribute(s, (uint32_t)ni.mesh, 0, STRATA_ATTRIBUTE_INDICES, 0, idx,
                                         384, &n));
  CHECK(n == 384);
  CHECK_OK(s, strata_scene_get_attribute(s, (uint32_t)ni.mesh, 0, STRATA_ATTRIBUTE_MORPH_POSITIONS,
                                         0, morph, vc, &n));
  CHECK(n == vc);
  CHECK_OK(s, strata_scene_get_attribute(s, (uint32_t)ni.mesh, 0, STRATA_ATTRIBUTE_MORPH_UV0, 0,
                                         morph_uv, vc, &n));
  CHECK(n == vc);
  CHECK(strata_scene_get_attribute(s, (uint32_t)ni.mesh, 0, STRATA_ATTRIBUTE_MORPH_UV0, 1, morph_uv,
                                   vc, &n) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strata_scene_get_attribute(s, (uint32_t)ni.mesh, 0, (strata_attribute)42, 0, NULL, 0, &n) ==
        STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strata_scene_get_attribute(s, (uint32_t)ni.mesh, 1, STRATA_ATTRIBUTE_POSITIONS, 0, NULL, 0,
                                   &n) == STRATA_ERROR_INVALID_ARGUMENT);

  /* Chunk (1, 2) of level 2 covers x in [64, 128], y in [128, 192]; grid vertex
   * (i, j) sits at (64 + 8i, 128 + 8j) on the synthetic surface, uv0 is the
   * global coordinate (y / 256, 1 - x / 256), leaves have no morph. */
  int bad_pos = 0, bad_uv = 0, bad_normal = 0, bad_morph = 0;
  for (int i = 0; i <= 8; ++i)
    for (int j = 0; j <= 8; ++j) {
      int v = i * 9 + j;
      float x = 64.0f + 8.0f * (float)i, y = 128.0f + 8.0f * (float)j;
      if (fabsf(pos[3 * v] - x) > 1e-4f || fabsf(pos[3 * v + 1] - y) > 1e-4f ||
          fabsf(pos[3 * v + 2] - synth_height(x, y)) > 1e-3f)
        ++bad_pos;
      if (fabsf(uv[2 * v] - y / 256) > 1e-6f || fabsf(uv[2 * v + 1] - (1 - x / 256)) > 1e-6f)
        ++bad_uv;
      float len = sqrtf(nrm[3 * v] * nrm[3 * v] + nrm[3 * v + 1] * nrm[3 * v + 1] +
                        nrm[3 * v + 2] * nrm[3 * v + 2]);
      if (fabsf(len - 1) > 1e-3f || nrm[3 * v + 2] <= 0) ++bad_normal;
      if (morph[3 * v] != 0 || morph[3 * v + 1] != 0 || morph[3 * v + 2] != 0) ++bad_morph;
    }
  CHECK(bad_pos == 0 && bad_uv == 0 && bad_normal == 0 && bad_morph == 0);
  /* The first quad: (0,0) (1,0) (1,1) / (0,0) (1,1) (0,1) in grid ids i * 9 + j. */
  CHECK(idx[0] == 0 && idx[1] == 9 && idx[2] == 10 && idx[3] == 0 && idx[4] == 10 && idx[5] == 1);
  uint32_t max_index = 0;
  for (int k = 0; k < 384; ++k)
    if (idx[k] > max_index) max_index = idx[k];
  CHECK(max_index == 80); /* skirt vertices are not referenced without skirts */

  char* json = NULL;
  CHECK_OK(s, strata_scene_info_json(s, &json));
  CHECK(json && strstr(json, "\"format\":\"atlas\"") && strstr(json, "\"treeDepth\":3"));
  strata_free(json);
  json = NULL;
  CHECK_OK(s, strata_scene_validate_json(s, &json));
  CHECK(json && strstr(json, "\"errors\":0"));
  strata_free(json);
  strata_free(NULL);

  /* Out-of-range indices and too-small info structs name the problem. */
  CHECK(strata_scene_get_node(s, 16, &ni) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(strata_scene_error(s), "node 16") != NULL);
  CHECK(strata_scene_get_mesh(s, 99, &mi) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strata_scene_get_material(s, 0, NULL) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strata_scene_get_texture(s, 0, NULL) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strata_scene_get_image(s, 0, NULL) == STRATA_ERROR_INVALID_ARGUMENT);
  const char* w = NULL;
  CHECK(strata_scene_get_warning(s, 0, &w) == STRATA_ERROR_INVALID_ARGUMENT);
  strata_node_info zero = {0};
  CHECK(strata_scene_get_node(s, 0, &zero) == STRATA_ERROR_INVALID_ARGUMENT);
  /* An older, shorter info struct is filled only as far as its size. */
  struct {
    strata_node_info info;
    uint32_t guard;
  } older;
  memset(&older, 0xAB, sizeof older);
  older.info.size = offsetof(strata_node_info, translation);
  CHECK_OK(s, strata_scene_get_node(s, 0, &older.info));
  CHECK(strcmp(older.info.name, "L2_0_0") == 0);
  CHECK(older.info.mesh == (int32_t)0xABABABAB); /* past its size: untouched */

  /* glTF: a GLB whose header length matches the file. */
  const char* glb = path_in(work, "v140.glb");
  strata_gltf_options go = {.size = sizeof go};
  go.textures = STRATA_GLTF_TEXTURES_NONE;
  CHECK_OK(s, strata_scene_write_gltf(s, glb, &go));
  FILE* f = fopen(glb, "rb");
  CHECK(f != NULL);
  if (f) {
    unsigned char h[12] = {0};
    CHECK(fread(h, 1, 12, f) == 12);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    CHECK(memcmp(h, "glTF", 4) == 0 && h[4] == 2);
    CHECK((long)(h[8] | h[9] << 8 | h[10] << 16 | (unsigned long)h[11] << 24) == size);
  }
  CHECK(strata_scene_write_gltf(s, path_in(work, "no-such-dir/x.glb"), NULL) == STRATA_ERROR_IO);
  CHECK(strstr(strata_scene_error(s), "no-such-dir") != NULL);
  go.textures = (strata_gltf_textures)7;
  CHECK(strata_scene_write_gltf(s, glb, &go) == STRATA_ERROR_INVALID_ARGUMENT);

  free(pos), free(nrm), free(uv), free(morph), free(morph_uv), free(idx);
  strata_scene_destroy(s);
}

/* Options: skirts as a second primitive, another LOD, morph targets. */
static void test_options(void) {
  strata_scene* s = NULL;
  CHECK(strata_scene_create(&s) == STRATA_OK);
  strata_load_options o = {.size = sizeof o};
  o.flags = STRATA_LOAD_SKIRTS;
  CHECK_OK(s, strata_scene_load(s, path_in(samples, "terrain-v140.atlas"), &o));
  strata_primitive_info pi = {.size = sizeof pi};
  strata_mesh_info mi = {.size = sizeof mi};
  CHECK_OK(s, strata_scene_get_mesh(s, 0, &mi));
  CHECK(mi.primitive_count == 2);
  CHECK_OK(s, strata_scene_get_primitive(s, 0, 1, &pi));
  CHECK(pi.index_count == 4 * 8 * 6); /* four walls of 8 quads */

  /* LOD 0: one chunk over the whole terrain, 9 x 9 grid of 32-unit steps; its
   * morph offsets point to the finer surface half a step further (synthetic
   * writer), and the texture morph is (0.001, -0.0005) at level 0. */
  o.flags = STRATA_LOAD_LOD;
  o.lod = 0;
  CHECK_OK(s, strata_scene_load(s, path_in(samples, "terrain-v140.atlas"), &o));
  strata_scene_summary sum = {.size = sizeof sum};
  CHECK_OK(s, strata_scene_get_summary(s, &sum));
  CHECK(sum.node_count == 1);
  strata_node_info ni = {.size = sizeof ni};
  CHECK_OK(s, strata_scene_get_node(s, 0, &ni));
  CHECK(strcmp(ni.name, "L0_0_0") == 0);
  float pos[145 * 3], morph[145 * 3], morph_uv[145 * 2];
  size_t n;
  CHECK_OK(s, strata_scene_get_attribute(s, 0, 0, STRATA_ATTRIBUTE_POSITIONS, 0, pos, 145, &n));
  CHECK_OK(
      s, strata_scene_get_attribute(s, 0, 0, STRATA_ATTRIBUTE_MORPH_POSITIONS, 0, morph, 145, &n));
  CHECK_OK(s,
           strata_scene_get_attribute(s, 0, 0, STRATA_ATTRIBUTE_MORPH_UV0, 0, morph_uv, 145, &n));
  int v = 4 * 9 + 5; /* grid (4, 5): (128, 160) */
  CHECK(fabsf(pos[3 * v] - 128) < 1e-4f && fabsf(pos[3 * v + 1] - 160) < 1e-4f);
  float fine = synth_height(128 + 16, 160 + 16);
  CHECK(fabsf(morph[3 * v + 2] - (fine - synth_height(128, 160)) * 0.5f) < 1e-3f);
  CHECK(fabsf(morph_uv[2 * v] - 0.001f) < 1e-7f && fabsf(morph_uv[2 * v + 1] + 0.0005f) < 1e-7f);

  o.lod = 3; /* outside the tree: a format error naming the levels */
  CHECK(strata_scene_load(s, path_in(samples, "terrain-v140.atlas"), &o) == STRATA_ERROR_FORMAT);
  CHECK(strstr(strata_scene_error(s), "0..2") != NULL);
  CHECK(strata_scene_get_summary(s, &sum) == STRATA_ERROR_NO_SCENE); /* failed load: empty */

  /* v100: no normals in the file, (0, 0, 1) instead. */
  CHECK_OK(s, strata_scene_load(s, path_in(samples, "terrain-v100.atlas"), NULL));
  float nrm[3 * 100];
  CHECK_OK(s, strata_scene_get_attribute(s, 0, 0, STRATA_ATTRIBUTE_NORMALS, 0, NULL, 0, &n));
  CHECK(n == 49 + 48); /* 6 quads per edge: 7 x 7 grid, 4 walls x 6 x 2 skirt vertices */
  CHECK_OK(s, strata_scene_get_attribute(s, 0, 0, STRATA_ATTRIBUTE_NORMALS, 0, nrm, 100, &n));
  CHECK(nrm[0] == 0 && nrm[1] == 0 && nrm[2] == 1);

  /* Options from a newer caller: unknown trailing bytes must be zero. */
  struct {
    strata_load_options o;
    uint64_t future;
  } newer;
  memset(&newer, 0, sizeof newer);
  newer.o.size = sizeof newer;
  CHECK_OK(s, strata_scene_load(s, path_in(samples, "terrain-v100.atlas"), &newer.o));
  newer.future = 1;
  CHECK(strata_scene_load(s, path_in(samples, "terrain-v100.atlas"), &newer.o) ==
        STRATA_ERROR_UNSUPPORTED);
  strata_load_options unsized = {0};
  CHECK(strata_scene_load(s, path_in(samples, "terrain-v100.atlas"), &unsized) ==
        STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(strata_scene_error(s), "size") != NULL);
  strata_scene_destroy(s);
}

static size_t progress_calls = 0, progress_total = 0;
static void on_progress(void* user, size_t done, size_t total) {
  (void)done;
  ++*(size_t*)user;
  progress_total = total;
}

/* Unique textures: chunk (x, y) of level 2 shows tile (2, 3 - x, y) (§4: stub X
 * reflected), a flat colour (40 + 60 level, 20 + 29 x, 20 + 29 y). */
static void test_images(void) {
  strata_scene* s = NULL;
  CHECK(strata_scene_create(&s) == STRATA_OK);
  strata_load_options o = {.size = sizeof o};
  o.progress = on_progress;
  o.progress_user = &progress_calls;
  CHECK_OK(s, strata_scene_load(s, path_in(samples, "terrain-unique.atlas"), &o));
  CHECK(progress_calls == 16 && progress_total == 16);
  strata_scene_summary sum = {.size = sizeof sum};
  CHECK_OK(s, strata_scene_get_summary(s, &sum));
  CHECK(sum.material_count == 16 && sum.texture_count == 16 && sum.image_count == 16);

  int node = find_node(s, "L2_0_3");
  strata_node_info ni = {.size = sizeof ni};
  CHECK_OK(s, strata_scene_get_node(s, (uint32_t)node, &ni));
  strata_primitive_info pi = {.size = sizeof pi};
  CHECK_OK(s, strata_scene_get_primitive(s, (uint32_t)ni.mesh, 0, &pi));
  CHECK(pi.has_uv0 && pi.has_uv1 && pi.material >= 0);
  strata_material_info mat = {.size = sizeof mat};
  CHECK_OK(s, strata_scene_get_material(s, (uint32_t)pi.material, &mat));
  CHECK(strcmp(mat.name, "tile_L2_3_3") == 0);
  CHECK(mat.base_color_texture >= 0 && mat.base_color_texcoord == 0);
  CHECK(mat.base_color_factor[0] == 1 && mat.base_color_factor[3] == 1);
  CHECK(mat.alpha_mode == STRATA_ALPHA_OPAQUE);
  strata_texture_info tex = {.size = sizeof tex};
  CHECK_OK(s, strata_scene_get_texture(s, (uint32_t)mat.base_color_texture, &tex));
  CHECK(tex.image >= 0);
  strata_image_info ii = {.size = sizeof ii};
  CHECK_OK(s, strata_scene_get_image(s, (uint32_t)tex.image, &ii));
  CHECK(ii.width == 32 && ii.height == 32 && ii.depth == 1 && ii.mip_count >= 1);
  CHECK(ii.layer_count == 1 && ii.name && ii.name[0]);
  CHECK(ii.color_space == STRATA_COLOR_SPACE_SRGB);
  CHECK(ii.format_name && strlen(ii.format_name) > 0);
  size_t bytes = 0;
  CHECK_OK(s, strata_scene_get_image_rgba8(s, (uint32_t)tex.image, 0, 0, NULL, 0, &bytes));
  CHECK(bytes == 32 * 32 * 4);
  uint8_t px[32 * 32 * 4];
  CHECK(strata_scene_get_image_rgba8(s, (uint32_t)tex.image, 0, 0, px, 16, &bytes) ==
        STRATA_ERROR_BUFFER_TOO_SMALL);
  CHECK_OK(s, strata_scene_get_image_rgba8(s, (uint32_t)tex.image, 0, 0, px, sizeof px, &bytes));
  int wrong = 0;
  for (int i = 0; i < 32 * 32; ++i)
    if (px[4 * i] != 40 + 60 * 2 || px[4 * i + 1] != 20 + 29 * 3 || px[4 * i + 2] != 20 + 29 * 3 ||
        px[4 * i + 3] != 255)
      ++wrong;
  CHECK(wrong == 0);
  CHECK(strata_scene_get_image_rgba8(s, (uint32_t)tex.image, ii.mip_count, 0, px, sizeof px,
                                     &bytes) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strata_scene_get_image_rgba8(s, (uint32_t)tex.image, 0, 1, px, sizeof px, &bytes) ==
        STRATA_ERROR_INVALID_ARGUMENT);

  /* Images only: every tile of the texture tree (depth 3: 1 + 4 + 16), no nodes. */
  o.flags = STRATA_LOAD_IMAGES_ONLY;
  o.progress = NULL;
  CHECK_OK(s, strata_scene_load(s, path_in(samples, "terrain-unique.atlas"), &o));
  CHECK_OK(s, strata_scene_get_summary(s, &sum));
  CHECK(sum.image_count == 21 && sum.node_count == 0);

  /* Textures off: no materials. */
  o.flags = STRATA_LOAD_NO_TEXTURES;
  CHECK_OK(s, strata_scene_load(s, path_in(samples, "terrain-unique.atlas"), &o));
  CHECK_OK(s, strata_scene_get_summary(s, &sum));
  CHECK(sum.material_count == 0 && sum.image_count == 0 && sum.node_count == 16);

  /* glTF with PNG textures. */
  CHECK_OK(s, strata_scene_load(s, path_in(samples, "terrain-unique.atlas"), NULL));
  CHECK_OK(s, strata_scene_write_gltf(s, path_in(work, "unique.gltf"), NULL));
  FILE* f = fopen(path_in(work, "unique.gltf"), "rb");
  CHECK(f != NULL);
  if (f) {
    char head[2] = {0};
    CHECK(fread(head, 1, 1, f) == 1 && head[0] == '{');
    fclose(f);
  }
  strata_scene_destroy(s);
}

/* Warnings, bad input and per-handle error text. */
static void copy_file(const char* from, const char* to) {
  FILE* in = fopen(from, "rb");
  FILE* out = fopen(to, "wb");
  char buf[65536];
  size_t n;
  while (in && out && (n = fread(buf, 1, sizeof buf, in)) > 0) fwrite(buf, 1, n, out);
  if (in) fclose(in);
  if (out) fclose(out);
}

static void test_errors(void) {
  strata_scene *a = NULL, *b = NULL;
  CHECK(strata_scene_create(&a) == STRATA_OK && strata_scene_create(&b) == STRATA_OK);

  /* A blended Atlas without its source images beside it loads with a warning. */
  const char* lonely = path_in(work, "blended-alone.atlas");
  copy_file(path_in(samples, "terrain-blended.atlas"), lonely);
  CHECK_OK(a, strata_scene_load(a, lonely, NULL));
  strata_scene_summary sum = {.size = sizeof sum};
  CHECK_OK(a, strata_scene_get_summary(a, &sum));
  CHECK(sum.warning_count == 1);
  const char* w = NULL;
  CHECK_OK(a, strata_scene_get_warning(a, 0, &w));
  CHECK(w && strstr(w, "source images not found"));

  /* Missing file: I/O; not an Atlas: format error naming the file. */
  CHECK(strata_scene_load(a, path_in(work, "missing.atlas"), NULL) == STRATA_ERROR_IO);
  CHECK(strstr(strata_scene_error(a), "missing.atlas") != NULL);
  const char* junk = path_in(work, "junk.bin");
  FILE* f = fopen(junk, "wb");
  if (f) {
    fputs("this is not terrain", f);
    fclose(f);
  }
  CHECK(strata_scene_load(b, junk, NULL) == STRATA_ERROR_FORMAT);
  CHECK(strstr(strata_scene_error(b), "junk.bin") != NULL);
  /* Each handle keeps its own text. */
  CHECK(strstr(strata_scene_error(a), "missing.atlas") != NULL);
  CHECK(strata_scene_get_summary(a, &sum) == STRATA_ERROR_NO_SCENE);

  /* A truncated Atlas: the error names the byte offset. */
  const char* cut = path_in(work, "cut.atlas");
  FILE* in = fopen(path_in(samples, "terrain-v140.atlas"), "rb");
  char buf[300];
  size_t got = in ? fread(buf, 1, sizeof buf, in) : 0;
  if (in) fclose(in);
  f = fopen(cut, "wb");
  if (f) {
    fwrite(buf, 1, got, f);
    fclose(f);
  }
  CHECK(strata_scene_load(a, cut, NULL) == STRATA_ERROR_FORMAT);
  CHECK(strstr(strata_scene_error(a), "byte") != NULL);
  /* Success clears the text. */
  CHECK_OK(a, strata_scene_load(a, path_in(samples, "terrain-v100.atlas"), NULL));
  CHECK(strcmp(strata_scene_error(a), "") == 0);

  /* NULL handles and pointers. */
  CHECK(strata_scene_create(NULL) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strata_scene_load(NULL, "x", NULL) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strata_scene_load(a, NULL, NULL) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strlen(strata_scene_error(NULL)) > 0);
  CHECK(strata_scene_get_summary(NULL, &sum) == STRATA_ERROR_INVALID_ARGUMENT);
  size_t n;
  CHECK(strata_scene_get_roots(b, NULL, 0, &n) == STRATA_ERROR_NO_SCENE);
  CHECK(strata_scene_info_json(a, NULL) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strata_scene_get_roots(a, NULL, 0, NULL) == STRATA_ERROR_INVALID_ARGUMENT);
  strata_scene_destroy(NULL);
  strata_scene_destroy(a);
  strata_scene_destroy(b);

  CHECK(strcmp(strata_status_name(STRATA_OK), "STRATA_OK") == 0);
  CHECK(strcmp(strata_status_name(STRATA_ERROR_NO_SCENE), "STRATA_ERROR_NO_SCENE") == 0);
  CHECK(strcmp(strata_status_name((strata_status)77), "STRATA_UNKNOWN_STATUS") == 0);
}

/* Atlas write-back: chunk L2_1_2 of terrain-v140.atlas with its vertex at
 * (96, 160) raised by 5, written onto the base and read back. */

static void test_atlas_edit(void) {
  char base[2048], out[2048]; /* path_in's buffers rotate */
  snprintf(base, sizeof base, "%s", path_in(samples, "terrain-v140.atlas"));
  snprintf(out, sizeof out, "%s", path_in(work, "edited.atlas"));
  strata_scene* s = NULL;
  CHECK(strata_scene_create(&s) == STRATA_OK);
  CHECK_OK(s, strata_scene_load(s, base, NULL));
  int node = find_node(s, "L2_1_2");
  strata_node_info ni = {.size = sizeof ni};
  CHECK_OK(s, strata_scene_get_node(s, (uint32_t)node, &ni));
  float pos[145 * 3];
  uint32_t idx[384];
  size_t n;
  CHECK_OK(s, strata_scene_get_attribute(s, (uint32_t)ni.mesh, 0, STRATA_ATTRIBUTE_POSITIONS, 0,
                                         pos, 145, &n));
  CHECK_OK(s, strata_scene_get_attribute(s, (uint32_t)ni.mesh, 0, STRATA_ATTRIBUTE_INDICES, 0, idx,
                                         384, &n));
  const int target = 4 * 9 + 4; /* grid (4, 4): (64 + 32, 128 + 32) */
  CHECK(fabsf(pos[3 * target] - 96) < 1e-4f && fabsf(pos[3 * target + 1] - 160) < 1e-4f);
  const float original_z = pos[3 * target + 2];
  pos[3 * target + 2] += 5.0f;

  strata_atlas_edit* e = NULL;
  CHECK(strata_atlas_edit_create(&e) == STRATA_OK && e);
  char* json = NULL;
  CHECK(strata_atlas_edit_report_json(e, &json) == STRATA_ERROR_NO_SCENE);
  strata_chunk_edit c = {.size = sizeof c};
  c.level = 2, c.x = 1, c.y = 2;
  c.vertex_count = 145;
  c.positions = pos;
  c.index_count = 384;
  c.indices = idx;
  CHECK_EDIT_OK(e, strata_atlas_edit_add_chunk(e, &c));
  CHECK(strcmp(strata_atlas_edit_error(e), "") == 0);
  CHECK(strata_atlas_edit_add_chunk(e, &c) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(strata_atlas_edit_error(e), "already") != NULL);
  strata_chunk_edit bad = c;
  bad.y = 3;
  bad.index_count = 383;
  CHECK(strata_atlas_edit_add_chunk(e, &bad) == STRATA_ERROR_INVALID_ARGUMENT);
  bad.index_count = 384;
  bad.vertex_count = 10; /* the grid indices reach 80 */
  CHECK(strata_atlas_edit_add_chunk(e, &bad) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(strata_atlas_edit_error(e), "vertices") != NULL);
  bad.vertex_count = 145;
  bad.positions = NULL;
  CHECK(strata_atlas_edit_add_chunk(e, &bad) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strata_atlas_edit_add_chunk(e, NULL) == STRATA_ERROR_INVALID_ARGUMENT);

  CHECK(strata_atlas_edit_write(e, base, base, NULL) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(strata_atlas_edit_error(e), "base") != NULL);
  CHECK(strata_atlas_edit_write(e, path_in(work, "missing.atlas"), out, NULL) == STRATA_ERROR_IO);
  CHECK(strata_atlas_edit_write(e, path_in(work, "junk.bin"), out, NULL) == STRATA_ERROR_FORMAT);
  strata_export_atlas_options eo = {.size = sizeof eo};
  CHECK_EDIT_OK(e, strata_atlas_edit_write(e, base, out, &eo));
  CHECK_EDIT_OK(e, strata_atlas_edit_report_json(e, &json));
  CHECK(json && strstr(json, "\"edited\":[\"L2_1_2\"]") && strstr(json, "\"baseVersion\":140"));
  strata_free(json);

  /* Read back: only that vertex of that chunk moved. */
  CHECK_OK(s, strata_scene_load(s, out, NULL));
  node = find_node(s, "L2_1_2");
  CHECK_OK(s, strata_scene_get_node(s, (uint32_t)node, &ni));
  float got[145 * 3];
  CHECK_OK(s, strata_scene_get_attribute(s, (uint32_t)ni.mesh, 0, STRATA_ATTRIBUTE_POSITIONS, 0,
                                         got, 145, &n));
  CHECK(n == 145);
  int moved = 0;
  for (int v = 0; v < 81; ++v)
    if (got[3 * v] != pos[3 * v] || got[3 * v + 1] != pos[3 * v + 1] ||
        got[3 * v + 2] != pos[3 * v + 2])
      ++moved;
  CHECK(moved == 0);
  CHECK(fabsf(got[3 * target + 2] - (original_z + 5.0f)) < 1e-5f);
  CHECK(fabsf(got[3 * target + 2] - (synth_height(96, 160) + 5.0f)) < 1e-3f);
  char* report = NULL;
  CHECK_OK(s, strata_scene_validate_json(s, &report));
  CHECK(report && strstr(report, "\"errors\":0"));
  strata_free(report);

  /* A chunk the base does not have is refused; nothing is written. */
  strata_atlas_edit* e2 = NULL;
  CHECK(strata_atlas_edit_create(&e2) == STRATA_OK);
  c.level = 2, c.x = 7, c.y = 7;
  CHECK_EDIT_OK(e2, strata_atlas_edit_add_chunk(e2, &c));
  CHECK(strata_atlas_edit_write(e2, base, path_in(work, "never.atlas"), NULL) ==
        STRATA_ERROR_FORMAT);
  CHECK(strstr(strata_atlas_edit_error(e2), "L2_7_7") != NULL);
  FILE* f = fopen(path_in(work, "never.atlas"), "rb");
  CHECK(f == NULL);
  if (f) fclose(f);
  strata_export_atlas_options future[2];
  memset(future, 0, sizeof future);
  future[0].size = sizeof future;
  future[1].flags = 1;
  CHECK(strata_atlas_edit_write(e2, base, out, &future[0]) == STRATA_ERROR_UNSUPPORTED);

  CHECK(strata_atlas_edit_create(NULL) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strata_atlas_edit_add_chunk(NULL, &c) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strlen(strata_atlas_edit_error(NULL)) > 0);
  strata_atlas_edit_destroy(NULL);
  strata_atlas_edit_destroy(e);
  strata_atlas_edit_destroy(e2);
  strata_scene_destroy(s);
}

/* The last byte string `needle` starts in `hay` at or after `from` (first: 0)
 * or before `before` (last), or -1. */
static long find_bytes(const unsigned char* hay, long size, const char* needle, long from,
                       int last) {
  const long n = (long)strlen(needle);
  long found = -1;
  for (long i = from; i + n <= size; ++i)
    if (memcmp(hay + i, needle, (size_t)n) == 0) {
      found = i;
      if (!last) break;
    }
  return found;
}

static unsigned char* read_all(const char* path, long* size) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  *size = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char* bytes = malloc((size_t)*size);
  if (bytes && fread(bytes, 1, (size_t)*size, f) != (size_t)*size) {
    free(bytes);
    bytes = NULL;
  }
  fclose(f);
  return bytes;
}

/* ABI 1.1. terrain-unique.atlas with its last PNG tile broken: eight bytes of
 * its IDAT chunk's data overwritten (the zlib header no longer parses). That
 * tile is L2_3_3 (stub 20, the last of §1's stub order), shown by chunk L2_0_3
 * (§4: stub X reflected). A load refuses the file naming the tile; a
 * STRATA_LOAD_PARTIAL load shows that chunk the level-1 tile above it, flat
 * colour (40 + 60 * 1, 20 + 29 * 1, 20 + 29 * 1), and names the tile left out. */
static void test_partial(void) {
  long size = 0;
  unsigned char* bytes = read_all(path_in(samples, "terrain-unique.atlas"), &size);
  CHECK(bytes != NULL);
  if (!bytes) return;
  long png = find_bytes(bytes, size, "\x89PNG", 0, 1);
  long idat = png < 0 ? -1 : find_bytes(bytes, size, "IDAT", png, 0);
  CHECK(png > 0 && idat > png);
  if (idat < 0) {
    free(bytes);
    return;
  }
  memset(bytes + idat + 4, 0xFF, 8);
  char broken[2048];
  snprintf(broken, sizeof broken, "%s", path_in(work, "broken-tile.atlas"));
  FILE* f = fopen(broken, "wb");
  if (f) {
    fwrite(bytes, 1, (size_t)size, f);
    fclose(f);
  }
  free(bytes);

  strata_scene* s = NULL;
  CHECK(strata_scene_create(&s) == STRATA_OK);
  CHECK(strata_scene_load(s, broken, NULL) == STRATA_ERROR_FORMAT);
  CHECK(strstr(strata_scene_error(s), "broken-tile.atlas") != NULL);
  CHECK(strstr(strata_scene_error(s), "L2_3_3") != NULL);
  CHECK(strstr(strata_scene_error(s), "byte") != NULL);

  strata_load_options o = {.size = sizeof o};
  o.flags = STRATA_LOAD_PARTIAL;
  CHECK_OK(s, strata_scene_load(s, broken, &o));
  strata_scene_summary sum = {.size = sizeof sum};
  CHECK_OK(s, strata_scene_get_summary(s, &sum));
  CHECK(sum.node_count == 16 && sum.left_out_count == 1 && sum.warning_count == 0);
  const char* piece = NULL;
  CHECK_OK(s, strata_scene_get_left_out(s, 0, &piece));
  CHECK(piece && strstr(piece, "tile L2_3_3") && strstr(piece, "level-1 tile"));
  CHECK(strata_scene_get_left_out(s, 1, &piece) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(strata_scene_error(s), "1 in the scene") != NULL);
  CHECK(strata_scene_get_left_out(s, 0, NULL) == STRATA_ERROR_INVALID_ARGUMENT);

  int node = find_node(s, "L2_0_3");
  strata_node_info ni = {.size = sizeof ni};
  CHECK_OK(s, strata_scene_get_node(s, (uint32_t)node, &ni));
  strata_primitive_info pi = {.size = sizeof pi};
  CHECK_OK(s, strata_scene_get_primitive(s, (uint32_t)ni.mesh, 0, &pi));
  strata_material_info mat = {.size = sizeof mat};
  CHECK_OK(s, strata_scene_get_material(s, (uint32_t)pi.material, &mat));
  strata_texture_info tex = {.size = sizeof tex};
  CHECK_OK(s, strata_scene_get_texture(s, (uint32_t)mat.base_color_texture, &tex));
  uint8_t px[32 * 32 * 4];
  size_t n = 0;
  CHECK_OK(s, strata_scene_get_image_rgba8(s, (uint32_t)tex.image, 0, 0, px, sizeof px, &n));
  CHECK(n >= 4 && px[0] == 100 && px[1] == 49 && px[2] == 49 && px[3] == 255);

  /* A summary struct of ABI 1.0 (without left_out_count) is filled that far. */
  strata_scene_summary old;
  memset(&old, 0xAB, sizeof old);
  old.size = offsetof(strata_scene_summary, left_out_count);
  CHECK_OK(s, strata_scene_get_summary(s, &old));
  CHECK(old.node_count == 16 && old.left_out_count == 0xABABABABu);

  /* The images of the file: the broken tile is left out under PARTIAL only. */
  o.flags = STRATA_LOAD_IMAGES_ONLY;
  CHECK(strata_scene_load(s, broken, &o) == STRATA_ERROR_FORMAT);
  o.flags = STRATA_LOAD_IMAGES_ONLY | STRATA_LOAD_PARTIAL;
  CHECK_OK(s, strata_scene_load(s, broken, &o));
  CHECK_OK(s, strata_scene_get_summary(s, &sum));
  CHECK(sum.image_count == 20 && sum.left_out_count == 1);

  /* Validation and the structure summary need no load: the broken file is
   * reported, and what the handle holds stays loaded. */
  char* json = NULL;
  CHECK_OK(s, strata_scene_validate_file_json(s, broken, &json));
  CHECK(json && strstr(json, "\"errors\":1") && strstr(json, "L2_3_3"));
  strata_free(json);
  json = NULL;
  CHECK_OK(s, strata_scene_info_file_json(s, broken, &json));
  CHECK(json && strstr(json, "\"format\":\"atlas\""));
  strata_free(json);
  CHECK_OK(s, strata_scene_get_summary(s, &sum));
  CHECK(sum.image_count == 20);
  CHECK(strata_scene_validate_file_json(s, path_in(work, "missing.atlas"), &json) ==
        STRATA_ERROR_IO);
  CHECK(strata_scene_info_file_json(s, path_in(work, "junk.bin"), &json) == STRATA_ERROR_FORMAT);
  CHECK(strata_scene_validate_file_json(s, broken, NULL) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strata_scene_validate_file_json(NULL, broken, &json) == STRATA_ERROR_INVALID_ARGUMENT);
  strata_scene_destroy(s);
}

/* ABI 1.1: detection by magic, and a TQT (textures without geometry). */
static void test_detect(void) {
  struct {
    const char* name;
    const char* format;
  } want[] = {{"terrain-v140.atlas", "atlas"},
              {"terrain.chu", "chu"},
              {"terrain.tqt", "tqt"},
              {"textures-v5.ytd", "ytd"},
              {"textures-v13.ytd", "ytd"},
              {"tfrag-level", "tfrag"},
              {"tfrag-level/core_index.bin", "tfrag"}};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; ++i) {
    const char* got = strata_detect_format(path_in(samples, want[i].name));
    CHECK(got && strcmp(got, want[i].format) == 0);
  }
  /* A renamed Atlas is still an Atlas; junk, a missing file and NULL are nothing. */
  const char* renamed = path_in(work, "terrain-renamed.ytd");
  copy_file(path_in(samples, "terrain-v100.atlas"), renamed);
  const char* got = strata_detect_format(renamed);
  CHECK(got && strcmp(got, "atlas") == 0);
  CHECK(strata_detect_format(path_in(work, "junk.bin")) == NULL);
  CHECK(strata_detect_format(path_in(work, "missing.atlas")) == NULL);
  CHECK(strata_detect_format(NULL) == NULL);

  strata_scene* s = NULL;
  CHECK(strata_scene_create(&s) == STRATA_OK);
  CHECK(strata_scene_load(s, path_in(samples, "terrain.tqt"), NULL) == STRATA_ERROR_UNSUPPORTED);
  CHECK(strstr(strata_scene_error(s), "IMAGES_ONLY") != NULL);
  strata_load_options o = {.size = sizeof o};
  o.flags = STRATA_LOAD_IMAGES_ONLY;
  CHECK_OK(s, strata_scene_load(s, path_in(samples, "terrain.tqt"), &o));
  strata_scene_summary sum = {.size = sizeof sum};
  CHECK_OK(s, strata_scene_get_summary(s, &sum));
  CHECK(sum.image_count == 21 && sum.node_count == 0); /* depth 3: 1 + 4 + 16 tiles */
  strata_scene_destroy(s);
}

/* The bytes of a file, malloc'd; *size receives their count (NULL: unreadable). */
static unsigned char* file_bytes(const char* path, size_t* size) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char* b = malloc(n > 0 ? (size_t)n : 1);
  *size = n > 0 && fread(b, 1, (size_t)n, f) == (size_t)n ? (size_t)n : 0;
  fclose(f);
  return b;
}

/* ABI 1.2: the same scene from bytes in memory as from the file; a CHU in
 * memory has no companion TQT; bad bytes fail naming the given name. */
static void test_load_memory(void) {
  strata_scene *disk = NULL, *mem = NULL;
  CHECK(strata_scene_create(&disk) == STRATA_OK && strata_scene_create(&mem) == STRATA_OK);
  size_t size = 0;
  unsigned char* bytes = file_bytes(path_in(samples, "terrain-unique.atlas"), &size);
  CHECK(bytes && size > 0);
  CHECK_OK(disk, strata_scene_load(disk, path_in(samples, "terrain-unique.atlas"), NULL));
  CHECK_OK(mem, strata_load_memory(mem, bytes, size, "terrain-unique.atlas", NULL));
  memset(bytes, 0, size); /* copied by the call: the scene does not depend on them */
  strata_scene_summary a = {.size = sizeof a}, b = {.size = sizeof b};
  CHECK_OK(disk, strata_scene_get_summary(disk, &a));
  CHECK_OK(mem, strata_scene_get_summary(mem, &b));
  CHECK(strcmp(b.format, "atlas") == 0 && b.node_count == a.node_count && b.node_count > 0);
  CHECK(b.image_count == a.image_count && b.image_count > 0);
  const int node = find_node(mem, "L2_1_2");
  CHECK(node >= 0 && node == find_node(disk, "L2_1_2"));
  strata_node_info ni = {.size = sizeof ni};
  CHECK_OK(mem, strata_scene_get_node(mem, (uint32_t)node, &ni));
  size_t n = 0, m = 0;
  float pa[3 * 256], pb[3 * 256];
  CHECK_OK(disk, strata_scene_get_attribute(disk, (uint32_t)ni.mesh, 0, STRATA_ATTRIBUTE_POSITIONS,
                                            0, pa, 256, &n));
  CHECK_OK(mem, strata_scene_get_attribute(mem, (uint32_t)ni.mesh, 0, STRATA_ATTRIBUTE_POSITIONS, 0,
                                           pb, 256, &m));
  CHECK(n == m && n > 0 && memcmp(pa, pb, n * 3 * sizeof(float)) == 0);
  char* json = NULL;
  CHECK_OK(mem, strata_scene_validate_json(mem, &json));
  CHECK(json && strstr(json, "\"errors\":0") && strstr(json, "terrain-unique.atlas"));
  strata_free(json);
  free(bytes);

  /* terrain.chu has terrain.tqt beside it on disk; in memory it stands alone. */
  bytes = file_bytes(path_in(samples, "terrain.chu"), &size);
  CHECK_OK(disk, strata_scene_load(disk, path_in(samples, "terrain.chu"), NULL));
  CHECK_OK(mem, strata_load_memory(mem, bytes, size, path_in(samples, "terrain.chu"), NULL));
  CHECK_OK(disk, strata_scene_get_summary(disk, &a));
  CHECK_OK(mem, strata_scene_get_summary(mem, &b));
  CHECK(a.image_count > 0 && b.image_count == 0 && b.node_count == a.node_count);
  free(bytes);

  static const unsigned char junk[] = "not a terrain at all";
  CHECK(strata_load_memory(mem, junk, sizeof junk, "junk.bin", NULL) == STRATA_ERROR_FORMAT);
  CHECK(strstr(strata_scene_error(mem), "junk.bin") != NULL);
  CHECK(strata_scene_get_summary(mem, &b) == STRATA_ERROR_NO_SCENE);
  CHECK(strata_load_memory(mem, NULL, 4, "x", NULL) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strata_load_memory(mem, junk, sizeof junk, NULL, NULL) == STRATA_ERROR_INVALID_ARGUMENT);
  strata_scene_destroy(disk);
  strata_scene_destroy(mem);
}

/* BC encoding (ABI 1.3): sizes from the block layout (4x4 texels, 8 or 16
 * bytes a block; sides halved down to 1), a solid red BC1 block as KDFS 1.3
 * §19.1 writes it (RGB565 0xF800 twice, every index 0), the errors. */
#define CHECK_ENC_OK(enc, call) CHECK_STATUS(strata_encoder_error, enc, call)
static void test_encoder(void) {
  strata_encoder* enc = NULL;
  CHECK(strata_encoder_create(&enc) == STRATA_OK && enc);
  uint8_t px[10 * 6 * 4];
  for (int i = 0; i < 10 * 6; ++i) {
    px[4 * i] = (uint8_t)(20 * (i % 10)), px[4 * i + 1] = (uint8_t)(40 * (i / 10));
    px[4 * i + 2] = 90, px[4 * i + 3] = 255;
  }
  uint8_t* data = NULL;
  size_t size = 0;
  uint32_t mips = 0;
  strata_encode_options o = {.size = sizeof o};
  o.flags = STRATA_ENCODE_MIPS;
  /* 10x6, 5x3, 2x1, 1x1: 3x2 + 2x1 + 1 + 1 blocks of 16 bytes. */
  CHECK_ENC_OK(enc, strata_encoder_encode_rgba8(enc, px, 10, 6, 98, &o, &data, &size, &mips));
  CHECK(mips == 4 && size == 10 * 16 && data != NULL);
  strata_free(data);
  CHECK_ENC_OK(enc, strata_encoder_encode_rgba8(enc, px, 10, 6, 71, NULL, &data, &size, &mips));
  CHECK(mips == 1 && size == 6 * 8);
  strata_free(data);
  o.flags = STRATA_ENCODE_MIPS | STRATA_ENCODE_DDS_FILE;
  o.quality = STRATA_ENCODE_QUALITY_FAST;
  CHECK_ENC_OK(enc, strata_encoder_encode_rgba8(enc, px, 10, 6, 83, &o, &data, &size, &mips));
  /* The magic and DDS_HEADER (128 bytes; BC5 UNORM is the legacy FourCC ATI2
   * at byte 84, no DX10 header), then the blocks. */
  CHECK(mips == 4 && size == 128 + 10 * 16 && memcmp(data, "DDS ", 4) == 0);
  CHECK(size >= 88 && memcmp(data + 84, "ATI2", 4) == 0);
  strata_free(data);

  uint8_t red[4 * 4 * 4];
  for (int i = 0; i < 16; ++i)
    red[4 * i] = 255, red[4 * i + 1] = red[4 * i + 2] = 0, red[4 * i + 3] = 255;
  CHECK_ENC_OK(enc, strata_encoder_encode_rgba8(enc, red, 4, 4, 71, NULL, &data, &size, &mips));
  const uint8_t want[8] = {0x00, 0xF8, 0x00, 0xF8, 0, 0, 0, 0};
  CHECK(size == 8 && memcmp(data, want, 8) == 0);
  strata_free(data);

  CHECK(strata_encoder_encode_rgba8(enc, px, 10, 6, 28, NULL, &data, &size, &mips) ==
        STRATA_ERROR_UNSUPPORTED);
  CHECK(strstr(strata_encoder_error(enc), "R8G8B8A8_UNORM") != NULL);
  CHECK(data == NULL && size == 0);
  CHECK(strata_encoder_encode_rgba8(enc, px, 0, 6, 71, NULL, &data, &size, &mips) ==
        STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strata_encoder_encode_rgba8(enc, NULL, 10, 6, 71, NULL, &data, &size, &mips) ==
        STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strata_encoder_encode_rgba8(enc, px, 10, 6, 71, NULL, NULL, &size, &mips) ==
        STRATA_ERROR_INVALID_ARGUMENT);
  strata_encode_options bad = {.size = 2};
  CHECK(strata_encoder_encode_rgba8(enc, px, 10, 6, 71, &bad, &data, &size, &mips) ==
        STRATA_ERROR_INVALID_ARGUMENT);
  bad.size = sizeof bad;
  bad.quality = (strata_encode_quality)7;
  CHECK(strata_encoder_encode_rgba8(enc, px, 10, 6, 71, &bad, &data, &size, &mips) ==
        STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(strata_encoder_error(enc), "quality") != NULL);
  CHECK_ENC_OK(enc, strata_encoder_encode_rgba8(enc, px, 10, 6, 71, NULL, &data, &size, &mips));
  CHECK(strcmp(strata_encoder_error(enc), "") == 0);
  strata_free(data);
  CHECK(strata_encoder_encode_rgba8(NULL, px, 10, 6, 71, NULL, &data, &size, &mips) ==
        STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strata_encoder_create(NULL) == STRATA_ERROR_INVALID_ARGUMENT);
  strata_encoder_destroy(enc);
  strata_encoder_destroy(NULL);
}

/* Texture dictionaries written back (ABI 1.4): a texture of the v13 sample
 * replaced by pixels from memory (its B8G8R8A8 texture: lossless, read back
 * through a scene), a replace naming nothing (the same bytes), a build and a
 * convert, and the errors (a name in no dictionary; the input as output). */
static void test_ytd_write(void) {
  strata_ytd_edit* e = NULL;
  CHECK(strata_ytd_edit_create(&e) == STRATA_OK && e);
  const char* in = path_in(samples, "textures-v13.ytd");
  const char* same = path_in(work, "ytd-same.ytd");
  char* json = NULL;
  CHECK(strata_ytd_edit_report_json(e, &json) == STRATA_ERROR_NO_SCENE);
  CHECK_YTD_OK(e, strata_ytd_replace(e, in, same, NULL));
  size_t na = 0, nb = 0;
  unsigned char *a = file_bytes(in, &na), *b = file_bytes(same, &nb);
  CHECK(a && b && na > 0 && na == nb && memcmp(a, b, na) == 0);
  free(a);
  free(b);

  unsigned char px[16 * 16 * 4];
  for (int i = 0; i < 16 * 16; ++i)
    px[4 * i] = 200, px[4 * i + 1] = 100, px[4 * i + 2] = 0, px[4 * i + 3] = 255;
  strata_ytd_image img = {
      .size = sizeof img, .name = "ramp_a8r8g8b8", .width = 16, .height = 16, .rgba8 = px};
  CHECK_YTD_OK(e, strata_ytd_edit_add_image(e, &img));
  const char* out = path_in(work, "ytd-replaced.ytd");
  strata_ytd_options o = {.size = sizeof o};
  CHECK_YTD_OK(e, strata_ytd_replace(e, in, out, &o));
  CHECK_YTD_OK(e, strata_ytd_edit_report_json(e, &json));
  CHECK(json && strstr(json, "\"action\":\"replaced\"") && strstr(json, "B8G8R8A8_UNORM"));
  strata_free(json);
  strata_scene* s = NULL;
  CHECK(strata_scene_create(&s) == STRATA_OK);
  strata_load_options lo = {.size = sizeof lo, .flags = STRATA_LOAD_IMAGES_ONLY};
  CHECK_OK(s, strata_scene_load(s, out, &lo));
  strata_scene_summary sum = {.size = sizeof sum};
  CHECK_OK(s, strata_scene_get_summary(s, &sum));
  int found = 0;
  for (uint32_t i = 0; i < sum.image_count; ++i) {
    strata_image_info ii = {.size = sizeof ii};
    CHECK_OK(s, strata_scene_get_image(s, i, &ii));
    if (strcmp(ii.name, "ramp_a8r8g8b8") != 0) continue;
    unsigned char got[16 * 16 * 4];
    size_t n = 0;
    CHECK_OK(s, strata_scene_get_image_rgba8(s, i, 0, 0, got, sizeof got, &n));
    found = n == sizeof got && memcmp(got, px, sizeof got) == 0;
  }
  CHECK(found);
  strata_scene_destroy(s);

  /* A name in no dictionary: an error naming it, nothing written. */
  CHECK(strata_ytd_edit_clear(e) == STRATA_OK);
  img.name = "no_such_texture";
  CHECK_YTD_OK(e, strata_ytd_edit_add_image(e, &img));
  const char* refused = path_in(work, "ytd-refused.ytd");
  CHECK(strata_ytd_replace(e, in, refused, &o) == STRATA_ERROR_FORMAT);
  CHECK(strstr(strata_ytd_edit_error(e), "no texture named 'no_such_texture'") != NULL);
  FILE* none = fopen(refused, "rb");
  CHECK(none == NULL);
  if (none) fclose(none);
  CHECK(strata_ytd_replace(e, in, in, &o) == STRATA_ERROR_INVALID_ARGUMENT);

  /* Build (Enhanced) and convert back to legacy (edition 0: the other one). */
  o.edition = STRATA_YTD_EDITION_ENHANCED;
  const char* built = path_in(work, "ytd-built.ytd");
  CHECK_YTD_OK(e, strata_ytd_build(e, built, &o));
  CHECK_YTD_OK(e, strata_ytd_edit_report_json(e, &json));
  CHECK(json && strstr(json, "\"why\":\"auto: opaque\"") && strstr(json, "BC1_UNORM"));
  strata_free(json);
  strata_ytd_options c = {.size = sizeof c};
  CHECK_YTD_OK(e, strata_ytd_convert(e, built, path_in(work, "ytd-legacy.ytd"), &c));
  CHECK_YTD_OK(e, strata_ytd_edit_report_json(e, &json));
  CHECK(json && strstr(json, "\"edition\":\"legacy\""));
  strata_free(json);
  /* ABI 1.5: the encoders' effort; a value outside the enumeration is refused. */
  o.quality = STRATA_ENCODE_QUALITY_FAST;
  CHECK_YTD_OK(e, strata_ytd_build(e, built, &o));
  o.quality = (strata_encode_quality)7;
  CHECK(strata_ytd_build(e, built, &o) == STRATA_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(strata_ytd_edit_error(e), "strata_ytd_options.quality is 7") != NULL);
  o.quality = STRATA_ENCODE_QUALITY_DEFAULT;
  o.format = (strata_ytd_format)99;
  CHECK(strata_ytd_build(e, built, &o) == STRATA_ERROR_INVALID_ARGUMENT);
  strata_ytd_edit_destroy(e);
  strata_ytd_edit_destroy(NULL);
  CHECK(strcmp(strata_ytd_edit_error(NULL), "") != 0);
}

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s SAMPLES_DIR WORK_DIR\n", argv[0]);
    return 2;
  }
  snprintf(samples, sizeof samples, "%s", argv[1]);
  snprintf(work, sizeof work, "%s", argv[2]);
  CHECK(strata_abi_version() == STRATA_ABI_VERSION);
  CHECK(strata_abi_version() >> 16 == 1);
  CHECK((strata_abi_version() & 0xFFFF) >= 5); /* the dictionaries' encoder quality (1.5) */
  test_geometry();
  test_options();
  test_images();
  test_errors();
  test_atlas_edit(); /* after test_errors, which writes junk.bin */
  test_partial();
  test_detect();
  test_load_memory();
  test_encoder();
  test_ytd_write();
  printf("%d checks, %d failed\n", checks, failures);
  return failures ? 1 : 0;
}
