// Bad CHU and TQT input per §9e: a clear error naming the file, the byte
// offset and what was expected; never a crash; the CLI exits 1 and leaves no
// output. Consistency comparisons are warnings, not errors.
#include "atlas/atlas_load.h"
#include "chu/chu_atlas.h"
#include "chu/chu_io.h"
#include "chu_fixtures.h"
#include "corruption.h"
#include "strata/error.h"
#include "test_support.h"
#include "tqt/tqt_atlas.h"
#include "tqt/tqt_io.h"

#include <gtest/gtest.h>

using namespace strata;
using namespace testsupport;

namespace {

struct Failure {
  bool thrown = false, unsupported = false;
  uint64_t offset = Error::kNoOffset;
  std::string what;
};

template <class F> Failure failureOf(F f) {
  Failure r;
  try {
    f();
  } catch (const Unsupported& e) {
    r = {true, true, e.offset(), e.what()};
  } catch (const Error& e) {
    r = {true, false, e.offset(), e.what()};
  }
  return r;
}

Failure chuFailure(const std::vector<uint8_t>& b) {
  return failureOf([&] { chu::readChu(b, "bad.chu"); });
}
Failure tqtFailure(const std::vector<uint8_t>& b) {
  return failureOf([&] { tqt::readTqt(b, "bad.tqt"); });
}

#define EXPECT_FAILS_AT(failure, off, text)                                                        \
  do {                                                                                             \
    Failure f_ = (failure);                                                                        \
    EXPECT_TRUE(f_.thrown);                                                                        \
    EXPECT_EQ(f_.offset, uint64_t(off)) << f_.what;                                                \
    EXPECT_NE(f_.what.find(text), std::string::npos) << f_.what;                                   \
    EXPECT_NE(f_.what.find("bad."), std::string::npos) << f_.what;                                 \
  } while (0)

// `good` reads (`failure` says how a read of bytes fails); every shorter
// prefix of it fails with an error naming `file`.
void expectEveryCutFails(const std::vector<uint8_t>& good,
                         Failure (*failure)(const std::vector<uint8_t>&), const std::string& file) {
  ASSERT_FALSE(failure(good).thrown);
  for (size_t n = 0; n < good.size(); ++n) {
    std::vector<uint8_t> cut(good.begin(), good.begin() + long(n));
    Failure f = failure(cut);
    ASSERT_TRUE(f.thrown) << "truncated at " << n << " was accepted";
    ASSERT_NE(f.what.find(file), std::string::npos) << f.what;
  }
}

// with(edit): how a read of `good` fails once `edit` has changed a copy of it.
struct EditedRead {
  const std::vector<uint8_t>& good;
  Failure (*failure)(const std::vector<uint8_t>&);
  template <class Edit> Failure operator()(Edit edit) const {
    std::vector<uint8_t> b = good;
    edit(b);
    return failure(b);
  }
};

} // namespace

TEST(ChuBadInput, TruncatedAnywhereIsAnError) {
  expectEveryCutFails(chufix::chuBytes(nullptr, false), chuFailure, "bad.chu");
}

