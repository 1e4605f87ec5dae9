// Non-finite floats in Atlas geometry: a NaN or infinity in any
// float field kind of a stub or chunk is an error naming the chunk and the
// byte offset, in validate and (the same check) in convert, which refuses the
// file or under --partial leaves the chunk out and says so. Offsets are
// computed here from atlas-chu-tqt.md §1a / §3, independently of the reader.
#include "atlas/atlas_io.h"
#include "atlas_fixture.h"
#include "gltf_read_helpers.h"
#include "strata/atlas_export.h"
#include "strata/error.h"
#include "strata/formats.h"
#include "synth/atlas_synth.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

using namespace strata;
using namespace testsupport;

namespace {

struct Field {
  std::string name; // as the message names it
  size_t offset;
};

// Every float field kind of oneChunkFile(version), one component each, with
// its offset: vertex 1's fields, the chunk bounds, the stub's bounds or pos.
std::vector<Field> fieldsOf(uint32_t version, const std::vector<uint8_t>& file) {
  const size_t body = oneChunkFrame(file) + 12; // §2: ATSP, bodySize, agch
  const size_t verts = body + 4 + (version >= 120 ? 24 : 0) + 8 + 6 * 2 + 4;
  const size_t size = version >= 140 ? 52 : 40, v1 = verts + size;
  std::vector<Field> f = {{"vertex 1 point.y", v1 + 4}, {"vertex 1 texCoord.x", v1 + 12}};
  if (version < 130)
    f.push_back({"vertex 1 pointMorphOffset.z", v1 + 28}),
        f.push_back({"vertex 1 texMorphOffset.y", v1 + 36});
  else
    f.push_back({"vertex 1 texMorphOffset.y", v1 + 24}),
        f.push_back({"vertex 1 pointMorphOffset.z", v1 + 36});
  if (version >= 140) f.push_back({"vertex 1 normal.x", v1 + 40});
  if (version >= 120) f.push_back({"chunk mBounds min.y", body + 4 + 4});
  if (version >= 101 && version < 120) f.push_back({"chunk mBounds max.z", verts + 3 * size + 20});
  if (version >= 101)
    f.push_back({"stub mBounds max.x", kOneChunkStubFields + 12});
  else
    f.push_back({"stub pos.y", kOneChunkStubFields + 4});
  return f;
}

void putFloat(std::vector<uint8_t>& b, size_t at, float v) {
  std::memcpy(&b[at], &v, 4);
}

} // namespace

TEST(AtlasNonFinite, EveryFloatFieldKindIsAnErrorNamingChunkAndOffset) {
  fs::path dir = tempDir();
  for (uint32_t version : {100u, 110u, 125u, 135u, 140u}) {
    const std::vector<uint8_t> good = oneChunkFile(version, false);
    for (const Field& field : fieldsOf(version, good))
      for (float bad : {std::numeric_limits<float>::quiet_NaN(), -INFINITY}) {
        SCOPED_TRACE("v" + std::to_string(version) + " " + field.name);
        std::vector<uint8_t> b = good;
        putFloat(b, field.offset, bad);
        const fs::path path = dir / "nan.atlas";
        writeBytes(path, b);
        const FormatHandler& h = requireFormat(path.string());
        const std::string what = "Geom TOC 0 chunk L0_0_0: " + field.name + " is " +
                                 (std::isnan(bad) ? "NaN" : "infinite") +
                                 "; expected a finite number";
        ValidationReport rep = h.validate(path.string());
        ASSERT_EQ(rep.errors(), 1u);
        const Finding* err = nullptr;
        for (const Finding& f : rep.findings)
          if (f.severity == Severity::Error) err = &f;
        EXPECT_EQ(err->message, what);
        EXPECT_EQ(err->offset, field.offset);
        // The load runs the same check: it refuses with validate's error...
        LoadOptions o;
        try {
          h.load(path.string(), o);
          ADD_FAILURE() << "loaded";
        } catch (const Error& e) {
          EXPECT_EQ(e.detail(), what);
          EXPECT_EQ(e.offset(), field.offset);
        }
        // ...or under --partial leaves the chunk out and names it.
        o.partial = true;
        Scene s = h.load(path.string(), o);
        ASSERT_EQ(s.leftOut.size(), 1u);
        EXPECT_EQ(s.leftOut[0], "Geom TOC 0 chunk L0_0_0 " + byteAt(field.offset) + ": " +
                                    what.substr(what.find(field.name)));
        EXPECT_TRUE(s.meshes.empty());
        ASSERT_EQ(s.nodes.size(), 1u);
        EXPECT_EQ(s.nodes[0].mesh, -1);
      }
  }
}

