// Compress: a GLB document's geometry through EXT_meshopt_compression
// (meshoptimizer), positions quantized (KHR_mesh_quantization) where the
// error stays within kMaxQuantizationError, the plain geometry kept in a
// fallback buffer written beside the GLB. A stage of the write: it reads the
// views' bytes as the layout makes them (meshes made on demand too) and
// hands the document on with its views, accessors and nodes changed.
#include "compress.h"
#include "container.h"
#include "stages.h"

#include "strata/error.h"
#include "strata/fileio.h"

#include <meshoptimizer.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>

namespace strata::gltf {

namespace {

size_t componentSize(int componentType) {
  return componentType == kShort || componentType == kUnsignedShort ? 2 : 4;
}

size_t elementSize(const Accessor& a) {
  return size_t(a.components) * componentSize(a.componentType);
}

void align4(std::vector<uint8_t>& b) {
  b.resize(b.size() + glb::padTo4(b.size()), 0);
}

// The document being compressed: its items, and each view's plain bytes.
struct Work {
  Document doc;
  std::vector<std::vector<uint8_t>> views;
};

// Every view's bytes, as buffer 0 would hold them (a mesh made on demand is
// made once for its views).
std::vector<std::vector<uint8_t>> viewBytes(const Document& doc) {
  std::vector<std::vector<uint8_t>> out(doc.views.size());
  Mesh made;
  int madeIndex = -1;
  const Mesh* mesh = nullptr;
  for (size_t i = 0; i < doc.views.size(); ++i) {
    const View& v = doc.views[i];
    if (v.mesh >= 0 && v.mesh != madeIndex) {
      madeIndex = -1;
      mesh = &meshOf(doc, v.mesh, made);
      madeIndex = v.mesh;
    }
    out[i].resize(v.length);
    v.fill(v.mesh >= 0 ? mesh : nullptr, out[i].data());
  }
  return out;
}

// The document's items without the makings of its views' bytes.
Document itemsOf(const Document& plain) {
  Document doc = plain;
  for (View& v : doc.views) v.fill = nullptr;
  return doc;
}

std::vector<unsigned> readIndices(const Work& w, const Accessor& a) {
  const std::vector<uint8_t>& v = w.views[size_t(a.view)];
  std::vector<unsigned> out(a.count);
  for (size_t i = 0; i < a.count; ++i)
    if (a.componentType == kUnsignedInt)
      std::memcpy(&out[i], &v[4 * i], 4);
    else
      out[i] = unsigned(v[2 * i] | v[2 * i + 1] << 8);
  return out;
}

void writeIndices(Work& w, const Accessor& a, const std::vector<unsigned>& idx) {
  std::vector<uint8_t>& v = w.views[size_t(a.view)];
  for (size_t i = 0; i < idx.size(); ++i) {
    if (a.componentType == kUnsignedInt)
      std::memcpy(&v[4 * i], &idx[i], 4);
    else
      v[2 * i] = uint8_t(idx[i]), v[2 * i + 1] = uint8_t(idx[i] >> 8);
  }
}

void addAttributes(std::vector<int>& out, const Attributes& a) {
  for (int i : {a.color0, a.normal, a.position, a.texcoord0, a.texcoord1})
    if (i >= 0) out.push_back(i);
}

// Every accessor a primitive reads per vertex, by name: attributes, then
// each morph target's.
std::vector<int> vertexAccessors(const PrimitiveItem& p) {
  std::vector<int> out;
  addAttributes(out, p.attributes);
  for (const Attributes& t : p.targets) addAttributes(out, t);
  return out;
}

// Triangle and vertex order for locality (the same triangles). Every
// accessor the writer makes has a view of its own, tightly packed.
void reorder(Work& w, const PrimitiveItem& prim) {
  const std::vector<Accessor>& accessors = w.doc.accessors;
  const Accessor& ia = accessors[size_t(prim.indices)];
  const std::vector<int> va = vertexAccessors(prim);
  const size_t vertexCount = accessors[size_t(va.front())].count;
  for (int a : va)
    if (accessors[size_t(a)].count != vertexCount) return;
  std::vector<unsigned> idx = readIndices(w, ia);
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
  writeIndices(w, ia, idx);
  for (int a : va) {
    std::vector<uint8_t>& v = w.views[size_t(accessors[size_t(a)].view)];
    std::vector<uint8_t> out(v.size());
    meshopt_remapVertexBuffer(out.data(), v.data(), vertexCount, elementSize(accessors[size_t(a)]),
                              remap.data());
    v = std::move(out);
  }
}

std::vector<Vec3> readVec3(const Work& w, const Accessor& a) {
  std::vector<Vec3> out(a.count);
  std::memcpy(out.data(), w.views[size_t(a.view)].data(), out.size() * sizeof(Vec3));
  return out;
}

using Steps = std::array<int32_t, 3>;

// A mesh's POSITION values (base and morph deltas) in steps of `s` from
// `lo`, and the largest distance the steps move a vertex; false when a delta
// does not fit 16 bits.
bool stepsOf(const Work& w, const MeshItem& mesh, const Vec3& lo, double s,
             std::map<int, std::vector<Steps>>& steps, double& worst) {
  const std::vector<Accessor>& accessors = w.doc.accessors;
  for (const PrimitiveItem& prim : mesh.primitives) {
    const std::vector<Vec3> base = readVec3(w, accessors[size_t(prim.attributes.position)]);
    std::vector<Steps>& q = steps[prim.attributes.position];
    for (const Vec3& p : base) {
      Steps v;
      for (int k = 0; k < 3; ++k) v[size_t(k)] = int32_t(std::lround((double(p[k]) - lo[k]) / s));
      q.push_back(v);
    }
    for (const Attributes& t : prim.targets) {
      const std::vector<Vec3> delta = readVec3(w, accessors[size_t(t.position)]);
      std::vector<Steps>& dq = steps[t.position];
      for (size_t i = 0; i < delta.size(); ++i) {
        Steps d;
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
  return true;
}

// Each POSITION accessor's steps as 3 x 16 bits padded to 8 bytes:
// unsigned for a base, signed for a morph delta.
void storeSteps(Work& w, const std::map<int, std::vector<Steps>>& steps,
                const std::vector<int>& bases) {
  for (const auto& [a, values] : steps) {
    Accessor& acc = w.doc.accessors[size_t(a)];
    const bool isBase = std::find(bases.begin(), bases.end(), a) != bases.end();
    std::vector<uint8_t> bytes(values.size() * 8, 0);
    Steps mn{INT32_MAX, INT32_MAX, INT32_MAX}, mx{INT32_MIN, INT32_MIN, INT32_MIN};
    for (size_t i = 0; i < values.size(); ++i)
      for (size_t k = 0; k < 3; ++k) {
        const uint16_t u = uint16_t(values[i][k]);
        bytes[8 * i + 2 * k] = uint8_t(u);
        bytes[8 * i + 2 * k + 1] = uint8_t(u >> 8);
        mn[k] = std::min(mn[k], values[i][k]);
        mx[k] = std::max(mx[k], values[i][k]);
      }
    w.views[size_t(acc.view)] = std::move(bytes);
    w.doc.views[size_t(acc.view)].stride = 8;
    acc.componentType = isBase ? kUnsignedShort : kShort;
    if (!values.empty()) {
      acc.min = {double(mn[0]), double(mn[1]), double(mn[2])};
      acc.max = {double(mx[0]), double(mx[1]), double(mx[2])};
    }
  }
}

// KHR_mesh_quantization for one mesh drawn by one plain node: POSITION as
// unsigned 16-bit steps of s from the mesh's minimum corner, morph deltas as
// signed steps, and the node scaled by s and moved to that corner.
bool quantizeMesh(Work& w, int meshIndex, NodeItem& node, CompressStats& stats) {
  const MeshItem& mesh = w.doc.meshes[size_t(meshIndex)];
  std::vector<int> bases;
  for (const PrimitiveItem& prim : mesh.primitives) bases.push_back(prim.attributes.position);
  Vec3 lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
  for (int a : bases)
    for (const Vec3& p : readVec3(w, w.doc.accessors[size_t(a)]))
      for (int k = 0; k < 3; ++k) {
        lo[k] = std::min(lo[k], p[k]);
        hi[k] = std::max(hi[k], p[k]);
      }
  if (!(lo[0] <= hi[0])) return false;
  const double extent =
      std::max({double(hi[0]) - lo[0], double(hi[1]) - lo[1], double(hi[2]) - lo[2]});
  const double s = extent > 0 ? extent / 65535.0 : 1.0;
  double worst = 0;
  std::map<int, std::vector<Steps>> steps; // by accessor
  if (!stepsOf(w, mesh, lo, s, steps, worst) || worst > kMaxQuantizationError) return false;
  storeSteps(w, steps, bases);
  for (int k = 0; k < 3; ++k) node.translation[size_t(k)] += lo[k];
  node.translated = node.scaled = true;
  node.scale = s;
  stats.maxError = std::max(stats.maxError, worst);
  return true;
}

// Quantizes the meshes each drawn by exactly one node with no children (the
// node's scale carries the step); true when any is.
bool quantize(Work& w, CompressStats& stats) {
  std::vector<int> meshUses(w.doc.meshes.size(), 0);
  for (const NodeItem& n : w.doc.nodes)
    if (n.node->mesh >= 0) meshUses[size_t(n.node->mesh)]++;
  bool quantized = false;
  for (NodeItem& n : w.doc.nodes) {
    const int mi = n.node->mesh;
    if (mi < 0) continue;
    const bool plain = meshUses[size_t(mi)] == 1 && n.node->children.empty();
    if (plain && quantizeMesh(w, mi, n, stats)) {
      ++stats.quantizedMeshes;
      quantized = true;
    } else {
      ++stats.floatMeshes;
    }
  }
  return quantized;
}

// View i's bytes through meshoptimizer's codec, or none (an image's view, or
// one the codec does not take); indices are given back as its decoder reads
// them.
std::vector<uint8_t> encoded(Work& w, size_t i, const std::vector<int>& accessorOfView) {
  const View& v = w.doc.views[i];
  Meshopt& m = w.doc.meshopt[i];
  std::vector<uint8_t>& data = w.views[i];
  const int a = accessorOfView[i];
  std::vector<uint8_t> enc;
  if (a < 0) return enc;
  const Accessor& acc = w.doc.accessors[size_t(a)];
  if (v.target == kArrayBuffer) {
    const size_t stride = v.stride ? size_t(v.stride) : elementSize(acc);
    const size_t count = stride ? data.size() / stride : 0;
    if (stride % 4 || stride > 256 || !count) return enc;
    enc.resize(meshopt_encodeVertexBufferBound(count, stride));
    enc.resize(meshopt_encodeVertexBuffer(enc.data(), enc.size(), data.data(), count, stride));
    m = {0, 0, stride, count, "ATTRIBUTES"};
  } else if (v.target == kElementArrayBuffer) {
    const std::vector<unsigned> idx = readIndices(w, acc);
    const size_t stride = componentSize(acc.componentType), count = idx.size();
    if (count % 3 || !count) return enc;
    const unsigned top = *std::max_element(idx.begin(), idx.end());
    enc.resize(meshopt_encodeIndexBufferBound(count, top + 1));
    enc.resize(meshopt_encodeIndexBuffer(enc.data(), enc.size(), idx.data(), count));
    m = {0, 0, stride, count, "TRIANGLES"};
    // The codec may rotate a triangle's corners (winding kept): the
    // fallback holds what a decoder gives, so both readings agree.
    if (!enc.empty() &&
        meshopt_decodeIndexBuffer(data.data(), count, stride, enc.data(), enc.size()))
      throw Error("", Error::kNoOffset, "meshoptimizer could not decode its own index data");
  }
  return enc;
}

// Geometry views compressed into buffer 0 (the GLB's own), their plain bytes
// in buffer 1, the fallback; a view the codec does not shrink (a few
// vertices: its tail block is 32 bytes), and the images', stay plain in 0.
bool pack(Work& w, std::vector<uint8_t>& bin, std::vector<uint8_t>& fallback) {
  std::vector<int> accessorOfView(w.doc.views.size(), -1);
  for (size_t a = 0; a < w.doc.accessors.size(); ++a)
    if (w.doc.accessors[a].view >= 0) accessorOfView[size_t(w.doc.accessors[a].view)] = int(a);
  bool compressed = false;
  w.doc.meshopt.assign(w.doc.views.size(), Meshopt());
  for (size_t i = 0; i < w.doc.views.size(); ++i) {
    View& v = w.doc.views[i];
    Meshopt& m = w.doc.meshopt[i];
    const std::vector<uint8_t> enc = encoded(w, i, accessorOfView);
    const std::vector<uint8_t>& data = w.views[i];
    v.length = data.size(); // quantized positions take 8 bytes a vertex
    if (m.mode && !enc.empty() && enc.size() < data.size()) {
      align4(fallback);
      align4(bin);
      v.buffer = 1;
      v.offset = fallback.size();
      if (v.target != kArrayBuffer) v.stride = 0;
      m.offset = bin.size();
      m.length = enc.size();
      fallback.insert(fallback.end(), data.begin(), data.end());
      bin.insert(bin.end(), enc.begin(), enc.end());
      compressed = true;
    } else {
      m = Meshopt();
      align4(bin);
      v.buffer = 0;
      v.offset = bin.size();
      bin.insert(bin.end(), data.begin(), data.end());
    }
  }
  align4(bin);
  align4(fallback);
  return compressed;
}

void addExtension(std::vector<std::string>& list, const std::string& name) {
  if (std::find(list.begin(), list.end(), name) == list.end()) list.push_back(name);
}

} // namespace

CompressedGlb compressedGlb(const Scene& scene, const WriteOptions& options,
                            const std::string& fallbackName) {
  WriteOptions wo = options;
  wo.binary = true;
  CompressedGlb out;
  out.fallback.name = fallbackName;
  std::vector<SideFile> beside;
  const Document doc = glbDocument(scene, wo, beside);
  const std::string plainHead = glbHead(itemsJson(doc, -1), doc.bufferSize);
  // The GLB uncompressed: given back when compression does not pay.
  auto plain = [&] {
    std::vector<uint8_t> bytes(plainHead.size() + doc.bufferSize + glb::padTo4(doc.bufferSize));
    std::copy(plainHead.begin(), plainHead.end(), bytes.begin());
    fillBuffer(doc, bytes.data() + plainHead.size());
    return bytes;
  };
  if (doc.views.empty()) {
    out.glb = plain();
    return out;
  }
  Work w{itemsOf(doc), viewBytes(doc)};
  for (const MeshItem& m : w.doc.meshes)
    for (const PrimitiveItem& p : m.primitives) reorder(w, p);
  const bool quantized = quantize(w, out.stats);
  std::vector<uint8_t> bin;
  const bool compressed = pack(w, bin, out.fallback.bytes);
  w.doc.everyOffset = true;
  w.doc.buffers.assign(1, BufferItem());
  w.doc.buffers[0].length = bin.size();
  if (compressed) {
    // Used, not required: the fallback holds the plain data, so a viewer
    // without the extension reads that file instead.
    w.doc.buffers.push_back({out.fallback.bytes.size(), nullptr, fallbackName, true});
    addExtension(w.doc.extensionsUsed, "EXT_meshopt_compression");
  }
  if (quantized) {
    // KHR_mesh_quantization must be required where it is used.
    addExtension(w.doc.extensionsUsed, "KHR_mesh_quantization");
    addExtension(w.doc.extensionsRequired, "KHR_mesh_quantization");
  }
  const std::string head = glbHead(itemsJson(w.doc, -1), bin.size());
  if (head.size() + bin.size() >= plainHead.size() + doc.bufferSize + glb::padTo4(doc.bufferSize)) {
    // The extensions' JSON outweighs what the codec saved.
    out = CompressedGlb{plain(), {fallbackName, {}}, {}};
    out.stats.kept = true;
    return out;
  }
  out.glb.assign(head.begin(), head.end());
  out.glb.insert(out.glb.end(), bin.begin(), bin.end());
  return out;
}

} // namespace strata::gltf
