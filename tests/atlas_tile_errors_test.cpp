// Atlas texture tiles that do not decode: validate decodes every
// tile and names the TOC, the tile and the offset; convert and textures refuse
// the file with that error, leaving nothing behind, and print nothing but
// Strata's own lines (no libpng / libjpeg chatter); under --partial the broken
// tile's chunks show the parent level's tile (placed by §4 at that level, the
// UVs addressing it) and the tile is named. Broken tiles are hand-built
// streams (png_fixture.h) in a synthetic terrain.
#include "atlas/atlas_io.h"
#include "gltf_read_helpers.h"
#include "png_fixture.h"
#include "synth/atlas_synth.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>

using namespace strata::atlas;
using namespace testsupport;
using namespace pngfixture;

namespace {

// Geometry depth 3, a unique texture tree of depth 3 of flat 8x8 PNG tiles
// (synthTileColour). Tex TOC 1; chunk L2_x_y shows stub (3 - x, y) (§4).
constexpr size_t kTexToc = 1;
size_t stubOf(uint32_t level, uint32_t x, uint32_t y) { // §1: nodeCount(level) + (x << level) + y
  return size_t((0x55555555u & ((1u << (2 * level)) - 1)) + (x << level) + y);
}

struct Terrain {
  fs::path path;
  uint64_t payload = 0; // first image byte of the replaced tile
};

// The terrain with the tiles at `stubs` replaced by `bytes` (mFormat `format`).
Terrain writeTerrain(const fs::path& dir, const std::vector<size_t>& stubs,
                     const std::vector<uint8_t>& bytes, uint8_t format = 1) {
  File f = synthUniqueTerrain(3, 3);
  for (size_t s : stubs) {
    Frame* fr = f.frameAt(f.tocs[kTexToc].texStubs[s].offset);
    fr->tex.format = format;
    fr->tex.data = bytes;
  }
  layoutAtlas(f);
  Terrain out;
  out.path = dir / "t.atlas";
  writeBytes(out.path, writeAtlas(f));
  if (!stubs.empty()) out.payload = f.tocs[kTexToc].texStubs[stubs[0]].offset + 13; // §2, §4
  return out;
}

// Every stderr line is one of Strata's: no library prints by itself.
void expectOnlyStrataLines(const std::string& err, const std::string& input) {
  std::istringstream lines(err);
  for (std::string line; std::getline(lines, line);)
    EXPECT_TRUE(line.rfind("strata: error: ", 0) == 0 ||
                line.rfind(input + ": left out: ", 0) == 0 ||
                line.rfind(input + ": warning: ", 0) == 0)
        << "not a Strata line: " << line;
}

struct Broken {
  const char* name;
  std::vector<uint8_t> bytes;
  uint64_t offset; // of the error inside the stream
  std::string what;
};

std::vector<Broken> brokenTiles() {
  std::vector<Broken> out;
  const std::vector<uint8_t> good = flatPng(8, 8, 1, 2, 3);
  out.push_back({"cut inside IDAT",
                 std::vector<uint8_t>(good.begin(), good.begin() + long(kFirstIdatOffset) + 30),
                 kFirstIdatOffset,
                 "expected a PNG image: libpng stopped in the IDAT chunk: the data ends inside "
                 "this chunk"});
  out.push_back({"zero width", png(ihdr(0, 8), storedZlib(flatRows(8, 8, 1, 2, 3))), 8,
                 "expected a PNG image: libpng stopped in the IHDR chunk: Invalid IHDR data "
                 "(Image width is zero in IHDR)"});
  std::vector<uint8_t> raw = flatRows(8, 8, 1, 2, 3);
  raw[3 * (1 + 8 * 4)] = 7; // row 3's filter type (§9.2 knows 0..4)
  out.push_back({"bad filter byte", png(ihdr(8, 8), storedZlib(raw)), kFirstIdatOffset,
                 "expected a PNG image: libpng stopped in the IDAT chunk: bad adaptive filter "
                 "value"});
  const std::vector<uint8_t> six = storedZlib(flatRows(8, 6, 1, 2, 3));
  out.push_back({"too few rows", png(ihdr(8, 8), six), kFirstIdatOffset + 12 + six.size(),
                 "expected a PNG image: libpng stopped in the IEND chunk: Not enough image data"});
  return out;
}

// A tile of `format` (0 JPEG, 1 PNG) that both commands refuse, saying `what`.
struct RefusedTile {
  const char* name;
  std::vector<uint8_t> bytes;
  uint8_t format;
  std::string what;
};

// `strata validate PATH`, or `strata convert PATH -o DIR/o.glb`: refused
// (exit 1), saying `what`, in Strata's own lines only.
MeasuredRun expectRefused(const char* command, const fs::path& path, const fs::path& dir,
                          const std::string& what) {
  std::vector<std::string> args = {command, path.string()};
  if (std::string(command) == "convert") args.insert(args.end(), {"-o", (dir / "o.glb").string()});
  MeasuredRun r = cliMeasured(args);
  EXPECT_EQ(r.exitCode, 1) << command;
  EXPECT_NE((r.out + r.err).find(what), std::string::npos) << r.out << r.err;
  expectOnlyStrataLines(r.err, path.string());
  return r;
}

} // namespace

