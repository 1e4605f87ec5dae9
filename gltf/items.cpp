// Items: the scene as glTF items (design.md "Axes": (x, y, z) -> (x, z, -y)).
// Each mesh's accessors and views are laid out by its outline (its arrays'
// sizes and positions' bounds) before any array is read: each view's bytes
// are made from the mesh when buffer 0 is written (layout.cpp).
#include "container.h"
#include "stages.h"

#include "strata/parallel.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace strata::gltf {

namespace {

// The glTF-axis bounds of positions whose source-axis bounds are [lo, hi]
// (PrimitiveOutline's: selects in order, so a NaN never taken and of equal
// values the first). (x, y, z) -> (x, z, -y): the minimum of -y is minus the
// maximum of y, taken at the same value, so these are the bounds the
// converted positions have, -0 and 0 as they came. A float converts to
// double exactly.
void setBounds(Accessor& a, const Vec3& lo, const Vec3& hi) {
  a.bounded = a.count > 0;
  a.min = {lo[0], lo[2], -double(hi[1])};
  a.max = {hi[0], hi[2], -double(lo[1])};
}

// Where a mesh's next accessor and view go, and the buffer offset its next
// view starts at or after.
struct Slots {
  size_t accessor, view, offset;
};

// The accessors and views a mesh adds (one view an accessor), in meshItem's
// order, and their bytes, each padded to 4: where the next mesh's begin.
Slots spanOf(const MeshOutline& m) {
  Slots n{0, 0, 0};
  auto view = [&n](size_t count, size_t bytes) {
    ++n.accessor, ++n.view, n.offset += count * bytes + glb::padTo4(count * bytes);
  };
  for (const PrimitiveOutline& p : m) {
    view(p.positions, sizeof(Vec3));
    if (p.normals) view(p.normals, sizeof(Vec3));
    if (p.uv0) view(p.uv0, sizeof(Vec2));
    if (p.uv1) view(p.uv1, sizeof(Vec2));
    if (p.colors) view(p.colors, sizeof(Vec4));
    view(p.indices, p.positions < 0xFFFF ? 2 : 4);
    for (const PrimitiveOutline::Target& t : p.targets) {
      view(t.positions, sizeof(Vec3));
      if (t.uv0) view(t.uv0, sizeof(Vec2));
    }
  }
  return n;
}

// The conversions, as types so each view's loop is compiled with its own.
constexpr auto gltfAxes = [](const Vec3& v) { return toYUp(v); };
constexpr auto same2 = [](const Vec2& v) { return v; };

// glTF requires unit normals; a zero or non-finite normal becomes the up axis.
constexpr auto unitNormal = [](const Vec3& in) -> Vec3 {
  const Vec3 n = toYUp(in);
  float len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  if (!(len > 1e-12f) || !std::isfinite(len)) return {0, 1, 0};
  return {n[0] / len, n[1] / len, n[2] / len};
};

constexpr auto clampedColor = [](const Vec4& in) {
  Vec4 v = in;
  for (float& f : v) f = std::clamp(std::isfinite(f) ? f : 0.0f, 0.0f, 1.0f);
  return v;
};

// One mesh's accessors and views, at the places planned for it.
class MeshWriter {
public:
  MeshWriter(Document& doc, int mesh, Slots at) : doc_(doc), mesh_(mesh), at_(at) {}

  MeshItem item(const MeshOutline& outline) {
    MeshItem m;
    m.name = doc_.scene->meshes[size_t(mesh_)].name;
    for (size_t p = 0; p < outline.size(); ++p) m.primitives.push_back(primitive(p, outline[p]));
    for (const PrimitiveOutline& po : outline) m.weights = std::max(m.weights, po.targets.size());
    return m;
  }
  const Slots& end() const { return at_; }

private:
  Document& doc_;
  int mesh_;
  Slots at_;