TEST(AtlasNonFinite, ConvertRefusesOrLeavesTheChunkOutAndValidatesWithoutUb) {
  // A synthetic terrain of two levels; leaf chunk L1_0_1 gets a NaN height.
  // (Under ./dev sanitize the LOD consistency check runs on it with UBSan.)
  atlas::SynthOptions o;
  o.treeDepth = 2;
  o.gridQuads = 2;
  std::vector<uint8_t> b = atlas::writeAtlas(atlas::synthTerrain(o));
  const atlas::File f = atlas::readAtlas(b, "x");
  const uint32_t frame = f.tocs[0].geomStubs[2].offset; // §1: nodeId(1, 0, 1) = 1 + (0 << 1) + 1
  const size_t body = frame + 12;
  uint32_t indexCount;
  std::memcpy(&indexCount, &b[body + 4 + 24], 4);
  const size_t vertex3z = body + 4 + 24 + 8 + 2 * size_t(indexCount) + 4 + 3 * 52 + 8;
  putFloat(b, vertex3z, std::numeric_limits<float>::quiet_NaN());
  fs::path dir = tempDir();
  writeBytes(dir / "nan.atlas", b);
  const std::string in = (dir / "nan.atlas").string();
  const std::string what =
      "Geom TOC 0 chunk L1_0_1: vertex 3 point.z is NaN; expected a finite number";

  RunResult v = cli({"validate", in});
  EXPECT_EQ(v.exitCode, 1) << v.output;
  EXPECT_NE(v.output.find("error " + byteAt(vertex3z)), std::string::npos) << v.output;
  EXPECT_NE(v.output.find(what), std::string::npos) << v.output;

  MeasuredRun c = cliMeasured({"convert", in, "-o", (dir / "out.glb").string()});
  EXPECT_EQ(c.exitCode, 1);
  EXPECT_EQ(c.err, "strata: error: " + in + ": " + byteAt(vertex3z) + ": " + what + "\n");
  EXPECT_FALSE(fs::exists(dir / "out.glb"));

  MeasuredRun p = cliMeasured({"convert", in, "-o", (dir / "out.glb").string(), "--partial"});
  EXPECT_EQ(p.exitCode, 0) << p.err;
  EXPECT_NE(p.err.find(in + ": left out: Geom TOC 0 chunk L1_0_1 at byte"), std::string::npos)
      << p.err;
  ValidatorResult val = validateGltf(dir / "out.glb");
  EXPECT_EQ(val.errors, 0) << val.raw;
  tinygltf::Model m = loadGltf((dir / "out.glb").string());
  for (const char* name : {"L1_0_0", "L1_1_0", "L1_1_1"}) {
    const tinygltf::Node* n = findNode(m, name);
    ASSERT_NE(n, nullptr) << name;
    ASSERT_GE(n->mesh, 0) << name;
    for (double x :
         accessorValues(m, m.meshes[size_t(n->mesh)].primitives[0].attributes.at("POSITION")))
      EXPECT_TRUE(std::isfinite(x)) << name;
  }
  ASSERT_NE(findNode(m, "L1_0_1"), nullptr);
  EXPECT_EQ(findNode(m, "L1_0_1")->mesh, -1);

  // export-atlas refuses such a base: its chunks feed the ones it rewrites.
  AtlasExportReport report;
  try {
    exportAtlas(b, in, std::vector<AtlasChunkEdit>{}, "edit.glb", {}, report);
    ADD_FAILURE() << "exported onto a base with a NaN";
  } catch (const Error& e) {
    EXPECT_EQ(e.detail(), what);
    EXPECT_EQ(e.offset(), vertex3z);
  }
}
