// A Ratchet & Clank 2 disc image (rc2-level-wad.md section 5), built by
// Debian's xorriso as an independent ISO-9660 writer: every LEVEL<n>.WAD in
// it is a batch input, --level picks by id or name, and the image, the level
// files and the extracted directories give the same geometry, textures and
// names. Images whose directory records loop or point outside them (made by
// hand, tools/synth/iso_synth.cpp) are clean errors with nothing written, or,
// with --partial, the intact levels.
#include "common/bytes.h"
#include "gltf_read_helpers.h"
#include "iso/iso9660.h"
#include "strata/error.h"
#include "strata/formats.h"
#include "strata/rc2.h"
#include "synth/iso_synth.h"
#include "synth/rc2_synth.h"
#include "test_support.h"

#include <gtest/gtest.h>

using namespace strata;
using namespace testsupport;

namespace {

// G/LEVEL0.WAD (id 0), G/LEVEL1.WAD (id 1, chunked), G/LEVEL21.WAD (id 30)
// and a SYSTEM.CNF, as a folder and as an image of it. Empty when xorriso
// is missing.
fs::path buildDisc(const fs::path& dir) {
  fs::create_directories(dir / "disc" / "G");
  writeBytes(dir / "disc" / "G" / "LEVEL0.WAD", rc2::synthLevelWad(0));
  writeBytes(dir / "disc" / "G" / "LEVEL1.WAD", rc2::synthLevelWad(1, true));
  writeBytes(dir / "disc" / "G" / "LEVEL21.WAD", rc2::synthLevelWad(30));
  writeBytes(dir / "disc" / "SYSTEM.CNF", {'B', 'O', 'O', 'T', '2'});
  const fs::path iso = dir / "RC2.iso";
  const RunResult r = run("xorriso -as mkisofs -quiet -o '" + iso.string() + "' '" +
                          (dir / "disc").string() + "' 2>&1");
  if (r.exitCode != 0) return {};
  return iso;
}

#define SKIP_WITHOUT_XORRISO(iso)                                                                  \
  if ((iso).empty()) GTEST_SKIP() << "xorriso is not installed (./dev setup installs it)"

std::vector<std::string> glbs(const fs::path& dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec))
    names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

} // namespace

TEST(Rc2Disc, ListsItsLevelsByIdAndName) {
  const fs::path dir = tempDir();
  const fs::path iso = buildDisc(dir);
  SKIP_WITHOUT_XORRISO(iso);
  EXPECT_STREQ(requireFormat(iso.string()).name, "rc2-disc");
  const std::vector<rc2::LevelEntry> levels = rc2::listLevels(iso.string());
  ASSERT_EQ(levels.size(), 3u);
  EXPECT_EQ(levels[0].file, "G/LEVEL0.WAD");
  EXPECT_EQ(levels[0].name, "Aranos Tutorial");
  EXPECT_EQ(levels[1].id, 1);
  EXPECT_EQ(levels[2].file, "G/LEVEL21.WAD");
  EXPECT_EQ(levels[2].id, 30);
  EXPECT_EQ(levels[2].name, "Insomniac Museum");
  EXPECT_EQ(levels[2].path, iso.string() + "::G/LEVEL21.WAD");
  EXPECT_STREQ(requireFormat(levels[2].path).name, "rc2-level");
  // The same from the folder of files.
  const std::vector<rc2::LevelEntry> files = rc2::listLevels((dir / "disc" / "G").string());
  ASSERT_EQ(files.size(), 3u);
  EXPECT_EQ(files[2].id, 30);
  RunResult i = cli({"info", iso.string()});
  EXPECT_EQ(i.exitCode, 0) << i.output;
  EXPECT_NE(i.output.find("rc2 disc image: 3 levels"), std::string::npos) << i.output;
  EXPECT_NE(i.output.find("G/LEVEL1.WAD: id 1 Oozla, 8 tfrags, 2 chunks, 3 textures"),
            std::string::npos)
      << i.output;
  EXPECT_NE(i.output.find("G/LEVEL21.WAD: id 30 Insomniac Museum, 4 tfrags"), std::string::npos)
      << i.output;
  RunResult one = cli({"info", iso.string(), "--level", "museum"});
  EXPECT_EQ(one.exitCode, 1) << one.output; // names match whole
  // A directory of level files: each level described.
  RunResult dirInfo = cli({"info", (dir / "disc" / "G").string()});
  EXPECT_EQ(dirInfo.exitCode, 0) << dirInfo.output;
  EXPECT_NE(dirInfo.output.find("LEVEL21.WAD: rc2 level 30 (Insomniac Museum)"), std::string::npos)
      << dirInfo.output;
  one = cli({"info", iso.string(), "--level", "insomniac museum"});
  EXPECT_EQ(one.exitCode, 0) << one.output;
  EXPECT_NE(one.output.find("rc2 level 30 (Insomniac Museum)"), std::string::npos) << one.output;
}