// For each broken PNG as chunk L2_1_2's tile (stub (2, 2) = 15): validate,
// convert, convert --partial (the parent tile (1, 1) = 4 in its place).
TEST(AtlasTileErrors, BrokenPngTileValidateConvertPartial) {
  const fs::path dir = tempDir();
  for (const Broken& b : brokenTiles()) {
    SCOPED_TRACE(b.name);
    const Terrain t = writeTerrain(dir, {stubOf(2, 2, 2)}, b.bytes);
    const std::string in = t.path.string();
    const uint64_t offset = t.payload + b.offset;
    const std::string piece = "Tex TOC 1 tile L2_2_2 (stub 15)";

    MeasuredRun v = cliMeasured({"validate", in});
    EXPECT_EQ(v.exitCode, 1);
    EXPECT_NE(v.out.find(in + ": error " + byteAt(offset) + ": " + piece + ": " + b.what),
              std::string::npos)
        << v.out;
    EXPECT_NE(v.out.find("(1 errors, 0 warnings)"), std::string::npos) << v.out;
    EXPECT_EQ(v.err, "");

    const fs::path glb = dir / "t.glb";
    fs::remove(glb);
    MeasuredRun c = cliMeasured({"convert", in, "-o", glb.string()});
    EXPECT_EQ(c.exitCode, 1);
    EXPECT_EQ(c.err,
              "strata: error: " + in + ": " + byteAt(offset) + ": " + piece + ": " + b.what + "\n");
    EXPECT_FALSE(fs::exists(glb));

    MeasuredRun p = cliMeasured({"convert", in, "-o", glb.string(), "--partial"});
    ASSERT_EQ(p.exitCode, 0) << p.err;
    EXPECT_EQ(p.err, in + ": left out: " + piece + " " + byteAt(offset) + ": " + b.what +
                         "; the chunks it covers show the level-1 tile above it instead\n");
    expectOnlyStrataLines(p.err, in);
    ValidatorResult val = validateGltf(glb);
    EXPECT_EQ(val.errors, 0) << val.raw;
    EXPECT_EQ(val.warnings, 0) << val.raw;
    tinygltf::Model m = loadGltf(glb.string());
    // L2_1_2 projects to level 1 node (0, 1): stub (1 - 0, 1), the parent's colour.
    std::array<uint8_t, 4> px = baseColorPixel(m, "L2_1_2", 5, 6);
    std::array<uint8_t, 3> parent = synthTileColour(1, 1, 1);
    EXPECT_EQ(px[0], parent[0]);
    EXPECT_EQ(px[1], parent[1]);
    EXPECT_EQ(px[2], parent[2]);
    // Its UVs address the parent tile: §4 at level 1 (N = 2, xL = 0, yL = 1):
    // U = 2 tc.x - 1, V = 2 tc.y + 0 + 1 - 2, tc being TEXCOORD_1.
    const auto& prim = m.meshes[size_t(findNode(m, "L2_1_2")->mesh)].primitives[0];
    std::vector<double> uv0 = accessorValues(m, prim.attributes.at("TEXCOORD_0"));
    std::vector<double> uv1 = accessorValues(m, prim.attributes.at("TEXCOORD_1"));
    ASSERT_EQ(uv0.size(), uv1.size());
    for (size_t i = 0; i < uv0.size(); i += 2) {
      EXPECT_NEAR(uv0[i], 2 * uv1[i] - 1, 1e-5);
      EXPECT_NEAR(uv0[i + 1], 2 * uv1[i + 1] - 1, 1e-5);
      EXPECT_GE(uv0[i], -1e-5);
      EXPECT_LE(uv0[i], 1 + 1e-5);
    }
    // Its neighbour keeps its own tile: L2_1_3 shows stub (2, 3).
    px = baseColorPixel(m, "L2_1_3");
    EXPECT_EQ(px[1], synthTileColour(2, 2, 3)[1]);
    EXPECT_EQ(px[2], synthTileColour(2, 2, 3)[2]);
  }
}

