// The writer's glTF JSON (gltf/json.cpp, one emitter for .glb and .gltf):
// a scene using every member the writer sets validates clean with the
// Khronos glTF Validator and reads back (through tinygltf, an independent
// parser) as the scene it was written from, from a GLB and from a .gltf
// alike; spot checks on the text itself: number forms, escapes, empty
// objects, the indented layout, lists longer than one run.
#include "gltf_read_helpers.h"
#include "gltf_writer.h"
#include "strata/error.h"
#include "test_support.h"

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <cmath>
#include <cstring>
#include <limits>

using namespace strata;
using namespace testsupport;

namespace {

constexpr int kClamp = 33071, kMirror = 33648, kRepeat = 10497;

// Every member the writer sets, in the forms it sets them: names to escape,
// -0 and tiny coordinates, a zero normal, colours out of range, two UV
// sets, a morph target, every alpha mode, a texture on TEXCOORD_1, LOD with
// screen coverage, number tags past int's range over text tags, two scenes.
Scene richScene() {
  Scene s;
  s.name = "terrain \"q\" \\ \t \xc3\xa9";
  Image img;
  img.name = "tex\t\xe2\x9c\x93";
  img.width = img.height = 4;
  for (int i = 0; i < 16; ++i)
    for (uint8_t c : {uint8_t(i * 16), uint8_t(255 - i * 16), uint8_t(i * 5), uint8_t(255)})
      img.data.push_back(c);
  s.images.push_back(img);
  s.textures.push_back({0, Wrap::ClampToEdge, Wrap::MirroredRepeat});
  s.textures.push_back({0, Wrap::Repeat, Wrap::Repeat});
  s.materials.emplace_back(); // every glTF default: {}
  s.materials.back().metallic = 1;
  Material mask;
  mask.name = "mask";
  mask.alphaMode = AlphaMode::Mask;
  mask.alphaCutoff = 0.25f;
  s.materials.push_back(mask);
  Material blend;
  blend.name = "blend";
  blend.alphaMode = AlphaMode::Blend;
  blend.doubleSided = true;
  blend.baseColorFactor = {0.5f, 0.25f, 1, 0.1f};
  blend.roughness = 0.9f;
  blend.metallic = 1;
  blend.baseColorTexture = 1;
  blend.baseColorTexCoord = 1;
  s.materials.push_back(blend);
  Material textured;
  textured.name = "textured";
  textured.baseColorTexture = 0;
  s.materials.push_back(textured);

  Primitive p;
  p.positions = {{-0.0f, 0, 0}, {1e-7f, 0, 1}, {1, 2, 0}, {1, 2, 3.5f}};
  p.normals = {{0, 0, 1}, {0, 0, 0}, {0, 3, 0}, {1, 1, 1}};
  p.uv0 = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
  p.uv1 = {{0.5f, 0.5f}, {0.25f, 0}, {0, 0.75f}, {1, 1}};
  p.colors = {{1, 0, 0, 1}, {2, -1, 0.5f, 1}, {NAN, 0, 0, 1}, {0, 0, 1, 0.5f}};
  p.indices = {0, 1, 2, 2, 1, 3};
  p.morphTargets.push_back(
      {{{0, 0, 1}, {0, 0, 1}, {0, 0, 0}, {0.5f, 0, 0}}, {{0.1f, 0}, {0, 0}, {0, 0}, {0, 0.2f}}});
  p.material = 2;
  Primitive plain = p;
  // Its morph target kept: a mesh's primitives have as many targets each.
  plain.normals.clear(), plain.uv1.clear(), plain.colors.clear();
  plain.material = 1;
  s.meshes.push_back({"chunk \"1\"", {p, plain}});
  Primitive coarse = plain;
  coarse.morphTargets.clear();
  coarse.material = 3;
  s.meshes.push_back({"", {coarse}});

  Node lod;
  lod.name = "level 3 \"x\"";
  lod.mesh = 0;
  lod.children = {1};
  lod.translation = {1.5f, 2.25f, 1e-30f};
  lod.tags = {{"level", 3}, {"x", 4294967295LL}, {"y", 0}};
  lod.textTags = {{"game", "rc2 \xc3\xa9"}, {"y", "overwritten by the number tag"}};
  lod.lodAlternates = {2};
  lod.screenCoverage = {0.5f, 0.25f};
  s.nodes.push_back(lod);
  Node child;
  child.name = "child";
  child.translation = {0, 1, 0};
  s.nodes.push_back(child);
  Node alternate;
  alternate.name = "coarse";
  alternate.mesh = 1;
  s.nodes.push_back(alternate);
  s.roots = {0};
  s.otherScenes.push_back({"other", {2}});
  s.otherScenes.push_back({"", {0}});
  return s;
}

tinygltf::Model writtenAndRead(const Scene& s, const fs::path& file) {
  EXPECT_TRUE(gltf::writeGltfFile(s, file.string(), {}).empty());
  return loadGltf(file.string());
}

std::vector<double> floatsOf(const std::vector<Vec3>& v, bool axes) {
  std::vector<double> out;
  for (const Vec3& p : v) {
    const Vec3 q = axes ? toYUp(p) : p;
    out.insert(out.end(), q.begin(), q.end());
  }
  return out;
}

// The read-back model holds the rich scene, in glTF's axes.
void expectRichScene(const tinygltf::Model& m, const Scene& s) {
  ASSERT_EQ(m.scenes.size(), 3u);
  EXPECT_EQ(m.defaultScene, 0);
  EXPECT_EQ(m.scenes[0].name, s.name);
  EXPECT_EQ(m.scenes[0].nodes, std::vector<int>{0});
  EXPECT_EQ(m.scenes[1].name, "other");
  EXPECT_EQ(m.scenes[2].name, "");
  EXPECT_EQ(m.asset.generator, "Strata");

  ASSERT_EQ(m.nodes.size(), 3u);
  const tinygltf::Node& n = m.nodes[0];
  EXPECT_EQ(n.name, "level 3 \"x\"");
  EXPECT_EQ(n.mesh, 0);
  EXPECT_EQ(n.children, std::vector<int>{1});
  EXPECT_EQ(n.translation, (std::vector<double>{1.5, 1e-30f, -2.25}));
  const tinygltf::Value& tags = n.extras.Get("strata");
  EXPECT_EQ(tags.Get("level").GetNumberAsInt(), 3);
  EXPECT_EQ(tags.Get("x").GetNumberAsDouble(), 4294967295.0);
  EXPECT_TRUE(tags.Get("y").IsNumber());
  EXPECT_EQ(tags.Get("game").Get<std::string>(), "rc2 \xc3\xa9");
  const tinygltf::Value& coverage = n.extras.Get("MSFT_screencoverage");
  ASSERT_EQ(coverage.ArrayLen(), 2u);
  EXPECT_EQ(coverage.Get(1).GetNumberAsDouble(), 0.25);
  ASSERT_TRUE(n.extensions.count("MSFT_lod"));
  EXPECT_EQ(n.extensions.at("MSFT_lod").Get("ids").Get(0).GetNumberAsInt(), 2);
  EXPECT_EQ(m.nodes[1].translation, (std::vector<double>{0, 0, -1}));
  EXPECT_TRUE(m.nodes[2].translation.empty());
  EXPECT_EQ(m.extensionsUsed, std::vector<std::string>{"MSFT_lod"});

  ASSERT_EQ(m.materials.size(), 4u);
  EXPECT_EQ(m.materials[0].alphaMode, "OPAQUE");
  EXPECT_EQ(m.materials[0].pbrMetallicRoughness.metallicFactor, 1.0);
  EXPECT_EQ(m.materials[1].pbrMetallicRoughness.metallicFactor, 0.0);
  EXPECT_EQ(m.materials[1].alphaMode, "MASK");
  EXPECT_EQ(m.materials[1].alphaCutoff, 0.25);
  const tinygltf::Material& blend = m.materials[2];
  EXPECT_EQ(blend.alphaMode, "BLEND");
  EXPECT_TRUE(blend.doubleSided);
  EXPECT_EQ(blend.pbrMetallicRoughness.baseColorFactor,
            (std::vector<double>{0.5, 0.25, 1, double(0.1f)}));
  EXPECT_EQ(blend.pbrMetallicRoughness.roughnessFactor, double(0.9f));
  EXPECT_EQ(blend.pbrMetallicRoughness.metallicFactor, 1.0);
  EXPECT_EQ(blend.pbrMetallicRoughness.baseColorTexture.index, 1);
  EXPECT_EQ(blend.pbrMetallicRoughness.baseColorTexture.texCoord, 1);
  EXPECT_EQ(m.materials[3].pbrMetallicRoughness.baseColorTexture.index, 0);

  ASSERT_EQ(m.textures.size(), 2u);
  ASSERT_EQ(m.samplers.size(), 2u);
  EXPECT_EQ(m.textures[0].source, 0);
  EXPECT_EQ(m.textures[1].sampler, 1);
  EXPECT_EQ(m.samplers[0].wrapS, kClamp);
  EXPECT_EQ(m.samplers[0].wrapT, kMirror);
  EXPECT_EQ(m.samplers[1].wrapS, kRepeat);
  EXPECT_EQ(m.samplers[0].magFilter, 9729);
  EXPECT_EQ(m.samplers[0].minFilter, 9987);
  ASSERT_EQ(m.images.size(), 1u);
  EXPECT_EQ(m.images[0].name, s.images[0].name);
  EXPECT_EQ(m.images[0].mimeType, "image/png");
  EXPECT_EQ(m.images[0].width, 4);
  EXPECT_EQ(m.images[0].image[4 * 5 + 1], 255 - 5 * 16); // texel 5's green

  ASSERT_EQ(m.meshes.size(), 2u);
  EXPECT_EQ(m.meshes[0].name, "chunk \"1\"");
  EXPECT_EQ(m.meshes[0].weights, std::vector<double>{0});
  const tinygltf::Primitive& gp = m.meshes[0].primitives.at(0);
  const Primitive& p = s.meshes[0].primitives[0];
  EXPECT_EQ(gp.mode, TINYGLTF_MODE_TRIANGLES);
  EXPECT_EQ(gp.material, 2);
  EXPECT_EQ(accessorValues(m, gp.attributes.at("POSITION")), floatsOf(p.positions, true));
  const tinygltf::Accessor& pos = m.accessors[size_t(gp.attributes.at("POSITION"))];
  EXPECT_EQ(pos.minValues, (std::vector<double>{-0.0, 0, -2}));
  EXPECT_TRUE(std::signbit(pos.minValues[0])); // -0 as it came
  EXPECT_EQ(pos.maxValues, (std::vector<double>{1, 3.5, -0.0}));
  EXPECT_EQ(accessorValues(m, gp.attributes.at("NORMAL")),
            (std::vector<double>{0, 1, -0.0, 0, 1, 0, 0, 0, -1, float(1 / std::sqrt(3.0f)),
                                 float(1 / std::sqrt(3.0f)), -float(1 / std::sqrt(3.0f))}));
  EXPECT_EQ(accessorValues(m, gp.attributes.at("COLOR_0")),
            (std::vector<double>{1, 0, 0, 1, 1, 0, 0.5, 1, 0, 0, 0, 1, 0, 0, 1, 0.5}));
  EXPECT_EQ(accessorValues(m, gp.attributes.at("TEXCOORD_1")),
            (std::vector<double>{0.5, 0.5, 0.25, 0, 0, 0.75, 1, 1}));
  EXPECT_EQ(accessorValues(m, gp.indices), (std::vector<double>{0, 1, 2, 2, 1, 3}));
  ASSERT_EQ(gp.targets.size(), 1u);
  EXPECT_EQ(accessorValues(m, gp.targets[0].at("POSITION")),
            floatsOf(p.morphTargets[0].positions, true));
  EXPECT_EQ(accessorValues(m, gp.targets[0].at("TEXCOORD_0")),
            (std::vector<double>{float(0.1f), 0, 0, 0, 0, 0, 0, float(0.2f)}));
  EXPECT_EQ(m.meshes[0].primitives.at(1).material, 1);
  EXPECT_EQ(m.meshes[1].name, "");
}

} // namespace