  // The accessor's view of `length` bytes; `fill` writes them from the mesh.
  int view(size_t length, int target, std::function<void(const Mesh*, uint8_t*)> fill) {
    doc_.views[at_.view] = placeView(at_.offset, length, target, mesh_, std::move(fill));
    return int(at_.view++);
  }
  int keep(const Accessor& a) {
    doc_.accessors[at_.accessor] = a;
    return int(at_.accessor++);
  }

  // An accessor over the `count` values get(mesh) gives, each written as
  // convert(value).
  template <size_t N, class Get, class Convert>
  Accessor floats(size_t count, Get get, Convert convert) {
    Accessor a;
    a.view =
        view(count * N * sizeof(float), kArrayBuffer, [get, convert](const Mesh* m, uint8_t* to) {
          for (const std::array<float, N>& v : get(*m)) {
            const std::array<float, N> c = convert(v);
            std::memcpy(to, c.data(), sizeof c);
            to += sizeof c;
          }
        });
    a.count = count;
    a.components = int(N);
    return a;
  }

  // The indices of primitive `p`; 0xFFFF is the primitive-restart value and
  // is not allowed as a U16 index.
  int indices(size_t p, const PrimitiveOutline& outline) {
    Accessor a;
    a.count = outline.indices;
    if (outline.positions < 0xFFFF) {
      a.componentType = kUnsignedShort;
      a.view = view(outline.indices * 2, kElementArrayBuffer, [p](const Mesh* m, uint8_t* to) {
        for (uint32_t i : m->primitives[p].indices) {
          const uint16_t small = uint16_t(i);
          std::memcpy(to, &small, 2);
          to += 2;
        }
      });
    } else {
      a.componentType = kUnsignedInt;
      a.view = view(outline.indices * 4, kElementArrayBuffer, [p](const Mesh* m, uint8_t* to) {
        const std::vector<uint32_t>& indices = m->primitives[p].indices;
        std::memcpy(to, indices.data(), indices.size() * 4);
      });
    }
    return keep(a);
  }

