#include "meshopt_compress.h"

#include "strata/error.h"
#include "strata/fileio.h"

#include <meshoptimizer.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>

namespace strata::gltf {

namespace {

using nlohmann::json;

constexpr int kArrayBuffer = 34962, kElementArrayBuffer = 34963;
constexpr int kShort = 5122, kUnsignedShort = 5123, kUnsignedInt = 5125, kFloat = 5126;

uint32_t le32(const uint8_t* p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}
void put32(std::vector<uint8_t>& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(uint8_t(v >> (8 * i)));
}
void align4(std::vector<uint8_t>& b, uint8_t fill = 0) {
  while (b.size() % 4) b.push_back(fill);
}

int components(const std::string& type) {
  return type == "SCALAR" ? 1 : type == "VEC2" ? 2 : type == "VEC3" ? 3 : type == "VEC4" ? 4 : 0;
}
int componentSize(int ct) {
  return ct == 5120 || ct == 5121 ? 1 : ct == kShort || ct == kUnsignedShort ? 2 : 4;
}

// The GLB as its JSON and binary chunk, and the byte ranges of each view.
struct Gltf {
  json doc;
  std::vector<std::vector<uint8_t>> views; // each view's bytes
  std::vector<int> strides;                // 0: tightly packed
};

Gltf parse(const std::vector<uint8_t>& glb) {
  if (glb.size() < 20 || le32(glb.data()) != 0x46546C67)
    throw Error("", Error::kNoOffset, "--compress: not a GLB");
  const uint32_t jsonLen = le32(&glb[12]);
  Gltf g;
  g.doc = json::parse(glb.begin() + 20, glb.begin() + 20 + jsonLen);
  std::vector<uint8_t> bin;
  const size_t binAt = 20 + jsonLen;
  if (binAt + 8 <= glb.size()) {
    const uint32_t len = le32(&glb[binAt]);
    bin.assign(glb.begin() + long(binAt + 8), glb.begin() + long(binAt + 8 + len));
  }
  for (const json& v : g.doc.value("bufferViews", json::array())) {
    const size_t off = v.value("byteOffset", size_t(0)), len = v["byteLength"];
    g.views.emplace_back(bin.begin() + long(off), bin.begin() + long(off + len));
    g.strides.push_back(v.value("byteStride", 0));
  }
  return g;
}

std::vector<uint8_t> serialise(const json& doc, const std::vector<uint8_t>& bin) {
  std::string text = doc.dump();
  while (text.size() % 4) text += ' ';
  std::vector<uint8_t> out;
  put32(out, 0x46546C67);
  put32(out, 2);
  put32(out, uint32_t(12 + 8 + text.size() + (bin.empty() ? 0 : 8 + bin.size())));
  put32(out, uint32_t(text.size()));
  put32(out, 0x4E4F534A); // JSON
  out.insert(out.end(), text.begin(), text.end());
  if (!bin.empty()) {
    put32(out, uint32_t(bin.size()));
    put32(out, 0x004E4942); // BIN
    out.insert(out.end(), bin.begin(), bin.end());
  }
  return out;
}

size_t elementSize(const json& accessor) {
  return size_t(components(accessor["type"])) * size_t(componentSize(accessor["componentType"]));
}

std::vector<unsigned> readIndices(const Gltf& g, const json& a) {
  const std::vector<uint8_t>& v = g.views[a["bufferView"]];
  const size_t n = a["count"];
  std::vector<unsigned> out(n);
  for (size_t i = 0; i < n; ++i)
    out[i] = a["componentType"] == kUnsignedInt ? le32(&v[4 * i])
                                                : unsigned(v[2 * i] | v[2 * i + 1] << 8);
  return out;
}

void writeIndices(Gltf& g, const json& a, const std::vector<unsigned>& idx) {
  std::vector<uint8_t>& v = g.views[a["bufferView"]];
  const bool wide = a["componentType"] == kUnsignedInt;
  for (size_t i = 0; i < idx.size(); ++i) {
    if (wide)
      std::memcpy(&v[4 * i], &idx[i], 4);
    else
      v[2 * i] = uint8_t(idx[i]), v[2 * i + 1] = uint8_t(idx[i] >> 8);
  }
}

// Every accessor a primitive reads per vertex: attributes and morph targets.
std::vector<int> vertexAccessors(const json& prim) {
  std::vector<int> out;
  for (auto& [name, a] : prim["attributes"].items()) out.push_back(a);
  for (const json& t : prim.value("targets", json::array()))
    for (auto& [name, a] : t.items()) out.push_back(a);
  return out;
}

std::vector<Vec3> readVec3(const Gltf& g, const json& a) {
  std::vector<Vec3> out(a["count"].get<size_t>());
  std::memcpy(out.data(), g.views[a["bufferView"]].data(), out.size() * sizeof(Vec3));
  return out;
}

// Triangle and vertex order for locality (the same triangles), where every
// accessor of the primitive is its own and the primitive's alone.
void reorder(Gltf& g, json& prim, const std::vector<int>& accessorUses,
             const std::vector<int>& viewUses) {
  if (!prim.contains("indices") || prim.value("mode", 4) != 4) return;
  json& accessors = g.doc["accessors"];
  const json& ia = accessors[int(prim["indices"])];
  const std::vector<int> va = vertexAccessors(prim);
  std::vector<int> all = va;
  all.push_back(prim["indices"]);
  for (int a : all)
    if (accessorUses[size_t(a)] != 1 || !accessors[a].contains("bufferView") ||
        viewUses[size_t(int(accessors[a]["bufferView"]))] != 1 ||
        accessors[a].value("byteOffset", 0) != 0 || g.strides[accessors[a]["bufferView"]] != 0)
      return;
  const size_t vertexCount = accessors[va.front()]["count"];
  for (int a : va)
    if (size_t(accessors[a]["count"]) != vertexCount) return;
  std::vector<unsigned> idx = readIndices(g, ia);
  if (idx.size() % 3) return;
  for (unsigned i : idx)
    if (i >= vertexCount) return;
  meshopt_optimizeVertexCache(idx.data(), idx.data(), idx.size(), vertexCount);
  std::vector<unsigned> remap(vertexCount);
  const size_t kept =
      meshopt_optimizeVertexFetchRemap(remap.data(), idx.data(), idx.size(), vertexCount);
  if (kept != vertexCount)
    return; // unreferenced vertices: keep the order (and the accessors' min/max)
  meshopt_remapIndexBuffer(idx.data(), idx.data(), idx.size(), remap.data());
  writeIndices(g, ia, idx);
  for (int a : va) {
    std::vector<uint8_t>& v = g.views[accessors[a]["bufferView"]];
    std::vector<uint8_t> out(v.size());
    meshopt_remapVertexBuffer(out.data(), v.data(), vertexCount, elementSize(accessors[a]),
                              remap.data());
    v = std::move(out);
  }
}

// KHR_mesh_quantization for one mesh drawn by one plain node: POSITION as
// unsigned 16-bit steps of s from the mesh's minimum corner, morph deltas as
// signed steps, and the node scaled by s and moved to that corner.
bool quantizeMesh(Gltf& g, int meshIndex, json& node, CompressStats& stats) {
  json& accessors = g.doc["accessors"];
  json& mesh = g.doc["meshes"][meshIndex];
  std::vector<int> bases, targets;
  for (json& prim : mesh["primitives"]) {
    if (!prim["attributes"].contains("POSITION")) return false;
    bases.push_back(prim["attributes"]["POSITION"]);
    for (json& t : prim.value("targets", json::array()))
      if (t.contains("POSITION")) targets.push_back(t["POSITION"]);
  }
  for (int a : bases)
    if (accessors[a]["componentType"] != kFloat) return false;
  for (int a : targets)
    if (accessors[a]["componentType"] != kFloat) return false;
  Vec3 lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
  for (int a : bases)
    for (const Vec3& p : readVec3(g, accessors[a]))
      for (int k = 0; k < 3; ++k) {
        lo[k] = std::min(lo[k], p[k]);
        hi[k] = std::max(hi[k], p[k]);
      }
  if (!(lo[0] <= hi[0])) return false;
  const double extent =
      std::max({double(hi[0]) - lo[0], double(hi[1]) - lo[1], double(hi[2]) - lo[2]});
  const double s = extent > 0 ? extent / 65535.0 : 1.0;
  // Every POSITION and morph delta in steps, and the worst movement.
  double worst = 0;
  std::map<int, std::vector<std::array<int32_t, 3>>> steps;
  size_t pi = 0;
  for (json& prim : mesh["primitives"]) {
    const std::vector<Vec3> base = readVec3(g, accessors[bases[pi++]]);
    auto& q = steps[prim["attributes"]["POSITION"]];
    for (const Vec3& p : base) {
      std::array<int32_t, 3> v;
      for (int k = 0; k < 3; ++k) v[size_t(k)] = int32_t(std::lround((double(p[k]) - lo[k]) / s));
      q.push_back(v);
    }
    for (json& t : prim.value("targets", json::array())) {
      if (!t.contains("POSITION")) continue;
      const std::vector<Vec3> delta = readVec3(g, accessors[int(t["POSITION"])]);
      auto& dq = steps[t["POSITION"]];
      for (size_t i = 0; i < delta.size(); ++i) {
        std::array<int32_t, 3> d;
        double err2 = 0;
        for (int k = 0; k < 3; ++k) {
          const long v = std::lround(double(delta[i][k]) / s);
          if (v < -32767 || v > 32767) return false;
          d[size_t(k)] = int32_t(v);
          const double pk = double(base[i][k]) + delta[i][k];
          const double qk = lo[k] + (q[i][size_t(k)] + v) * s;
          err2 += (qk - pk) * (qk - pk);
        }
        worst = std::max(worst, std::sqrt(err2));
        dq.push_back(d);
      }
    }
    for (size_t i = 0; i < base.size(); ++i) {
      double err2 = 0;
      for (int k = 0; k < 3; ++k) {
        const double qk = lo[k] + q[i][size_t(k)] * s;
        err2 += (qk - base[i][k]) * (qk - base[i][k]);
      }
      worst = std::max(worst, std::sqrt(err2));
    }
  }
  if (worst > kMaxQuantizationError) return false;
  for (auto& [a, values] : steps) {
    json& acc = accessors[a];
    const bool isBase = std::find(bases.begin(), bases.end(), a) != bases.end();
    std::vector<uint8_t> bytes(values.size() * 8, 0); // 3 x 16 bits, padded to 8 bytes
    std::array<int32_t, 3> mn{INT32_MAX, INT32_MAX, INT32_MAX}, mx{INT32_MIN, INT32_MIN, INT32_MIN};
    for (size_t i = 0; i < values.size(); ++i)
      for (int k = 0; k < 3; ++k) {
        const uint16_t u = uint16_t(values[i][size_t(k)]);
        bytes[8 * i + 2 * size_t(k)] = uint8_t(u);
        bytes[8 * i + 2 * size_t(k) + 1] = uint8_t(u >> 8);
        mn[size_t(k)] = std::min(mn[size_t(k)], values[i][size_t(k)]);
        mx[size_t(k)] = std::max(mx[size_t(k)], values[i][size_t(k)]);
      }
    const int view = acc["bufferView"];
    g.views[size_t(view)] = std::move(bytes);
    g.strides[size_t(view)] = 8;
    acc["componentType"] = isBase ? kUnsignedShort : kShort;
    if (!values.empty()) {
      acc["min"] = {mn[0], mn[1], mn[2]};
      acc["max"] = {mx[0], mx[1], mx[2]};
    }
  }
  std::array<double, 3> t{0, 0, 0};
  if (node.contains("translation"))
    for (int k = 0; k < 3; ++k) t[size_t(k)] = node["translation"][k];
  node["translation"] = {t[0] + lo[0], t[1] + lo[1], t[2] + lo[2]};
  node["scale"] = {s, s, s};
  stats.maxError = std::max(stats.maxError, worst);
  return true;
}

void addExtension(json& doc, const char* list, const std::string& name) {
  json& l = doc[list];
  if (!l.is_array()) l = json::array();
  for (const json& e : l)
    if (e == name) return;
  l.push_back(name);
}

} // namespace

CompressedGlb compressGlb(const std::vector<uint8_t>& glb, const std::string& fallbackName) {
  Gltf g = parse(glb);
  json& doc = g.doc;
  CompressedGlb out;
  out.fallback.name = fallbackName;
  if (g.views.empty()) {
    out.glb = glb;
    return out;
  }
  json& accessors = doc["accessors"];
  std::vector<int> accessorUses(accessors.size(), 0), viewUses(g.views.size(), 0);
  for (const json& a : accessors)
    if (a.contains("bufferView")) viewUses[size_t(int(a["bufferView"]))]++;
  for (const json& img : doc.value("images", json::array()))
    if (img.contains("bufferView")) viewUses[size_t(int(img["bufferView"]))]++;
  for (const json& m : doc.value("meshes", json::array()))
    for (const json& p : m["primitives"]) {
      for (int a : vertexAccessors(p)) accessorUses[size_t(a)]++;
      if (p.contains("indices")) accessorUses[size_t(int(p["indices"]))]++;
    }
  for (json& m : doc["meshes"])
    for (json& p : m["primitives"]) reorder(g, p, accessorUses, viewUses);

  // Quantize the meshes each drawn by exactly one node with no children,
  // rotation, scale or matrix (the node's scale carries the step).
  std::vector<int> meshUses(doc["meshes"].size(), 0);
  for (const json& n : doc.value("nodes", json::array()))
    if (n.contains("mesh")) meshUses[size_t(int(n["mesh"]))]++;
  bool quantized = false;
  for (json& n : doc["nodes"]) {
    if (!n.contains("mesh")) continue;
    const int mi = n["mesh"];
    bool plain = meshUses[size_t(mi)] == 1 && !n.contains("children") && !n.contains("rotation") &&
                 !n.contains("scale") && !n.contains("matrix");
    for (const json& p : doc["meshes"][mi]["primitives"])
      for (int a : vertexAccessors(p)) plain = plain && accessorUses[size_t(a)] == 1;
    if (plain && quantizeMesh(g, mi, n, out.stats)) {
      ++out.stats.quantizedMeshes;
      quantized = true;
    } else {
      ++out.stats.floatMeshes;
    }
  }

  // Geometry views: compressed into buffer 0 (the GLB's own), their plain
  // bytes in buffer 1, the fallback. Other views (images) stay plain in 0.
  std::vector<int> accessorOfView(g.views.size(), -1);
  for (size_t a = 0; a < accessors.size(); ++a)
    if (accessors[a].contains("bufferView"))
      accessorOfView[size_t(int(accessors[a]["bufferView"]))] = int(a);
  std::vector<uint8_t> bin, fallback;
  bool compressed = false;
  for (size_t i = 0; i < g.views.size(); ++i) {
    json& v = doc["bufferViews"][i];
    const std::vector<uint8_t>& data = g.views[i];
    const int target = v.value("target", 0);
    const int a = accessorOfView[i];
    std::vector<uint8_t> enc;
    size_t stride = 0, count = 0;
    const char* mode = nullptr;
    if (a >= 0 && target == kArrayBuffer) {
      stride = g.strides[i] ? size_t(g.strides[i]) : elementSize(accessors[a]);
      count = stride ? data.size() / stride : 0;
      if (stride % 4 == 0 && stride <= 256 && count) {
        enc.resize(meshopt_encodeVertexBufferBound(count, stride));
        enc.resize(meshopt_encodeVertexBuffer(enc.data(), enc.size(), data.data(), count, stride));
        mode = "ATTRIBUTES";
      }
    } else if (a >= 0 && target == kElementArrayBuffer) {
      std::vector<unsigned> idx = readIndices(g, accessors[a]);
      stride = size_t(componentSize(accessors[a]["componentType"]));
      count = idx.size();
      if (count % 3 == 0 && count) {
        const unsigned top = *std::max_element(idx.begin(), idx.end());
        enc.resize(meshopt_encodeIndexBufferBound(count, top + 1));
        enc.resize(meshopt_encodeIndexBuffer(enc.data(), enc.size(), idx.data(), count));
        mode = "TRIANGLES";
        // The codec may rotate a triangle's corners (winding kept): the
        // fallback holds what a decoder gives, so both readings agree.
        if (!enc.empty() &&
            meshopt_decodeIndexBuffer(g.views[i].data(), count, stride, enc.data(), enc.size()))
          throw Error("", Error::kNoOffset, "meshoptimizer could not decode its own index data");
      }
    }
    v.erase("byteStride");
    // A view the codec does not shrink (a few vertices: its tail block is 32
    // bytes) stays plain.
    if (mode && !enc.empty() && enc.size() < data.size()) {
      align4(fallback);
      align4(bin);
      v["buffer"] = 1;
      v["byteOffset"] = fallback.size();
      v["byteLength"] = data.size();
      if (target == kArrayBuffer && g.strides[i]) v["byteStride"] = g.strides[i];
      v["extensions"]["EXT_meshopt_compression"] = {
          {"buffer", 0},          {"byteOffset", bin.size()}, {"byteLength", enc.size()},
          {"byteStride", stride}, {"count", count},           {"mode", mode}};
      fallback.insert(fallback.end(), data.begin(), data.end());
      bin.insert(bin.end(), enc.begin(), enc.end());
      compressed = true;
    } else {
      align4(bin);
      v["buffer"] = 0;
      v["byteOffset"] = bin.size();
      v["byteLength"] = data.size();
      if (g.strides[i]) v["byteStride"] = g.strides[i];
      bin.insert(bin.end(), data.begin(), data.end());
    }
  }
  align4(bin);
  align4(fallback);
  doc["buffers"] = json::array({{{"byteLength", bin.size()}}});
  if (compressed) {
    // Used, not required: the fallback holds the plain data, so a viewer
    // without the extension reads that file instead.
    doc["buffers"].push_back({{"byteLength", fallback.size()},
                              {"uri", fallbackName},
                              {"extensions", {{"EXT_meshopt_compression", {{"fallback", true}}}}}});
    addExtension(doc, "extensionsUsed", "EXT_meshopt_compression");
  }
  if (quantized) {
    // KHR_mesh_quantization must be required where it is used.
    addExtension(doc, "extensionsUsed", "KHR_mesh_quantization");
    addExtension(doc, "extensionsRequired", "KHR_mesh_quantization");
  }
  out.glb = serialise(doc, bin);
  out.fallback.bytes = std::move(fallback);
  if (out.glb.size() >= glb.size()) { // the extensions' JSON outweighs what the codec saved
    out = CompressedGlb{glb, {fallbackName, {}}, {}};
    out.stats.kept = true;
  }
  return out;
}

CompressStats writeCompressedGlb(const Scene& scene, const std::string& path,
                                 const WriteOptions& options) {
  namespace fs = std::filesystem;
  const fs::path target = pathOf(path);
  std::string ext = target.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
  if (ext != ".glb") throw Error(path, Error::kNoOffset, "--compress writes a .glb");
  if (options.textures == TextureMode::Ktx2)
    throw Error(path, Error::kNoOffset, "--compress does not combine with --textures ktx2");
  WriteOptions wo = options;
  wo.binary = true;
  const std::string fallbackName = target.stem().string() + ".fallback.bin";
  CompressedGlb c = compressGlb(writeGltf(scene, wo).bytes, fallbackName);
  const fs::path fallbackPath = target.parent_path() / pathOf(fallbackName);
  if (!c.fallback.bytes.empty()) writeFileAtomic(fallbackPath.string(), c.fallback.bytes);
  try {
    writeFileAtomic(path, c.glb);
  } catch (...) {
    std::error_code ec;
    fs::remove(pathOf(fallbackPath), ec);
    throw;
  }
  return c.stats;
}

} // namespace strata::gltf
