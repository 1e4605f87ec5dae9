#include "edit_seeds.h"

#include "strata/base64.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace strata::fuzz {

namespace {

using Bytes = std::vector<uint8_t>;
using nlohmann::json;

// One glTF being built: its buffer, views and accessors (glTF 2.0 §3.6).
struct Doc {
  Bytes bin;
  json views = json::array(), accessors = json::array();

  // A view of `bytes` (4-byte aligned), its stride when interleaved.
  int view(const Bytes& bytes, size_t stride = 0) {
    json v = {{"buffer", 0}, {"byteOffset", bin.size()}, {"byteLength", bytes.size()}};
    if (stride) v["byteStride"] = stride;
    bin.insert(bin.end(), bytes.begin(), bytes.end());
    while (bin.size() % 4) bin.push_back(0);
    views.push_back(v);
    return int(views.size() - 1);
  }
  int accessor(json a) {
    accessors.push_back(std::move(a));
    return int(accessors.size() - 1);
  }
};

template <class T> void put(Bytes& b, T v) {
  const size_t at = b.size();
  b.resize(at + sizeof v);
  std::memcpy(&b[at], &v, sizeof v);
}

// The chunk's vertices in glTF axes (x, z, -y: design.md "Axes").
std::vector<Vec3> gltfPositions(const Primitive& p) {
  std::vector<Vec3> out;
  for (const Vec3& v : p.positions) out.push_back({v[0], v[2], -v[1]});
  return out;
}

json meshOf(const json& attributes, int indices, int mode) {
  json prim = {{"attributes", attributes}, {"mode", mode}};
  if (indices >= 0) prim["indices"] = indices;
  return {{"name", "chunk"}, {"primitives", json::array({prim})}};
}

// The document as .gltf text (the buffer a data: URI) or as a GLB.
Bytes finish(const Doc& d, const json& mesh, const std::string& node, bool binary,
             const json& matrix = nullptr) {
  json n = {{"name", node}, {"mesh", 0}};
  if (!matrix.is_null()) n["matrix"] = matrix;
  json doc = {{"asset", {{"version", "2.0"}}},
              {"scene", 0},
              {"scenes", json::array({{{"nodes", json::array({0})}}})},
              {"nodes", json::array({n})},
              {"meshes", json::array({mesh})},
              {"bufferViews", d.views},
              {"accessors", d.accessors}};
  json buffer = {{"byteLength", d.bin.size()}};
  if (!binary) buffer["uri"] = "data:application/octet-stream;base64," + base64Encode(d.bin);
  doc["buffers"] = json::array({buffer});
  std::string text = doc.dump();
  if (!binary) return Bytes(text.begin(), text.end());
  while (text.size() % 4) text += ' ';
  Bytes glb;
  put<uint32_t>(glb, 0x46546C67); // "glTF" (§4.4.2)
  put<uint32_t>(glb, 2);
  put<uint32_t>(glb, uint32_t(12 + 8 + text.size() + 8 + d.bin.size()));
  put<uint32_t>(glb, uint32_t(text.size()));
  put<uint32_t>(glb, 0x4E4F534A); // "JSON"
  glb.insert(glb.end(), text.begin(), text.end());
  put<uint32_t>(glb, uint32_t(d.bin.size()));
  put<uint32_t>(glb, 0x004E4942); // "BIN\0"
  glb.insert(glb.end(), d.bin.begin(), d.bin.end());
  return glb;
}

// The first chunk node with a mesh: its edit lands on the base terrain.
const Node& firstChunk(const Scene& base) {
  for (const Node& n : base.nodes)
    if (n.mesh >= 0 && !base.meshes[size_t(n.mesh)].primitives.empty()) return n;
  throw std::runtime_error("the base scene has no chunk for the edit seeds");
}

} // namespace