TEST(Rc2Disc, ImageFilesAndExtractedDirectoriesGiveTheSameLevels) {
  const fs::path dir = tempDir();
  const fs::path iso = buildDisc(dir);
  SKIP_WITHOUT_XORRISO(iso);
  RunResult c = cli({"convert", iso.string(), "-o", (dir / "from-iso").string()});
  ASSERT_EQ(c.exitCode, 0) << c.output;
  EXPECT_NE(c.output.find("converted 3 of 3 inputs"), std::string::npos) << c.output;
  EXPECT_EQ(glbs(dir / "from-iso"),
            (std::vector<std::string>{"LEVEL0.glb", "LEVEL1.glb", "LEVEL21.glb"}));
  c = cli({"convert", (dir / "disc" / "G").string(), "-o", (dir / "from-files").string()});
  ASSERT_EQ(c.exitCode, 0) << c.output;
  for (const char* name : {"LEVEL0.glb", "LEVEL1.glb", "LEVEL21.glb"}) {
    SCOPED_TRACE(name);
    // The same level read from the image and from its file: the same GLB.
    EXPECT_EQ(readBytes(dir / "from-iso" / name), readBytes(dir / "from-files" / name));
  }
  const tinygltf::Model m = loadGltf((dir / "from-iso" / "LEVEL21.glb").string());
  expectValid(dir / "from-iso" / "LEVEL21.glb");
  EXPECT_EQ(m.scenes.at(0).name, "Insomniac Museum");
  const tinygltf::Node* root = findNode(m, "Insomniac Museum");
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->extras.Get("strata").Get("level").GetNumberAsInt(), 30);
  // The extracted directory of the same level: its tfrags and textures alike.
  rc2::SynthLevel o;
  o.id = 30;
  const rc2::SynthExtracted x = rc2::synthExtracted(o);
  fs::create_directories(dir / "extracted");
  writeBytes(dir / "extracted" / "core_index.bin", x.coreIndex);
  writeBytes(dir / "extracted" / "core_data.wad", x.coreDataWad);
  writeBytes(dir / "extracted" / "gs_ram.bin", x.gsRam);
  LoadOptions lo;
  const Scene fromDir =
      requireFormat((dir / "extracted").string()).load((dir / "extracted").string(), lo);
  const std::string member = iso.string() + "::G/LEVEL21.WAD";
  const Scene fromIso = requireFormat(member).load(member, lo);
  ASSERT_EQ(fromIso.meshes.size(), fromDir.meshes.size());
  for (size_t k = 0; k < fromDir.meshes.size(); ++k) {
    ASSERT_EQ(fromIso.meshes[k].primitives.size(), fromDir.meshes[k].primitives.size());
    for (size_t p = 0; p < fromDir.meshes[k].primitives.size(); ++p) {
      EXPECT_EQ(fromIso.meshes[k].primitives[p].positions,
                fromDir.meshes[k].primitives[p].positions);
      EXPECT_EQ(fromIso.meshes[k].primitives[p].uv0, fromDir.meshes[k].primitives[p].uv0);
    }
  }
  ASSERT_EQ(fromIso.images.size(), fromDir.images.size());
  for (size_t k = 0; k < fromDir.images.size(); ++k)
    EXPECT_EQ(fromIso.images[k].data, fromDir.images[k].data);
}

