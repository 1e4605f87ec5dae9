// glTF 2.0 -> chunk edits through tinygltf (edit_reader.h).
#include "edit_reader.h"
#include "edited_nodes.h"
#include "normal_transform.h"

#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/text.h"

#include <nlohmann/json.hpp>
#include <tiny_gltf.h>

#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace strata::edits {

namespace {

using Mat4 = std::array<double, 16>; // column-major, as glTF stores it

Mat4 identity() {
  return {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
}

Mat4 multiply(const Mat4& a, const Mat4& b) {
  Mat4 r{};
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 4; ++row)
      for (int k = 0; k < 4; ++k) r[c * 4 + row] += a[k * 4 + row] * b[c * 4 + k];
  return r;
}

Mat4 localMatrix(const tinygltf::Node& n) {
  if (n.matrix.size() == 16) {
    Mat4 m;
    for (int i = 0; i < 16; ++i) m[i] = n.matrix[size_t(i)];
    return m;
  }
  Mat4 t = identity(), r = identity(), s = identity();
  if (n.translation.size() == 3)
    t[12] = n.translation[0], t[13] = n.translation[1], t[14] = n.translation[2];
  if (n.rotation.size() == 4) {
    const double x = n.rotation[0], y = n.rotation[1], z = n.rotation[2], w = n.rotation[3];
    r = {1 - 2 * (y * y + z * z),
         2 * (x * y + z * w),
         2 * (x * z - y * w),
         0,
         2 * (x * y - z * w),
         1 - 2 * (x * x + z * z),
         2 * (y * z + x * w),
         0,
         2 * (x * z + y * w),
         2 * (y * z - x * w),
         1 - 2 * (x * x + y * y),
         0,
         0,
         0,
         0,
         1};
  }
  if (n.scale.size() == 3) s[0] = n.scale[0], s[5] = n.scale[1], s[10] = n.scale[2];
  return multiply(t, multiply(r, s));
}

// Reads accessors with every bounds check the glTF spec implies, so a
// damaged file is an Error, never an out-of-range read. Every count is checked
// against the bytes that hold it before anything is allocated for it: an
// accessor against its bufferView, a view against its buffer, a sparse part
// against its own views; an accessor without a bufferView against the cap its
// primitive gives it (vertexCap).
class Accessors {
public:
  Accessors(const tinygltf::Model& m, const std::string& file) : m_(m), file_(file) {}

  // count x comps values as floats (FLOAT, or normalized integers). `cap`
  // bounds the count of an accessor without a bufferView.
  std::vector<float> floats(int index, int comps, size_t cap, const std::string& what) const {
    const tinygltf::Accessor& a = accessor(index, what);
    const std::string who = what + ": accessor " + std::to_string(index);
    if (tinygltf::GetNumComponentsInType(uint32_t(a.type)) != comps)
      fail(who + " has " + std::to_string(tinygltf::GetNumComponentsInType(uint32_t(a.type))) +
           " components, expected " + std::to_string(comps));
    const Span data = dataSpan(a, comps, who);
    // Without a bufferView, what the primitive's data (or the accessor's own
    // sparse values) can hold.
    const size_t held =
        std::max(cap, a.sparse.isSparse && a.sparse.count > 0 ? size_t(a.sparse.count) : 0);
    if (a.bufferView < 0 && a.count > held)
      fail(who + " has no bufferView and declares " + std::to_string(a.count) +
           " elements, more than its primitive's data holds (" + std::to_string(held) + ")");
    const SparseSpans sparse = sparseSpans(a, comps, who);
    std::vector<float> out(a.count * size_t(comps), 0.0f);
    auto decode = [&](const uint8_t* p, float* dst) {
      for (int c = 0; c < comps; ++c) dst[c] = component(a, p, c, who);
    };
    for (size_t i = 0; i < data.count; ++i) decode(data.at(i), &out[i * size_t(comps)]);
    for (size_t i = 0; i < sparse.values.count; ++i) {
      const uint32_t where = integer(a.sparse.indices.componentType, sparse.indices.at(i), who);
      if (where >= a.count)
        fail(who + ": sparse index " + std::to_string(i) + " is " + std::to_string(where) +
             ", past the accessor's " + std::to_string(a.count) + " elements");
      decode(sparse.values.at(i), &out[size_t(where) * size_t(comps)]);
    }
    return out;
  }

