#include "atlas/atlas_textures.h"

#include "atlas/atlas_texture_tree.h"
#include "common/quadtree.h"
#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/image.h"
#include "strata/text.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace strata::atlas {

namespace fs = std::filesystem;

Image decodeTile(const Frame& frame, bool swapRedBlue, const std::string& fileName) {
  const uint64_t at = frame.offset + 13; // ATSP, bodySize, TexH, mFormat
  Image img;
  switch (frame.tex.format) { // §4 mFormat
  case 0:
  case 1:
    try {
      img = image::decodeEncoded(frame.tex.data, fileName);
    } catch (const Error& e) {
      throw Error(fileName, at, e.detail());
    }
    if (swapRedBlue)
      for (size_t i = 0; i + 3 < img.data.size(); i += 4) std::swap(img.data[i], img.data[i + 2]);
    return img;
  case 2:
    try {
      return image::readDDS(frame.tex.data, fileName);
    } catch (const Error& e) { // offsets inside the DDS become file offsets
      throw Error(fileName, e.offset() == Error::kNoOffset ? at : at + e.offset(), e.detail());
    }
  default:
    throw Error(fileName, at - 1,
                "unknown texture mFormat " + std::to_string(frame.tex.format) +
                    " (expected 0 JPEG, 1 PNG or 2 DDS)");
  }
}

std::vector<Image> allTiles(const File& file, bool swapRedBlue, const std::string& fileName) {
  std::vector<Image> out;
  int slot = 0;
  for (const Toc& toc : file.tocs) {
    if (toc.kind != TocKind::Tex) continue;
    for (size_t i = 0; i < toc.texStubs.size(); ++i) {
      const TexStub& s = toc.texStubs[i];
      const Frame* f = s.length ? file.frameAt(s.offset) : nullptr;
      if (!f) continue;
      NodePos p = nodePos(i);
      Image img = decodeTile(*f, swapRedBlue, fileName);
      img.name = "tex" + std::to_string(slot) + "_L" + std::to_string(p.level) + "_" +
                 std::to_string(p.x) + "_" + std::to_string(p.y);
      out.push_back(std::move(img));
    }
    ++slot;
  }
  return out;
}

namespace {

struct Rgba8 {
  uint32_t w = 0, h = 0;
  std::vector<uint8_t> px;
  // Bilinear sample at tile-local (u, v) in [0,1], v down, clamped to the edge.
  std::array<float, 4> sample(float u, float v) const {
    float fx = std::clamp(u, 0.0f, 1.0f) * float(w) - 0.5f;
    float fy = std::clamp(v, 0.0f, 1.0f) * float(h) - 0.5f;
    int x0 = std::clamp(int(std::floor(fx)), 0, int(w) - 1),
        y0 = std::clamp(int(std::floor(fy)), 0, int(h) - 1);
    int x1 = std::min(x0 + 1, int(w) - 1), y1 = std::min(y0 + 1, int(h) - 1);
    float tx = std::clamp(fx - float(x0), 0.0f, 1.0f), ty = std::clamp(fy - float(y0), 0.0f, 1.0f);
    std::array<float, 4> r{};
    for (int c = 0; c < 4; ++c) {
      auto at = [&](int x, int y) {
        return float(px[(size_t(y) * w + size_t(x)) * 4 + size_t(c)]);
      };
      float top = at(x0, y0) * (1 - tx) + at(x1, y0) * tx;
      float bottom = at(x0, y1) * (1 - tx) + at(x1, y1) * tx;
      r[size_t(c)] = top * (1 - ty) + bottom * ty;
    }
    return r;
  }
  // Nearest texel with wrap-around, for tiled source images.
  std::array<float, 4> wrapTexel(float px_, float py_) const {
    long x = long(std::floor(px_)) % long(w), y = long(std::floor(py_)) % long(h);
    if (x < 0) x += long(w);
    if (y < 0) y += long(h);
    const uint8_t* p = &px[(size_t(y) * w + size_t(x)) * 4];
    return {float(p[0]), float(p[1]), float(p[2]), float(p[3])};
  }
};

Rgba8 toRgba8(const Image& img) {
  Rgba8 r;
  r.w = img.width;
  r.h = img.height;
  r.px = image::decodeRGBA8(img, 0, 0);
  return r;
}

} // namespace

struct TextureBinder::State {
  const File& file;
  const LoadOptions& options;
  std::string fileName;
  Scene& scene;
  TextureSchema schema;
  const Toc* base = nullptr;    // unique: the texture tree
  const Toc* opacity = nullptr; // blended
  const Toc* shadow = nullptr;
  std::map<std::pair<const Toc*, size_t>, int> materialOfTile; // unique
  std::map<std::pair<const Toc*, size_t>, Rgba8> decoded;      // blended inputs
  std::vector<Rgba8> sources;
  bool sourcesComplete = false;
  bool warnedMissingTile = false;