TEST(ChuBadInput, EachStructuralRuleOfSection9e) {
  chufix::ChuLayout L;
  const std::vector<uint8_t> good = chufix::chuBytes(&L);
  const EditedRead with{good, chuFailure};
  EXPECT_FAILS_AT(with([](auto& b) { b[3] = '2'; }), 0, "CHU magic CHU3");
  Failure v = with([](auto& b) { put16(b, 4, 401); });
  EXPECT_TRUE(v.unsupported);
  EXPECT_NE(v.what.find("version 401"), std::string::npos) << v.what;
  EXPECT_FAILS_AT(with([](auto& b) { put16(b, 6, 0); }), 6, "treeDepth 0");
  EXPECT_FAILS_AT(with([](auto& b) { put32(b, 0x14, 6); }), 0x14, "chunkCount 6");
  EXPECT_FAILS_AT(with([&](auto& b) { put32(b, L.stubAt[2], 0xDEADBEEE); }), L.stubAt[2],
                  "CHU stub sentinel");
  // Labels unique and covering the tree.
  EXPECT_FAILS_AT(with([&](auto& b) { put32(b, L.stubAt[3] + 4, 3); }), L.stubAt[3] + 4,
                  "repeats label 3");
  EXPECT_FAILS_AT(with([&](auto& b) { put32(b, L.stubAt[3] + 4, 5); }), L.stubAt[3] + 4,
                  "label 5 outside the tree");
  EXPECT_FAILS_AT(with([&](auto& b) { put32(b, L.stubAt[3] + 4, uint32_t(-1)); }), L.stubAt[3] + 4,
                  "label -1");
  // Chunk ranges: past the end, inside the stub table.
  EXPECT_FAILS_AT(with([&](auto& b) { put32(b, L.stubAt[0] + 33, uint32_t(b.size())); }),
                  L.stubAt[0] + 33, "past the end of the file");
  EXPECT_FAILS_AT(with([&](auto& b) { put32(b, L.stubAt[0] + 33, 40); }), L.stubAt[0] + 33,
                  "inside the header and stub table");
  EXPECT_FAILS_AT(with([&](auto& b) { put32(b, L.chunkAt[0], 0xBEEF1235); }), L.chunkAt[0],
                  "expected CHU chunk sentinel 0xBEEF1234");
  EXPECT_FAILS_AT(with([&](auto& b) { put32(b, L.rootIndexCountAt, uint32_t(-3)); }),
                  L.rootIndexCountAt, "indexCount -3");
  EXPECT_FAILS_AT(with([&](auto& b) { put32(b, L.rootIndexCountAt, 0x7FFFFFFF); }),
                  L.rootIndexCountAt + 4, "CHU indices");
  EXPECT_FAILS_AT(with([&](auto& b) { b[L.label2FlagAt] = 2; }), L.label2FlagAt, "colDataFlag 2");
  EXPECT_FAILS_AT(with([&](auto& b) { put32(b, L.label2MarkAt, 0xB33FD34E); }), L.label2MarkAt,
                  "CHU collision mark");
  EXPECT_FAILS_AT(with([&](auto& b) { put32(b, L.rootFooterAt, 0); }), L.rootFooterAt,
                  "CHU chunk footer");
  EXPECT_FAILS_AT(with([&](auto& b) { put32(b, 0x18, 0); }), L.label2FlagAt, "colTreeDepth is 0");
}

TEST(ChuBadInput, OverlappingChunksAreRejected) {
  // A minimal valid chunk (no vertices, no indices) written over the root
  // chunk's vertex bytes, with label 1's stub pointing at it: both chunks
  // parse, but their ranges overlap.
  chufix::ChuLayout L;
  std::vector<uint8_t> b = chufix::chuBytes(&L);
  Bytes inner;
  inner.u32(0xBEEF1234).u16(0).s32(0).u32(0).u8(0).u32(0xB1E2E3F4); // 19 bytes
  const size_t at = L.chunkAt[0] + 6;                               // the root's first vertex
  std::copy(inner.b.begin(), inner.b.end(), b.begin() + long(at));
  put32(b, L.stubAt[2] + 33, uint32_t(at));
  Failure f = chuFailure(b);
  EXPECT_TRUE(f.thrown);
  EXPECT_EQ(f.offset, at) << f.what;
  EXPECT_NE(f.what.find("overlaps the previous chunk"), std::string::npos) << f.what;
}

TEST(ChuBadInput, RandomCorruptionNeverCrashes) {
  testsupport::CorruptionOptions o;
  o.seed = 6;
  o.truncateOneIn = 0; // truncation has its own test above
  auto c = testsupport::corruptAndRead({chufix::chuBytes()}, o, [](const std::vector<uint8_t>& b) {
    chu::File f = chu::readChu(b, "fuzz.chu");
    chu::writeChu(f);
    chu::toAtlas(f, nullptr, "fuzz.chu");
  });
  EXPECT_GT(c.accepted, 0);
  EXPECT_GT(c.rejected, 0);
}

