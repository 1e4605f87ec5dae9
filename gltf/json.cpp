// JSON: the document's items as glTF JSON, the one emitter of .glb (compact)
// and .gltf (indented by 2) text. Members in sorted order, each left out where
// it holds its default; a list's items written in runs on every core the
// budget has, then joined.
#include "json_text.h"
#include "stages.h"

#include "strata/base64.h"
#include "strata/parallel.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <stdexcept>
#include <string_view>

namespace strata::gltf {

namespace {

// Whether a factor holds its default: the glTF defaults are left out.
bool nearly(double a, double b) {
  return std::fabs(b - a) < 1e-12;
}

template <size_t N, class T> void numbers(JsonText& j, const char (&key)[N], const T* v, size_t n) {
  if (n == 0) return;
  j.key(key);
  j.beginArray();
  for (size_t i = 0; i < n; ++i) j.number(v[i]);
  j.endArray();
}

// A small object's compact JSON built in one buffer and added whole (member
// by member through JsonText, the accessors and views of a large terrain
// were most of its JSON's time). The text is the one JsonText writes.
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
  void member(std::string_view key, uint64_t v) {
    text(key);
    integer(v);
  }
  std::string_view json() const { return {buf_, size_t(p_ - buf_)}; }

private:
  // The longest: a view with its extension (about 170 bytes), or an
  // accessor's keys and type (about 90 bytes), 6 doubles of at most 24
  // characters each and 3 integers of at most 20.
  char buf_[512];
  char* p_ = buf_;
  char* const end_ = buf_ + sizeof buf_;
};

const char* typeName(int components) {
  static const char* const names[] = {"", "SCALAR", "VEC2", "VEC3", "VEC4"};
  return components >= 1 && components <= 4 ? names[components] : "";
}

// An integer type's bounds are written as integers.
bool real(const Accessor& a) {
  return a.componentType == kFloat;
}

void accessorPiece(JsonText& j, const Accessor& a) {
  auto bounds = [&a](Piece& p, const std::array<double, 3>& v) {
    p.text("[");
    for (size_t i = 0; i < v.size(); ++i) {
      if (i) p.text(",");
      if (real(a))
        p.real(v[i]);
      else
        p.integer(int(v[i]));
    }
    p.text("]");
  };
  Piece p;
  p.text("{");
  if (a.view >= 0) {
    p.member("\"bufferView\":", uint64_t(a.view));
    p.text(",");
  }
  p.member("\"componentType\":", uint64_t(a.componentType));
  p.member(",\"count\":", uint64_t(a.count));
  if (a.bounded) {
    p.text(",\"max\":");
    bounds(p, a.max);
    p.text(",\"min\":");
    bounds(p, a.min);
  }
  p.text(",\"type\":\"");
  p.text(typeName(a.components));
  p.text("\"}");
  j.piece(p.json());
}

void accessor(JsonText& j, const Accessor& a) {
  if (j.compact()) return accessorPiece(j, a);
  j.beginObject();
  if (a.view >= 0) j.member("bufferView", a.view);
  j.member("componentType", a.componentType);
  j.member("count", uint64_t(a.count));
  if (a.bounded && real(a)) {
    numbers(j, "max", a.max.data(), 3);
    numbers(j, "min", a.min.data(), 3);
  } else if (a.bounded) {
    const int max[3] = {int(a.max[0]), int(a.max[1]), int(a.max[2])};
    const int min[3] = {int(a.min[0]), int(a.min[1]), int(a.min[2])};
    numbers(j, "max", max, 3);
    numbers(j, "min", min, 3);
  }
  j.member("type", typeName(a.components));
  j.endObject();
}

// EXT_meshopt_compression's members of a compressed view.
void meshoptPiece(Piece& p, const Meshopt& m) {
  p.member(",\"extensions\":{\"EXT_meshopt_compression\":{\"buffer\":", 0);
  p.member(",\"byteLength\":", m.length);
  p.member(",\"byteOffset\":", m.offset);
  p.member(",\"byteStride\":", m.stride);
  p.member(",\"count\":", m.count);
  p.text(",\"mode\":\"");
  p.text(m.mode);
  p.text("\"}}");
}

void viewPiece(JsonText& j, const View& v, const Meshopt& m, bool everyOffset) {
  Piece p;
  p.member("{\"buffer\":", uint64_t(v.buffer));
  p.member(",\"byteLength\":", v.length);
  if (v.offset > 0 || everyOffset) p.member(",\"byteOffset\":", v.offset);
  if (v.stride >= 4) p.member(",\"byteStride\":", uint64_t(v.stride));
  if (m.mode) meshoptPiece(p, m);
  if (v.target == kArrayBuffer || v.target == kElementArrayBuffer)
    p.member(",\"target\":", uint64_t(v.target));
  p.text("}");
  j.piece(p.json());
}

// `m`: its compression (EXT_meshopt_compression), if any.
void view(JsonText& j, const View& v, const Meshopt& m, bool everyOffset) {
  if (j.compact()) return viewPiece(j, v, m, everyOffset);
  j.beginObject();
  j.member("buffer", v.buffer);
  j.member("byteLength", uint64_t(v.length));
  if (v.offset > 0 || everyOffset) j.member("byteOffset", uint64_t(v.offset));
  if (v.stride >= 4) j.member("byteStride", uint64_t(v.stride));
  if (m.mode) {
    j.key("extensions");
    j.beginObject();
    j.key("EXT_meshopt_compression");
    j.beginObject();
    j.member("buffer", 0);
    j.member("byteLength", uint64_t(m.length));
    j.member("byteOffset", uint64_t(m.offset));
    j.member("byteStride", uint64_t(m.stride));
    j.member("count", uint64_t(m.count));
    j.member("mode", m.mode);
    j.endObject();
    j.endObject();
  }
  if (v.target == kArrayBuffer || v.target == kElementArrayBuffer) j.member("target", v.target);
  j.endObject();
}

void buffer(JsonText& j, const BufferItem& b) {
  j.beginObject();
  j.member("byteLength", uint64_t(b.length));
  if (b.fallback) {
    j.key("extensions");
    j.beginObject();
    j.key("EXT_meshopt_compression");
    j.beginObject();
    j.member("fallback", true);
    j.endObject();
    j.endObject();
  }
  if (b.data)
    j.member("uri", "data:application/octet-stream;base64," + base64Encode(*b.data));
  else if (!b.uri.empty())
    j.member("uri", b.uri);
  j.endObject();
}

void image(JsonText& j, const ImageItem& im) {
  j.beginObject();
  if (im.uri.empty()) j.member("bufferView", im.view);
  if (im.uri.empty()) j.member("mimeType", im.mimeType);
  if (!im.name.empty()) j.member("name", im.name);
  if (!im.uri.empty()) j.member("uri", im.uri);
  j.endObject();
}

void pbr(JsonText& j, const MaterialItem& item) {
  const Material& m = *item.material;
  const double colour[4] = {m.baseColorFactor[0], m.baseColorFactor[1], m.baseColorFactor[2],
                            m.baseColorFactor[3]};
  const bool white =
      nearly(colour[0], 1) && nearly(colour[1], 1) && nearly(colour[2], 1) && nearly(colour[3], 1);
  const bool metallic = !nearly(m.metallic, 1.0), rough = !nearly(m.roughness, 1.0);
  if (white && !metallic && !rough && !item.textured) return; // all defaults
  j.key("pbrMetallicRoughness");
  j.beginObject();
  if (!white) numbers(j, "baseColorFactor", colour, 4);
  if (item.textured) {
    j.key("baseColorTexture");
    j.beginObject();
    j.member("index", m.baseColorTexture);
    if (m.baseColorTexCoord != 0) j.member("texCoord", m.baseColorTexCoord);
    j.endObject();
  }
  if (metallic) j.member("metallicFactor", double(m.metallic));
  if (rough) j.member("roughnessFactor", double(m.roughness));
  j.endObject();
}

void material(JsonText& j, const MaterialItem& item) {
  const Material& m = *item.material;
  j.beginObject();
  if (m.alphaMode == AlphaMode::Mask && !nearly(m.alphaCutoff, 0.5))
    j.member("alphaCutoff", double(m.alphaCutoff));
  if (m.alphaMode != AlphaMode::Opaque)
    j.member("alphaMode", m.alphaMode == AlphaMode::Mask ? "MASK" : "BLEND");
  if (m.doubleSided) j.member("doubleSided", true);
  if (!m.name.empty()) j.member("name", m.name);
  pbr(j, item);
  j.endObject("{}"); // a material with every default is an empty object
}

// In sorted order; a primitive always has a POSITION.
void attributes(JsonText& j, const Attributes& a) {
  j.beginObject();
  if (a.color0 >= 0) j.member("COLOR_0", a.color0);
  if (a.normal >= 0) j.member("NORMAL", a.normal);
  if (a.position >= 0) j.member("POSITION", a.position);
  if (a.texcoord0 >= 0) j.member("TEXCOORD_0", a.texcoord0);
  if (a.texcoord1 >= 0) j.member("TEXCOORD_1", a.texcoord1);
  j.endObject();
}

void mesh(JsonText& j, const MeshItem& m) {
  j.beginObject();
  if (!m.name.empty()) j.member("name", m.name);
  j.key("primitives");
  j.beginArray();
  for (const PrimitiveItem& p : m.primitives) {
    j.beginObject();
    j.key("attributes");
    attributes(j, p.attributes);
    if (p.indices > -1) j.member("indices", p.indices);
    if (p.material > -1) j.member("material", p.material);
    j.member("mode", 4); // triangles
    if (!p.targets.empty()) {
      j.key("targets");
      j.beginArray();
      for (const Attributes& t : p.targets) attributes(j, t);
      j.endArray();
    }
    j.endObject();
  }
  j.endArray();
  if (m.weights) {
    j.key("weights");
    j.beginArray();
    for (size_t i = 0; i < m.weights; ++i) j.number(0.0);
    j.endArray();
  }
  j.endObject();
}

// extras.strata: the node's text and number tags by name (a number tag over
// a text tag of the same name); a number past int's range as a double,
// exact to 2^53 (every U32 chunk coordinate).
void tags(JsonText& j, const Node& n) {
  using Tag = std::pair<const std::string*, const int64_t*>;
  std::map<std::string_view, Tag> byName;
  for (const auto& [k, v] : n.textTags) byName[k] = {&v, nullptr};
  for (const auto& [k, v] : n.tags) byName[k] = {nullptr, &v};
  j.key("strata");
  j.beginObject();
  for (const auto& [k, tag] : byName) {
    j.key(k);
    if (tag.first)
      j.text(*tag.first);
    else if (*tag.second >= std::numeric_limits<int>::min() &&
             *tag.second <= std::numeric_limits<int>::max())
      j.number(int(*tag.second));
    else
      j.number(double(*tag.second));
  }
  j.endObject();
}

// MSFT_lod: the node is LOD 0, `ids` its coarser alternates in order, and
// extras.MSFT_screencoverage the coverage each level is drawn down to.
void lod(JsonText& j, const Node& n) {
  j.key("extensions");
  j.beginObject();
  j.key("MSFT_lod");
  j.beginObject();
  numbers(j, "ids", n.lodAlternates.data(), n.lodAlternates.size());
  j.endObject();
  j.endObject();
}

void node(JsonText& j, const NodeItem& item) {
  const Node& n = *item.node;
  j.beginObject();
  numbers(j, "children", n.children.data(), n.children.size());
  if (!n.lodAlternates.empty()) lod(j, n);
  const bool coverage = !n.lodAlternates.empty() && !n.screenCoverage.empty();
  if (coverage || !n.tags.empty() || !n.textTags.empty()) {
    j.key("extras");
    j.beginObject();
    if (coverage) {
      j.key("MSFT_screencoverage");
      j.beginArray();
      for (float c : n.screenCoverage) j.number(double(c));
      j.endArray();
    }
    if (!n.tags.empty() || !n.textTags.empty()) tags(j, n);
    j.endObject();
  }
  if (n.mesh != -1) j.member("mesh", n.mesh);
  if (!n.name.empty()) j.member("name", n.name);
  if (item.scaled) {
    const double s[3] = {item.scale, item.scale, item.scale};
    numbers(j, "scale", s, 3);
  }
  if (item.translated) numbers(j, "translation", item.translation.data(), 3);
  j.endObject();
}

int wrapCode(Wrap w) {
  switch (w) {
  case Wrap::Repeat:
    return 10497;
  case Wrap::ClampToEdge:
    return 33071;
  case Wrap::MirroredRepeat:
    return 33648;
  }
  return 10497;
}

// Each texture's own sampler: linear, mipmaps linear.
void sampler(JsonText& j, const TextureItem& t) {
  j.beginObject();
  j.member("magFilter", 9729);
  j.member("minFilter", 9987);
  j.member("wrapS", wrapCode(t.texture->wrapS));
  j.member("wrapT", wrapCode(t.texture->wrapT));
  j.endObject();
}

void texture(JsonText& j, const TextureItem& t, int index) {
  j.beginObject();
  if (t.ktx2 >= 0) {
    j.key("extensions");
    j.beginObject();
    j.key("KHR_texture_basisu");
    j.beginObject();
    j.member("source", t.ktx2);
    j.endObject();
    j.endObject();
  }
  j.member("sampler", index);
  if (t.texture->image > -1) j.member("source", t.texture->image);
  j.endObject();
}

void scene(JsonText& j, const SceneItem& s) {
  j.beginObject();
  if (!s.name.empty()) j.member("name", s.name);
  numbers(j, "nodes", s.nodes->data(), s.nodes->size());
  j.endObject();
}

// A list's items in runs of kRun, each run written on one of the threads.
constexpr size_t kRun = 1024;

struct List {
  const char* key;
  size_t count;
  std::function<void(JsonText&, size_t)> write;
  std::vector<std::string> runs;
};

// The document's lists in sorted key order, their runs written on every core.
std::vector<List> listsOf(const Document& d) {
  std::vector<List> lists;
  auto add = [&lists](const char* key, size_t count, std::function<void(JsonText&, size_t)> write) {
    lists.push_back({key, count, std::move(write), {}});
  };
  add("accessors", d.accessors.size(),
      [&d](JsonText& j, size_t i) { accessor(j, d.accessors[i]); });
  add("bufferViews", d.views.size(), [&d](JsonText& j, size_t i) {
    static const Meshopt plain;
    view(j, d.views[i], d.meshopt.empty() ? plain : d.meshopt[i], d.everyOffset);
  });
  add("buffers", d.buffers.size(), [&d](JsonText& j, size_t i) { buffer(j, d.buffers[i]); });
  add("images", d.images.size(), [&d](JsonText& j, size_t i) { image(j, d.images[i]); });
  add("materials", d.materials.size(),
      [&d](JsonText& j, size_t i) { material(j, d.materials[i]); });
  add("meshes", d.meshes.size(), [&d](JsonText& j, size_t i) { mesh(j, d.meshes[i]); });
  add("nodes", d.nodes.size(), [&d](JsonText& j, size_t i) { node(j, d.nodes[i]); });
  add("samplers", d.textures.size(), [&d](JsonText& j, size_t i) { sampler(j, d.textures[i]); });
  add("scenes", d.scenes.size(), [&d](JsonText& j, size_t i) { scene(j, d.scenes[i]); });
  add("textures", d.textures.size(),
      [&d](JsonText& j, size_t i) { texture(j, d.textures[i], int(i)); });
  return lists;
}

void writeRuns(std::vector<List>& lists, int indent) {
  std::vector<std::pair<List*, size_t>> runs; // (list, first item)
  for (List& l : lists) {
    l.runs.resize((l.count + kRun - 1) / kRun);
    for (size_t first = 0; first < l.count; first += kRun) runs.push_back({&l, first});
  }
  // An item is two containers deep in the document (its list, the document).
  parallelFor(runs.size(), [&](size_t r) {
    List& l = *runs[r].first;
    const size_t first = runs[r].second;
    std::string& run = l.runs[first / kRun];
    JsonText j(run, indent, 2);
    for (size_t i = first; i < std::min(l.count, first + kRun); ++i) {
      j.nextItem();
      l.write(j, i);
    }
  });
}

// `key`: [items], each written by `put` (JsonText::piece for runs of JSON
// already made, JsonText::text for names); nothing when there are none.
void list(JsonText& j, const char* key, const std::vector<std::string>& items,
          void (JsonText::*put)(std::string_view) = &JsonText::piece) {
  if (items.empty()) return;
  j.key(key);
  j.beginArray();
  for (const std::string& item : items) (j.*put)(item);
  j.endArray();
}

} // namespace

