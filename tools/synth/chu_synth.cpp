#include "synth/chu_synth.h"

#include "chu/chu_io.h"
#include "strata/image.h"
#include "strata/quadtree.h"
#include "tqt/tqt_io.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace strata::chu {

float synthHeight(double x, double y, const SynthOptions& o) {
  const double s = o.leafDimensions * double(1u << (o.treeDepth - 1));
  return float(o.heightScale * (std::sin(x / s * 6.2831853) * std::cos(y / s * 9.424778) +
                                0.25 * std::sin((x + 2 * y) / s * 25.0)));
}

namespace {

int16_t quantZ(double world, const SynthOptions& o) {
  double q = std::round(world / o.verticalScale);
  return int16_t(std::clamp(q, -32768.0, 32767.0));
}

struct Built {
  Chunk chunk;
  int16_t minZ = 0, maxZ = 0;
};

// Quantized collision in the layout of §9b: bins of a (2^(d-1))^2 grid over the
// chunk (x major), each listing 3 * triangle (the triangle's index offset) and
// ending with 0xFFFF; tree nodes {min z, max z} from the bins up. Skirt
// triangles are left out, as TSE's generator does.
Collision synthCollision(const Chunk& c, size_t firstSolidIndex, uint32_t depth) {
  Collision col;
  const uint32_t grid = 1u << (depth - 1);
  std::vector<std::vector<uint16_t>> bins(size_t(grid) * grid);
  std::vector<std::array<int16_t, 2>> leaf(bins.size(), {{0, 0}});
  std::vector<bool> used(bins.size(), false);
  for (size_t t = firstSolidIndex; t + 2 < c.indices.size(); t += 3) {
    const QVertex* v[3] = {&c.verts[c.indices[t]], &c.verts[c.indices[t + 1]],
                           &c.verts[c.indices[t + 2]]};
    double cx = (v[0]->x + v[1]->x + v[2]->x) / 3.0, cy = (v[0]->y + v[1]->y + v[2]->y) / 3.0;
    auto cell = [&](double q) {
      int i = int((q + 16384.0) / 32768.0 * grid);
      return uint32_t(std::clamp(i, 0, int(grid) - 1));
    };
    size_t b = size_t(cell(cx)) * grid + cell(cy);
    bins[b].push_back(uint16_t(t));
    for (const QVertex* p : v) {
      if (!used[b]) leaf[b] = {{p->z, p->z}}, used[b] = true;
      leaf[b][0] = std::min(leaf[b][0], p->z);
      leaf[b][1] = std::max(leaf[b][1], p->z);
    }
  }
  col.treeNodes.assign(size_t(nodeCount(depth)), {{0, 0}});
  for (uint32_t i = 0; i < grid; ++i)
    for (uint32_t j = 0; j < grid; ++j)
      col.treeNodes[size_t(nodeId(depth - 1, i, j))] = leaf[size_t(i) * grid + j];
  for (int level = int(depth) - 2; level >= 0; --level)
    for (uint32_t i = 0; i < (1u << level); ++i)
      for (uint32_t j = 0; j < (1u << level); ++j) {
        auto& n = col.treeNodes[size_t(nodeId(uint32_t(level), i, j))];
        n = col.treeNodes[size_t(nodeId(uint32_t(level) + 1, 2 * i, 2 * j))];
        for (uint32_t k = 1; k < 4; ++k) {
          const auto& ch =
              col.treeNodes[size_t(nodeId(uint32_t(level) + 1, 2 * i + k / 2, 2 * j + k % 2))];
          n[0] = std::min(n[0], ch[0]);
          n[1] = std::max(n[1], ch[1]);
        }
      }
  for (size_t b = 0; b < bins.size(); ++b) {
    col.offsets.push_back(uint16_t(col.buffer.size()));
    col.buffer.insert(col.buffer.end(), bins[b].begin(), bins[b].end());
    col.buffer.push_back(0xFFFF);
  }
  return col;
}

Built buildChunk(uint32_t level, uint32_t cx, uint32_t cy, const SynthOptions& o) {
  Built b;
  Chunk& c = b.chunk;
  const uint32_t n = o.gridQuads;
  const double size = double(o.leafDimensions) * double(1u << (o.treeDepth - 1 - int(level)));
  const double ox = size * cx, oy = size * cy;
  const bool leaf = level + 1 == uint32_t(o.treeDepth);
  for (uint32_t i = 0; i <= n; ++i)
    for (uint32_t j = 0; j <= n; ++j) {
      QVertex v;
      v.x = int16_t(std::lround(-16384.0 + 32768.0 * i / n));
      v.y = int16_t(std::lround(-16384.0 + 32768.0 * j / n));
      const double wx = (v.x / 16384.0 * 0.5 + 0.5) * size + ox;
      const double wy = (v.y / 16384.0 * 0.5 + 0.5) * size + oy;
      v.z = quantZ(synthHeight(wx, wy, o), o);
      // Morph toward a smoother surface: the height half a quad further on.
      const double h2 = synthHeight(wx + size / (2 * n), wy + size / (2 * n), o);
      v.morph = int16_t(std::clamp<long>(long(quantZ(h2, o)) - v.z, -32768, 32767));
      c.verts.push_back(v);
    }
  auto id = [&](uint32_t i, uint32_t j) { return uint16_t(i * (n + 1) + j); };
  std::vector<uint16_t> solid;
  for (uint32_t i = 0; i < n; ++i)
    for (uint32_t j = 0; j < n; ++j) {
      uint16_t a = id(i, j), bb = id(i + 1, j), cc = id(i + 1, j + 1), d = id(i, j + 1);
      solid.insert(solid.end(), {a, bb, cc, a, cc, d});
    }
  // Skirts first, like TSE's generator: every edge vertex gets a twin
  // skirtDepth lower that does not morph.
  if (o.skirts) {
    const int16_t drop = int16_t(std::lround(o.skirtDepth / o.verticalScale));
    auto wall = [&](auto edge) {
      for (uint32_t k = 0; k < n; ++k) {
        uint16_t t0 = edge(k), t1 = edge(k + 1);
        QVertex b0 = c.verts[t0], b1 = c.verts[t1];
        b0.z = int16_t(std::max(-32768, b0.z - drop));
        b1.z = int16_t(std::max(-32768, b1.z - drop));
        b0.morph = b1.morph = 0;
        uint16_t s0 = uint16_t(c.verts.size());
        c.verts.push_back(b0);
        c.verts.push_back(b1);
        c.indices.insert(c.indices.end(), {t0, t1, uint16_t(s0 + 1), t0, uint16_t(s0 + 1), s0});
      }
    };
    wall([&](uint32_t k) { return id(k, 0); });
    wall([&](uint32_t k) { return id(n, k); });
    wall([&](uint32_t k) { return id(n - k, n); });
    wall([&](uint32_t k) { return id(0, n - k); });
  }
  const size_t firstSolid = c.indices.size();
  c.indices.insert(c.indices.end(), solid.begin(), solid.end());
  c.triCount = uint32_t(c.indices.size() / 3);
  if (leaf && o.colTreeDepth) {
    c.colDataFlag = 1;
    c.collision = synthCollision(c, firstSolid, o.colTreeDepth);
  }
  b.minZ = b.maxZ = c.verts[0].z;
  for (const QVertex& v : c.verts) b.minZ = std::min(b.minZ, v.z), b.maxZ = std::max(b.maxZ, v.z);
  return b;
}

void visit(File& f, uint32_t level, uint32_t cx, uint32_t cy, const SynthOptions& o) {
  const uint32_t side = 1u << level;
  auto labelOf = [&](int64_t x, int64_t y) -> int32_t {
    if (x < 0 || y < 0 || x >= side || y >= side) return -1;
    return int32_t(nodeId(level, uint32_t(y), uint32_t(x))); // §9b: label = nodeID(level, y, x)
  };
  Built b = buildChunk(level, cx, cy, o);
  Stub s;
  s.label = labelOf(cx, cy);
  s.neighbors = {{labelOf(int64_t(cx) + 1, cy), labelOf(cx, int64_t(cy) - 1),
                  labelOf(int64_t(cx) - 1, cy), labelOf(cx, int64_t(cy) + 1)}}; // E N W S (TSE)
  s.level = uint8_t(level);
  s.x = int16_t(cx);
  s.y = int16_t(cy);
  s.min = b.minZ;
  s.max = b.maxZ;
  s.chunkOffset = uint32_t(f.chunks.size() + 1); // placeholder for layoutChu
  b.chunk.offset = s.chunkOffset;
  f.stubs.push_back(s);
  f.chunks.push_back(std::move(b.chunk));
  if (level + 1 < uint32_t(o.treeDepth))
    for (uint32_t k = 0; k < 4; ++k) // NW, NE, SW, SE
      visit(f, level + 1, 2 * cx + k % 2, 2 * cy + k / 2, o);
}

} // namespace