  std::vector<uint32_t> indices(int index, const std::string& what) const {
    const tinygltf::Accessor& a = accessor(index, what);
    const std::string who = what + ": accessor " + std::to_string(index);
    if (a.type != TINYGLTF_TYPE_SCALAR) fail(who + ": indices are not scalars");
    if (a.bufferView < 0) fail(who + ": indices have no bufferView");
    if (a.sparse.isSparse) throw Unsupported(file_, Error::kNoOffset, who + ": sparse indices");
    const Span data = dataSpan(a, 1, who);
    std::vector<uint32_t> out(data.count);
    for (size_t i = 0; i < data.count; ++i) out[i] = integer(a.componentType, data.at(i), who);
    return out;
  }

  // The element count an accessor's bufferView holds, checked; 0 for one
  // without a bufferView, or that does not exist or has no known type (its
  // reader says why).
  size_t heldCount(int index, const std::string& what) const {
    if (index < 0 || size_t(index) >= m_.accessors.size()) return 0;
    const tinygltf::Accessor& a = m_.accessors[size_t(index)];
    const int comps = tinygltf::GetNumComponentsInType(uint32_t(a.type));
    if (comps <= 0 || componentSize(a.componentType) == 0) return 0;
    return dataSpan(a, comps, what + ": accessor " + std::to_string(index)).count;
  }

private:
  const tinygltf::Model& m_;
  const std::string& file_;

  // `count` elements, the first at `base`, one every `stride` bytes.
  struct Span {
    const uint8_t* base = nullptr;
    size_t stride = 0, count = 0;
    const uint8_t* at(size_t i) const { return base + i * stride; }
  };
  struct SparseSpans {
    Span indices, values;
  };

  [[noreturn]] void fail(const std::string& what) const {
    throw Error(file_, Error::kNoOffset, what);
  }

  const tinygltf::Accessor& accessor(int index, const std::string& what) const {
    if (index < 0 || size_t(index) >= m_.accessors.size())
      fail(what + ": accessor " + std::to_string(index) + " does not exist");
    return m_.accessors[size_t(index)];
  }

  static size_t componentSize(int type) {
    int s = tinygltf::GetComponentSizeInBytes(uint32_t(type));
    return s > 0 ? size_t(s) : 0;
  }

  // The accessor's own elements (none without a bufferView).
  Span dataSpan(const tinygltf::Accessor& a, int comps, const std::string& who) const {
    if (a.bufferView < 0) return {};
    return span(a.componentType, comps, a.bufferView, a.byteOffset, a.count, who, "");
  }

  // The sparse part's index and value spans, each checked against its view;
  // its count at most the accessor's (its indices are distinct and below it).
  SparseSpans sparseSpans(const tinygltf::Accessor& a, int comps, const std::string& who) const {
    if (!a.sparse.isSparse) return {};
    if (a.sparse.count < 1 || size_t(a.sparse.count) > a.count)
      fail(who + ": sparse count " + std::to_string(a.sparse.count) + " is not in 1.." +
           std::to_string(a.count) + " (the accessor's count)");
    const size_t n = size_t(a.sparse.count);
    const int indexType = a.sparse.indices.componentType;
    if (indexType != TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE &&
        indexType != TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT &&
        indexType != TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT)
      fail(who + ": sparse indices must be unsigned byte, short or int (component type " +
           std::to_string(indexType) + ")");
    return {span(indexType, 1, a.sparse.indices.bufferView,
                 size_t(std::max(0, a.sparse.indices.byteOffset)), n, who, "sparse indices "),
            span(a.componentType, comps, a.sparse.values.bufferView,
                 size_t(std::max(0, a.sparse.values.byteOffset)), n, who, "sparse values ")};
  }

