#include "synth/atlas_synth.h"

#include "atlas/atlas_collision.h"
#include "atlas/atlas_io.h"
#include "strata/image.h"
#include "strata/quadtree.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace strata::atlas {

float synthHeight(float x, float y, const SynthOptions& o) {
  const float s = o.terrainSize;
  return o.heightScale * (std::sin(x / s * 6.2831853f) * std::cos(y / s * 9.424778f) +
                          0.25f * std::sin((x + 2 * y) / s * 25.0f));
}

namespace {

Vec3 synthNormal(float x, float y, const SynthOptions& o) {
  const float e = 0.01f;
  float dx = (synthHeight(x + e, y, o) - synthHeight(x - e, y, o)) / (2 * e);
  float dy = (synthHeight(x, y + e, o) - synthHeight(x, y - e, o)) / (2 * e);
  float len = std::sqrt(dx * dx + dy * dy + 1);
  return {-dx / len, -dy / len, 1 / len};
}

GeomChunk makeChunk(uint32_t level, uint32_t cx, uint32_t cy, const SynthOptions& o) {
  GeomChunk g;
  const uint32_t n = o.gridQuads;
  const float width = o.terrainSize / float(1u << level);
  const float ox = width * cx, oy = width * cy;
  const bool leaf = level + 1 == o.treeDepth;
  auto vert = [&](float px, float py, float zOffset) {
    Vertex v;
    v.point = {px, py, synthHeight(px, py, o) + zOffset};
    v.texCoord = {py / o.terrainSize, 1.0f - px / o.terrainSize};
    // Coarser levels morph toward the finer surface; leaves have no morph.
    if (!leaf && zOffset == 0) {
      float fine = synthHeight(px + width / (2 * n), py + width / (2 * n), o);
      v.pointMorph = {0, 0, (fine - v.point[2]) * 0.5f};
      v.texMorph = {0.001f * float(level + 1), -0.0005f * float(level + 1)};
    }
    v.normal = synthNormal(px, py, o);
    return v;
  };
  for (uint32_t i = 0; i <= n; ++i)
    for (uint32_t j = 0; j <= n; ++j)
      g.verts.push_back(vert(ox + width * i / n, oy + width * j / n, 0));
  auto id = [&](uint32_t i, uint32_t j) { return uint16_t(i * (n + 1) + j); };
  for (uint32_t i = 0; i < n; ++i)
    for (uint32_t j = 0; j < n; ++j) {
      uint16_t a = id(i, j), b = id(i + 1, j), c = id(i + 1, j + 1), d = id(i, j + 1);
      g.indices.insert(g.indices.end(), {a, b, c, a, c, d});
    }
  if (o.skirts) {
    // One skirt wall per edge: every edge vertex gets a twin skirtDepth below.
    const size_t before = g.indices.size();
    auto wall = [&](auto edgeVertex) {
      for (uint32_t k = 0; k < n; ++k) {
        uint16_t top0 = edgeVertex(k), top1 = edgeVertex(k + 1);
        Vertex b0 = g.verts[top0], b1 = g.verts[top1];
        b0.point[2] -= o.skirtDepth, b1.point[2] -= o.skirtDepth;
        b0.pointMorph = b1.pointMorph = {0, 0, 0};
        uint16_t s0 = uint16_t(g.verts.size());
        g.verts.push_back(b0);
        g.verts.push_back(b1);
        g.indices.insert(g.indices.end(),
                         {top0, top1, uint16_t(s0 + 1), top0, uint16_t(s0 + 1), s0});
      }
    };
    wall([&](uint32_t k) { return id(k, 0); });
    wall([&](uint32_t k) { return id(n, k); });
    wall([&](uint32_t k) { return id(n - k, n); });
    wall([&](uint32_t k) { return id(0, n - k); });
    g.skirtSkip = uint32_t(g.indices.size() - before);
  }
  return g;
}

} // namespace

File synthTerrain(const SynthOptions& o) {
  File file;
  Toc toc;
  toc.kind = TocKind::Geom;
  toc.tag = "Geom";
  toc.treeDepth = o.treeDepth;
  toc.version = o.version;
  const size_t count = size_t(nodeCount(o.treeDepth));
  toc.geomStubs.resize(count);
  std::vector<GeomChunk> chunks(count);
  std::vector<Box3> bounds(count);
  // Leaves first, then each level from its children up.
  for (int level = int(o.treeDepth) - 1; level >= 0; --level) {
    const uint32_t side = 1u << level;
    for (uint32_t x = 0; x < side; ++x)
      for (uint32_t y = 0; y < side; ++y) {
        size_t i = size_t(nodeId(uint32_t(level), x, y));
        chunks[i] = makeChunk(uint32_t(level), x, y, o);
        Box3 b = boundsOfVertices(chunks[i].verts);
        if (uint32_t(level) + 1 < o.treeDepth)
          for (uint32_t c = 0; c < 4; ++c)
            b = unite(b, bounds[size_t(nodeId(uint32_t(level) + 1, 2 * x + c / 2, 2 * y + c % 2))]);
        bounds[i] = b;
      }
  }
  std::vector<size_t> order(count);
  for (size_t i = 0; i < count; ++i) order[i] = i;
  if (o.shuffleFrames) std::shuffle(order.begin(), order.end(), std::mt19937(o.seed));
  for (size_t k = 0; k < count; ++k) {
    size_t i = order[k];
    Frame f;
    f.kind = TocKind::Geom;
    f.version = o.version;
    f.offset = uint32_t(i + 1); // placeholder, replaced by layoutAtlas
    f.geom = std::move(chunks[i]);
    f.geom.bounds = bounds[i];
    // Leaf chunks carry collision from v120, as the TSE importer writes them.
    if (o.collision && o.version >= kVersionCollision && nodePos(i).level + 1 == o.treeDepth) {
      f.geom.colFlag = kCollisionPresent;
      f.geom.collision = generateCollision(f.geom, f.geom.bounds);
    }
    GeomStub& s = toc.geomStubs[i];
    s.offset = f.offset;
    s.length = 1;
    s.generation = 1;
    s.bounds = bounds[i];
    NodePos p = nodePos(i);
    const float w = o.terrainSize / float(1u << p.level);
    s.posX = w * (p.x + 0.5f), s.posY = w * (p.y + 0.5f); // < 101: the chunk centre
    file.frames.push_back(std::move(f));
  }
  file.tocs.push_back(std::move(toc));
  layoutAtlas(file);
  // previousChunk stays 0: a freshly written file has no history (TSE writer notes).
  return file;
}

