#include "synth/tfrag_synth.h"

#include "tfrag/tfrag_write.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace strata::tfrag {

namespace {

constexpr int kGrid = 5;    // LOD 0 vertices per side
constexpr int kStep = 2048; // raw units between LOD 0 vertices (2 world units)
constexpr double kPi = 3.14159265358979323846;

double heightAt(double x, double y) { // world units
  return 1.5 * std::sin(x / 6.0) * std::cos(y / 5.0) + 0.4 * std::sin((x + y) / 2.5);
}

// Tier of LOD 0 grid vertex (i, j): corners are common (LOD 2's 2 x 2 grid),
// the rest of the 3 x 3 grid is LOD 0+1, the others LOD 0 only.
int tierOfGrid(int i, int j) {
  if ((i == 0 || i == kGrid - 1) && (j == 0 || j == kGrid - 1)) return 0;
  if (i % 2 == 0 && j % 2 == 0) return 1;
  return 2;
}

// The coarser vertex a finer one collapses onto: LOD 0 onto the 3 x 3 grid,
// LOD 0+1 onto the corners (rounding towards the patch origin).
std::pair<int, int> parentOfGrid(int i, int j) {
  if (tierOfGrid(i, j) == 2) return {i - i % 2, j - j % 2};
  return {i < 2 ? 0 : 4, j < 2 ? 0 : 4};
}

IndexedTexture makeTexture(int kind) {
  IndexedTexture t;
  t.size = 32;
  for (int p = 0; p < 256; ++p) {
    auto& c = t.palette[size_t(p)];
    double f = p / 255.0;
    if (kind == 0) { // grass: dark to light green
      c = {uint8_t(20 + 40 * f), uint8_t(50 + 78 * f), uint8_t(15 + 30 * f), 0x80};
    } else if (kind == 1) { // rock: warm greys
      c = {uint8_t(50 + 78 * f), uint8_t(46 + 72 * f), uint8_t(40 + 64 * f), 0x80};
    } else { // grate: metal, index 0 fully transparent
      c = {uint8_t(60 + 60 * f), uint8_t(64 + 60 * f), uint8_t(70 + 58 * f),
           uint8_t(p == 0 ? 0 : 0x80)};
    }
  }
  for (uint32_t m = 0; m < 4; ++m) {
    uint32_t s = t.size >> m;
    std::vector<uint8_t> px(size_t(s) * s);
    for (uint32_t y = 0; y < s; ++y)
      for (uint32_t x = 0; x < s; ++x) {
        double u = (x + 0.5) / s, v = (y + 0.5) / s;
        int idx;
        if (kind == 0) {
          idx = int(128 + 60 * std::sin(u * 2 * kPi * 3) * std::cos(v * 2 * kPi * 2) +
                    50 * std::sin((u + v) * 2 * kPi * 5));
        } else if (kind == 1) {
          // bricks: mortar lines every quarter, offset rows
          double bu = u * 4 + (int(v * 4) % 2 ? 0.5 : 0.0);
          bool mortar = std::fmod(v * 4, 1.0) < 0.1 || std::fmod(bu, 1.0) < 0.06;
          idx = mortar ? 40 : int(150 + 70 * std::sin(bu * 7.0 + v * 3.0));
        } else {
          bool hole = std::fmod(u * 4, 1.0) > 0.25 && std::fmod(v * 4, 1.0) > 0.25;
          idx = hole ? 0 : int(100 + 150 * u);
        }
        px[size_t(y) * s + x] = uint8_t(std::clamp(idx, 0, 255));
      }
    t.mips.push_back(px);
  }
  return t;
}

AdGif makeAdGif(int texture, bool clamp) {
  AdGif g;
  for (size_t k = 0; k < 5; ++k) g.regs[k].addr = kAdGifRegs[k];
  g.regs[0].dataLo = texture;
  g.regs[1].dataLo = (-120) & 0xFFF; // K = -7.5 mip levels, s12 in 1/16 units
  g.regs[1].dataHi = 4;              // MMIN LinearMipmapNearest
  g.regs[2].dataLo = clamp ? 1 : 0;
  g.regs[2].dataHi = clamp ? 1 : 0;
  return g;
}

Tfrag makePatch(int px, int py, int index, int secondTexture) {
  Tfrag t;
  t.origin = {px * 8 * 1024, py * 8 * 1024, 0, 0};
  t.lightOrigin = t.origin;

  // Positions in tier order.
  std::map<std::pair<int, int>, int> posIndex;
  std::vector<std::pair<int, int>> gridOf;
  for (int tier = 0; tier < 3; ++tier)
    for (int j = 0; j < kGrid; ++j)
      for (int i = 0; i < kGrid; ++i)
        if (tierOfGrid(i, j) == tier) {
          double wx = (t.origin[0] + i * kStep) / 1024.0, wy = (t.origin[1] + j * kStep) / 1024.0;
          Position p{int16_t(i * kStep), int16_t(j * kStep),
                     int16_t(std::lround(heightAt(wx, wy) * 1024))};
          posIndex[{i, j}] = int(gridOf.size());
          gridOf.push_back({i, j});
          t.positions[size_t(tier)].push_back(p);
        }

  // UV variants: 0 = texture A, (i, j) / 4; 1 = texture B, (i, j) / 2 - 0.5
  // (negative s and t exercise the s / 8192 branch).
  auto uv = [](int i, int j, int variant) {
    auto q = [](double v) {
      return int16_t(v >= 0 ? std::lround(v * 4096) : std::lround(v * 8192));
    };
    return variant == 0 ? std::pair{q(i / 4.0), q(j / 4.0)}
                        : std::pair{q(i / 2.0 - 0.5), q(j / 2.0 - 0.5)};
  };
  // Which variants each grid vertex needs: rows j <= 2 draw texture A,
  // rows j >= 2 texture B (LOD 2 draws A everywhere).
  std::map<std::pair<std::pair<int, int>, int>, int> infoOf; // ((i, j), variant) -> global
  std::array<std::vector<std::pair<std::pair<int, int>, int>>, 3> extras;
  std::array<std::vector<std::pair<std::pair<int, int>, int>>, 3> primaries;
  for (int g = 0; g < int(gridOf.size()); ++g) {
    auto [i, j] = gridOf[size_t(g)];
    int tier = tierOfGrid(i, j);
    bool a = j <= 2 || tier == 0, b = j >= 2;
    primaries[size_t(tier)].push_back({{i, j}, a ? 0 : 1});
    if (a && b) extras[size_t(tier)].push_back({{i, j}, 1});
  }
  int global = 0;
  for (int tier = 0; tier < 3; ++tier) {
    for (auto& e : primaries[size_t(tier)]) infoOf[e] = global++;
    for (auto& e : extras[size_t(tier)]) infoOf[e] = global++;
  }
  auto infoFor = [&](int i, int j, int variant) {
    auto it = infoOf.find({{i, j}, variant});
    return it != infoOf.end() ? it->second : infoOf.at({{i, j}, 1 - variant});
  };
  for (int tier = 0; tier < 3; ++tier) {
    for (int part = 0; part < 2; ++part)
      for (auto& e : part == 0 ? primaries[size_t(tier)] : extras[size_t(tier)]) {
        auto [i, j] = e.first;
        auto [s, tt] = uv(i, j, e.second);
        VertexInfo v;
        v.s = s;
        v.t = tt;
        v.vertex = int16_t(2 * posIndex.at({i, j}));
        if (tier > 0) {
          auto [pi, pj] = parentOfGrid(i, j);
          v.parent = int16_t(2 * posIndex.at({pi, pj}));
          uint8_t parent = uint8_t(infoFor(pi, pj, e.second));
          (part == 0 ? t.parents : t.unk2)[size_t(tier - 1)].push_back(parent);
        }
        t.vertexInfo[size_t(tier)].push_back(v);
      }
  }

  // Strips (tfrag-layout.md "Strips -> triangles"). LOD 0: one strip per
  // quad row; records exercise a loading biased record, a plain run, a
  // loading biased record and a kick without load.
  auto row = [&](int lod, int j0, int j1, int step, int variant) {
    for (int i = 0; i < kGrid; i += step) {
      t.indices[size_t(lod)].push_back(uint8_t(infoFor(i, j1, variant)));
      t.indices[size_t(lod)].push_back(uint8_t(infoFor(i, j0, variant)));
    }
  };
  auto rec = [](int n, bool biased, int y, int z) {
    return Strip{int8_t(biased ? n - 128 : n), int8_t(y), int8_t(z), 0};
  };
  for (int r = 0; r < 4; ++r) row(0, r, r + 1, 1, r < 2 ? 0 : 1);
  t.strips[0] = {rec(10, true, 0, 0), rec(10, false, 0, 0), rec(10, true, 0, 5),
                 rec(10, true, -1, -1), Strip{}};
  row(1, 0, 2, 2, 0);
  row(1, 2, 4, 2, 1);
  t.strips[1] = {rec(6, true, 0, 0), rec(6, true, -1, 5), Strip{}};
  row(2, 0, 4, 4, 0);
  t.strips[2] = {rec(4, true, 0, 0), Strip{}};

  t.adGifs = {makeAdGif(0, false), makeAdGif(secondTexture, secondTexture == 2)};

  // Colours, lights (normals from the height field), spheres.
  for (auto [i, j] : gridOf) {
    double wx = (t.origin[0] + i * kStep) / 1024.0, wy = (t.origin[1] + j * kStep) / 1024.0;
    double h = heightAt(wx, wy);
    uint8_t shade = uint8_t(std::clamp(0x60 + int(h * 16), 0, 0x80));
    t.rgba.push_back(Rgba{shade, shade, uint8_t(shade * 7 / 8), 0x80});
    double e = 0.05;
    double dx = (heightAt(wx + e, wy) - heightAt(wx - e, wy)) / (2 * e);
    double dy = (heightAt(wx, wy + e) - heightAt(wx, wy - e)) / (2 * e);
    double nx = -dx, ny = -dy, nz = 1, len = std::sqrt(nx * nx + ny * ny + nz * nz);
    Light l;
    l.intensity = 100;
    l.azimuth = int8_t(std::lround(std::atan2(ny, nx) * 128 / kPi) & 0xFF);
    l.elevation = int8_t(std::lround(std::asin(nz / len) * 128 / kPi));
    l.color = 0x7FFF;
    t.lights.push_back(l);
  }
  float cx = float(t.origin[0] + 2 * kStep), cy = float(t.origin[1] + 2 * kStep);
  t.header.bsphere = {cx, cy, 0.0f, float(2 * kStep) * 1.5f};
  t.mspheres = {Vec4f{cx, cy, 0.0f, float(2 * kStep) * 1.5f}};
  t.header.lod2RgbaCount = uint8_t(t.positions[0].size());
  t.header.lod1RgbaCount = uint8_t(t.positions[0].size() + t.positions[1].size());
  t.header.lod0RgbaCount = uint8_t(t.positionCount());
  t.header.occlIndex = uint16_t(index);
  t.header.mipDist = 0x100;
  assignVuLayout(t);
  return t;
}

} // namespace

SampleLevel makeSampleLevel(int patchesX, int patchesY) {
  SampleLevel s;
  s.block.header.gap.assign(0x30, 0);
  int index = 0;
  for (int py = 0; py < patchesY; ++py)
    for (int px = 0; px < patchesX; ++px, ++index)
      s.block.tfrags.push_back(makePatch(px, py, index, index == patchesX * patchesY - 1 ? 2 : 1));
  s.block.header.tfragCount = int32_t(s.block.tfrags.size());
  for (int k = 0; k < 3; ++k) s.textures.push_back(makeTexture(k));
  return s;
}

LevelFiles sampleLevelFiles(int patchesX, int patchesY) {
  SampleLevel s = makeSampleLevel(patchesX, patchesY);
  return buildLevelFiles(writeTfragsBlock(s.block), s.textures);
}

} // namespace strata::tfrag