  // `count` elements of `comps` components of `componentType` at `offset` in
  // bufferView `viewIndex`, checked to lie inside the view and its buffer.
  Span span(int componentType, int comps, int viewIndex, size_t offset, size_t count,
            const std::string& who, const std::string& part) const {
    if (viewIndex < 0 || size_t(viewIndex) >= m_.bufferViews.size())
      fail(who + ": " + part + "bufferView " + std::to_string(viewIndex) + " does not exist");
    const tinygltf::BufferView& v = m_.bufferViews[size_t(viewIndex)];
    if (v.buffer < 0 || size_t(v.buffer) >= m_.buffers.size())
      fail(who + ": buffer " + std::to_string(v.buffer) + " does not exist");
    const auto& buf = m_.buffers[size_t(v.buffer)].data;
    const size_t elem = componentSize(componentType) * size_t(comps);
    if (elem == 0) fail(who + ": unknown component type " + std::to_string(componentType));
    const size_t stride = v.byteStride ? v.byteStride : elem;
    if (v.byteOffset > buf.size() || v.byteLength > buf.size() - v.byteOffset)
      fail(who + ": bufferView " + std::to_string(viewIndex) + " lies outside its buffer");
    if (count > 0 && (offset > v.byteLength || elem > v.byteLength - offset ||
                      (count - 1) > (v.byteLength - offset - elem) / stride))
      fail(who + ": " + part + std::to_string(count) + " elements of " + std::to_string(elem) +
           " bytes do not fit in bufferView " + std::to_string(viewIndex) + " (" +
           std::to_string(v.byteLength) + " bytes from offset " + std::to_string(offset) + ")");
    return {buf.data() + v.byteOffset + offset, stride, count};
  }

  float component(const tinygltf::Accessor& a, const uint8_t* p, int c,
                  const std::string& who) const {
    const uint8_t* q = p + size_t(c) * componentSize(a.componentType);
    switch (a.componentType) {
    case TINYGLTF_COMPONENT_TYPE_FLOAT: {
      float f;
      std::memcpy(&f, q, 4);
      return f;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return a.normalized ? float(*q) / 255.0f : float(*q);
    case TINYGLTF_COMPONENT_TYPE_BYTE:
      return a.normalized ? std::max(float(int8_t(*q)) / 127.0f, -1.0f) : float(int8_t(*q));
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
      uint16_t v;
      std::memcpy(&v, q, 2);
      return a.normalized ? float(v) / 65535.0f : float(v);
    }
    case TINYGLTF_COMPONENT_TYPE_SHORT: {
      int16_t v;
      std::memcpy(&v, q, 2);
      return a.normalized ? std::max(float(v) / 32767.0f, -1.0f) : float(v);
    }
    default:
      fail(who + ": unsupported component type " + std::to_string(a.componentType));
    }
  }

  uint32_t integer(int type, const uint8_t* p, const std::string& who) const {
    switch (type) {
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return *p;
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
      uint16_t v;
      std::memcpy(&v, p, 2);
      return v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: {
      uint32_t v;
      std::memcpy(&v, p, 4);
      return v;
    }
    default:
      fail(who + ": indices must be unsigned byte, short or int (component type " +
           std::to_string(type) + ")");
    }
  }
};

const char* modeName(int mode) {
  switch (mode) {
  case TINYGLTF_MODE_POINTS:
    return "POINTS";
  case TINYGLTF_MODE_LINE:
    return "LINES";
  case TINYGLTF_MODE_LINE_LOOP:
    return "LINE_LOOP";
  case TINYGLTF_MODE_LINE_STRIP:
    return "LINE_STRIP";
  default:
    return "an unknown mode";
  }
}

// Triangle list of a primitive's vertex sequence (glTF 2.0 §3.7.2.1).
std::vector<uint32_t> toTriangleList(int mode, const std::vector<uint32_t>& seq) {
  std::vector<uint32_t> out;
  if (mode == TINYGLTF_MODE_TRIANGLES) {
    out.assign(seq.begin(), seq.end() - ptrdiff_t(seq.size() % 3));
  } else if (mode == TINYGLTF_MODE_TRIANGLE_STRIP) {
    for (size_t i = 0; i + 2 < seq.size(); ++i)
      if (i % 2 == 0)
        out.insert(out.end(), {seq[i], seq[i + 1], seq[i + 2]});
      else
        out.insert(out.end(), {seq[i + 1], seq[i], seq[i + 2]});
  } else if (mode == TINYGLTF_MODE_TRIANGLE_FAN) {
    for (size_t i = 1; i + 1 < seq.size(); ++i) out.insert(out.end(), {seq[i], seq[i + 1], seq[0]});
  }
  return out;
}

// extras.strata {level, x, y} as the glTF writer puts them on a chunk's node:
// all three, each a number whose integer part is a U32.
std::optional<std::array<uint32_t, 3>> chunkTags(const tinygltf::Value& tags) {
  if (!tags.IsObject()) return std::nullopt;
  std::array<uint32_t, 3> key;
  for (int k = 0; k < 3; ++k) {
    const tinygltf::Value& v = tags.Get(k == 0 ? "level" : k == 1 ? "x" : "y");
    const double d = v.IsNumber() ? v.GetNumberAsDouble() : -1;
    if (!(d > -1 && d < 4294967296.0)) return std::nullopt;
    key[size_t(k)] = uint32_t(d);
  }
  return key;
}

class Reader {
public:
  Reader(const tinygltf::Model& m, const std::string& file) : m_(m), file_(file), acc_(m, file) {}