TEST(GltfJson, EveryMemberValidatesAndReadsBackFromGlbAndGltf) {
  const Scene s = richScene();
  const fs::path dir = tempDir();
  for (const char* name : {"rich.glb", "rich.gltf"}) {
    SCOPED_TRACE(name);
    const tinygltf::Model m = writtenAndRead(s, dir / name);
    expectRichScene(m, s);
    const ValidatorResult v = validateGltf(dir / name);
    EXPECT_EQ(v.errors, 0) << v.raw;
    EXPECT_EQ(v.warnings, 0) << v.raw;
  }
}

TEST(GltfJson, TheTextsNumbersEscapesAndLayout) {
  const Scene s = richScene();
  const gltf::GltfOutput glb = gltf::writeGltf(s, {});
  uint32_t length = 0;
  std::memcpy(&length, glb.bytes.data() + 12, 4);
  const std::string json(reinterpret_cast<const char*>(glb.bytes.data()) + 20, length);
  EXPECT_EQ(json.substr(0, 14), "{\"accessors\":[");
  EXPECT_NE(json.find("\"max\":[1.0,3.5,-0.0],\"min\":[-0.0,0.0,-2.0]"), std::string::npos);
  EXPECT_NE(json.find("\"translation\":[1.5,1.0000000031710769e-30,-2.25]"), std::string::npos)
      << json;
  EXPECT_NE(json.find("\"strata\":{\"game\":\"rc2 \xc3\xa9\",\"level\":3,\"x\":4294967295.0,"
                      "\"y\":0}"),
            std::string::npos);
  EXPECT_NE(json.find("\"name\":\"terrain \\\"q\\\" \\\\ \\t \xc3\xa9\""), std::string::npos);
  EXPECT_NE(json.find("\"materials\":[{},{"), std::string::npos); // every default: {}
  EXPECT_NE(json.find("\"weights\":[0.0]"), std::string::npos);
  EXPECT_NE(json.find("\"scenes\":[{\"name\":"), std::string::npos);
  EXPECT_NE(json.find("{\"nodes\":[0]}]"), std::string::npos); // a scene without a name

  gltf::WriteOptions text;
  text.binary = false;
  const gltf::GltfOutput gltf = gltf::writeGltf(s, text);
  const std::string t(gltf.bytes.begin(), gltf.bytes.end());
  EXPECT_EQ(t.rfind("{\n  \"accessors\": [\n    {\n      \"bufferView\": ", 0), 0u);
  EXPECT_NE(t.find("\n    },\n    {\n"), std::string::npos);
  EXPECT_NE(t.find("\"uri\": \"data:application/octet-stream;base64,"), std::string::npos);
  EXPECT_EQ(t.substr(t.size() - 3), "\n}\n");
}

