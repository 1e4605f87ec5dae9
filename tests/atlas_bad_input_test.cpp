// Bad Atlas input: a clear error naming the file and byte offset, never a
// crash, hang or huge allocation; the CLI exits non-zero and leaves no output.
#include "atlas/atlas_io.h"
#include "atlas/atlas_offsets.h"
#include "strata/error.h"
#include "strata/parallel.h"
#include "synth/atlas_synth.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace strata::atlas;
using namespace testsupport;

namespace {

std::vector<uint8_t> smallFile() {
  SynthOptions o;
  o.treeDepth = 2;
  o.gridQuads = 1;
  o.skirts = false;
  File f = synthTerrain(o);
  // A config chunk too, so every kind of frame is cut somewhere.
  Toc cfg;
  cfg.kind = TocKind::Config;
  cfg.tag = "Config";
  cfg.configStubs.resize(1);
  cfg.configStubs[0].offset = 999999;
  cfg.configStubs[0].length = 1;
  f.tocs.push_back(cfg);
  Frame fr;
  fr.kind = TocKind::Config;
  fr.offset = 999999;
  fr.config.entries = {{"type", "unique"}, {"textureSlot", "0"}};
  f.frames.push_back(fr);
  layoutAtlas(f);
  return writeAtlas(f);
}

std::string errorOf(const std::vector<uint8_t>& bytes) {
  try {
    readAtlas(bytes, "bad.atlas");
  } catch (const strata::Error& e) {
    return e.what();
  }
  return "";
}

} // namespace

TEST(AtlasBadInput, TruncatedAnywhereIsAnErrorNamingTheFile) {
  std::vector<uint8_t> good = smallFile();
  ASSERT_NO_THROW(readAtlas(good, "good.atlas"));
  for (size_t n = 0; n < good.size(); ++n) {
    std::vector<uint8_t> cut(good.begin(), good.begin() + long(n));
    std::string e = errorOf(cut);
    ASSERT_FALSE(e.empty()) << "truncated at " << n << " was accepted";
    ASSERT_NE(e.find("bad.atlas"), std::string::npos) << e;
    ASSERT_NE(e.find("at byte"), std::string::npos) << e;
  }
}

TEST(AtlasBadInput, EverySingleByteCorruptionFailsCleanlyOrParses) {
  // Flip each byte: the reader must either parse or throw strata::Error
  // (sanitizer builds turn any out-of-bounds access into a failure).
  std::vector<uint8_t> good = smallFile();
  for (size_t i = 0; i < good.size(); ++i) {
    std::vector<uint8_t> b = good;
    b[i] ^= 0xFF;
    try {
      readAtlas(b, "flip.atlas");
    } catch (const strata::Error&) {
    }
  }
}

TEST(AtlasBadInput, WrongMagicAndMarkersNameWhatWasExpected) {
  std::vector<uint8_t> good = smallFile();
  File f = readAtlas(good, "x");
  const uint32_t frame = f.tocs[0].geomStubs[0].offset;

  std::vector<uint8_t> b = good;
  b[0] = 'X';
  EXPECT_NE(errorOf(b).find("at byte 0 (0x0): expected Atlas magic"), std::string::npos)
      << errorOf(b);

  b = good;
  b[frame] = 'X'; // ATSP
  EXPECT_NE(errorOf(b).find("ATSP"), std::string::npos);
  EXPECT_NE(errorOf(b).find("at byte " + std::to_string(frame)), std::string::npos) << errorOf(b);

  b = good;
  b[frame + 8] = 'X'; // agch
  EXPECT_NE(errorOf(b).find("agch"), std::string::npos) << errorOf(b);

  b = good;
  const uint32_t len = f.tocs[0].geomStubs[0].length;
  b[frame + len - 1] = 'X'; // agct
  EXPECT_NE(errorOf(b).find("agct"), std::string::npos) << errorOf(b);

  b = good;
  b[frame + len - 5] ^= 0xFF; // 0xCEFEDEEF footer
  EXPECT_NE(errorOf(b).find("geometry footer 0xCEFEDEEF"), std::string::npos) << errorOf(b);

  b = good;
  b[4 + 1 + 1 + 4 + 16 + 36] = 0xD1; // first stub's sentinel
  EXPECT_NE(errorOf(b).find("sentinel 0xD0"), std::string::npos) << errorOf(b);
}