File synthChu(const SynthOptions& o) {
  File f;
  f.header.treeDepth = o.treeDepth;
  f.header.baseMaxError = o.baseMaxError;
  f.header.verticalScale = o.verticalScale;
  f.header.leafDimensions = o.leafDimensions;
  f.header.colTreeDepth = o.colTreeDepth;
  visit(f, 0, 0, 0, o);
  layoutChu(f);
  return f;
}

} // namespace strata::chu

namespace strata::tqt {

std::array<uint8_t, 4> synthTexel(uint32_t level, uint32_t x, uint32_t y, uint32_t col,
                                  uint32_t row, const SynthOptions& o) {
  const double n = double(1u << level);
  const double gCol = (y + (col + 0.5) / o.tileSize) / n; // virtual image column: tc.x
  const double gRow = (x + (row + 0.5) / o.tileSize) / n; // virtual image row: tc.y
  return {{uint8_t(std::lround(gRow * 255)), uint8_t(std::lround(gCol * 255)),
           uint8_t(std::min(255u, 64 * (level + 1))), 255}};
}

namespace {

uint16_t rgb565(const std::array<uint8_t, 4>& c) {
  return uint16_t((c[0] >> 3) << 11 | (c[1] >> 2) << 5 | (c[2] >> 3));
}

std::vector<uint8_t> tilePixels(uint32_t level, uint32_t x, uint32_t y, const SynthOptions& o) {
  std::vector<uint8_t> data;
  for (uint32_t m = 0; m < o.mips; ++m) {
    const uint32_t w = std::max(1u, o.tileSize >> m);
    const uint32_t scale = o.tileSize / w; // texels of mip 0 per texel of this mip
    if (!o.bc1) {
      for (uint32_t row = 0; row < w; ++row)
        for (uint32_t col = 0; col < w; ++col) {
          auto c = synthTexel(level, x, y, col * scale, row * scale, o);
          data.insert(data.end(), c.begin(), c.end());
        }
    } else {
      // BC1 with one colour per 4x4 block: color0 == color1, every index 0.
      for (uint32_t by = 0; by < std::max(1u, (w + 3) / 4); ++by)
        for (uint32_t bx = 0; bx < std::max(1u, (w + 3) / 4); ++bx) {
          uint16_t c = rgb565(synthTexel(level, x, y, bx * 4 * scale, by * 4 * scale, o));
          for (int k = 0; k < 2; ++k) data.push_back(uint8_t(c)), data.push_back(uint8_t(c >> 8));
          data.insert(data.end(), 4, 0);
        }
    }
  }
  return data;
}

std::vector<uint8_t> tileDds(uint32_t level, uint32_t x, uint32_t y, const SynthOptions& o) {
  Image img;
  img.dxgiFormat = o.bc1 ? image::dxgi::BC1 : image::dxgi::RGBA8;
  img.width = img.height = o.tileSize;
  img.mipLevels = o.mips;
  img.data = tilePixels(level, x, y, o);
  return image::writeDDS(img); // legacy header: DXT1 FourCC or RGBA masks
}

} // namespace

File synthTqt(const SynthOptions& o) {
  File f;
  f.header.version = 2;
  f.header.treeDepth = o.treeDepth;
  f.header.tileSize = o.tileSize;
  f.offsets.resize(size_t(nodeCount(o.treeDepth)));
  for (uint32_t level = 0; level < o.treeDepth; ++level)
    for (uint32_t x = 0; x < (1u << level); ++x)
      for (uint32_t y = 0; y < (1u << level); ++y) {
        Tile t;
        t.offset = uint32_t(f.tiles.size() + 1); // placeholder for layoutTqt
        t.dds = tileDds(level, x, y, o);
        f.offsets[size_t(nodeId(level, y, x))] = t.offset; // §9c transpose
        f.tiles.push_back(std::move(t));
      }
  layoutTqt(f);
  return f;
}

} // namespace strata::tqt