  std::vector<AtlasChunkEdit> read() {
    std::vector<int> roots;
    if (!m_.scenes.empty()) {
      const int s =
          m_.defaultScene >= 0 && size_t(m_.defaultScene) < m_.scenes.size() ? m_.defaultScene : 0;
      roots = m_.scenes[size_t(s)].nodes;
    } else { // no scene: every node that is nobody's child
      std::vector<bool> child(m_.nodes.size(), false);
      for (const auto& n : m_.nodes)
        for (int c : n.children)
          if (c >= 0 && size_t(c) < child.size()) child[size_t(c)] = true;
      for (size_t i = 0; i < m_.nodes.size(); ++i)
        if (!child[i]) roots.push_back(int(i));
    }
    visited_.assign(m_.nodes.size(), false);
    for (int r : roots) visit(r, identity(), 0);
    return chunkEdits(nodes_, file_);
  }

private:
  const tinygltf::Model& m_;
  const std::string& file_;
  Accessors acc_;
  std::vector<EditedNode> nodes_;
  std::vector<bool> visited_;

  [[noreturn]] void fail(const std::string& what) const {
    throw Error(file_, Error::kNoOffset, what);
  }

  void visit(int index, const Mat4& parent, int depth) {
    if (index < 0 || size_t(index) >= m_.nodes.size())
      fail("a scene refers to node " + std::to_string(index) + ", which does not exist");
    if (visited_[size_t(index)] || depth > 1000)
      fail("node " + std::to_string(index) + " is reached twice: the node graph is not a tree");
    visited_[size_t(index)] = true;
    const tinygltf::Node& n = m_.nodes[size_t(index)];
    const Mat4 world = multiply(parent, localMatrix(n));
    if (n.mesh >= 0) addMesh(n, world);
    for (int c : n.children) visit(c, world, depth + 1);
  }

  // The most elements an attribute without a bufferView may declare: as many
  // as the primitive's attributes with data hold, or its indices address.
  size_t vertexCap(const tinygltf::Primitive& gp, const std::vector<uint32_t>& indices,
                   const std::string& who) const {
    size_t cap = 0;
    for (const char* name : {"POSITION", "NORMAL", "TEXCOORD_0", "TEXCOORD_1"}) {
      auto it = gp.attributes.find(name);
      if (it != gp.attributes.end())
        cap = std::max(cap, acc_.heldCount(it->second, who + " " + name));
    }
    for (uint32_t i : indices) cap = std::max(cap, size_t(i) + 1);
    return cap;
  }

