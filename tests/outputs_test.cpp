// The output table (outputs/outputs.h): each writer's name, extensions and
// what it takes; the writer an output path picks; the inputs each takes; the
// load options it asks for; and the scene contract: a scene says how it holds
// its meshes and images, and a writer that does not take that form refuses it.
#include "outputs.h"
#include "strata/error.h"
#include "test_support.h"
#include "tileset.h"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace strata;
using namespace testsupport;

namespace {

const OutputWriter& named(const char* name) {
  const OutputWriter* w = outputNamed(name);
  if (!w) throw std::runtime_error(std::string("no output ") + name);
  return *w;
}

std::string sample(const char* name) {
  return (sourceDir() / "samples" / name).string();
}

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

} // namespace

TEST(Outputs, EachWriterSaysWhatItTakes) {
  std::vector<std::string> names;
  for (const OutputWriter* w : outputWriters()) names.push_back(w->name);
  EXPECT_EQ(names,
            (std::vector<std::string>{"glb", "gltf", "glb-compressed", "3d-tiles", "atlas"}));
  for (const char* gltf : {"glb", "gltf", "glb-compressed"}) {
    const OutputTakes& t = named(gltf).takes;
    EXPECT_TRUE(t.inputs.empty()) << gltf; // any input with a scene
    EXPECT_TRUE(t.meshesOnDemand) << gltf;
    EXPECT_TRUE(t.pngBytes) << gltf;
    EXPECT_FALSE(t.file || t.allLevels) << gltf;
  }
  const OutputWriter& tiles = named("3d-tiles");
  EXPECT_TRUE(tiles.extensions.empty()); // a directory
  EXPECT_EQ(tiles.takes.inputs, (std::vector<std::string>{"atlas", "chu"}));
  EXPECT_TRUE(tiles.takes.allLevels);
  EXPECT_FALSE(tiles.takes.meshesOnDemand || tiles.takes.pngBytes);
  const OutputWriter& atlas = named("atlas");
  EXPECT_EQ(atlas.takes.inputs, std::vector<std::string>{"chu"});
  EXPECT_TRUE(atlas.takes.file);
  EXPECT_TRUE(atlas.convert && !atlas.write);
  EXPECT_EQ(outputNamed("obj"), nullptr);
}

TEST(Outputs, APathPicksItsWriterByExtension) {
  EXPECT_STREQ(outputFor("out/x.glb", false).name, "glb");
  EXPECT_STREQ(outputFor("X.GLB", false).name, "glb");
  EXPECT_STREQ(outputFor("x.gltf", false).name, "gltf");
  EXPECT_STREQ(outputFor("x.glb", true).name, "glb-compressed");
  EXPECT_STREQ(outputFor("x.Atlas", false).name, "atlas");
  EXPECT_EQ(findOutput("x.obj", false), nullptr);
  try {
    outputFor("x.obj", false);
    FAIL() << "x.obj has a writer";
  } catch (const Error& e) {
    EXPECT_EQ(e.file(), "x.obj");
    EXPECT_NE(std::string(e.what()).find("output must end in .glb or .gltf"), std::string::npos);
  }
}

TEST(Outputs, EachWriterTakesItsInputs) {
  const FormatHandler& chu = requireFormat(sample("terrain.chu"));
  const FormatHandler& atlas = requireFormat(sample("terrain-v140.atlas"));
  const FormatHandler& ytd = requireFormat(sample("textures-v5.ytd"));
  const FormatHandler& tqt = requireFormat(sample("terrain.tqt"));
  EXPECT_TRUE(takesInput(named("atlas"), chu));
  EXPECT_FALSE(takesInput(named("atlas"), atlas));
  EXPECT_NE(errorOf([&] {
              requireInput(named("atlas"), atlas, "t.atlas");
            }).find("only a CHU converts to .atlas; this is a atlas file"),
            std::string::npos);
  EXPECT_TRUE(takesInput(named("3d-tiles"), atlas));
  EXPECT_TRUE(takesInput(named("3d-tiles"), chu));
  EXPECT_THROW(requireInput(named("3d-tiles"), ytd, "g.ytd"), Unsupported);
  EXPECT_TRUE(takesInput(named("glb"), ytd));
  EXPECT_FALSE(takesInput(named("glb"), tqt)); // a texture tree holds no scene
}