TEST(TqtBadInput, TruncatedAnywhereIsAnError) {
  expectEveryCutFails(chufix::tqtBytes(nullptr, false), tqtFailure, "bad.tqt");
}

TEST(TqtBadInput, EachStructuralRuleOfSection9e) {
  chufix::TqtLayout L;
  const std::vector<uint8_t> good = chufix::tqtBytes(&L);
  const EditedRead with{good, tqtFailure};
  EXPECT_FAILS_AT(with([](auto& b) { b[2] = 'x'; }), 0, "TQT magic");
  EXPECT_FAILS_AT(with([](auto& b) { put32(b, 8, 0); }), 8, "treeDepth 0");
  EXPECT_FAILS_AT(with([](auto& b) { put32(b, 8, 16); }), 8, "treeDepth 16");
  EXPECT_FAILS_AT(with([](auto& b) { put32(b, 8, 9); }), 16, "TQT tile offsets");
  // Tile ranges: an offset past the end, into the table, a chunkSize past the end.
  EXPECT_FAILS_AT(with([&](auto& b) { put32(b, 16 + 8, uint32_t(b.size() + 10)); }), 16 + 8,
                  "past the end of the file");
  EXPECT_FAILS_AT(with([&](auto& b) { put32(b, 16 + 8, 20); }), 16 + 8,
                  "inside the header and offset table");
  EXPECT_FAILS_AT(with([&](auto& b) { put32(b, L.tileAt[2], 100000); }), L.tileAt[2] + 4,
                  "TQT tile DDS bytes");
  // The payload must begin with DDS and hold a complete stream: checked per
  // tile by decoding it (what validate, textures and a CHU's convert do), so
  // the reader accepts the file and the tile load names the tile.
  auto tileLoad = [&](auto edit) {
    std::vector<uint8_t> b = good;
    edit(b);
    return failureOf([&] {
      const tqt::File f = tqt::readTqt(b, "bad.tqt");
      atlas::loadTiles(tqt::asAtlas(f), {}, "bad.tqt", tqt::tileOrigins(f, "bad.tqt"));
    });
  };
  EXPECT_FAILS_AT(tileLoad([&](auto& b) { b[L.tileAt[0] + 4] = 'X'; }), L.tileAt[0] + 4,
                  "TQT tile L0_0_0 (table entry 0): expected DDS magic");
  EXPECT_FAILS_AT(tileLoad([&](auto& b) {
                    put32(b, L.tileAt[0] + 4 + 12, 8); // dwHeight 8: needs 128 bytes of pixels
                  }),
                  L.tileAt[0] + 4 + 128, "TQT tile L0_0_0 (table entry 0): expected image data");
}

TEST(TqtBadInput, PartiallyOverlappingTilesAreRejected) {
  // Depth 2: entries 0-3 share an 8x8 tile T at 36; entry 4 names a 1x1 tile
  // written inside T's pixel bytes. Both are complete DDS tiles; their
  // distinct ranges overlap (§9e).
  Bytes b;
  b.u8('t').u8('q').u8('t').u8(0).u32(2).u32(2).u32(8);
  b.u32(36).u32(36).u32(36).u32(36).u32(168);
  std::vector<uint8_t> big = chufix::solidDds(9, 9, 9, 8); // 128 + 256 bytes
  std::vector<uint8_t> small = chufix::solidDds(1, 2, 3, 1);
  b.u32(uint32_t(big.size())).raw(big);
  ASSERT_EQ(b.size(), 36u + 4 + 384);
  const size_t at = 36 + 4 + 128; // T's first pixel
  put32(b.b, at, uint32_t(small.size()));
  std::copy(small.begin(), small.end(), b.b.begin() + long(at + 4));
  Failure f = tqtFailure(b.b);
  EXPECT_TRUE(f.thrown);
  EXPECT_EQ(f.offset, at) << f.what;
  EXPECT_NE(f.what.find("overlaps the previous tile"), std::string::npos) << f.what;
  // Identical offsets are fine: the same tile shared.
  put32(b.b, 32, 36);
  EXPECT_FALSE(tqtFailure(b.b).thrown);
}