// A stub wrong before any frame is read is named by kind, index and TOC,
// with the offset it holds.
TEST(AtlasBadInput, StubsInsideTheTocsOrSharingAnOffsetWronglyAreNamed) {
  const std::vector<uint8_t> good = smallFile();
  const File f = readAtlas(good, "x");
  ASSERT_EQ(f.tocs[0].kind, TocKind::Geom);
  const size_t e2 = size_t(stubFileOffset(f, 0, 2));
  std::vector<uint8_t> b = good;
  put32(b, e2, 8); // inside the TOCs
  std::string e = errorOf(b);
  EXPECT_NE(e.find("at byte 8 "), std::string::npos) << e;
  EXPECT_NE(e.find("geometry stub 2 of TOC 0 points inside the TOC region"), std::string::npos)
      << e;
  b = good;
  const GeomStub s1 = f.tocs[0].geomStubs[1];
  put32(b, e2, s1.offset); // stub 2 names stub 1's frame, one byte longer
  put32(b, e2 + 4, s1.length + 1);
  e = errorOf(b);
  EXPECT_NE(e.find("at byte " + std::to_string(s1.offset) + " "), std::string::npos) << e;
  EXPECT_NE(e.find("geometry stub 2 of TOC 0 shares its offset with a different chunk"),
            std::string::npos)
      << e;
}

// Frames are read in the order they lie in the file, on every thread the
// budget has; the error is still that of the first bad frame in stub order.
TEST(AtlasBadInput, ErrorIsTheFirstBadFrameInStubOrderWhereverItLies) {
  std::vector<uint8_t> b = smallFile();
  const File f = readAtlas(b, "x");
  ASSERT_EQ(f.tocs[0].kind, TocKind::Geom);
  const GeomStub s1 = f.tocs[0].geomStubs[1], s2 = f.tocs[0].geomStubs[2];
  ASSERT_LT(s1.offset, s2.offset);
  // Stubs 1 and 2 trade frames (a stub: offset, then length): stub 1 names the later one.
  const size_t e1 = size_t(stubFileOffset(f, 0, 1)), e2 = size_t(stubFileOffset(f, 0, 2));
  put32(b, e1, s2.offset);
  put32(b, e1 + 4, s2.length);
  put32(b, e2, s1.offset);
  put32(b, e2 + 4, s1.length);
  b[s1.offset] = 'X'; // both frames' ATSP
  b[s2.offset] = 'X';
  for (unsigned threads : {1u, 2u}) {
    strata::setThreadBudget(threads);
    const std::string e = errorOf(b);
    EXPECT_NE(e.find("at byte " + std::to_string(s2.offset) + " "), std::string::npos) << e;
    EXPECT_NE(e.find("for geometry stub 1 of TOC 0"), std::string::npos) << e;
  }
  strata::setThreadBudget(strata::requestedJobs(0));
}

TEST(AtlasBadInput, UnknownTagIsAClearError) {
  std::vector<uint8_t> b = smallFile();
  b[6] = 'X'; // "Geom" -> "Xeom"
  EXPECT_NE(errorOf(b).find("unknown kind tag \"Xeom\""), std::string::npos) << errorOf(b);
  // A byte that is not UTF-8 is percent-escaped (strata/text.h): messages stay
  // valid UTF-8 for `validate --json`.
  b[6] = char(0xB0);
  EXPECT_NE(errorOf(b).find("unknown kind tag \"%B0eom\""), std::string::npos) << errorOf(b);
}