TEST(Outputs, TheLoadAsksForTheFormTheWriterTakes) {
  OutputOptions png, ktx2, none;
  ktx2.textures = gltf::TextureMode::Ktx2;
  none.textures = gltf::TextureMode::None;
  const LoadOptions glb = loadOptionsFor(named("glb"), {}, png);
  EXPECT_TRUE(glb.meshesOnDemand);
  EXPECT_FALSE(glb.texels);
  EXPECT_TRUE(glb.textures);
  EXPECT_EQ(glb.lod, -1);
  EXPECT_TRUE(loadOptionsFor(named("glb"), {}, ktx2).texels); // KTX2 is encoded from texels
  EXPECT_FALSE(loadOptionsFor(named("gltf"), {}, none).textures);
  const LoadOptions tiles = loadOptionsFor(named("3d-tiles"), {}, png);
  EXPECT_EQ(tiles.lod, LoadOptions::kAllLevels);
  EXPECT_FALSE(tiles.meshesOnDemand);
  EXPECT_TRUE(tiles.texels);
}

// A scene loaded for a GLB says its meshes are made on demand and its
// images may be PNG bytes only; a writer that takes neither refuses it
// rather than reading empty meshes.
TEST(Outputs, ASceneSaysHowItHoldsItsMeshesAndImages) {
  const std::string in = sample("terrain-unique.atlas");
  const FormatHandler& h = requireFormat(in);
  const Scene forGlb = h.load(in, loadOptionsFor(named("glb"), {}, {}));
  ASSERT_TRUE(forGlb.meshesOnDemand());
  ASSERT_TRUE(forGlb.imagesAsPngOnly);
  ASSERT_FALSE(forGlb.images.empty());
  EXPECT_TRUE(forGlb.meshes[0].primitives.empty()); // held as its name only
  size_t pngOnly = 0;
  for (const Image& img : forGlb.images) pngOnly += img.data.empty() && !img.png.empty();
  EXPECT_GT(pngOnly, 0u);
  EXPECT_NO_THROW(requireTakes(named("glb"), forGlb));
  EXPECT_NE(errorOf([&] { requireTakes(named("3d-tiles"), forGlb); }).find("made on demand"),
            std::string::npos);
  const fs::path dir = tempDir();
  EXPECT_THROW(tiles::writeTileset(forGlb, (dir / "t").string(), {}), std::logic_error);
  EXPECT_FALSE(fs::exists(dir / "t"));
  gltf::WriteOptions ktx2;
  ktx2.textures = gltf::TextureMode::Ktx2;
  EXPECT_THROW(gltf::writeGltf(forGlb, ktx2), std::logic_error);

  Scene pngOnlyHeld = h.load(in, loadOptionsFor(named("glb"), {}, {}));
  pngOnlyHeld.meshSource = MeshSource();
  EXPECT_NE(errorOf([&] { requireTakes(named("3d-tiles"), pngOnlyHeld); }).find("PNG bytes"),
            std::string::npos);

  const Scene forTiles = h.load(in, loadOptionsFor(named("3d-tiles"), {}, {}));
  EXPECT_FALSE(forTiles.meshesOnDemand());
  EXPECT_FALSE(forTiles.imagesAsPngOnly);
  EXPECT_NO_THROW(requireTakes(named("3d-tiles"), forTiles));
  for (const Image& img : forTiles.images) EXPECT_FALSE(img.data.empty()) << img.name;
}

// The writers write: a GLB and its KTX2 images beside it, named in what the
// write says it made; a CHU converted to an .atlas, from the file itself.
TEST(Outputs, WritersSayWhatTheyWrote) {
  const fs::path dir = tempDir();
  const std::string in = sample("textures-v5.ytd");
  const OutputWriter& glb = outputFor((dir / "g.glb").string(), false);
  OutputOptions ktx2;
  ktx2.textures = gltf::TextureMode::Ktx2;
  const Scene s = requireFormat(in).load(in, loadOptionsFor(glb, {}, ktx2));
  const OutputWritten w = glb.write(s, (dir / "g.glb").string(), ktx2);
  ASSERT_EQ(w.files.size(), 1 + s.images.size());
  EXPECT_EQ(w.files[0], (dir / "g.glb").string());
  EXPECT_EQ(fs::path(w.files[1]).filename(), "g.0.ktx2");
  for (const std::string& f : w.files) EXPECT_TRUE(fs::exists(f)) << f;
  ASSERT_EQ(w.notes.size(), 1u);
  EXPECT_NE(w.notes[0].find("KTX2 images written beside it"), std::string::npos);

  const OutputWriter& atlas = outputFor((dir / "t.atlas").string(), false);
  const OutputWritten a = atlas.convert(sample("terrain.chu"), (dir / "t.atlas").string(), {});
  EXPECT_EQ(a.files, std::vector<std::string>{(dir / "t.atlas").string()});
  EXPECT_STREQ(requireFormat((dir / "t.atlas").string()).name, "atlas");
}