  PrimitiveItem primitive(size_t p, const PrimitiveOutline& po) {
    auto prim = [p](const Mesh& m) -> const Primitive& { return m.primitives[p]; };
    PrimitiveItem gp;
    Accessor position = floats<3>(
        po.positions, [prim](const Mesh& m) -> auto& { return prim(m).positions; }, gltfAxes);
    setBounds(position, po.min, po.max);
    gp.attributes.position = keep(position);
    if (po.normals)
      gp.attributes.normal = keep(floats<3>(
          po.normals, [prim](const Mesh& m) -> auto& { return prim(m).normals; }, unitNormal));
    if (po.uv0)
      gp.attributes.texcoord0 = keep(floats<2>(
          po.uv0, [prim](const Mesh& m) -> auto& { return prim(m).uv0; }, same2));
    if (po.uv1)
      gp.attributes.texcoord1 = keep(floats<2>(
          po.uv1, [prim](const Mesh& m) -> auto& { return prim(m).uv1; }, same2));
    if (po.colors)
      gp.attributes.color0 = keep(floats<4>(
          po.colors, [prim](const Mesh& m) -> auto& { return prim(m).colors; }, clampedColor));
    gp.indices = indices(p, po);
    for (size_t t = 0; t < po.targets.size(); ++t) {
      const PrimitiveOutline::Target& to = po.targets[t];
      auto morph = [p, t](const Mesh& m) -> const MorphTarget& {
        return m.primitives[p].morphTargets[t];
      };
      Attributes target;
      Accessor deltas = floats<3>(
          to.positions, [morph](const Mesh& m) -> auto& { return morph(m).positions; }, gltfAxes);
      setBounds(deltas, to.min, to.max);
      target.position = keep(deltas);
      if (to.uv0)
        target.texcoord0 = keep(floats<2>(
            to.uv0, [morph](const Mesh& m) -> auto& { return morph(m).uv0; }, same2));
      gp.targets.push_back(target);
    }
    gp.material = po.material;
    return gp;
  }
};

// Every mesh, its accessors and views at the places planned for it, made on
// all cores (one after another they were the stretch of a large terrain's
// write left on one thread), in runs of neighbouring meshes (mesh by mesh,
// two threads wrote into the same cache lines).
void addMeshes(Document& doc, const std::vector<MeshOutline>& outlines) {
  const size_t n = doc.scene->meshes.size();
  std::vector<Slots> start(n + 1);
  start[0] = {doc.accessors.size(), doc.views.size(), doc.bufferSize + glb::padTo4(doc.bufferSize)};
  for (size_t i = 0; i < n; ++i) {
    const Slots span = spanOf(outlines[i]);
    start[i + 1] = {start[i].accessor + span.accessor, start[i].view + span.view,
                    start[i].offset + span.offset};
  }
  doc.accessors.resize(start[n].accessor);
  doc.views.resize(start[n].view);
  doc.meshes.resize(n);
  std::vector<size_t> ends(n);
  parallelForRuns(n, 32, [&](size_t i) {
    MeshWriter w(doc, int(i), start[i]);
    doc.meshes[i] = w.item(outlines[i]);
    const Slots& at = w.end();
    if (at.accessor != start[i + 1].accessor || at.view != start[i + 1].view ||
        at.offset + glb::padTo4(at.offset) > start[i + 1].offset)
      throw std::logic_error("glTF writer: a mesh's views differ from their plan");
    ends[i] = at.offset;
  });
  for (size_t i = n; i-- > 0;)
    if (!outlines[i].empty()) {
      doc.bufferSize = ends[i];
      break;
    }
}

// Every mesh's outline: the scene's, for meshes made on demand, or found on
// all cores first (the one pass over the positions before they are written).
std::vector<MeshOutline> outlinesOf(const Document& doc) {
  const Scene& scene = *doc.scene;
  if (doc.onDemand()) {
    if (scene.meshSource.outlines.size() != scene.meshes.size())
      throw std::logic_error("glTF writer: a mesh made on demand has no outline");
    return scene.meshSource.outlines;
  }
  std::vector<MeshOutline> held(scene.meshes.size());
  parallelFor(held.size(), [&](size_t i) { held[i] = outlineOf(scene.meshes[i]); });
  return held;
}

void addScenes(Document& doc) {
  const Scene& scene = *doc.scene;
  // A scene with no members is written as null, which the validator rejects
  // (a drawable without embedded textures has no nodes): the default one is
  // always named.
  doc.scenes.push_back({scene.name.empty() ? "scene" : scene.name, &scene.roots});
  for (const NamedRoots& other : scene.otherScenes)
    doc.scenes.push_back({other.name, &other.roots});
}

} // namespace

Document documentOf(const Scene& scene, const WriteOptions& options,
                    std::vector<SideFile>& beside) {
  if (scene.imagesAsPngOnly && options.textures == TextureMode::Ktx2)
    throw std::logic_error("glTF writer: KTX2 needs texels, and the scene holds PNG bytes only");
  Document doc;
  doc.scene = &scene;
  if (options.textures != TextureMode::None) {
    addImages(doc, options, beside);
    const int ktx2 = options.textures == TextureMode::Ktx2 ? int(scene.images.size()) : -1;
    for (const Texture& t : scene.textures)
      doc.textures.push_back({&t, ktx2 >= 0 && t.image >= 0 ? ktx2 + t.image : -1});
  }
  for (const Material& m : scene.materials)
    doc.materials.push_back({&m, m.baseColorTexture >= 0 && options.textures != TextureMode::None});
  addMeshes(doc, outlinesOf(doc));
  for (const Node& n : scene.nodes) {
    NodeItem item{&n};
    if (n.translation != Vec3{0, 0, 0}) {
      const Vec3 t = toYUp(n.translation);
      item.translated = true;
      item.translation = {t[0], t[1], t[2]};
    }
    doc.nodes.push_back(item);
  }
  // Used, never required: a viewer without it draws LOD 0.
  if (std::any_of(scene.nodes.begin(), scene.nodes.end(),
                  [](const Node& n) { return !n.lodAlternates.empty(); }))
    doc.extensionsUsed.push_back("MSFT_lod");
  addScenes(doc);
  return doc;
}

} // namespace strata::gltf
