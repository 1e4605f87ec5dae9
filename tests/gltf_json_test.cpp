// The writer's glTF JSON (gltf/gltf_json.cpp) is held to tinygltf's own
// serialization of the same models, byte for byte: every member the writer
// sets, each default tinygltf leaves out, the escapes, the number forms
// (-0, tiny and huge doubles, floats widened to double, NaN), empty objects
// and lists, GLB (compact) and .gltf (indented) text.
#include "gltf_json.h"
#include "strata/error.h"

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

using namespace strata;
using tinygltf::Value;

namespace {

// tinygltf's GLB JSON chunk, without the spaces that pad it to 4 bytes.
std::string tinygltfGlbJson(const tinygltf::Model& m) {
  tinygltf::TinyGLTF t;
  t.SetImageWriter(nullptr, nullptr);
  std::ostringstream os;
  EXPECT_TRUE(t.WriteGltfSceneToStream(&m, os, false, true));
  const std::string glb = os.str();
  uint32_t length = 0;
  std::memcpy(&length, glb.data() + 12, 4);
  std::string json = glb.substr(20, length);
  json.erase(json.find_last_not_of(' ') + 1);
  return json;
}

std::string tinygltfText(const tinygltf::Model& m) {
  tinygltf::TinyGLTF t;
  t.SetImageWriter(nullptr, nullptr);
  std::ostringstream os;
  EXPECT_TRUE(t.WriteGltfSceneToStream(&m, os, true, false));
  return os.str();
}

tinygltf::Accessor accessor(int view, int component, int type, size_t count) {
  tinygltf::Accessor a;
  a.bufferView = view;
  a.componentType = component;
  a.type = type;
  a.count = count;
  return a;
}

// Every member gltf_writer.cpp's Builder sets, in the forms it sets them,
// and the empty and default cases around them.
tinygltf::Model richModel() {
  tinygltf::Model m;
  m.asset.version = "2.0";
  m.asset.generator =
      "Strata \"q\" \\ \t\n\b\f\r\x01\x1f\x7f / \xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x98\x80";
  m.buffers.emplace_back();
  m.buffers[0].data = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
  for (auto [offset, length, target] :
       {std::tuple<size_t, size_t, int>{0, 5, 34962}, {8, 4, 0}, {4, 2, 34963}, {12, 1, 34962}}) {
    tinygltf::BufferView v;
    v.buffer = 0;
    v.byteOffset = offset;
    v.byteLength = length;
    v.target = target;
    m.bufferViews.push_back(v);
  }
  // Views the writer does not make: a stride (still one piece, gltf_json.cpp
  // Piece) and a name (written member by member).
  m.bufferViews.push_back(m.bufferViews[1]);
  m.bufferViews.back().byteStride = 12;
  m.bufferViews.push_back(m.bufferViews[1]);
  m.bufferViews.back().name = "named view";
  tinygltf::Accessor pos = accessor(0, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC3, 3);
  pos.minValues = {-0.0, double(0.1f), 1e-7};
  pos.maxValues = {1e21, double(std::numeric_limits<float>::max()), double(123456.789f)};
  m.accessors.push_back(pos);
  tinygltf::Accessor odd = accessor(0, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC2, 1);
  odd.minValues = {std::nan(""), -INFINITY};
  odd.maxValues = {1.0, 4294967295.0};
  m.accessors.push_back(odd);
  m.accessors.push_back(
      accessor(2, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, TINYGLTF_TYPE_SCALAR, 3));
  tinygltf::Accessor ints =
      accessor(3, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, TINYGLTF_TYPE_SCALAR, 1);
  ints.minValues = {0};
  ints.maxValues = {65535.7};
  m.accessors.push_back(ints);
  m.accessors.push_back(accessor(1, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC4, 1));
  m.accessors.back().name = "named";
  m.accessors.push_back(accessor(1, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC2, 1));
  m.accessors.back().byteOffset = 4;
  m.accessors.push_back(accessor(-1, TINYGLTF_COMPONENT_TYPE_BYTE, TINYGLTF_TYPE_VEC3, 2));
  tinygltf::Accessor matrix = accessor(1, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_MAT4, 1);
  matrix.minValues.assign(16, -2.5);
  matrix.maxValues.assign(16, 2.5);
  m.accessors.push_back(matrix);

  tinygltf::Mesh mesh;
  mesh.name = "chunk_3_1_2";
  for (int material : {0, -1}) {
    tinygltf::Primitive p;
    p.mode = TINYGLTF_MODE_TRIANGLES;
    p.attributes = {{"POSITION", 0}, {"NORMAL", 1}, {"TEXCOORD_0", 4}, {"COLOR_0", 4}};
    p.indices = 2;
    p.material = material;
    p.targets.push_back({{"POSITION", 0}, {"TEXCOORD_0", 1}});
    p.targets.emplace_back();
    mesh.primitives.push_back(p);
  }
  mesh.weights = {0.0, 0.5};
  m.meshes.push_back(mesh);
  m.meshes.emplace_back(); // no name, no primitives: "primitives" is null

  tinygltf::Node lod;
  lod.name = "level 3 \"x\"";
  lod.mesh = 0;
  lod.children = {1, 2, 3};
  lod.translation = {1.5, -2.25, 1e-300};
  Value::Object tags{{"level", Value(3)}, {"x", Value(4294967295.0)}, {"y", Value(0)}};
  lod.extras = Value(Value::Object{
      {"strata", Value(tags)},
      {"MSFT_screencoverage", Value(Value::Array{Value(0.5), Value(double(0.25f))})}});
  lod.extensions["MSFT_lod"] = Value(Value::Object{{"ids", Value(Value::Array{Value(1)})}});
  m.nodes.push_back(lod);
  m.nodes.emplace_back(); // nothing set: null
  tinygltf::Node emptyExtras;
  emptyExtras.extras = Value(Value::Object{});                 // "extras": null
  emptyExtras.extensions["EXT_empty"] = Value(Value::Array{}); // named, as {}
  emptyExtras.extensions["EXT_none"] = Value();
  m.nodes.push_back(emptyExtras);
  tinygltf::Node flags;
  flags.extras = Value(Value::Object{{"on", Value(true)},
                                     {"off", Value(false)},
                                     {"text", Value(std::string("a\tb"))},
                                     {"nested", Value(Value::Array{Value(Value::Array{})})}});
  m.nodes.push_back(flags);

  tinygltf::Image png;
  png.name = "tex";
  png.mimeType = "image/png";
  png.bufferView = 1;
  m.images.push_back(png);
  tinygltf::Image beside;
  beside.name = "tex";
  beside.uri = "terrain.0.ktx2";
  m.images.push_back(beside);
  tinygltf::Image data;
  data.uri = "data:image/ktx2;base64,AAEC";
  m.images.push_back(data);

  tinygltf::Sampler s;
  s.magFilter = TINYGLTF_TEXTURE_FILTER_LINEAR;
  s.minFilter = TINYGLTF_TEXTURE_FILTER_LINEAR_MIPMAP_LINEAR;
  s.wrapS = TINYGLTF_TEXTURE_WRAP_CLAMP_TO_EDGE;
  s.wrapT = TINYGLTF_TEXTURE_WRAP_MIRRORED_REPEAT;
  m.samplers.push_back(s);
  m.samplers.emplace_back();

  tinygltf::Texture t0;
  t0.sampler = 0;
  t0.source = 0;
  m.textures.push_back(t0);
  tinygltf::Texture t1;
  t1.sampler = 1;
  t1.source = 0;
  t1.extensions["KHR_texture_basisu"] = Value(Value::Object{{"source", Value(1)}});
  m.textures.push_back(t1);
  m.textures.emplace_back(); // null

  m.materials.emplace_back(); // every default: {}
  tinygltf::Material mask;
  mask.name = "mask";
  mask.alphaMode = "MASK";
  mask.alphaCutoff = 0.25;
  mask.pbrMetallicRoughness.baseColorFactor = {1, 1, 1, 1};
  mask.pbrMetallicRoughness.metallicFactor = 0;
  mask.pbrMetallicRoughness.roughnessFactor = 1;
  m.materials.push_back(mask);
  tinygltf::Material blend;
  blend.alphaMode = "BLEND";
  blend.doubleSided = true;
  blend.pbrMetallicRoughness.baseColorFactor = {0.5, 0.25, 1, double(0.1f)};
  blend.pbrMetallicRoughness.roughnessFactor = double(0.9f);
  blend.pbrMetallicRoughness.baseColorTexture.index = 1;
  blend.pbrMetallicRoughness.baseColorTexture.texCoord = 1;
  m.materials.push_back(blend);
  tinygltf::Material textured;
  textured.name = "textured";
  textured.pbrMetallicRoughness.baseColorTexture.index = 0;
  m.materials.push_back(textured);
  tinygltf::Material nameOnly;
  nameOnly.name = "plain";
  m.materials.push_back(nameOnly);

  tinygltf::Scene main;
  main.name = "terrain.atlas";
  main.nodes = {0, 1};
  m.scenes.push_back(main);
  tinygltf::Scene other;
  other.name = "other";
  m.scenes.push_back(other);
  m.scenes.emplace_back(); // null
  m.defaultScene = 0;
  m.extensionsUsed = {"MSFT_lod", "KHR_texture_basisu"};
  return m;
}

TEST(GltfJson, GlbChunkIsTinygltfsForEveryMemberTheWriterSets) {
  const tinygltf::Model m = richModel();
  const std::string ours = gltf::glbJson(m, {}, m.buffers[0].data.size());
  EXPECT_EQ(ours, tinygltfGlbJson(m));
  // Spot checks on the text itself, not only agreement.
  EXPECT_NE(ours.find("\"min\":[-0.0,0.10000000149011612,1e-07]"), std::string::npos) << ours;
  EXPECT_NE(ours.find("\"min\":[null,null]"), std::string::npos);
  EXPECT_NE(ours.find("\"max\":[65535],\"min\":[0]"), std::string::npos);
  EXPECT_NE(ours.find("\"nodes\":[{"), std::string::npos);
  EXPECT_NE(ours.find("},null,{"), std::string::npos); // the empty node
  EXPECT_NE(ours.find("\\\"q\\\" \\\\ \\t\\n\\b\\f\\r\\u0001\\u001f\x7f / "), std::string::npos);
  EXPECT_NE(ours.find("\"buffers\":[{\"byteLength\":13}]"), std::string::npos);
  EXPECT_NE(
      ours.find("{\"buffer\":0,\"byteLength\":4,\"byteOffset\":8},{\"buffer\":0,\"byteLength\""
                ":2,\"byteOffset\":4,\"target\":34963}"),
      std::string::npos);
  EXPECT_NE(ours.find("\"byteOffset\":8,\"byteStride\":12}"), std::string::npos);
  EXPECT_NE(ours.find("{\"bufferView\":1,\"byteOffset\":4,\"componentType\":5126,\"count\":1,"
                      "\"type\":\"VEC2\"},{\"componentType\":5120,\"count\":2,\"type\":\"VEC3\"}"),
            std::string::npos);
}

// The GLB writer's way (WrittenLists): some of each list's items written
// ahead in runs, the rest in the model, give the JSON of the whole model.
template <class T>
void moveToRuns(std::vector<T>& items, std::vector<std::string>& runs, size_t keep) {
  runs.assign(3, ""); // the middle one stays empty: it adds nothing, not a comma
  for (size_t i = keep; i < items.size(); ++i)
    gltf::appendJson(runs[i + 1 < items.size() ? 0 : 2], items[i]);
  items.resize(keep);
}

TEST(GltfJson, ItemsWrittenAheadInRunsFollowTheModelsOwnInTheirLists) {
  const tinygltf::Model whole = richModel();
  ASSERT_GE(whole.accessors.size(), 3u);
  ASSERT_GE(whole.bufferViews.size(), 3u);
  ASSERT_GE(whole.meshes.size(), 2u);
  ASSERT_GE(whole.nodes.size(), 3u);
  ASSERT_GE(whole.materials.size(), 3u);
  ASSERT_GE(whole.textures.size(), 3u);
  ASSERT_GE(whole.samplers.size(), 2u);
  ASSERT_GE(whole.images.size(), 3u);
  for (size_t keep : {size_t(0), size_t(1)}) {
    tinygltf::Model m = whole;
    gltf::WrittenLists w;
    moveToRuns(m.accessors, w.accessors, keep);
    moveToRuns(m.bufferViews, w.bufferViews, keep);
    moveToRuns(m.meshes, w.meshes, keep);
    moveToRuns(m.nodes, w.nodes, keep);
    moveToRuns(m.materials, w.materials, keep);
    moveToRuns(m.textures, w.textures, keep);
    moveToRuns(m.samplers, w.samplers, keep);
    moveToRuns(m.images, w.images, keep);
    EXPECT_EQ(w.accessors[1], "");
    EXPECT_EQ(w.accessors[2].substr(0, 2), "{\"");              // one item, no comma before it
    EXPECT_EQ(w.accessors[0].substr(0, 2), "{\"");              // the first item too
    EXPECT_NE(w.accessors[0].find("},{\""), std::string::npos); // then a comma between
    EXPECT_EQ(gltf::glbJson(m, w, m.buffers[0].data.size()), tinygltfGlbJson(whole))
        << "keep " << keep;
  }
  tinygltf::Model none;
  none.asset.version = "2.0";
  gltf::WrittenLists empty;
  empty.nodes.assign(2, ""); // runs with nothing in them: no list at all
  EXPECT_EQ(gltf::glbJson(none, empty, 0), "{\"asset\":{\"version\":\"2.0\"}}");
}

TEST(GltfJson, GlbBufferLengthIsTheBinChunksNotTheData) {
  tinygltf::Model m = richModel();
  m.buffers[0].data.clear(); // streamed: the bytes are made as they are written
  const std::string ours = gltf::glbJson(m, {}, 342'000'000);
  EXPECT_NE(ours.find("\"buffers\":[{\"byteLength\":342000000}]"), std::string::npos);
  m.buffers[0].data.resize(342'000'000 / 1000);
  std::string want = tinygltfGlbJson(m);
  const std::string small = "\"byteLength\":342000}", big = "\"byteLength\":342000000}";
  want.replace(want.find(small), small.size(), big);
  EXPECT_EQ(ours, want);
}

TEST(GltfJson, GltfTextIsTinygltfsIndentedTextWithTheBufferAsDataUri) {
  const tinygltf::Model m = richModel();
  const std::string ours = gltf::gltfText(m);
  EXPECT_EQ(ours, tinygltfText(m));
  EXPECT_NE(ours.find("\"uri\": \"data:application/octet-stream;base64,AQIDBAUGBwgJCgsMDQ==\""),
            std::string::npos);
  EXPECT_EQ(ours.substr(0, 18), "{\n  \"accessors\": [");
  EXPECT_EQ(ours.back(), '\n');
}

TEST(GltfJson, AModelWithNothingButItsAssetMatchesToo) {
  tinygltf::Model m;
  m.asset.version = "2.0";
  EXPECT_EQ(gltf::glbJson(m, {}, 0), "{\"asset\":{\"version\":\"2.0\"}}");
  EXPECT_EQ(gltf::glbJson(m, {}, 0), tinygltfGlbJson(m));
  EXPECT_EQ(gltf::gltfText(m), tinygltfText(m));
  m.buffers.emplace_back(); // an empty buffer in a .gltf: the bare data: header
  EXPECT_EQ(gltf::gltfText(m), tinygltfText(m));
}

TEST(GltfJson, TextThatIsNotUtf8IsRefused) {
  tinygltf::Model m;
  m.asset.version = "2.0";
  m.nodes.emplace_back();
  m.nodes[0].name = "bad \xff byte";
  EXPECT_THROW(gltf::glbJson(m, {}, 0), Error);
  EXPECT_THROW(gltf::gltfText(m), Error);
}

} // namespace
