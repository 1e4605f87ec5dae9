#include "atlas/atlas_textures.h"

#include "atlas/atlas_check.h"
#include "atlas/atlas_texture_tree.h"
#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/image.h"
#include "strata/parallel.h"
#include "strata/quadtree.h"
#include "strata/text.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

namespace strata::atlas {

namespace fs = std::filesystem;

namespace {

struct Rgba8 {
  uint32_t w = 0, h = 0;
  std::vector<uint8_t> px;
  // Bilinear sample at tile-local (u, v) in [0,1], v down, clamped to the edge.
  std::array<float, 4> sample(float u, float v) const {
    // (Written so that NaN clamps too: it never reaches the integer conversions.)
    float fx = (u > 0 ? std::min(u, 1.0f) : 0.0f) * float(w) - 0.5f;
    float fy = (v > 0 ? std::min(v, 1.0f) : 0.0f) * float(h) - 0.5f;
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

BlendSources readBlendSources(const TextureSchema& schema, const std::string& atlasPath,
                              std::vector<Problem>& problems) {
  BlendSources out;
  const fs::path dir = pathOf(atlasPath).parent_path();
  bool decoded = true;
  for (size_t k = 0; k < schema.sourceImages.size(); ++k) {
    std::string src = schema.sourceImages[k];
    std::replace(src.begin(), src.end(), '\\', '/'); // Torque tools wrote Windows paths
    // Paths relative to the .atlas, then the bare name beside it.
    const fs::path candidates[] = {dir / pathOf(src).relative_path(), dir / pathOf(src).filename()};
    std::string found;
    for (const fs::path& c : candidates) {
      std::error_code ec;
      if (!src.empty() && fs::is_regular_file(pathOf(c), ec)) {
        found = fs::path(c).make_preferred().string(); // one kind of separator on Windows
        break;
      }
    }
    if (found.empty()) {
      out.missing.push_back(src.empty() ? "(empty name)" : escapeUtf8(src));
      continue;
    }
    try {
      out.images.push_back(image::decodeEncoded(readFile(found), found));
    } catch (const Error& e) {
      decoded = false;
      problems.push_back({Severity::Error, found, e.offset(),
                          "blended source image " + std::to_string(k) + " (sourceImage" +
                              std::to_string(k) + " in the config)",
                          e.detail(), kSourcePiece, k, false});
    }
  }
  out.complete = out.missing.empty() && decoded && !out.images.empty();
  if (!out.missing.empty()) {
    std::string list;
    for (auto& m : out.missing) list += (list.empty() ? "" : ", ") + m;
    problems.push_back({Severity::Warning, atlasPath, Error::kNoOffset, "",
                        "blended Atlas: source images not found (" + list +
                            "); the opacity map shaded by the light map stands in for the "
                            "blended colour",
                        kSourcePiece, schema.sourceImages.size(), false});
  }
  if (!out.complete) out.images.clear();
  return out;
}

struct TextureBinder::State {
  const File& file;
  const LoadOptions& options;
  std::string fileName;
  Scene& scene;
  TileCache& tiles;
  TextureSchema schema;
  int base = -1;    // unique: the texture tree (index into file.tocs)
  int opacity = -1; // blended
  int shadow = -1;
  using FrameKey = std::pair<size_t, uint32_t>; // (toc, frame offset)
  std::map<FrameKey, int> materialOfTile;       // unique; -1 when the tile is broken
  std::map<FrameKey, Rgba8> decoded;            // blended inputs
  std::vector<Rgba8> sources;
  std::vector<Problem> sourceProblems;
  std::map<uint64_t, int> fallbacks;
  bool warnedMissingTile = false;

  State(const File& f, const LoadOptions& o, const std::string& n, Scene& s, TileCache& t)
      : file(f), options(o), fileName(n), scene(s), tiles(t) {}

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

  uint32_t levelFor(int toc, uint32_t geomLevel) const {
    uint32_t level = file.tocs[size_t(toc)].treeDepth - 1;
    if (options.textureLevel >= 0) level = std::min(level, uint32_t(options.textureLevel));
    return std::min(level, geomLevel);
  }

  // The tile of `toc` that geometry node (g, x, y) shows: the one §4 assigns
  // at the wanted level, or under --partial, when that one does not decode,
  // the nearest ancestor that does. `usable(stub, placement)` decodes a
  // candidate tile and says whether it can be shown. False: untextured (a
  // missing tile, or no decodable one; `out` is then the wanted placement),
  // the broken tiles on the way recorded in `fallbacks`.
  template <typename Usable>
  bool resolve(int toc, uint32_t g, uint32_t x, uint32_t y, TilePlacement& out, Usable usable) {
    std::vector<uint64_t> broken;
    bool found = false;
    out = placeTile(g, x, y, levelFor(toc, g));
    for (int level = int(out.level); level >= 0; --level) {
      const TilePlacement p = placeTile(g, x, y, uint32_t(level));
      const size_t stub = size_t(nodeId(p.level, p.stubX, p.stubY));
      const uint32_t frame = tiles.frameOf(size_t(toc), stub);
      if (!frame) {
        if (!warnedMissingTile)
          scene.warnings.push_back("texture tile " + nodeName(p.level, p.stubX, p.stubY) +
                                   " is missing; chunks that need it are untextured");
        warnedMissingTile = true;
        break;
      }
      if (usable(stub, p)) {
        out = p;
        found = true;
        break;
      }
      broken.push_back(pieceIndex(size_t(toc), frame));
      if (!options.partial) break; // the load refuses the file once every tile is checked
    }
    for (uint64_t b : broken) fallbacks[b] = found ? int(out.level) : -1;
    return found;
  }

  const Rgba8* tilePixels(int toc, size_t stub) {
    const FrameKey key{size_t(toc), tiles.frameOf(size_t(toc), stub)};
    auto it = decoded.find(key);
    if (it == decoded.end()) {
      std::optional<Image> img = tiles.take(size_t(toc), stub);
      if (!img) return nullptr;
      it = decoded.emplace(key, toRgba8(*img)).first;
    }
    return &it->second;
  }

  int tileMaterial(size_t stub, const TilePlacement& p) {
    const FrameKey key{size_t(base), tiles.frameOf(size_t(base), stub)};
    auto it = materialOfTile.find(key);
    if (it != materialOfTile.end()) return it->second;
    std::optional<Image> img = tiles.take(size_t(base), stub);
    const int m = !img ? -1
                       : addMaterial(std::move(*img), "tile_L" + std::to_string(p.level) + "_" +
                                                          std::to_string(p.stubX) + "_" +
                                                          std::to_string(p.stubY));
    return materialOfTile[key] = m;
  }

  // A chunk's blended image, laid out by bakeChunk in chunk order and
  // composed later (compose), all of them at once on the thread budget.
  struct Bake {
    size_t image; // in scene.images
    TilePlacement chunk, po, ps;
    const Rgba8 *op, *sh; // nodes of `decoded`: they stay put
    float virt;
  };
  std::vector<Bake> bakes;

  // The blended colour of a chunk, baked into one image covering the chunk
  // (its §4 local UV at texture level = geometry level): the tiles resolved
  // and the material added now, the texels by compose().
  int bakeChunk(uint32_t g, uint32_t x, uint32_t y) {
    Bake b{};
    b.chunk = placeTile(g, x, y, g);
    if (!resolve(opacity, g, x, y, b.po, [&](size_t stub, const TilePlacement&) {
          return (b.op = tilePixels(opacity, stub)) != nullptr;
        }))
      return -1;
    if (shadow >= 0 && !resolve(shadow, g, x, y, b.ps, [&](size_t stub, const TilePlacement&) {
          return (b.sh = tilePixels(shadow, stub)) != nullptr;
        }))
      b.sh = nullptr;
    const Toc& opToc = file.tocs[size_t(opacity)];
    // As many texels as the opacity tile gives this chunk, at least 16.
    uint32_t size = std::max<uint32_t>(16, b.op->w >> (g - b.po.level));
    if (b.sh) size = std::max<uint32_t>(size, b.sh->w >> (g - b.ps.level));
    size = std::min<uint32_t>(size, 1024);
    b.virt = schema.virtualTexSize > 0 ? float(schema.virtualTexSize)
                                       : float(b.op->w) * float(1u << (opToc.treeDepth - 1));
    Image out;
    out.width = out.height = size;
    out.dxgiFormat = 28;
    out.colorSpace = ColorSpace::SRGB;
    const int material = addMaterial(std::move(out), nodeName(g, x, y) + "_blended");
    b.image = scene.images.size() - 1;
    bakes.push_back(b);
    return material;
  }

  // The texels of one laid-out blended image; touches only that image.
  void compose(const Bake& b) {
    Image& out = scene.images[b.image];
    const uint32_t size = out.width;
    out.data.resize(size_t(size) * size * 4);
    const bool blend = !sources.empty();
    for (uint32_t row = 0; row < size; ++row)
      for (uint32_t col = 0; col < size; ++col) {
        Vec2 local{(float(col) + 0.5f) / float(size), (float(row) + 0.5f) / float(size)};
        Vec2 tc = globalUV(b.chunk, local);
        Vec2 lo = localUV(b.po, tc);
        std::array<float, 4> w = b.op->sample(lo[0], lo[1]);
        std::array<float, 3> rgb{};
        if (blend) {
          float sum = 0;
          for (size_t k = 0; k < 4 && k < sources.size(); ++k) sum += w[k];
          for (size_t k = 0; k < 4 && k < sources.size(); ++k) {
            if (w[k] <= 0 || sum <= 0) continue;
            std::array<float, 4> s = sources[k].wrapTexel(tc[0] * b.virt, tc[1] * b.virt);
            for (int c = 0; c < 3; ++c) rgb[size_t(c)] += w[k] / sum * s[size_t(c)];
          }
        } else {
          rgb = {w[0], w[1], w[2]};
        }
        if (b.sh) {
          Vec2 ls = localUV(b.ps, tc);
          std::array<float, 4> light = b.sh->sample(ls[0], ls[1]);
          for (int c = 0; c < 3; ++c) rgb[size_t(c)] *= light[size_t(c)] / 255.0f;
        }
        uint8_t* d = &out.data[(size_t(row) * size + col) * 4];
        for (int c = 0; c < 3; ++c)
          d[c] = uint8_t(std::clamp(std::lround(rgb[size_t(c)]), 0L, 255L));
        d[3] = 255;
      }
  }
};

TextureBinder::TextureBinder(const File& file, const LoadOptions& options,
                             const std::string& fileName, Scene& scene, TileCache& tiles)
    : s_(std::make_unique<State>(file, options, fileName, scene, tiles)) {
  if (!options.textures) return; // --textures none: no image is read at all
  s_->schema = textureSchema(file);
  if (s_->schema.kind == TextureSchema::Unique) {
    // Unique tiles are shown as they are: their PNG serves a writer that
    // stores it. Blended ones are composed from their texels.
    if (!options.texels) {
      tiles.withoutTexels();
      scene.imagesAsPngOnly = true;
    }
    s_->base = texTocIndex(file, s_->schema.textureSlot);
    if (s_->base < 0)
      scene.warnings.push_back("config names texture slot " +
                               std::to_string(s_->schema.textureSlot) +
                               " but the file has no such Tex TOC");
  } else if (s_->schema.kind == TextureSchema::Blended) {
    s_->opacity = texTocIndex(file, s_->schema.opacitySlot);
    s_->shadow = texTocIndex(file, s_->schema.shadowSlot);
    if (s_->opacity < 0) {
      scene.warnings.push_back("blended config names opacity slot " +
                               std::to_string(s_->schema.opacitySlot) +
                               " but the file has no such Tex TOC");
    } else {
      BlendSources src = readBlendSources(s_->schema, fileName, s_->sourceProblems);
      for (const Image& img : src.images) s_->sources.push_back(toRgba8(img));
      for (const Problem& p : s_->sourceProblems)
        if (p.severity == Severity::Warning) scene.warnings.push_back(p.message);
    }
  }
  for (int t : {s_->base, s_->opacity, s_->shadow}) {
    const Toc* toc = t < 0 ? nullptr : &file.tocs[size_t(t)];
    if (toc && (toc->treeDepth == 0 || toc->texStubs.size() != nodeCount(toc->treeDepth)))
      throw Error(fileName, Error::kNoOffset,
                  "a Tex TOC has " + std::to_string(toc->texStubs.size()) +
                      " stubs, not a complete quadtree of depth " + std::to_string(toc->treeDepth));
  }
}

TextureBinder::~TextureBinder() = default;

bool TextureBinder::active() const {
  return s_->base >= 0 || s_->opacity >= 0;
}

const std::vector<Problem>& TextureBinder::sourceProblems() const {
  return s_->sourceProblems;
}

const std::map<uint64_t, int>& TextureBinder::fallbacks() const {
  return s_->fallbacks;
}

void TextureBinder::decodeAhead(uint32_t level) {
  if (!active()) return;
  std::vector<std::pair<size_t, size_t>> wanted;
  const uint32_t side = 1u << level;
  for (int toc : {s_->base, s_->opacity, s_->shadow}) {
    if (toc < 0) continue;
    // Several chunks share a tile of a coarser texture level: each once, in
    // the order place() meets them.
    std::set<size_t> seen;
    const uint32_t at = s_->levelFor(toc, level);
    for (uint32_t x = 0; x < side; ++x)
      for (uint32_t y = 0; y < side; ++y) {
        const TilePlacement p = placeTile(level, x, y, at);
        const size_t stub = size_t(nodeId(p.level, p.stubX, p.stubY));
        if (seen.insert(stub).second) wanted.push_back({size_t(toc), stub});
      }
  }
  s_->tiles.decodeAhead(wanted);
}

void TextureBinder::composeBlended() {
  parallelFor(s_->bakes.size(), [&](size_t k) { s_->compose(s_->bakes[k]); });
  s_->bakes.clear();
}

std::optional<ChunkTexture> TextureBinder::place(uint32_t level, uint32_t x, uint32_t y) {
  if (!active()) return std::nullopt; // no texture tree: the global coordinate stays in TEXCOORD_0
  ChunkTexture t;
  if (s_->base >= 0) {
    if (!s_->resolve(s_->base, level, x, y, t.placement, [&](size_t stub, const TilePlacement& at) {
          return (t.material = s_->tileMaterial(stub, at)) >= 0;
        }))
      t.material = -1;
  } else {
    t.placement = placeTile(level, x, y, level);
    t.material = s_->bakeChunk(level, x, y);
  }
  return t;
}

void applyTexture(Mesh& mesh, const ChunkTexture& t) {
  const float n = float(1u << t.placement.level);
  for (Primitive& prim : mesh.primitives) {
    prim.uv1 = prim.uv0;
    for (Vec2& uv : prim.uv0) uv = localUV(t.placement, uv);
    // §4's local UV is N * tc minus a constant: morph deltas scale by N.
    for (MorphTarget& m : prim.morphTargets)
      for (Vec2& d : m.uv0) d = {d[0] * n, d[1] * n};
    prim.material = t.material;
  }
}

void applyTexture(MeshOutline& outline, const ChunkTexture& t) {
  for (PrimitiveOutline& prim : outline) {
    prim.uv1 = prim.uv0;
    prim.material = t.material;
  }
}

} // namespace strata::atlas