std::vector<std::pair<std::string, Bytes>> structuredGltfSeeds(const Scene& base) {
  const Node* chunk = &firstChunk(base);
  const Primitive& prim = base.meshes[size_t(chunk->mesh)].primitives[0];
  const std::vector<Vec3> pos = gltfPositions(prim);
  const size_t n = pos.size();
  std::vector<std::pair<std::string, Bytes>> seeds;

  // Interleaved POSITION, NORMAL (SHORT normalized) and TEXCOORD_0 (UNSIGNED_SHORT
  // normalized) in one view with a stride; UNSIGNED_BYTE, SHORT and INT indices.
  for (int indexType : {5121, 5123, 5125}) {
    Doc d;
    Bytes inter;
    for (size_t i = 0; i < n; ++i) {
      for (float c : pos[i]) put<float>(inter, c);
      for (int16_t c : {int16_t(0), int16_t(32767), int16_t(0), int16_t(0)}) put(inter, c);
      put<uint16_t>(inter, uint16_t(i * 65535 / (n > 1 ? n - 1 : 1)));
      put<uint16_t>(inter, uint16_t(65535 - i * 65535 / (n > 1 ? n - 1 : 1)));
    }
    const int v = d.view(inter, 24);
    const int p = d.accessor({{"bufferView", v},
                              {"componentType", 5126},
                              {"type", "VEC3"},
                              {"count", n},
                              {"min", {-1e9, -1e9, -1e9}},
                              {"max", {1e9, 1e9, 1e9}}});
    const int nr = d.accessor({{"bufferView", v},
                               {"byteOffset", 12},
                               {"componentType", 5122},
                               {"normalized", true},
                               {"type", "VEC3"},
                               {"count", n}});
    const int uv = d.accessor({{"bufferView", v},
                               {"byteOffset", 20},
                               {"componentType", 5123},
                               {"normalized", true},
                               {"type", "VEC2"},
                               {"count", n}});
    Bytes idx;
    size_t count = 0; // the triangles whose indices the type holds
    for (size_t t = 0; t + 2 < prim.indices.size(); t += 3) {
      const uint32_t* k = &prim.indices[t];
      if (indexType == 5121 && std::max({k[0], k[1], k[2]}) > 255) continue;
      for (int c = 0; c < 3; ++c, ++count) {
        if (indexType == 5121) put<uint8_t>(idx, uint8_t(k[c]));
        if (indexType == 5123) put<uint16_t>(idx, uint16_t(k[c]));
        if (indexType == 5125) put<uint32_t>(idx, k[c]);
      }
    }
    const int ix = d.accessor({{"bufferView", d.view(idx)},
                               {"componentType", indexType},
                               {"type", "SCALAR"},
                               {"count", count}});
    const json attrs = {{"POSITION", p}, {"NORMAL", nr}, {"TEXCOORD_0", uv}};
    const std::string type = std::to_string(indexType);
    seeds.push_back(
        {"interleaved-" + type + ".gltf", finish(d, meshOf(attrs, ix, 4), chunk->name, false)});
    seeds.push_back(
        {"interleaved-" + type + ".glb", finish(d, meshOf(attrs, ix, 4), chunk->name, true)});
  }

  // A sparse POSITION over a view (three vertices raised), UBYTE and BYTE
  // normalized texture sets, a strip and a fan without indices, a matrix.
  {
    Doc d;
    Bytes xyz, uv0, uv1, sparseIdx, sparseVal;
    for (const Vec3& v : pos)
      for (float c : v) put<float>(xyz, c);
    for (size_t i = 0; i < n; ++i) {
      put<uint8_t>(uv0, uint8_t(i)), put<uint8_t>(uv0, uint8_t(255 - i)), put<uint16_t>(uv0, 0);
      put<int8_t>(uv1, int8_t(i % 127)), put<int8_t>(uv1, int8_t(-int(i % 127))),
          put<uint16_t>(uv1, 0);
    }
    for (uint16_t k : {uint16_t(0), uint16_t(n / 2), uint16_t(n - 1)}) {
      put<uint16_t>(sparseIdx, k);
      for (float c : {pos[k][0], pos[k][1] + 1.0f, pos[k][2]}) put<float>(sparseVal, c);
    }
    const int p =
        d.accessor({{"bufferView", d.view(xyz)},
                    {"componentType", 5126},
                    {"type", "VEC3"},
                    {"count", n},
                    {"sparse",
                     {{"count", 3},
                      {"indices", {{"bufferView", d.view(sparseIdx)}, {"componentType", 5123}}},
                      {"values", {{"bufferView", d.view(sparseVal)}}}}}});
    const int t0 = d.accessor({{"bufferView", d.view(uv0, 4)},
                               {"componentType", 5121},
                               {"normalized", true},
                               {"type", "VEC2"},
                               {"count", n}});
    const int t1 = d.accessor({{"bufferView", d.view(uv1, 4)},
                               {"componentType", 5120},
                               {"normalized", true},
                               {"type", "VEC2"},
                               {"count", n}});
    const json attrs = {{"POSITION", p}, {"TEXCOORD_0", t0}, {"TEXCOORD_1", t1}};
    seeds.push_back({"sparse-strip.gltf", finish(d, meshOf(attrs, -1, 5), chunk->name, false)});
    seeds.push_back({"sparse-fan.glb",
                     finish(d, meshOf(attrs, -1, 6), chunk->name, true,
                            json::array({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.5, 0, -0.25, 1}))});
  }

  // POSITION with no bufferView: zeros, three set by a sparse part, next to
  // indices that address every vertex.
  {
    Doc d;
    Bytes sparseIdx, sparseVal, idx;
    for (uint32_t k : {0u, 1u, 2u}) {
      put<uint32_t>(sparseIdx, k);
      for (float c : pos[k]) put<float>(sparseVal, c);
    }
    for (uint32_t i : prim.indices) put<uint32_t>(idx, i);
    const int p =
        d.accessor({{"componentType", 5126},
                    {"type", "VEC3"},
                    {"count", n},
                    {"sparse",
                     {{"count", 3},
                      {"indices", {{"bufferView", d.view(sparseIdx)}, {"componentType", 5125}}},
                      {"values", {{"bufferView", d.view(sparseVal)}}}}}});
    const int ix = d.accessor({{"bufferView", d.view(idx)},
                               {"componentType", 5125},
                               {"type", "SCALAR"},
                               {"count", prim.indices.size()}});
    seeds.push_back(
        {"viewless-sparse.gltf", finish(d, meshOf({{"POSITION", p}}, ix, 4), chunk->name, false)});
  }
  return seeds;
}

