#include "gltf_json.h"

#include "common/base64.h"
#include "json_text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <string_view>
#include <type_traits>

namespace strata::gltf {

namespace {

using tinygltf::Value;

// tinygltf's TINYGLTF_DOUBLE_EQUAL: how it tells a default from a set value.
bool nearly(double a, double b) {
  return std::fabs(b - a) < 1e-12;
}
bool nearly(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!nearly(a[i], b[i])) return false;
  return true;
}

// A value tinygltf writes at all (its ValueToJson is false for these).
bool writable(const Value& v) {
  return v.Type() != tinygltf::NULL_TYPE && v.Type() != tinygltf::BINARY_TYPE;
}

void value(JsonText& j, const Value& v) {
  switch (v.Type()) {
  case tinygltf::REAL_TYPE:
    return j.number(v.Get<double>());
  case tinygltf::INT_TYPE:
    return j.number(v.Get<int>());
  case tinygltf::BOOL_TYPE:
    return j.boolean(v.Get<bool>());
  case tinygltf::STRING_TYPE:
    return j.text(v.Get<std::string>());
  case tinygltf::ARRAY_TYPE:
    j.beginArray();
    for (const Value& e : v.Get<Value::Array>())
      if (writable(e)) value(j, e);
    return j.endArray();
  case tinygltf::OBJECT_TYPE:
    j.beginObject();
    for (const auto& [k, e] : v.Get<Value::Object>())
      if (writable(e)) {
        j.key(k);
        value(j, e);
      }
    return j.endObject();
  default:
    return j.null();
  }
}

// True when value() writes null: a list or object with nothing writable in it.
bool writesNull(const Value& v) {
  if (v.Type() == tinygltf::ARRAY_TYPE) {
    for (const Value& e : v.Get<Value::Array>())
      if (writable(e)) return false;
    return true;
  }
  if (v.Type() == tinygltf::OBJECT_TYPE) {
    for (const auto& kv : v.Get<Value::Object>())
      if (writable(kv.second)) return false;
    return true;
  }
  return false;
}

template <size_t N> void valueMember(JsonText& j, const char (&key)[N], const Value& v) {
  if (!writable(v)) return;
  j.key(key);
  value(j, v);
}

// tinygltf's SerializeExtensionMap: an extension whose value is null is
// still named, as an empty object.
void extensions(JsonText& j, const tinygltf::ExtensionMap& map) {
  if (map.empty()) return;
  j.key("extensions");
  j.beginObject();
  for (const auto& [name, v] : map) {
    if (writable(v) && !writesNull(v)) {
      j.key(name);
      value(j, v);
    } else if (!name.empty()) {
      j.key(name);
      j.beginObject();
      j.endObject("{}");
    } else if (writable(v)) {
      j.key(name);
      j.null();
    }
  }
  j.endObject();
}

template <size_t N, class T>
void numbers(JsonText& j, const char (&key)[N], const std::vector<T>& v) {
  if (v.empty()) return;
  j.key(key);
  j.beginArray();
  for (T x : v) j.number(x);
  j.endArray();
}

// A small object's compact JSON built in one buffer and added whole: member
// by member through JsonText, a 496 MB terrain's 25 k accessors and as many
// views took 8 ms of its 11 ms of JSON, on one thread while the other made
// the binary chunk ahead. The text is the one the general path writes.
class Piece {
public:
  void text(std::string_view s) {
    std::memcpy(p_, s.data(), s.size());
    p_ += s.size();
  }
  template <class Int> void integer(Int v) { p_ = std::to_chars(p_, end_, v).ptr; }
  void real(double v) {
    if (!std::isfinite(v)) return text("null");
    p_ = nlohmann::detail::to_chars(p_, end_, v);
  }
  // At most 4 values (the fast paths' limit).
  template <class T> void numbers(const std::vector<double>& v) {
    text("[");
    for (size_t i = 0; i < v.size(); ++i) {
      if (i) text(",");
      if constexpr (std::is_same_v<T, double>)
        real(v[i]);
      else
        integer(T(v[i]));
    }
    text("]");
  }
  std::string_view json() const { return {buf_, size_t(p_ - buf_)}; }

private:
  // The longest accessor: its keys and type (about 90 bytes), 8 doubles of
  // at most 24 characters each, 3 integers of at most 20.
  char buf_[512];
  char* p_ = buf_;
  char* const end_ = buf_ + sizeof buf_;
};

// An accessor type's name, as tinygltf writes it ("" for a type it does not know).
const char* typeName(int type) {
  static const std::pair<int, const char*> types[] = {
      {TINYGLTF_TYPE_SCALAR, "SCALAR"}, {TINYGLTF_TYPE_VEC2, "VEC2"}, {TINYGLTF_TYPE_VEC3, "VEC3"},
      {TINYGLTF_TYPE_VEC4, "VEC4"},     {TINYGLTF_TYPE_MAT2, "MAT2"}, {TINYGLTF_TYPE_MAT3, "MAT3"},
      {TINYGLTF_TYPE_MAT4, "MAT4"}};
  for (const auto& [code, name] : types)
    if (type == code) return name;
  return "";
}

// The accessors the writer makes (no name, at most 4 bounds a side), in
// one piece; false for any other.
bool accessorPiece(JsonText& j, const tinygltf::Accessor& a) {
  if (!j.compact() || !a.name.empty() || a.maxValues.size() > 4 || a.minValues.size() > 4)
    return false;
  const bool real = a.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT ||
                    a.componentType == TINYGLTF_COMPONENT_TYPE_DOUBLE;
  auto bounds = [real](Piece& p, const std::vector<double>& v) {
    if (real)
      p.numbers<double>(v);
    else
      p.numbers<int>(v); // tinygltf writes an integer accessor's bounds as int
  };
  Piece p;
  p.text("{");
  if (a.bufferView >= 0) {
    p.text("\"bufferView\":");
    p.integer(int64_t(a.bufferView));
    p.text(",");
  }
  if (a.byteOffset != 0) {
    p.text("\"byteOffset\":");
    p.integer(int64_t(int(a.byteOffset)));
    p.text(",");
  }
  p.text("\"componentType\":");
  p.integer(int64_t(a.componentType));
  p.text(",\"count\":");
  p.integer(uint64_t(a.count));
  if (!a.maxValues.empty()) {
    p.text(",\"max\":");
    bounds(p, a.maxValues);
  }
  if (!a.minValues.empty()) {
    p.text(",\"min\":");
    bounds(p, a.minValues);
  }
  p.text(",\"type\":\"");
  p.text(typeName(a.type));
  p.text("\"}");
  j.piece(p.json());
  return true;
}

void accessor(JsonText& j, const tinygltf::Accessor& a) {
  if (accessorPiece(j, a)) return;
  j.beginObject();
  if (a.bufferView >= 0) j.member("bufferView", a.bufferView);
  if (a.byteOffset != 0) j.member("byteOffset", int(a.byteOffset));
  j.member("componentType", a.componentType);
  j.member("count", uint64_t(a.count));
  if (a.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT ||
      a.componentType == TINYGLTF_COMPONENT_TYPE_DOUBLE) {
    numbers(j, "max", a.maxValues);
    numbers(j, "min", a.minValues);
  } else {
    // tinygltf writes an integer accessor's bounds as int.
    std::vector<int> max(a.maxValues.begin(), a.maxValues.end()),
        min(a.minValues.begin(), a.minValues.end());
    numbers(j, "max", max);
    numbers(j, "min", min);
  }
  if (!a.name.empty()) j.member("name", a.name);
  j.member("type", typeName(a.type));
  j.endObject();
}

void asset(JsonText& j, const tinygltf::Asset& a) {
  j.beginObject();
  if (!a.copyright.empty()) j.member("copyright", a.copyright);
  if (!a.generator.empty()) j.member("generator", a.generator);
  j.member("version", a.version.empty() ? "2.0" : a.version);
  j.endObject();
}

void bufferView(JsonText& j, const tinygltf::BufferView& v) {
  if (j.compact() && v.name.empty()) {
    Piece p;
    p.text("{\"buffer\":");
    p.integer(int64_t(v.buffer));
    p.text(",\"byteLength\":");
    p.integer(uint64_t(v.byteLength));
    if (v.byteOffset > 0) {
      p.text(",\"byteOffset\":");
      p.integer(uint64_t(v.byteOffset));
    }
    if (v.byteStride >= 4) {
      p.text(",\"byteStride\":");
      p.integer(uint64_t(v.byteStride));
    }
    if (v.target == TINYGLTF_TARGET_ARRAY_BUFFER ||
        v.target == TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER) {
      p.text(",\"target\":");
      p.integer(int64_t(v.target));
    }
    p.text("}");
    return j.piece(p.json());
  }
  j.beginObject();
  j.member("buffer", v.buffer);
  j.member("byteLength", uint64_t(v.byteLength));
  if (v.byteOffset > 0) j.member("byteOffset", uint64_t(v.byteOffset));
  if (v.byteStride >= 4) j.member("byteStride", uint64_t(v.byteStride));
  if (!v.name.empty()) j.member("name", v.name);
  if (v.target == TINYGLTF_TARGET_ARRAY_BUFFER || v.target == TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER)
    j.member("target", v.target);
  j.endObject();
}

// binLength: buffer 0 is a GLB's BIN chunk of that many bytes; otherwise
// (SIZE_MAX) its data is written as a data: URI.
void buffer(JsonText& j, const tinygltf::Buffer& b, size_t binLength) {
  j.beginObject();
  const bool bin = binLength != SIZE_MAX;
  j.member("byteLength", uint64_t(bin ? binLength : b.data.size()));
  if (!b.name.empty()) j.member("name", b.name);
  if (!bin) {
    j.member("uri", "data:application/octet-stream;base64," + base64Encode(b.data));
  }
  j.endObject();
}

void image(JsonText& j, const tinygltf::Image& im) {
  j.beginObject();
  // With no image writer, tinygltf names an image by its uri when it has
  // one, else by mimeType and bufferView.
  if (im.uri.empty()) j.member("bufferView", im.bufferView);
  extensions(j, im.extensions);
  if (im.uri.empty()) j.member("mimeType", im.mimeType);
  if (!im.name.empty()) j.member("name", im.name);
  if (!im.uri.empty()) j.member("uri", im.uri);
  j.endObject();
}

void textureInfo(JsonText& j, const char* key, const tinygltf::TextureInfo& t) {
  if (t.index <= -1) return;
  j.key(key);
  j.beginObject();
  extensions(j, t.extensions);
  j.member("index", t.index);
  if (t.texCoord != 0) j.member("texCoord", t.texCoord);
  j.endObject();
}

void pbr(JsonText& j, const tinygltf::PbrMetallicRoughness& p) {
  const bool colour =
      !p.baseColorFactor.empty() && !nearly(p.baseColorFactor, {1.0, 1.0, 1.0, 1.0});
  const bool metallic = !nearly(p.metallicFactor, 1.0), rough = !nearly(p.roughnessFactor, 1.0);
  // All defaults: tinygltf leaves the member out.
  if (!colour && !metallic && !rough && p.baseColorTexture.index <= -1) return;
  j.key("pbrMetallicRoughness");
  j.beginObject();
  if (colour) numbers(j, "baseColorFactor", p.baseColorFactor);
  textureInfo(j, "baseColorTexture", p.baseColorTexture);
  if (metallic) j.member("metallicFactor", p.metallicFactor);
  if (rough) j.member("roughnessFactor", p.roughnessFactor);
  j.endObject();
}

void material(JsonText& j, const tinygltf::Material& m) {
  j.beginObject();
  if (!nearly(m.alphaCutoff, 0.5)) j.member("alphaCutoff", m.alphaCutoff);
  if (m.alphaMode != "OPAQUE") j.member("alphaMode", m.alphaMode);
  if (m.doubleSided) j.member("doubleSided", true);
  if (!m.name.empty()) j.member("name", m.name);
  pbr(j, m.pbrMetallicRoughness);
  j.endObject("{}"); // a material with every default is an empty object, never null
}

void attributes(JsonText& j, const std::map<std::string, int>& map) {
  j.beginObject();
  for (const auto& [name, index] : map) j.member(name, index);
  j.endObject();
}

void mesh(JsonText& j, const tinygltf::Mesh& m) {
  j.beginObject();
  if (!m.name.empty()) j.member("name", m.name);
  j.key("primitives");
  j.beginArray();
  for (const tinygltf::Primitive& p : m.primitives) {
    j.beginObject();
    j.key("attributes");
    attributes(j, p.attributes);
    if (p.indices > -1) j.member("indices", p.indices);
    if (p.material > -1) j.member("material", p.material);
    j.member("mode", p.mode);
    if (!p.targets.empty()) {
      j.key("targets");
      j.beginArray();
      for (const std::map<std::string, int>& t : p.targets) attributes(j, t);
      j.endArray();
    }
    j.endObject();
  }
  j.endArray();
  numbers(j, "weights", m.weights);
  j.endObject();
}

void node(JsonText& j, const tinygltf::Node& n) {
  j.beginObject();
  numbers(j, "children", n.children);
  extensions(j, n.extensions);
  valueMember(j, "extras", n.extras);
  if (n.mesh != -1) j.member("mesh", n.mesh);
  if (!n.name.empty()) j.member("name", n.name);
  numbers(j, "translation", n.translation);
  j.endObject();
}

void sampler(JsonText& j, const tinygltf::Sampler& s) {
  j.beginObject();
  if (s.magFilter != -1) j.member("magFilter", s.magFilter);
  if (s.minFilter != -1) j.member("minFilter", s.minFilter);
  j.member("wrapS", s.wrapS);
  j.member("wrapT", s.wrapT);
  j.endObject();
}

void scene(JsonText& j, const tinygltf::Scene& s) {
  j.beginObject();
  if (!s.name.empty()) j.member("name", s.name);
  numbers(j, "nodes", s.nodes);
  j.endObject();
}

void texture(JsonText& j, const tinygltf::Texture& t) {
  j.beginObject();
  extensions(j, t.extensions);
  if (!t.name.empty()) j.member("name", t.name);
  if (t.sampler > -1) j.member("sampler", t.sampler);
  if (t.source > -1) j.member("source", t.source);
  j.endObject();
}

const std::vector<std::string> kNoRuns;

// `runs`: items written already (WrittenLists), after the model's own.
template <size_t N, class T, class Write>
void list(JsonText& j, const char (&key)[N], const std::vector<T>& items, Write write,
          const std::vector<std::string>& runs = kNoRuns) {
  const bool written = std::any_of(runs.begin(), runs.end(), [](auto& r) { return !r.empty(); });
  if (items.empty() && !written) return;
  j.key(key);
  j.beginArray();
  for (const T& item : items) write(j, item);
  for (const std::string& run : runs)
    if (!run.empty()) j.piece(run);
  j.endArray();
}

size_t sizeOf(const std::vector<std::string>& runs) {
  size_t n = 0;
  for (const std::string& r : runs) n += r.size() + 1;
  return n;
}

template <class T, class Write> void append(std::string& run, const T& item, Write write) {
  if (!run.empty()) run += ',';
  JsonText j(run, -1);
  write(j, item);
}

// The model's members in nlohmann's (sorted) key order.
std::string json(const tinygltf::Model& m, const WrittenLists& w, int indent, size_t binLength,
                 size_t room = 0) {
  std::string out;
  // Room for it all at once, more than it takes: growing by doubling copied
  // a large terrain's 5 MB and faulted in fresh pages for every copy (what
  // is reserved and not written is never touched).
  // A scene's node indices take at most 12 characters each (a terrain's
  // scene names every chunk).
  const size_t perLevel = indent < 0 ? 1 : 8;
  size_t sceneNodes = 0;
  for (const tinygltf::Scene& s : m.scenes) sceneNodes += s.nodes.size();
  out.reserve(room + 4096 +
              perLevel * (200 * m.accessors.size() + 120 * m.bufferViews.size() +
                          300 * m.meshes.size() + 300 * m.nodes.size() + 12 * sceneNodes +
                          200 * (m.images.size() + m.materials.size() + m.textures.size())) +
              sizeOf(w.accessors) + sizeOf(w.bufferViews) + sizeOf(w.meshes) + sizeOf(w.nodes) +
              sizeOf(w.materials) + sizeOf(w.textures) + sizeOf(w.samplers) + sizeOf(w.images));
  out.append(room, '\0');
  JsonText j(out, indent);
  j.beginObject();
  list(j, "accessors", m.accessors, accessor, w.accessors);
  j.key("asset");
  asset(j, m.asset);
  list(j, "bufferViews", m.bufferViews, bufferView, w.bufferViews);
  if (!m.buffers.empty()) {
    j.key("buffers");
    j.beginArray();
    for (size_t i = 0; i < m.buffers.size(); ++i)
      buffer(j, m.buffers[i], i == 0 && m.buffers[i].uri.empty() ? binLength : SIZE_MAX);
    j.endArray();
  }
  if (!m.extensionsUsed.empty()) {
    j.key("extensionsUsed");
    j.beginArray();
    for (const std::string& e : m.extensionsUsed) j.text(e);
    j.endArray("[]");
  }
  list(j, "images", m.images, image, w.images);
  list(j, "materials", m.materials, material, w.materials);
  list(j, "meshes", m.meshes, mesh, w.meshes);
  list(j, "nodes", m.nodes, node, w.nodes);
  list(j, "samplers", m.samplers, sampler, w.samplers);
  if (m.defaultScene > -1) j.member("scene", m.defaultScene);
  list(j, "scenes", m.scenes, scene);
  list(j, "textures", m.textures, texture, w.textures);
  j.endObject();
  return out;
}

} // namespace

void appendJson(std::string& run, const tinygltf::Accessor& item) {
  append(run, item, accessor);
}
void appendJson(std::string& run, const tinygltf::BufferView& item) {
  append(run, item, bufferView);
}
void appendJson(std::string& run, const tinygltf::Mesh& item) {
  append(run, item, mesh);
}
void appendJson(std::string& run, const tinygltf::Node& item) {
  append(run, item, node);
}
void appendJson(std::string& run, const tinygltf::Material& item) {
  append(run, item, material);
}
void appendJson(std::string& run, const tinygltf::Texture& item) {
  append(run, item, texture);
}
void appendJson(std::string& run, const tinygltf::Sampler& item) {
  append(run, item, sampler);
}
void appendJson(std::string& run, const tinygltf::Image& item) {
  append(run, item, image);
}

std::string glbJson(const tinygltf::Model& model, const WrittenLists& written, size_t binLength,
                    size_t room) {
  return json(model, written, -1, binLength, room);
}

std::string gltfText(const tinygltf::Model& model) {
  return json(model, WrittenLists(), 2, SIZE_MAX) + "\n";
}

} // namespace strata::gltf
