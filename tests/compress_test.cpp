// --compress (docs/performance.md "Compressed geometry"): EXT_meshopt_compression
// with quantized positions, a stage of the glTF write (gltf/compress.cpp).
// Checked by decoding with meshoptimizer's decoder and comparing against the
// uncompressed GLB of the same input.
#include "compress.h"
#include "container.h"
#include "gltf_read_helpers.h"
#include "strata/formats.h"
#include "test_support.h"

#include <gtest/gtest.h>
#include <meshoptimizer.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <map>

using namespace testsupport;
using nlohmann::json;

namespace {

uint32_t le32(const uint8_t* p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

struct Glb {
  json doc;
  std::vector<uint8_t> bin;
};

// The GLB's chunks (gltf/container.h, glTF 2.0 §4.4).
Glb splitGlb(const std::vector<uint8_t>& b) {
  const strata::gltf::glb::Chunks c = strata::gltf::glb::chunksOf(b, "test.glb");
  Glb g;
  g.doc = json::parse(c.json);
  g.bin.assign(c.bin, c.bin + c.binLength);
  return g;
}

// Every bufferView's bytes: compressed ones decoded with meshoptimizer, each
// checked against the fallback buffer's copy.
std::vector<std::vector<uint8_t>> decodedViews(const Glb& g, const std::vector<uint8_t>& fallback) {
  std::vector<std::vector<uint8_t>> views;
  for (const json& v : g.doc["bufferViews"]) {
    const size_t len = v["byteLength"], off = v.value("byteOffset", size_t(0));
    if (!v.contains("extensions")) {
      EXPECT_EQ(v["buffer"], 0);
      views.emplace_back(g.bin.begin() + long(off), g.bin.begin() + long(off + len));
      continue;
    }
    const json& e = v["extensions"]["EXT_meshopt_compression"];
    EXPECT_EQ(v["buffer"], 1);
    const size_t count = e["count"], stride = e["byteStride"];
    EXPECT_EQ(count * stride, len);
    const uint8_t* src = g.bin.data() + size_t(e["byteOffset"]);
    std::vector<uint8_t> out(len);
    int rc = e["mode"] == "ATTRIBUTES"
                 ? meshopt_decodeVertexBuffer(out.data(), count, stride, src, e["byteLength"])
                 : meshopt_decodeIndexBuffer(out.data(), count, stride, src, e["byteLength"]);
    EXPECT_EQ(rc, 0);
    EXPECT_TRUE(std::equal(out.begin(), out.end(), fallback.begin() + long(off)));
    views.push_back(std::move(out));
  }
  return views;
}

// A primitive's positions in the glTF frame (the node's scale and
// translation applied: KHR_mesh_quantization) and its triangles.
struct Geometry {
  std::vector<std::array<double, 3>> positions;
  std::vector<std::string> others; // each vertex's other attributes, as bytes (never quantized)
  std::vector<std::array<uint32_t, 3>> triangles;
};

Geometry geometry(const json& doc, const std::vector<std::vector<uint8_t>>& views, int node) {
  const json& n = doc["nodes"][node];
  const json& prim = doc["meshes"][int(n["mesh"])]["primitives"][0];
  const json& pa = doc["accessors"][int(prim["attributes"]["POSITION"])];
  const json& pv = doc["bufferViews"][int(pa["bufferView"])];
  const std::vector<uint8_t>& pb = views[pa["bufferView"]];
  std::array<double, 3> t{0, 0, 0}, s{1, 1, 1};
  for (int k = 0; k < 3; ++k) {
    if (n.contains("translation")) t[size_t(k)] = n["translation"][k];
    if (n.contains("scale")) s[size_t(k)] = n["scale"][k];
  }
  Geometry g;
  const bool q = pa["componentType"] == 5123;
  const size_t stride = pv.value("byteStride", q ? 6 : 12);
  for (size_t i = 0; i < pa["count"]; ++i) {
    std::array<double, 3> p;
    for (int k = 0; k < 3; ++k) {
      const uint8_t* at = pb.data() + i * stride + size_t(k) * (q ? 2 : 4);
      double v;
      if (q) {
        v = at[0] | at[1] << 8;
      } else {
        float f;
        std::memcpy(&f, at, 4);
        v = f;
      }
      p[size_t(k)] = t[size_t(k)] + s[size_t(k)] * v;
    }
    g.positions.push_back(p);
  }
  g.others.resize(g.positions.size());
  for (auto& [name, a] : prim["attributes"].items()) {
    if (name == "POSITION") continue;
    const json& acc = doc["accessors"][int(a)];
    const std::vector<uint8_t>& b = views[acc["bufferView"]];
    const size_t size = b.size() / g.positions.size();
    for (size_t i = 0; i < g.positions.size(); ++i)
      g.others[i].append(reinterpret_cast<const char*>(&b[i * size]), size);
  }
  const json& ia = doc["accessors"][int(prim["indices"])];
  const std::vector<uint8_t>& ib = views[ia["bufferView"]];
  const bool wide = ia["componentType"] == 5125;
  for (size_t i = 0; i + 2 < ia["count"]; i += 3) {
    std::array<uint32_t, 3> tri;
    for (size_t k = 0; k < 3; ++k)
      tri[k] = wide ? le32(&ib[4 * (i + k)]) : uint32_t(ib[2 * (i + k)] | ib[2 * (i + k) + 1] << 8);
    g.triangles.push_back(tri);
  }
  return g;
}

// The triangle with its smallest index first (winding kept).
std::array<uint32_t, 3> canonical(std::array<uint32_t, 3> t) {
  while (t[0] > t[1] || t[0] > t[2]) t = {t[1], t[2], t[0]};
  return t;
}

} // namespace

TEST(Compress, SamplesDecodeToTheSameGeometry) {
  for (const char* name : {"terrain-v140.atlas", "terrain.chu", "terrain-v100.atlas"}) {
    SCOPED_TRACE(name);
    const fs::path dir = tempDir();
    const fs::path in = sourceDir() / "samples" / name;
    ASSERT_EQ(cli({"convert", in.string(), "-o", (dir / "plain.glb").string()}).exitCode, 0);
    RunResult r = cli({"convert", in.string(), "--compress", "-o", (dir / "small.glb").string()});
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const std::vector<uint8_t> plainBytes = readBytes(dir / "plain.glb");
    const std::vector<uint8_t> smallBytes = readBytes(dir / "small.glb");
    EXPECT_LT(smallBytes.size() * 10, plainBytes.size() * 7); // at least 30 % smaller
    Glb plain = splitGlb(plainBytes), small = splitGlb(smallBytes);
    EXPECT_EQ(small.doc["buffers"][1]["uri"], "small.fallback.bin");
    EXPECT_EQ(small.doc["extensionsRequired"], json::array({"KHR_mesh_quantization"}));
    std::vector<std::vector<uint8_t>> pv;
    for (const json& v : plain.doc["bufferViews"]) {
      const size_t off = v.value("byteOffset", size_t(0));
      pv.emplace_back(plain.bin.begin() + long(off),
                      plain.bin.begin() + long(off + size_t(v["byteLength"])));
    }
    const auto sv = decodedViews(small, readBytes(dir / "small.fallback.bin"));
    ASSERT_EQ(plain.doc["nodes"].size(), small.doc["nodes"].size());
    for (size_t n = 0; n < plain.doc["nodes"].size(); ++n) {
      if (!plain.doc["nodes"][n].contains("mesh")) continue;
      Geometry a = geometry(plain.doc, pv, int(n)), b = geometry(small.doc, sv, int(n));
      ASSERT_EQ(a.positions.size(), b.positions.size());
      ASSERT_EQ(a.triangles.size(), b.triangles.size());
      // Each compressed vertex is a plain one (the same other attributes)
      // moved by at most the bound. Plain vertices identical in every
      // attribute are one vertex: each index becomes its class's first.
      std::map<std::pair<std::string, std::string>, uint32_t> first;
      std::vector<uint32_t> cls(a.positions.size());
      std::map<std::string, std::vector<uint32_t>> byOther;
      for (uint32_t j = 0; j < a.positions.size(); ++j) {
        std::string pos(reinterpret_cast<const char*>(a.positions[j].data()),
                        sizeof(a.positions[j]));
        cls[j] = first.emplace(std::make_pair(pos, a.others[j]), j).first->second;
        byOther[a.others[j]].push_back(j);
      }
      std::vector<uint32_t> to(b.positions.size());
      for (size_t i = 0; i < b.positions.size(); ++i) {
        double best = INFINITY;
        for (uint32_t j : byOther[b.others[i]]) {
          double d = 0;
          for (int k = 0; k < 3; ++k)
            d += std::pow(a.positions[j][size_t(k)] - b.positions[i][size_t(k)], 2);
          if (d < best) best = d, to[i] = cls[j];
        }
        EXPECT_LE(std::sqrt(best), strata::gltf::kMaxQuantizationError) << i;
      }
      std::multiset<std::array<uint32_t, 3>> ta, tb;
      for (auto t : a.triangles) ta.insert(canonical({cls[t[0]], cls[t[1]], cls[t[2]]}));
      for (auto t : b.triangles) tb.insert(canonical({to[t[0]], to[t[1]], to[t[2]]}));
      EXPECT_EQ(ta, tb) << "node " << n;
    }
    ValidatorResult v = validateGltf(dir / "small.glb");
    EXPECT_EQ(v.errors, 0) << v.raw;
    EXPECT_EQ(v.warnings, 0) << v.raw;
  }
}

TEST(Compress, QuantizesOnlyWithinTheBound) {
  // A quad of side `size`: 16-bit steps of size / 65535 move a vertex by up
  // to half a step per axis.
  auto quad = [](float size) {
    strata::Scene s;
    strata::Mesh m;
    strata::Primitive p;
    for (int i = 0; i < 64; ++i) // a strip of 32 quads, enough for the codec to pay
      p.positions.push_back({size * float(i / 2) / 31.0f, size * float(i % 2), 0.37f * float(i)});
    for (uint32_t i = 0; i + 3 < 64; i += 2)
      for (uint32_t k : {i, i + 1, i + 2, i + 2, i + 1, i + 3}) p.indices.push_back(k);
    m.primitives.push_back(p);
    addMeshNode(s, m);
    return s;
  };
  strata::gltf::WriteOptions wo;
  auto small = strata::gltf::compressedGlb(quad(100), wo, "f.bin");
  EXPECT_EQ(small.stats.quantizedMeshes, 1u);
  EXPECT_GT(small.stats.maxError, 0.0);
  EXPECT_LE(small.stats.maxError, strata::gltf::kMaxQuantizationError);
  // 2000 units across: a step of 0.0305, half of it over the bound.
  auto big = strata::gltf::compressedGlb(quad(2000), wo, "f.bin");
  EXPECT_EQ(big.stats.quantizedMeshes, 0u);
  EXPECT_EQ(big.stats.floatMeshes, 1u);
  Glb g = splitGlb(big.glb);
  EXPECT_FALSE(g.doc.contains("extensionsRequired"));
  EXPECT_EQ(g.doc["accessors"][0]["componentType"], 5126);
}

TEST(Compress, TilesetGlbsValidate) {
  STRATA_SKIP_WITHOUT_NODE();
  const fs::path dir = tempDir();
  RunResult r = cli({"tiles", (sourceDir() / "samples/terrain.chu").string(), "--compress", "-o",
                     (dir / "ts").string()});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  size_t glbs = 0;
  for (const auto& e : fs::directory_iterator(dir / "ts/tiles"))
    if (e.path().extension() == ".glb") {
      ++glbs;
      EXPECT_TRUE(fs::exists(dir / "ts/tiles" / (e.path().stem().string() + ".fallback.bin")));
      ValidatorResult v = validateGltf(e.path());
      EXPECT_EQ(v.errors, 0) << v.raw;
      EXPECT_EQ(v.warnings, 0) << v.raw;
      EXPECT_NE(v.raw.find("EXT_meshopt_compression"), std::string::npos) << v.raw;
    }
  EXPECT_EQ(glbs, 21u);
}

// Compression reads each view as the write makes it: a scene whose meshes
// are made on demand compresses to the bytes of the same scene held.
TEST(Compress, MeshesMadeOnDemandCompressAsHeld) {
  const std::string in = (sourceDir() / "samples/terrain-v140.atlas").string();
  strata::LoadOptions held, onDemand;
  onDemand.meshesOnDemand = true;
  const strata::Scene a = strata::requireFormat(in).load(in, held);
  const strata::Scene b = strata::requireFormat(in).load(in, onDemand);
  ASSERT_FALSE(a.meshSource.make);
  ASSERT_TRUE(b.meshSource.make);
  const auto x = strata::gltf::compressedGlb(a, {}, "f.bin");
  const auto y = strata::gltf::compressedGlb(b, {}, "f.bin");
  EXPECT_FALSE(x.stats.kept);
  EXPECT_GT(x.stats.quantizedMeshes, 0u);
  EXPECT_EQ(x.glb, y.glb);
  EXPECT_EQ(x.fallback.bytes, y.fallback.bytes);
}