TEST(Rc2Disc, LevelPicksByIdOrNameCaseInsensitive) {
  const fs::path dir = tempDir();
  const fs::path iso = buildDisc(dir);
  SKIP_WITHOUT_XORRISO(iso);
  RunResult c = cli(
      {"convert", iso.string(), "--level", "OOZLA", "--level", "30", "-o", (dir / "two").string()});
  ASSERT_EQ(c.exitCode, 0) << c.output;
  EXPECT_EQ(glbs(dir / "two"), (std::vector<std::string>{"LEVEL1.glb", "LEVEL21.glb"}));
  // One level into a file.
  c = cli(
      {"convert", iso.string(), "--level", "aranos_tutorial", "-o", (dir / "one.glb").string()});
  ASSERT_EQ(c.exitCode, 0) << c.output;
  EXPECT_EQ(loadGltf((dir / "one.glb").string()).scenes.at(0).name, "Aranos Tutorial");
  // From a directory too.
  c = cli({"convert", (dir / "disc" / "G").string(), "--level", "insomniac museum", "-o",
           (dir / "museum.glb").string()});
  ASSERT_EQ(c.exitCode, 0) << c.output;
  // A selector that picks nothing is an error, and nothing is written.
  c = cli({"convert", iso.string(), "--level", "21", "-o", (dir / "none").string()});
  EXPECT_EQ(c.exitCode, 1) << c.output;
  EXPECT_NE(c.output.find("--level 21"), std::string::npos) << c.output;
  EXPECT_FALSE(fs::exists(dir / "none"));
  // validate takes --level as well.
  RunResult v = cli({"validate", iso.string(), "--level", "1"});
  EXPECT_EQ(v.exitCode, 0) << v.output;
  EXPECT_NE(v.output.find("validated 1 files"), std::string::npos) << v.output;
}

TEST(Rc2Disc, ABrokenLevelKeepsTheDiscFromBeingWrittenUnlessPartial) {
  const fs::path dir = tempDir();
  std::vector<uint8_t> broken = rc2::synthLevelWad(1);
  const uint64_t data = uint64_t(loadLE<int32_t>(broken, 0x10)) * 0x800;
  const uint64_t coreData = data + uint64_t(loadLE<int32_t>(broken, size_t(data) + 0x48));
  broken[size_t(coreData) + 16] = 0xFF; // a match before any output
  broken[size_t(coreData) + 17] = 0xFF;
  const std::vector<uint8_t> img = iso::synthIso({{"G/LEVEL0.WAD", rc2::synthLevelWad(0)},
                                                  {"G/LEVEL1.WAD", broken},
                                                  {"G/LEVEL2.WAD", rc2::synthLevelWad(2)}});
  writeBytes(dir / "disc.iso", img);
  RunResult c = cli({"convert", (dir / "disc.iso").string(), "-o", (dir / "out").string()});
  EXPECT_EQ(c.exitCode, 1) << c.output;
  EXPECT_NE(c.output.find("WAD packet at byte 0x10"), std::string::npos) << c.output;
  EXPECT_TRUE(glbs(dir / "out").empty()) << c.output;
  c = cli({"convert", (dir / "disc.iso").string(), "--partial", "-o", (dir / "partial").string()});
  EXPECT_EQ(c.exitCode, 1) << c.output;
  EXPECT_EQ(glbs(dir / "partial"), (std::vector<std::string>{"LEVEL0.glb", "LEVEL2.glb"}));
}