std::array<uint8_t, 3> synthTileColour(uint32_t level, uint32_t x, uint32_t y) {
  return {uint8_t(40 + 60 * level), uint8_t(20 + 29 * x), uint8_t(20 + 29 * y)};
}

uint32_t synthOpacitySource(uint32_t, uint32_t x, uint32_t y) {
  return (x + y) % 4;
}

namespace {

std::vector<uint8_t> encodeTile(const std::array<uint8_t, 4>& rgba, const SynthTextureTree& t) {
  Image img;
  img.width = img.height = t.tileSize;
  img.dxgiFormat = 28; // R8G8B8A8_UNORM
  img.data.resize(size_t(t.tileSize) * t.tileSize * 4);
  for (size_t i = 0; i < img.data.size(); i += 4)
    for (int c = 0; c < 4; ++c) img.data[i + size_t(c)] = rgba[size_t(c)];
  if (t.format == 2) return image::writeDDS(img);
  return image::encodePNG(img.data.data(), img.width, img.height);
}

uint32_t nextPlaceholder = 0xF0000000u;

void addTexToc(File& file, const SynthTextureTree& t,
               std::array<uint8_t, 4> (*colour)(uint32_t, uint32_t, uint32_t)) {
  Toc toc;
  toc.kind = TocKind::Tex;
  toc.tag = "Tex";
  toc.treeDepth = t.depth;
  toc.texStubs.resize(size_t(nodeCount(t.depth)));
  for (size_t i = 0; i < toc.texStubs.size(); ++i) {
    NodePos p = nodePos(i);
    Frame f;
    f.kind = TocKind::Tex;
    f.offset = nextPlaceholder++;
    f.tex.format = t.format;
    f.tex.data = encodeTile(colour(p.level, p.x, p.y), t);
    toc.texStubs[i] = {f.offset, 1, 1};
    file.frames.push_back(std::move(f));
  }
  file.tocs.push_back(std::move(toc));
}

void addConfig(File& file, std::vector<ConfigEntry> newestFirst) {
  Toc toc;
  toc.kind = TocKind::Config;
  toc.tag = "Config";
  toc.treeDepth = 0;
  ConfigStub stub;
  stub.offset = nextPlaceholder++;
  stub.length = 1;
  const char name[8] = {'s', 'c', 'h', 'e', 'm', 'a', 0, 0};
  std::copy(name, name + 8, stub.name.begin());
  toc.configStubs.push_back(stub);
  Frame f;
  f.kind = TocKind::Config;
  f.offset = stub.offset;
  f.config.entries = std::move(newestFirst);
  file.frames.push_back(std::move(f));
  file.tocs.push_back(std::move(toc));
}

} // namespace

void addUniqueTextures(File& file, const SynthTextureTree& tree) {
  addTexToc(file, tree, [](uint32_t l, uint32_t x, uint32_t y) {
    auto c = synthTileColour(l, x, y);
    return std::array<uint8_t, 4>{c[0], c[1], c[2], 255};
  });
  // TSE's setEntry prepends, so the entry written last is stored first (§5).
  addConfig(file, {{"textureSlot", "0"}, {"type", "unique"}});
  layoutAtlas(file);
}

File synthUniqueTerrain(uint32_t geomDepth, uint32_t texDepth, uint8_t format) {
  SynthOptions o;
  o.treeDepth = geomDepth;
  o.gridQuads = 2;
  File f = synthTerrain(o);
  SynthTextureTree t;
  t.depth = texDepth;
  t.tileSize = 8;
  t.format = format;
  addUniqueTextures(f, t);
  return f;
}

void addBlendedTextures(File& file, const SynthTextureTree& opacity, const SynthTextureTree& light,
                        const std::vector<std::string>& sourceImages, int virtualTexSize) {
  addTexToc(file, opacity, [](uint32_t l, uint32_t x, uint32_t y) {
    std::array<uint8_t, 4> w{0, 0, 0, 0};
    w[synthOpacitySource(l, x, y)] = 255;
    return w;
  });
  addTexToc(file, light, [](uint32_t, uint32_t, uint32_t) {
    return std::array<uint8_t, 4>{synthLightLevel, synthLightLevel, synthLightLevel, 255};
  });
  std::vector<ConfigEntry> entries;
  for (size_t i = sourceImages.size(); i-- > 0;)
    entries.push_back({"sourceImage" + std::to_string(i), sourceImages[i]});
  entries.push_back({"sourceImageCount", std::to_string(sourceImages.size())});
  entries.push_back({"virtualTexSize", std::to_string(virtualTexSize)});
  entries.push_back({"shadowMapSlot", "1"});
  entries.push_back({"opacityMapSlot", "0"});
  entries.push_back({"type", "blender"});
  addConfig(file, std::move(entries));
  layoutAtlas(file);
}

} // namespace strata::atlas