TEST(ChuBadInput, CliExitsOneAndLeavesNoOutput) {
  fs::path dir = tempDir();
  std::vector<uint8_t> b = chufix::chuBytes();
  b.resize(b.size() - 30);
  writeBytes(dir / "bad.chu", b);
  for (const char* out : {"bad.glb", "bad.atlas"}) {
    RunResult r = cli({"convert", (dir / "bad.chu").string(), "-o", (dir / out).string()});
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find("bad.chu: at byte"), std::string::npos) << r.output;
    EXPECT_FALSE(fs::exists(dir / out));
  }
  RunResult v = cli({"validate", (dir / "bad.chu").string()});
  EXPECT_EQ(v.exitCode, 1);
  EXPECT_NE(v.output.find("INVALID"), std::string::npos) << v.output;
}

TEST(ChuValidate, ConsistencyComparisonsAreWarnings) {
  fs::path dir = tempDir();
  chufix::ChuLayout L;
  std::vector<uint8_t> good = chufix::chuBytes(&L);
  writeBytes(dir / "good.chu", good);
  RunResult ok = cli({"validate", (dir / "good.chu").string()});
  EXPECT_EQ(ok.exitCode, 0) << ok.output;
  EXPECT_NE(ok.output.find("ok (0 errors, 0 warnings)"), std::string::npos) << ok.output;

  std::vector<uint8_t> b = good;
  put32(b, L.rootFooterAt - 5, 7);           // root triCount 7, but 6 indices
  put16(b, L.stubAt[2] + 29, 1);             // label 1 stub min 1, but a vertex has z 0
  put16(b, L.stubAt[4] + 29, uint16_t(-50)); // label 2 stub min -50 (conservative)
  writeBytes(dir / "warn.chu", b);
  RunResult w = cli({"validate", (dir / "warn.chu").string()});
  EXPECT_EQ(w.exitCode, 0) << w.output;
  EXPECT_NE(w.output.find("(0 errors, 2 warnings)"), std::string::npos) << w.output;
  EXPECT_NE(w.output.find("triCount 7"), std::string::npos) << w.output;
  EXPECT_NE(w.output.find("2 stubs have min/max"), std::string::npos) << w.output;

  // An index past the vertices is an error (§9b: indices must refer to existing vertices).
  b = good;
  put16(b, L.rootFooterAt - 7, 4); // the root's last index
  writeBytes(dir / "index.chu", b);
  RunResult e = cli({"validate", (dir / "index.chu").string()});
  EXPECT_EQ(e.exitCode, 1) << e.output;
  EXPECT_NE(e.output.find("index 4 but only 4 vertices"), std::string::npos) << e.output;
  RunResult conv = cli({"convert", (dir / "index.chu").string(), "-o", (dir / "i.glb").string()});
  EXPECT_EQ(conv.exitCode, 1);
  EXPECT_FALSE(fs::exists(dir / "i.glb"));
}

TEST(TqtValidate, TileSizeDisagreeingWithTheDdsIsAWarning) {
  fs::path dir = tempDir();
  std::vector<uint8_t> b = chufix::tqtBytes();
  put32(b, 12, 8); // tileSize 8, tiles are 4x4
  writeBytes(dir / "t.tqt", b);
  RunResult r = cli({"validate", (dir / "t.tqt").string()});
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("(0 errors, 1 warnings)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("4 tiles differ from tileSize"), std::string::npos) << r.output;
}