TEST(Rc2Disc, DirectoryLoopsAndExtentsOutsideTheImageAreErrors) {
  const fs::path dir = tempDir();
  const std::vector<iso::SynthFile> files = {{"G/LEVEL0.WAD", rc2::synthLevelWad(0)},
                                             {"H/README.TXT", {'h', 'i'}}};
  const iso::SynthLayout layout = iso::synthIsoLayout(files);
  ASSERT_EQ(layout.directoryExtents.size(), 3u); // root, G, H
  // H's "." record is skipped; a record in H pointing back at the root is a loop:
  // replace H's ".." with a named directory record onto the root.
  std::vector<uint8_t> loop = iso::synthIso(files);
  const size_t h = size_t(layout.directoryExtents[2]);
  const size_t dotdot = h + loop[h];
  loop[dotdot + 32] = 1;
  loop[dotdot + 33] = 'X'; // now "X", a directory whose extent is the root's
  writeBytes(dir / "loop.iso", loop);
  try {
    iso::listFiles(loop.data(), loop.size(), "loop.iso");
    ADD_FAILURE() << "the loop was walked";
  } catch (const Error& e) {
    EXPECT_EQ(e.offset(), dotdot);
    EXPECT_NE(e.detail().find("a directory loop"), std::string::npos) << e.what();
  }
  RunResult c = cli({"convert", (dir / "loop.iso").string(), "-o", (dir / "out").string()});
  EXPECT_EQ(c.exitCode, 1) << c.output;
  EXPECT_NE(c.output.find("a directory loop"), std::string::npos) << c.output;
  EXPECT_TRUE(glbs(dir / "out").empty());
  RunResult v = cli({"validate", (dir / "loop.iso").string()});
  EXPECT_EQ(v.exitCode, 1) << v.output;
  EXPECT_NE(v.output.find(byteAt(dotdot)), std::string::npos) << v.output;
  // With --partial: the levels outside the looping directory.
  c = cli({"convert", (dir / "loop.iso").string(), "--partial", "-o", (dir / "partial").string()});
  EXPECT_EQ(c.exitCode, 0) << c.output;
  EXPECT_NE(c.output.find("left out"), std::string::npos) << c.output;
  EXPECT_EQ(glbs(dir / "partial"), (std::vector<std::string>{"LEVEL0.glb"}));
  // A file extent past the end of the image.
  std::vector<uint8_t> outside = iso::synthIso(files);
  const size_t g = size_t(layout.directoryExtents[1]);
  const size_t rec = g + outside[g] + outside[g + outside[g]]; // after "." and ".."
  storeLE<uint32_t>(outside, rec + 2, 0x100000);
  writeBytes(dir / "outside.iso", outside);
  try {
    iso::listFiles(outside.data(), outside.size(), "outside.iso");
    ADD_FAILURE() << "an extent outside the image was listed";
  } catch (const Error& e) {
    EXPECT_EQ(e.offset(), rec + 2);
    EXPECT_NE(e.detail().find("lies outside the image"), std::string::npos) << e.what();
  }
  c = cli({"convert", (dir / "outside.iso").string(), "-o", (dir / "out2").string()});
  EXPECT_EQ(c.exitCode, 1) << c.output;
  EXPECT_TRUE(glbs(dir / "out2").empty());
}

TEST(Rc2Disc, IdentifierBytesThatAreNotTextAreEscaped) {
  const fs::path dir = tempDir();
  const std::vector<iso::SynthFile> files = {{"G/LEVEL0.WAD", rc2::synthLevelWad(0)},
                                             {"H/README.TXT", {'h', 'i'}}};
  const iso::SynthLayout layout = iso::synthIsoLayout(files);
  std::vector<uint8_t> image = iso::synthIso(files);
  // H's one file renamed "R\x8C/%.TXT": not UTF-8, a '/' and a '%' (ECMA-119 7.5 allows neither).
  const size_t h = size_t(layout.directoryExtents[2]);
  const size_t rec = h + image[h] + image[h + image[h]]; // after "." and ".."
  ASSERT_EQ(image[rec + 33], 'R');
  const uint8_t name[] = {'R', 0x8C, '/', '%'};
  std::copy(std::begin(name), std::end(name), image.begin() + rec + 33);
  const std::vector<iso::FileEntry> listed = iso::listFiles(image.data(), image.size(), "x.iso");
  ASSERT_EQ(listed.size(), 2u);
  EXPECT_EQ(listed[0].path, "G/LEVEL0.WAD");
  EXPECT_EQ(listed[1].path, "H/R%8C%2F%25ME.TXT");
  writeBytes(dir / "x.iso", image);
  const RunResult info = cli({"info", "--json", (dir / "x.iso").string()});
  EXPECT_EQ(info.exitCode, 0) << info.output;
  const RunResult v = cli({"validate", "--json", (dir / "x.iso").string()});
  EXPECT_EQ(v.exitCode, 0) << v.output;
}
