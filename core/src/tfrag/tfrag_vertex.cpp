#include "tfrag/tfrag_vertex.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace strata::tfrag {

int tierOf(const Tfrag& t, size_t g) {
  if (g < t.vertexInfo[0].size()) return 0;
  if (g < t.vertexInfo[0].size() + t.vertexInfo[1].size()) return 1;
  return 2;
}

int64_t positionIndex(const Tfrag& t, const VertexInfo& v) {
  if (v.vertex < 0 || v.vertex % 2 != 0) return -1;
  size_t i = size_t(v.vertex / 2);
  return i < t.positionCount() ? int64_t(i) : -1;
}

Vec3 dequantPosition(const Tfrag& t, const Position& p) {
  return {float((double(t.origin[0]) + p.x) / 1024.0), float((double(t.origin[1]) + p.y) / 1024.0),
          float((double(t.origin[2]) + p.z) / 1024.0)};
}

float dequantUv(int16_t s) {
  return s >= 0 ? float(s) / 4096.0f : float(s) / 8192.0f;
}

Vec4 dequantColor(const Rgba& c) {
  auto ch = [](uint8_t v) { return std::min(1.0f, float(v) / 128.0f); };
  uint8_t a = c.a < 0x80 ? uint8_t(2 * c.a) : uint8_t(255);
  return {ch(c.r), ch(c.g), ch(c.b), float(a) / 255.0f};
}

namespace {

// The cosine and sine of n / 256 of a turn, exact (0, 1, -1) at the quarter
// turns and folded into the first quadrant elsewhere: std::cos(pi / 2) is a
// libm's own tiny number (6.1e-17 in glibc's, another in MinGW's), which
// made the Linux and Windows builds write different normal bytes.
std::pair<double, double> cosSinOfSteps(int n) {
  const int m = (n % 256 + 256) % 256, quadrant = m / 64, r = m % 64;
  const double a = r * (3.14159265358979323846 / 128.0);
  const double c = r ? std::cos(a) : 1.0, s = r ? std::sin(a) : 0.0;
  switch (quadrant) {
  case 0:
    return {c, s};
  case 1:
    return {-s, c};
  case 2:
    return {-c, -s};
  default:
    return {s, -c};
  }
}

} // namespace

Vec3 lightNormal(const Light& l) {
  const auto [cosAz, sinAz] = cosSinOfSteps(l.azimuth);
  const auto [cosEl, sinEl] = cosSinOfSteps(l.elevation);
  return {float(cosAz * cosEl), float(sinAz * cosEl), float(sinEl)};
}

int firstParent(const Tfrag& t, size_t g) {
  int tier = tierOf(t, g);
  if (tier == 0) return -1;
  size_t j = g - t.vertexInfo[0].size() - (tier == 2 ? t.vertexInfo[1].size() : 0);
  size_t np = t.positions[size_t(tier)].size();
  const auto& arr = j < np ? t.parents[size_t(tier - 1)] : t.unk2[size_t(tier - 1)];
  size_t k = j < np ? j : j - np;
  return k < arr.size() ? int(arr[k]) : -1;
}

size_t parentLimit(const Tfrag& t, int tier) {
  return tier == 1 ? t.vertexInfo[0].size() : t.vertexInfo[0].size() + t.vertexInfo[1].size();
}

} // namespace strata::tfrag