  void addMesh(const tinygltf::Node& n, const Mat4& world) {
    if (size_t(n.mesh) >= m_.meshes.size())
      fail("node '" + n.name + "' refers to mesh " + std::to_string(n.mesh) +
           ", which does not exist");
    const tinygltf::Mesh& gm = m_.meshes[size_t(n.mesh)];
    EditedNode node;
    node.name = n.name;
    node.meshName = gm.name;
    const double* w = world.data();
    auto at = [&](int row, int col) { return w[col * 4 + row]; };
    const NormalTransform normals(at);
    const bool isIdentity = world == identity();
    for (size_t pi = 0; pi < gm.primitives.size(); ++pi) {
      const tinygltf::Primitive& gp = gm.primitives[pi];
      const std::string who =
          "node '" + n.name + "' mesh '" + gm.name + "' primitive " + std::to_string(pi);
      if (gp.mode != TINYGLTF_MODE_TRIANGLES && gp.mode != TINYGLTF_MODE_TRIANGLE_STRIP &&
          gp.mode != TINYGLTF_MODE_TRIANGLE_FAN && gp.mode != -1)
        fail(who + " draws " + modeName(gp.mode) + "; only triangles can be written back");
      auto pos = gp.attributes.find("POSITION");
      if (pos == gp.attributes.end()) fail(who + " has no POSITION");
      std::vector<uint32_t> seq;
      if (gp.indices >= 0) seq = acc_.indices(gp.indices, who + " indices");
      const size_t cap = vertexCap(gp, seq, who);
      std::vector<float> p = acc_.floats(pos->second, 3, cap, who + " POSITION");
      const size_t count = p.size() / 3;
      Primitive prim;
      prim.positions.resize(count);
      for (size_t i = 0; i < count; ++i) {
        if (isIdentity) { // exactly the values stored
          prim.positions[i] = fromYUp({p[i * 3], p[i * 3 + 1], p[i * 3 + 2]});
          continue;
        }
        double v[3];
        for (int r = 0; r < 3; ++r)
          v[r] = at(r, 0) * p[i * 3] + at(r, 1) * p[i * 3 + 1] + at(r, 2) * p[i * 3 + 2] + at(r, 3);
        prim.positions[i] = fromYUp({float(v[0]), float(v[1]), float(v[2])});
      }
      auto nrm = gp.attributes.find("NORMAL");
      if (nrm != gp.attributes.end()) {
        std::vector<float> nv = acc_.floats(nrm->second, 3, cap, who + " NORMAL");
        if (nv.size() != p.size()) fail(who + ": NORMAL and POSITION counts differ");
        prim.normals.resize(count);
        for (size_t i = 0; i < count; ++i) {
          const std::array<double, 3> v = normals.apply(nv[i * 3], nv[i * 3 + 1], nv[i * 3 + 2]);
          prim.normals[i] = fromYUp({float(v[0]), float(v[1]), float(v[2])});
        }
      }
      for (int set = 0; set < 2; ++set) {
        auto uv = gp.attributes.find("TEXCOORD_" + std::to_string(set));
        if (uv == gp.attributes.end()) continue;
        std::vector<float> t =
            acc_.floats(uv->second, 2, cap, who + " TEXCOORD_" + std::to_string(set));
        if (t.size() / 2 != count) fail(who + ": TEXCOORD and POSITION counts differ");
        auto& dst = set == 0 ? prim.uv0 : prim.uv1;
        dst.resize(count);
        for (size_t i = 0; i < count; ++i) dst[i] = {t[i * 2], t[i * 2 + 1]};
      }
      if (gp.indices >= 0) {
        for (uint32_t i : seq)
          if (i >= count)
            fail(who + ": index " + std::to_string(i) + " but only " + std::to_string(count) +
                 " vertices");
      } else {
        seq.resize(count);
        for (size_t i = 0; i < count; ++i) seq[i] = uint32_t(i);
      }
      prim.indices = toTriangleList(gp.mode == -1 ? TINYGLTF_MODE_TRIANGLES : gp.mode, seq);
      if (normals.mirrors())
        for (size_t i = 0; i + 2 < prim.indices.size(); i += 3)
          std::swap(prim.indices[i + 1], prim.indices[i + 2]);
      node.primitives.push_back(std::move(prim));
    }
    node.tagged = chunkTags(n.extras.Get("strata"));
    nodes_.push_back(std::move(node));
  }
};

// Images are not needed to write geometry back: skip decoding them.
bool skipImage(tinygltf::Image*, const int, std::string*, std::string*, int, int,
               const unsigned char*, int, void*) {
  return true;
}

// A glTF in memory has no files beside it: a buffer it names by URI is missing.
tinygltf::FsCallbacks noFiles() {
  tinygltf::FsCallbacks fs;
  fs.FileExists = [](const std::string&, void*) { return false; };
  fs.ExpandFilePath = [](const std::string& path, void*) { return path; };
  fs.ReadWholeFile = [](std::vector<unsigned char>*, std::string* err, const std::string& path,
                        void*) {
    if (err) *err = "no file beside bytes in memory: " + path;
    return false;
  };
  fs.WriteWholeFile = [](std::string*, const std::string&, const std::vector<unsigned char>&,
                         void*) { return false; };
  fs.user_data = nullptr;
  return fs;
}

// The JSON text a glTF holds: the whole file, or a GLB's first chunk (glTF
// 2.0 §4.4.3: a 12-byte header, then the chunk's length and type "JSON").
std::pair<const uint8_t*, size_t> jsonText(const std::vector<uint8_t>& bytes, bool binary,
                                           uint64_t& base) {
  base = binary ? 20 : 0;
  if (!binary) return {bytes.data(), bytes.size()};
  if (bytes.size() < 20 || std::memcmp(&bytes[16], "JSON", 4) != 0) return {nullptr, 0};
  const size_t length = size_t(bytes[12]) | size_t(bytes[13]) << 8 | size_t(bytes[14]) << 16 |
                        size_t(bytes[15]) << 24;
  return {bytes.data() + 20, std::min(length, bytes.size() - 20)};
}

// A JSON pass that builds nothing and keeps where the text stops being JSON:
// the error path's second parse, cheap beside tinygltf's.
struct JsonStop : nlohmann::json_sax<nlohmann::json> {
  size_t byte = 0; // the parser's position: the count of bytes it read
  bool failed = false;
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception&) override {
    byte = position;
    failed = true;
    return false;
  }
};