DocumentJson itemsJson(const Document& doc, int indent) {
  std::vector<List> lists = listsOf(doc);
  writeRuns(lists, indent);
  DocumentJson out;
  out.indent = indent;
  for (List& l : lists) out.lists.push_back({l.key, std::move(l.runs)});
  out.extensionsRequired = doc.extensionsRequired;
  out.extensionsUsed = doc.extensionsUsed;
  return out;
}

std::string joined(const DocumentJson& d, size_t room) {
  size_t size = room + 4096; // room for it all at once: growing copied it, page by page
  for (const auto& l : d.lists)
    for (const std::string& run : l.second) size += run.size() + 1;
  std::string out;
  out.reserve(size);
  out.append(room, '\0');
  JsonText j(out, d.indent);
  auto runsOf = [&d](const char* key) -> const std::vector<std::string>& {
    for (const auto& l : d.lists)
      if (std::strcmp(l.first, key) == 0) return l.second;
    throw std::logic_error(std::string("glTF JSON: no list ") + key);
  };
  j.beginObject();
  list(j, "accessors", runsOf("accessors"));
  j.key("asset");
  j.beginObject();
  j.member("generator", "Strata");
  j.member("version", "2.0");
  j.endObject();
  list(j, "bufferViews", runsOf("bufferViews"));
  list(j, "buffers", runsOf("buffers"));
  list(j, "extensionsRequired", d.extensionsRequired, &JsonText::text);
  list(j, "extensionsUsed", d.extensionsUsed, &JsonText::text);
  for (const char* key : {"images", "materials", "meshes", "nodes", "samplers"})
    list(j, key, runsOf(key));
  j.member("scene", 0);
  list(j, "scenes", runsOf("scenes"));
  list(j, "textures", runsOf("textures"));
  j.endObject();
  return out;
}

std::string documentJson(const Document& doc, int indent, size_t room) {
  return joined(itemsJson(doc, indent), room);
}

} // namespace strata::gltf