// Lists are written in runs of items on every core, then joined: a list of
// several runs reads back whole and in order, compact and indented.
TEST(GltfJson, ListsLongerThanARunReadBackInOrder) {
  Scene s;
  s.name = "many";
  for (int i = 0; i < 2500; ++i) {
    Node n;
    n.name = "n" + std::to_string(i);
    n.tags = {{"i", i}};
    s.nodes.push_back(n);
    s.roots.push_back(i);
  }
  const fs::path dir = tempDir();
  for (const char* name : {"many.glb", "many.gltf"}) {
    SCOPED_TRACE(name);
    const tinygltf::Model m = writtenAndRead(s, dir / name);
    ASSERT_EQ(m.nodes.size(), 2500u);
    for (int i = 0; i < 2500; ++i) {
      ASSERT_EQ(m.nodes[size_t(i)].name, "n" + std::to_string(i));
      ASSERT_EQ(m.nodes[size_t(i)].extras.Get("strata").Get("i").GetNumberAsInt(), i);
    }
    EXPECT_EQ(m.scenes.at(0).nodes.size(), 2500u);
  }
}

TEST(GltfJson, TextThatIsNotUtf8IsRefused) {
  Scene s;
  Node n;
  n.name = "bad \xff byte";
  s.nodes.push_back(n);
  s.roots = {0};
  EXPECT_THROW(gltf::writeGltf(s, {}), Error);
  gltf::WriteOptions text;
  text.binary = false;
  EXPECT_THROW(gltf::writeGltf(s, text), Error);
}
