#include "ytd/ytd_scene.h"

#include "common/bytes.h"
#include "strata/text.h"
#include "ytd/ytd_check.h"
#include "ytd/ytd_pixels.h"

#include <cmath>

namespace strata::ytd {

namespace {
constexpr float kSpacing = 1.25f; // quad pitch on the grid: 1 unit quad + a 0.25 gap
}

TextureSet containerTextures(const TextureContainer& c, const LoadOptions& options) {
  IntactTextures intact = intactTextures(c, options.partial);
  TextureSet out;
  out.leftOut = std::move(intact.leftOut);
  for (const TextureEntry* e : intact.entries) {
    const TextureReading& t = c.texture(*e);
    if (t.layout.unsupported.empty())
      out.images.push_back(toImage(e->record, t.layout, t.data));
    else // never silently: the gallery warns, a texture set names it
      out.leftOut.push_back(textureLabel(e->record.name) +
                            ": not converted: " + t.layout.unsupported);
  }
  return out;
}

Scene galleryScene(const TextureContainer& c, const LoadOptions& options) {
  Scene s;
  IntactTextures intact = intactTextures(c, options.partial);
  s.leftOut = std::move(intact.leftOut);
  const auto& entries = intact.entries;
  const size_t n = entries.size();
  const size_t columns = n ? size_t(std::ceil(std::sqrt(double(n)))) : 1;
  for (size_t i = 0; i < n; ++i) {
    const TextureEntry& e = *entries[i];
    const TextureReading& tr = c.texture(e);
    const std::string name = e.record.name.empty() ? hex32(e.hash) : escapeUtf8(e.record.name);

    Material mat;
    mat.name = name;
    mat.doubleSided = true;
    if (options.textures && tr.layout.unsupported.empty()) {
      s.images.push_back(toImage(e.record, tr.layout, tr.data));
      Texture t;
      t.image = int(s.images.size() - 1);
      s.textures.push_back(t);
      mat.baseColorTexture = int(s.textures.size() - 1);
    }
    if (!tr.layout.unsupported.empty())
      s.warnings.push_back("texture '" + name + "' not converted: " + tr.layout.unsupported);
    s.materials.push_back(mat);

    // Upright unit quad, lower-left corner at the node origin. Image row 0 is
    // the top edge (v = 0), as glTF addresses images.
    Primitive p;
    p.positions = {{0, 0, 1}, {1, 0, 1}, {1, 0, 0}, {0, 0, 0}}; // TL, TR, BR, BL
    p.normals.assign(4, Vec3{0, -1, 0});
    p.uv0 = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    p.indices = {3, 2, 1, 3, 1, 0}; // counter-clockwise seen from -Y
    p.material = int(s.materials.size() - 1);
    Mesh m;
    m.name = name;
    m.primitives.push_back(std::move(p));
    s.meshes.push_back(std::move(m));

    Node node;
    node.name = name;
    node.mesh = int(s.meshes.size() - 1);
    node.translation = {float(i % columns) * kSpacing, 0, -float(i / columns) * kSpacing};
    // (No name-hash tag: glTF extras would carry it through a 32-bit int.)
    node.tags = {{"width", e.record.width}, {"height", e.record.height}, {"mips", e.record.mips}};
    s.nodes.push_back(std::move(node));
    s.roots.push_back(int(s.nodes.size() - 1));
  }
  if (n == 0 && s.leftOut.empty()) s.warnings.push_back("no embedded textures");
  return s;
}

} // namespace strata::ytd