std::vector<std::pair<std::string, Bytes>> structuredObjSeeds(const Scene& base) {
  const Node& chunk = firstChunk(base);
  const Primitive& prim = base.meshes[size_t(chunk.mesh)].primitives[0];
  const std::vector<Vec3> pos = gltfPositions(prim);
  std::string head = "o " + chunk.name + "\n";
  for (const Vec3& v : pos)
    head += "v " + std::to_string(v[0]) + " " + std::to_string(v[1]) + " " + std::to_string(v[2]) +
            "\n";
  std::string plain = head, full = head, relative = head;
  for (size_t i = 0; i < pos.size(); ++i)
    full += "vt " + std::to_string(float(i % 7) / 7) + " " + std::to_string(float(i % 5) / 5) +
            "\nvn 0 1 0\n";
  const long n = long(pos.size());
  for (size_t t = 0; t + 2 < prim.indices.size(); t += 3) {
    std::string f = "f", g = "f", r = "f";
    for (int c = 0; c < 3; ++c) {
      const long k = long(prim.indices[t + size_t(c)]) + 1; // OBJ counts from 1
      f += " " + std::to_string(k);
      g += " " + std::to_string(k) + "/" + std::to_string(k) + "/" + std::to_string(k);
      r += " " + std::to_string(k - n - 1); // -1 is the last vertex
    }
    plain += f + "\n", full += g + "\n", relative += r + "\n";
  }
  // A quad and a pentagon, triangulated by the reader.
  plain += "f 1 2 3 4\nf 1 2 3 4 5\n";
  std::vector<std::pair<std::string, Bytes>> seeds;
  for (const auto& [name, text] : {std::pair<const char*, const std::string&>{"plain.obj", plain},
                                   {"full.obj", full},
                                   {"relative.obj", relative}}) {
    Bytes b{0}; // the harness's extension byte: .obj
    b.insert(b.end(), text.begin(), text.end());
    seeds.push_back({name, b});
  }
  return seeds;
}

} // namespace strata::fuzz