TEST(AtlasTileErrors, NoDecodableAncestorUnusedTilesTexturesAndTexturesNone) {
  const fs::path dir = tempDir();
  const std::vector<uint8_t> cut = brokenTiles()[0].bytes;

  // L2_1_2's tile, its parent and the root all broken: untextured, and said so.
  Terrain t = writeTerrain(dir, {stubOf(2, 2, 2), stubOf(1, 1, 1), stubOf(0, 0, 0)}, cut);
  std::string in = t.path.string();
  const fs::path glb = dir / "t.glb";
  MeasuredRun p = cliMeasured({"convert", in, "-o", glb.string(), "--partial"});
  ASSERT_EQ(p.exitCode, 0) << p.err;
  EXPECT_NE(p.err.find("Tex TOC 1 tile L2_2_2 (stub 15) at byte"), std::string::npos) << p.err;
  EXPECT_NE(p.err.find("; the chunks it covers are untextured (no tile above it decodes)\n"),
            std::string::npos)
      << p.err;
  // One line per broken tile, in stub order, the ancestors tried on the way too.
  size_t root = p.err.find("Tex TOC 1 tile L0_0_0 (stub 0) at byte");
  size_t parent = p.err.find("Tex TOC 1 tile L1_1_1 (stub 4) at byte");
  EXPECT_LT(root, parent);
  EXPECT_LT(parent, p.err.find("Tex TOC 1 tile L2_2_2 (stub 15) at byte"));
  expectOnlyStrataLines(p.err, in);
  tinygltf::Model m = loadGltf(glb.string());
  EXPECT_EQ(m.meshes[size_t(findNode(m, "L2_1_2")->mesh)].primitives[0].material, -1);
  // L2_0_2 (stub (3, 2)) is intact and shown; L2_0_3's parent is broken but its own tile is fine.
  EXPECT_EQ(baseColorPixel(m, "L2_0_2")[1], synthTileColour(2, 3, 2)[1]);

  // Only an unused tile broken (the root): still an error, as validate says.
  t = writeTerrain(dir, {stubOf(0, 0, 0)}, cut);
  in = t.path.string();
  MeasuredRun c = cliMeasured({"convert", in, "-o", glb.string()});
  EXPECT_EQ(c.exitCode, 1);
  EXPECT_NE(c.err.find("Tex TOC 1 tile L0_0_0 (stub 0)"), std::string::npos) << c.err;
  p = cliMeasured({"convert", in, "-o", glb.string(), "--partial"});
  EXPECT_EQ(p.exitCode, 0) << p.err;
  EXPECT_NE(p.err.find("Tex TOC 1 tile L0_0_0 (stub 0) at byte"), std::string::npos) << p.err;
  EXPECT_NE(p.err.find("; no chunk shows it at this level of detail\n"), std::string::npos)
      << p.err;
  // --textures none decodes no image: images are not part of that output.
  fs::remove(glb);
  MeasuredRun none = cliMeasured({"convert", in, "-o", glb.string(), "--textures", "none"});
  EXPECT_EQ(none.exitCode, 0) << none.err;
  EXPECT_EQ(none.err, "");
  EXPECT_TRUE(fs::exists(glb));

  // `strata textures`: refuses and writes nothing; --partial writes the other 20 and names it.
  const fs::path tiles = dir / "tiles";
  MeasuredRun x = cliMeasured({"textures", in, "-o", tiles.string()});
  EXPECT_EQ(x.exitCode, 1);
  EXPECT_NE(x.err.find("strata: error: " + in + ": at byte"), std::string::npos) << x.err;
  EXPECT_FALSE(fs::exists(tiles));
  x = cliMeasured({"textures", in, "-o", tiles.string(), "--partial"});
  EXPECT_EQ(x.exitCode, 0) << x.err;
  size_t written = 0;
  for (auto& e : fs::directory_iterator(tiles)) written += e.path().extension() == ".png";
  EXPECT_EQ(written, 20u);
  EXPECT_FALSE(fs::exists(tiles / "tex0_L0_0_0.png"));
  EXPECT_NE(x.err.find(in + ": left out: Tex TOC 1 tile L0_0_0 (stub 0) at byte " +
                       std::to_string(t.payload + kFirstIdatOffset)),
            std::string::npos)
      << x.err;
  EXPECT_NE(x.err.find("; not written\n"), std::string::npos) << x.err;
}