  State(const File& f, const LoadOptions& o, const std::string& n, Scene& s)
      : file(f), options(o), fileName(n), scene(s) {}

  const Toc* tocForSlot(int slot) {
    int i = texTocIndex(file, slot);
    return i < 0 ? nullptr : &file.tocs[size_t(i)];
  }

  int addMaterial(Image img, const std::string& name) {
    img.name = name;
    scene.images.push_back(std::move(img));
    Texture t;
    t.image = int(scene.images.size() - 1);
    t.wrapS = t.wrapT = Wrap::ClampToEdge; // tile-local UVs span exactly [0,1]
    scene.textures.push_back(t);
    Material m;
    m.name = name;
    m.baseColorTexture = int(scene.textures.size() - 1);
    m.baseColorTexCoord = 0;
    scene.materials.push_back(m);
    return int(scene.materials.size() - 1);
  }

  uint32_t levelFor(const Toc& toc, uint32_t geomLevel) const {
    uint32_t level = toc.treeDepth - 1;
    if (options.textureLevel >= 0) level = std::min(level, uint32_t(options.textureLevel));
    return std::min(level, geomLevel);
  }

  const Frame* tileFrame(const Toc& toc, const TilePlacement& p, size_t& stubIndex) {
    stubIndex = size_t(nodeId(p.level, p.stubX, p.stubY));
    const TexStub& s = toc.texStubs[stubIndex];
    const Frame* f = s.length ? file.frameAt(s.offset) : nullptr;
    if (!f && !warnedMissingTile) {
      scene.warnings.push_back("texture tile L" + std::to_string(p.level) + "_" +
                               std::to_string(p.stubX) + "_" + std::to_string(p.stubY) +
                               " is missing; chunks that need it are untextured");
      warnedMissingTile = true;
    }
    return f;
  }

  const Rgba8* tilePixels(const Toc& toc, const TilePlacement& p) {
    size_t stub;
    const Frame* f = tileFrame(toc, p, stub);
    if (!f) return nullptr;
    auto key = std::make_pair(&toc, stub);
    auto it = decoded.find(key);
    if (it == decoded.end())
      it = decoded.emplace(key, toRgba8(decodeTile(*f, options.swapRedBlue, fileName))).first;
    return &it->second;
  }

  void loadSources() {
    // Paths relative to the .atlas, then the bare name beside it.
    const fs::path dir = fs::path(fileName).parent_path();
    std::vector<std::string> missing;
    for (std::string src : schema.sourceImages) {
      std::replace(src.begin(), src.end(), '\\', '/'); // Torque tools wrote Windows paths
      fs::path candidates[] = {dir / fs::path(src).relative_path(), dir / fs::path(src).filename()};
      bool found = false;
      for (const fs::path& c : candidates) {
        std::error_code ec;
        if (!src.empty() && fs::is_regular_file(c, ec)) {
          sources.push_back(toRgba8(image::decodeEncoded(readFile(c.string()), c.string())));
          found = true;
          break;
        }
      }
      if (!found) missing.push_back(src.empty() ? "(empty name)" : escapeUtf8(src));
    }
    sourcesComplete = missing.empty() && !sources.empty();
    if (!sourcesComplete) {
      std::string list;
      for (auto& m : missing) list += (list.empty() ? "" : ", ") + m;
      scene.warnings.push_back("blended Atlas: source images not found (" + list +
                               "); exporting the opacity map shaded by the light map instead of "
                               "the blended colour");
      sources.clear();
    }
  }