TEST(AtlasBadInput, HugeCountsFailBeforeAllocating) {
  std::vector<uint8_t> b = smallFile();
  put32(b, 4 + 1 + 1 + 4 + 8, 0x7FFFFFFF); // Geom stubCount
  std::string e = errorOf(b);
  EXPECT_NE(e.find("count 2147483647 of geometry stubs"), std::string::npos) << e;

  b = smallFile();
  File f = readAtlas(b, "x");
  const uint32_t frame = f.tocs[0].geomStubs[0].offset;
  put32(b, frame + 12 + 4 + 24, 0xFFFFFFF0); // mIndexCount
  e = errorOf(b);
  EXPECT_TRUE(e.find("mSkirtSkipCount") != std::string::npos ||
              e.find("indices") != std::string::npos)
      << e;
}

TEST(AtlasBadInput, StubPastEofOrOverlappingIsRejected) {
  std::vector<uint8_t> b = smallFile();
  File f = readAtlas(b, "x");
  const size_t stub0 = 4 + 1 + 1 + 4 + 16;
  const size_t stub1 = stub0 + 37;
  std::vector<uint8_t> past = b;
  put32(past, stub0, uint32_t(b.size() - 8));
  EXPECT_NE(errorOf(past).find("past the end of the file"), std::string::npos) << errorOf(past);

  // Stub 1 moved to start inside stub 0's frame with the right length: overlap.
  std::vector<uint8_t> overlap = b;
  const uint32_t s0 = f.tocs[0].geomStubs[0].offset;
  const uint32_t s1 = f.tocs[0].geomStubs[1].offset;
  ASSERT_LT(s0, s1);
  std::vector<uint8_t> frame1(b.begin() + s1, b.begin() + s1 + f.tocs[0].geomStubs[1].length);
  // Write a copy of frame 1 at s0 + 16 (inside frame 0) and point stub 1 at it.
  std::copy(frame1.begin(), frame1.end(), overlap.begin() + s0 + 16);
  put32(overlap, stub1, s0 + 16);
  std::string e = errorOf(overlap);
  EXPECT_FALSE(e.empty());
}

TEST(AtlasBadInput, CliExitsNonZeroAndLeavesNoOutput) {
  fs::path dir = tempDir();
  std::vector<uint8_t> b = smallFile();
  b.resize(b.size() - 3);
  writeBytes(dir / "cut.atlas", b);
  RunResult r = cli({"convert", (dir / "cut.atlas").string(), "-o", (dir / "cut.glb").string()});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.output.find("cut.atlas: at byte"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir / "cut.glb"));
  for (auto& e : fs::directory_iterator(dir)) EXPECT_EQ(e.path().extension(), ".atlas") << e.path();

  RunResult v = cli({"validate", (dir / "cut.atlas").string()});
  EXPECT_EQ(v.exitCode, 1);
  EXPECT_NE(v.output.find("INVALID"), std::string::npos) << v.output;

  RunResult i = cli({"info", (dir / "cut.atlas").string()});
  EXPECT_EQ(i.exitCode, 1);
}

TEST(AtlasBadInput, ValidateReportsStructuralRules) {
  fs::path dir = tempDir();
  SynthOptions o;
  o.treeDepth = 2;
  o.gridQuads = 1;
  File f = synthTerrain(o);
  f.frames[0].geom.indices[0] = 200;            // index past mVertCount
  f.tocs[0].geomStubs[1].bounds.max[2] = -1000; // stub bounds != chunk bounds
  layoutAtlas(f);
  writeBytes(dir / "v.atlas", writeAtlas(f));
  RunResult r = cli({"validate", (dir / "v.atlas").string()});
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find("index 200 >= mVertCount"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("stub bounds differ from chunk bounds"), std::string::npos) << r.output;

  // Drop one level-1 stub: the quadtree count rule.
  File g = synthTerrain(o);
  g.tocs[0].geomStubs.pop_back();
  g.frames.erase(g.frames.begin() + 4);
  layoutAtlas(g);
  writeBytes(dir / "count.atlas", writeAtlas(g));
  r = cli({"validate", (dir / "count.atlas").string()});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.output.find("stubCount 4 but a quadtree of depth 2 has 5 nodes"), std::string::npos)
      << r.output;
}
