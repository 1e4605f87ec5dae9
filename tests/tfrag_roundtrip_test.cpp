// Writer -> reader round trips of the tfrag level writer (samples/tfrag-level
// is made by the same writer).
#include "strata/formats.h"
#include "synth/tfrag_synth.h"
#include "test_support.h"
#include "tfrag/tfrag_level.h"
#include "tfrag/tfrag_read.h"
#include "tfrag/tfrag_scene.h"
#include "tfrag/tfrag_write.h"

#include <gtest/gtest.h>

using namespace strata;
using namespace strata::tfrag;

namespace fs = std::filesystem;

namespace {

fs::path writeSample(const fs::path& dir, bool gsRam = true) {
  writeLevelDir(dir.string(), sampleLevelFiles(), gsRam);
  return dir;
}

} // namespace

TEST(TfragRoundTrip, BlockDecodesToTheModelItWasWrittenFrom) {
  SampleLevel s = makeSampleLevel();
  std::vector<uint8_t> bytes = writeTfragsBlock(s.block);
  TfragsBlock b = readTfragsBlock(bytes.data(), bytes.size(), "block", 0);
  ASSERT_EQ(b.tfrags.size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    const Tfrag& a = s.block.tfrags[i];
    const Tfrag& r = b.tfrags[i];
    EXPECT_EQ(r.vu.v, a.vu.v);
    EXPECT_EQ(r.origin, a.origin);
    for (int tier = 0; tier < 3; ++tier) {
      ASSERT_EQ(r.positions[tier].size(), a.positions[tier].size());
      for (size_t k = 0; k < a.positions[tier].size(); ++k) {
        EXPECT_EQ(r.positions[tier][k].x, a.positions[tier][k].x);
        EXPECT_EQ(r.positions[tier][k].y, a.positions[tier][k].y);
        EXPECT_EQ(r.positions[tier][k].z, a.positions[tier][k].z);
      }
      ASSERT_EQ(r.vertexInfo[tier].size(), a.vertexInfo[tier].size());
      for (size_t k = 0; k < a.vertexInfo[tier].size(); ++k) {
        EXPECT_EQ(r.vertexInfo[tier][k].s, a.vertexInfo[tier][k].s);
        EXPECT_EQ(r.vertexInfo[tier][k].t, a.vertexInfo[tier][k].t);
        EXPECT_EQ(r.vertexInfo[tier][k].parent, a.vertexInfo[tier][k].parent);
        EXPECT_EQ(r.vertexInfo[tier][k].vertex, a.vertexInfo[tier][k].vertex);
      }
    }
    EXPECT_EQ(r.header.vertCount, 25);
    EXPECT_EQ(r.header.triCount, 32);
  }
  // Re-encoding the decoded model gives the same bytes.
  EXPECT_EQ(writeTfragsBlock(b), bytes);
}

TEST(TfragRoundTrip, HandlerLoadsTheSampleLevel) {
  fs::path dir = writeSample(testsupport::tempDir() / "level");
  const FormatHandler* h = detectFormat(dir.string());
  ASSERT_NE(h, nullptr);
  EXPECT_STREQ(h->name, "tfrag");
  Scene s = h->load(dir.string(), LoadOptions{});
  EXPECT_EQ(s.nodes.size(), 4u);
  ValidationReport rep = h->validate(dir.string());
  for (auto& f : rep.findings) ADD_FAILURE() << f.message;
  EXPECT_EQ(rep.errors(), 0u);
  std::cout << rep.summary.dump() << "\n";
}