  // The blended colour of a chunk, baked into one image covering the chunk
  // (its §4 local UV at texture level = geometry level).
  int bakeChunk(uint32_t g, uint32_t x, uint32_t y) {
    const TilePlacement chunk = placeTile(g, x, y, g);
    const TilePlacement po = placeTile(g, x, y, levelFor(*opacity, g));
    const Rgba8* op = tilePixels(*opacity, po);
    if (!op) return -1;
    const Rgba8* sh = nullptr;
    TilePlacement ps{};
    if (shadow) {
      ps = placeTile(g, x, y, levelFor(*shadow, g));
      sh = tilePixels(*shadow, ps);
    }
    // As many texels as the opacity tile gives this chunk, at least 16.
    uint32_t size = std::max<uint32_t>(16, op->w >> (g - po.level));
    if (sh) size = std::max<uint32_t>(size, sh->w >> (g - ps.level));
    size = std::min<uint32_t>(size, 1024);
    const float virt = schema.virtualTexSize > 0
                           ? float(schema.virtualTexSize)
                           : float(op->w) * float(1u << (opacity->treeDepth - 1));
    Image out;
    out.width = out.height = size;
    out.dxgiFormat = 28;
    out.colorSpace = ColorSpace::SRGB;
    out.data.resize(size_t(size) * size * 4);
    for (uint32_t row = 0; row < size; ++row)
      for (uint32_t col = 0; col < size; ++col) {
        Vec2 local{(float(col) + 0.5f) / float(size), (float(row) + 0.5f) / float(size)};
        Vec2 tc = globalUV(chunk, local);
        Vec2 lo = localUV(po, tc);
        std::array<float, 4> w = op->sample(lo[0], lo[1]);
        std::array<float, 3> rgb{};
        if (sourcesComplete) {
          float sum = 0;
          for (size_t k = 0; k < 4 && k < sources.size(); ++k) sum += w[k];
          for (size_t k = 0; k < 4 && k < sources.size(); ++k) {
            if (w[k] <= 0 || sum <= 0) continue;
            std::array<float, 4> s = sources[k].wrapTexel(tc[0] * virt, tc[1] * virt);
            for (int c = 0; c < 3; ++c) rgb[size_t(c)] += w[k] / sum * s[size_t(c)];
          }
        } else {
          rgb = {w[0], w[1], w[2]};
        }
        if (sh) {
          Vec2 ls = localUV(ps, tc);
          std::array<float, 4> light = sh->sample(ls[0], ls[1]);
          for (int c = 0; c < 3; ++c) rgb[size_t(c)] *= light[size_t(c)] / 255.0f;
        }
        uint8_t* d = &out.data[(size_t(row) * size + col) * 4];
        for (int c = 0; c < 3; ++c)
          d[c] = uint8_t(std::clamp(std::lround(rgb[size_t(c)]), 0L, 255L));
        d[3] = 255;
      }
    return addMaterial(std::move(out), "L" + std::to_string(g) + "_" + std::to_string(x) + "_" +
                                           std::to_string(y) + "_blended");
  }

  int tileMaterial(const TilePlacement& p) {
    size_t stub;
    const Frame* f = tileFrame(*base, p, stub);
    if (!f) return -1;
    auto key = std::make_pair(base, stub);
    auto it = materialOfTile.find(key);
    if (it != materialOfTile.end()) return it->second;
    int m = addMaterial(decodeTile(*f, options.swapRedBlue, fileName),
                        "tile_L" + std::to_string(p.level) + "_" + std::to_string(p.stubX) + "_" +
                            std::to_string(p.stubY));
    materialOfTile[key] = m;
    return m;
  }
};

TextureBinder::TextureBinder(const File& file, const LoadOptions& options,
                             const std::string& fileName, Scene& scene)
    : s_(std::make_unique<State>(file, options, fileName, scene)) {
  if (!options.textures) return;
  s_->schema = textureSchema(file);
  if (s_->schema.kind == TextureSchema::Unique) {
    s_->base = s_->tocForSlot(s_->schema.textureSlot);
    if (!s_->base)
      scene.warnings.push_back("config names texture slot " +
                               std::to_string(s_->schema.textureSlot) +
                               " but the file has no such Tex TOC");
  } else if (s_->schema.kind == TextureSchema::Blended) {
    s_->opacity = s_->tocForSlot(s_->schema.opacitySlot);
    s_->shadow = s_->tocForSlot(s_->schema.shadowSlot);
    if (!s_->opacity)
      scene.warnings.push_back("blended config names opacity slot " +
                               std::to_string(s_->schema.opacitySlot) +
                               " but the file has no such Tex TOC");
    else
      s_->loadSources();
  }
  for (const Toc* t : {s_->base, s_->opacity, s_->shadow})
    if (t && (t->treeDepth == 0 || t->texStubs.size() != nodeCount(t->treeDepth)))
      throw Error(fileName, Error::kNoOffset,
                  "a Tex TOC has " + std::to_string(t->texStubs.size()) +
                      " stubs, not a complete quadtree of depth " + std::to_string(t->treeDepth));
}

TextureBinder::~TextureBinder() = default;

bool TextureBinder::active() const {
  return s_->base || s_->opacity;
}

void TextureBinder::bind(Mesh& mesh, uint32_t level, uint32_t x, uint32_t y) {
  if (!active()) return; // no texture tree: the global coordinate stays in TEXCOORD_0
  TilePlacement p;
  int material;
  if (s_->base) {
    p = placeTile(level, x, y, s_->levelFor(*s_->base, level));
    material = s_->tileMaterial(p);
  } else {
    p = placeTile(level, x, y, level);
    material = s_->bakeChunk(level, x, y);
  }
  const float n = float(1u << p.level);
  for (Primitive& prim : mesh.primitives) {
    prim.uv1 = prim.uv0;
    for (Vec2& uv : prim.uv0) uv = localUV(p, uv);
    // §4's local UV is N * tc minus a constant: morph deltas scale by N.
    for (MorphTarget& t : prim.morphTargets)
      for (Vec2& d : t.uv0) d = {d[0] * n, d[1] * n};
    prim.material = material;
  }
}

} // namespace strata::atlas