// Where JSON text stops being JSON, in Strata's words (tinygltf passes the
// JSON library's exception text on): false when it is valid JSON.
bool jsonSyntaxError(const uint8_t* text, size_t size, uint64_t base, uint64_t& offset,
                     std::string& message) {
  JsonStop stop;
  nlohmann::json::sax_parse(text, text + size, &stop);
  if (!stop.failed) return false;
  const size_t at = stop.byte > 0 ? stop.byte - 1 : 0; // counts from 1
  offset = base + std::min(at, size);
  message = at >= size ? "the JSON text ends before its value is complete"
                       : "the JSON text is not valid JSON here (at the character " +
                             escapeUtf8(std::string(1, char(text[at]))) + ")";
  return true;
}

} // namespace

std::vector<AtlasChunkEdit> readGltfEdits(const Source& in) {
  const std::string& path = in.path;
  const std::shared_ptr<const std::vector<uint8_t>> held = in.bytes();
  const std::vector<uint8_t>& bytes = *held;
  if (bytes.size() > 0xFFFFFFFFull) throw Error(path, Error::kNoOffset, "larger than 4 GiB");
  tinygltf::TinyGLTF loader;
  loader.SetImageLoader(skipImage, nullptr);
  if (!in.onDisk()) loader.SetFsCallbacks(noFiles());
  tinygltf::Model model;
  std::string err, warn;
  const std::string dir = utf8Of(pathOf(path).parent_path());
  const bool binary = bytes.size() >= 4 && std::memcmp(bytes.data(), "glTF", 4) == 0;
  bool ok = binary ? loader.LoadBinaryFromMemory(&model, &err, &warn, bytes.data(),
                                                 unsigned(bytes.size()), dir)
                   : loader.LoadASCIIFromString(&model, &err, &warn,
                                                reinterpret_cast<const char*>(bytes.data()),
                                                unsigned(bytes.size()), dir);
  if (!ok) {
    const std::string kind = binary ? "binary (GLB)" : "JSON";
    uint64_t base = 0, offset = 0;
    std::string problem;
    const auto [text, size] = jsonText(bytes, binary, base);
    if (text && jsonSyntaxError(text, size, base, offset, problem))
      throw Error(path, offset, "not a readable glTF " + kind + ": " + problem);
    throw Error(path, Error::kNoOffset,
                "not a readable glTF " + kind + ": " +
                    escapeUtf8(err.empty() ? warn : err)); // it may quote the file's bytes
  }
  return Reader(model, path).read();
}

std::vector<AtlasChunkEdit> readEdits(const Source& source) {
  std::vector<uint8_t> bytes(64, 0);
  if (source.onDisk()) {
    std::ifstream in(pathOf(source.path), std::ios::binary);
    if (!in) readFile(source.path); // throws the reason, naming the file
    in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size()));
    bytes.resize(size_t(in.gcount()));
  } else {
    bytes.assign(source.memory->begin(),
                 source.memory->begin() + long(std::min<size_t>(64, source.memory->size())));
  }
  size_t i = 0;
  while (i < bytes.size() && std::isspace(bytes[i])) ++i;
  const bool glb = bytes.size() >= 4 && std::memcmp(bytes.data(), "glTF", 4) == 0;
  const bool json = i < bytes.size() && bytes[i] == '{';
  return glb || json ? readGltfEdits(source) : readAssimpEdits(source);
}

} // namespace strata::edits