// Tiny streams claiming huge images, as a tile: refused from the
// header in well under a second, with bounded memory (the fix is measured: the
// 74-byte PNG used to take 4.3 GB, the 337-byte JPEG 6.9 GB and 29 s).
TEST(AtlasTileErrors, HugeDeclaredTilesFailFastWithBoundedMemory) {
  const fs::path dir = tempDir();
  const RefusedTile cases[] = {
      {"PNG 32768^2", png(ihdr(32768, 32768), storedZlib(std::vector<uint8_t>(16, 0))), 1,
       "PNG declares 32768x32768; expected each side in 1..16384"},
      {"PNG 16384^2", png(ihdr(16384, 16384), storedZlib(std::vector<uint8_t>(16, 0))), 1,
       "deflate expands at most 1032:1"},
      {"JPEG 29793x29214", jpegHeader(29793, 29214, 310), 0,
       "JPEG declares 29793x29214; expected each side in 1..16384"},
      {"JPEG 16000^2", jpegHeader(16000, 16000, 310), 0, "2 bits for each of its 4000000"}};
  for (const RefusedTile& k : cases) {
    SCOPED_TRACE(k.name);
    const Terrain t = writeTerrain(dir, {stubOf(2, 2, 2)}, k.bytes, k.format);
    for (const char* command : {"validate", "convert"}) {
      const MeasuredRun r = expectRefused(command, t.path, dir, k.what);
      EXPECT_LT(r.seconds, 10.0) << command;
      // A process that decodes nothing big stays near its ~140 MB baseline
      // (OpenImageIO's libraries); the claimed images need 1 GiB and more.
      EXPECT_LT(r.peakKiB, 512 * 1024) << command;
    }
  }
}

namespace {

// A baseline JPEG of one 8-bit component, `side` x `side`, with one Huffman
// code each (T.81 B.2.4.2): DC category 0 and AC run 0 size 1, both "0", and
// `scanBytes` zero bytes of scan data. Each 8x8 block then takes 1 + 63 x 2
// bits, so the bytes hold a few rows of blocks and the data ends there.
std::vector<uint8_t> thinJpeg(uint16_t side, size_t scanBytes) {
  std::vector<uint8_t> j = {0xFF, 0xD8, 0xFF, 0xDB, 0, 67, 0}; // SOI, DQT table 0
  j.insert(j.end(), 64, 1);
  j.insert(j.end(), {0xFF, 0xC0, 0, 11, 8, uint8_t(side >> 8), uint8_t(side), uint8_t(side >> 8),
                     uint8_t(side), 1, 1, 0x11, 0});     // SOF0, one component
  for (uint8_t table : {uint8_t(0x00), uint8_t(0x10)}) { // DHT DC 0, AC 0: one 1-bit code
    j.insert(j.end(), {0xFF, 0xC4, 0, 20, table, 1});
    j.insert(j.end(), 15, 0);
    j.push_back(table ? 0x01 : 0x00);
  }
  j.insert(j.end(), {0xFF, 0xDA, 0, 8, 1, 1, 0x00, 0, 63, 0}); // SOS
  j.insert(j.end(), scanBytes, 0);
  j.insert(j.end(), {0xFF, 0xD9});
  return j;
}

} // namespace

// Streams that declare 16384^2 and hold just the fewest bytes the codec's
// rule allows, but decode only a few rows: each fails cleanly, its memory
// growing with the rows that decode (an image of that size needs 1 GiB).
TEST(AtlasTileErrors, ThinImagesFailBeforeSpendingTheirSize) {
  const fs::path dir = tempDir();
  const RefusedTile cases[] = {
      // 1-bit grey: 2,049 bytes a row; least 33,554,432 / 1032 bytes.
      {"PNG 1-bit grey", png(ihdr(16384, 16384, 1, 0), storedZlib(std::vector<uint8_t>(32600, 0))),
       1, "Not enough image data"},
      // RGBA8: the fast path's buffer, then libpng's rows.
      {"PNG RGBA8", png(ihdr(16384, 16384), storedZlib(std::vector<uint8_t>(1040400, 0))), 1,
       "Not enough image data"},
      // 2 bits a block at the least: 4,194,304 blocks.
      {"JPEG baseline", thinJpeg(16384, 1048576), 0, "expected a JPEG image"}};
  for (const RefusedTile& k : cases) {
    SCOPED_TRACE(k.name);
    const Terrain t = writeTerrain(dir, {stubOf(2, 2, 2)}, k.bytes, k.format);
    for (const char* command : {"validate", "convert"})
      EXPECT_LT(expectRefused(command, t.path, dir, k.what).peakKiB, 256 * 1024) << command;
    EXPECT_FALSE(fs::exists(dir / "o.glb"));
  }
}
