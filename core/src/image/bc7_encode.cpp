// BC7 block encoder: picks the mode, partition, rotation and index selection
// whose fit (bc7_fit.h) leaves the least RGBA squared error
// (ARB_texture_compression_bptc Table.M for what each mode stores).
//  - One colour: mode 5 with endpoints from a table whose first interpolant
//    lands on every 8-bit value, alpha stored exactly: lossless.
//  - Opaque blocks: mode 6 (its p-bits fixed to 1 so alpha stays 255), modes
//    4 and 5 with every rotation (one channel on its own indices), and the
//    partitioned modes 1, 3 (two subsets) and 0, 2 (three), each fitted on
//    the partitions with the lowest estimates (bc7_partition.h).
//  - Blocks with alpha: mode 6, modes 4 and 5 with every rotation, mode 7
//    on its best-estimated partitions.
// Every candidate decodes to alpha 255 in an opaque block.
#include "image/bc7_fit.h"
#include "image/bc7_modes.h"
#include "image/bc7_pack.h"
#include "image/bc7_partition.h"
#include "image/bc_encode.h"

#include <algorithm>
#include <cstring>

namespace strata::image::bc {
namespace {

using bc7::Block;
using bc7::EndpointFormat;
using bc7::FitEffort;
using bc7::SubsetFit;

// How many of the best-estimated partitions each partitioned mode screens.
struct Partitions {
  int mode1, mode3, mode0, mode2, mode7;
};

// What each quality level searches: the partitions, the screening fit, and
// how many of the screened candidates are fitted again with the final effort
// (those after the first only while their screened error is within
// finalistRatio of the first's: a candidate much worse when screened seldom
// wins).
struct Effort {
  Partitions parts;
  // How many rotations (of 4) of each of mode 4, mode 4 with the index
  // selection bit and mode 5 are screened, those with the lowest estimates,
  // in an opaque block and in one with alpha (where the partitioned modes but
  // 7 are out, and a rotation often pays).
  int rotations, rotationsAlpha;
  FitEffort screen, final;
  int finalists;
  float finalistRatio;
  // Fine blocks: opaque blocks whose best error once mode 6 and modes 4 / 5
  // are screened is below fineError, or below 1 / fineVariance of the sum of
  // their texels' squared distances from their mean (none when fineFinalists
  // is 0). There errors are a few units and the screening ranks poorly (the
  // final fit often promotes its second to fourth candidate, or mode 4 / 5 at
  // a rotation the estimate ranks lower), while modes 0, 1 and 2 seldom win:
  // such blocks get every rotation, fineParts, fineFinalists finalists
  // regardless of the ratio, and fineFinal.
  uint32_t fineError, fineVariance;
  Partitions fineParts;
  int fineFinalists;
  FitEffort fineFinal;
};

Effort effortFor(int quality) {
  using bc7::kChannelSearchAll, bc7::kChannelSearchBest;
  if (quality <= 0)
    return {{2, 1, 0, 0, 1}, 1, 2, {1, false, 0}, {2, true, 1}, 1, 1.0f, 0, 0, {}, 0, {}};
  if (quality == 1)
    return {{6, 4, 1, 1, 4},
            1,
            4,
            {1, false, 0},
            {3, true, 2, true, kChannelSearchBest},
            3,
            1.25f,
            16,
            256,
            {2, 10, 0, 0, 4},
            4,
            {3, true, 2, true, kChannelSearchAll}};
  return {{12, 10, 6, 10, 10},
          4,
          4,
          {2, true, 1},
          {4, true, 4, true, kChannelSearchAll},
          4,
          1e30f,
          0,
          0,
          {},
          0,
          {}};
}

// A way to encode the block: the mode and the choices that go with it.
struct Choice {
  int mode, partition, rotation, selection;
};

struct Scored {
  Block block;
  uint32_t err = ~0u;
};

void setSubset(Block& b, int s, const SubsetFit& f, int channels) {
  for (int e = 0; e < 2; ++e) {
    for (int c = 0; c < channels; ++c) b.q[s][e][c] = f.q[e][c];
    b.p[s][e] = f.p[e];
  }
}

// Mode 6: one subset, RGBA 7.7.7.7 with a p-bit per endpoint, 4-bit indices.
// In an opaque block both p-bits are 1 and alpha is stored as 127: 255
// (unless alpha is ignored: then the p-bits are free and alpha may be 254).
Scored fitMode6(const int px[16][4], bool opaque, bool ignoreAlpha, const FitEffort& fe) {
  const EndpointFormat f{opaque ? 3 : 4, {7, 7, 7, 7}, 1, opaque && !ignoreAlpha ? 1 : -1, 4};
  const SubsetFit s = bc7::fitSubset(px, 0xFFFF, f, fe);
  Scored r;
  r.block.mode = 6;
  setSubset(r.block, 0, s, f.channels);
  if (opaque) r.block.q[0][0][3] = r.block.q[0][1][3] = 127;
  std::memcpy(r.block.index, s.index, 16);
  r.err = s.err;
  return r;
}

// Modes 4 and 5: colour and one scalar channel on indices of their own. With
// rotation r the scalar is channel r - 1 and colour holds alpha in its place
// (the decoder swaps them back); mode 4's index selection gives colour the
// 3-bit indices instead of the 2-bit ones.
Scored fitRotated(const int px[16][4], const Choice& ch, const FitEffort& fe) {
  const Bc7Mode& m = kBc7Modes[ch.mode];
  int colour[16][4], scalar[16][4];
  const int moved = ch.rotation ? ch.rotation - 1 : 3;
  for (int i = 0; i < 16; ++i) {
    std::memcpy(colour[i], px[i], sizeof colour[i]);
    scalar[i][0] = px[i][moved];
    if (ch.rotation) colour[i][moved] = px[i][3];
  }
  const int colourBits = ch.selection ? m.ib2 : m.ib, alphaBits = ch.selection ? m.ib : m.ib2;
  const EndpointFormat cf{3, {m.cb, m.cb, m.cb, 0}, 0, -1, colourBits};
  const EndpointFormat af{1, {m.ab, 0, 0, 0}, 0, -1, alphaBits};
  const SubsetFit c = bc7::fitSubset(colour, 0xFFFF, cf, fe);
  const SubsetFit a = bc7::fitSubset(scalar, 0xFFFF, af, fe);
  Scored r;
  Block& b = r.block;
  b.mode = ch.mode, b.rotation = ch.rotation, b.indexSelection = ch.selection;
  setSubset(b, 0, c, 3);
  b.q[0][0][3] = a.q[0][0], b.q[0][1][3] = a.q[1][0];
  // The primary (ib-bit) indices are colour's unless the selection bit is set.
  std::memcpy(ch.selection ? b.index2 : b.index, c.index, 16);
  std::memcpy(ch.selection ? b.index : b.index2, a.index, 16);
  r.err = c.err + a.err;
  return r;
}

// A partitioned mode (0, 1, 2, 3 or 7) on one partition; stops early once
// the error passes `bound`.
Scored fitPartition(const int px[16][4], const Choice& ch, int channels, const FitEffort& fe,
                    uint32_t bound) {
  const Bc7Mode& m = kBc7Modes[ch.mode];
  const EndpointFormat f{channels, {m.cb, m.cb, m.cb, m.ab}, m.epb ? 1 : m.spb ? 2 : 0, -1, m.ib};
  Scored r;
  r.block.mode = ch.mode, r.block.partition = ch.partition;
  uint32_t total = 0;
  for (int s = 0; s < m.ns; ++s) {
    uint16_t mask = 0;
    for (int i = 0; i < 16; ++i)
      if (bc7::subsetOf(ch.mode, ch.partition, i) == s) mask |= uint16_t(1u << i);
    const SubsetFit fit = bc7::fitSubset(px, mask, f, fe);
    total += fit.err;
    if (total >= bound) return r;
    setSubset(r.block, s, fit, channels);
    for (int i = 0; i < 16; ++i)
      if (mask >> i & 1) r.block.index[i] = fit.index[i];
  }
  r.err = total;
  return r;
}

Scored fitChoice(const int px[16][4], const Choice& ch, bool opaque, bool ignoreAlpha,
                 const FitEffort& fe, uint32_t bound) {
  if (ch.mode == 6) return fitMode6(px, opaque, ignoreAlpha, fe);
  if (ch.mode == 4 || ch.mode == 5) return fitRotated(px, ch, fe);
  return fitPartition(px, ch, opaque ? 3 : 4, fe, bound);
}

// The screened candidates with the lowest errors, lowest first, with their
// screened blocks (the final fit, a different search, now and then ends
// above them).
struct Shortlist {
  static constexpr int kMax = 4;
  Choice choice[kMax];
  Scored fit[kMax];
  int size = 0, want = 1;
  uint32_t bound() const { return size < want ? ~0u : fit[size - 1].err; }
  void offer(const Choice& c, const Scored& s) {
    if (s.err >= bound()) return;
    int at = size < want ? size++ : size - 1;
    while (at > 0 && fit[at - 1].err > s.err)
      choice[at] = choice[at - 1], fit[at] = fit[at - 1], --at;
    choice[at] = c, fit[at] = s;
  }
};

void screenPartitions(const int px[16][4], int mode, const float* est, int count, int want,
                      bool opaque, const Effort& ef, Shortlist& list) {
  int parts[64];
  const int n = bc7::bestPartitions(est, count, want, parts);
  for (int k = 0; k < n; ++k) {
    const Choice c{mode, parts[k], 0, 0};
    list.offer(c, fitPartition(px, c, opaque ? 3 : 4, ef.screen, list.bound()));
  }
}

// Modes 4 and 5: for each of the three ways of storing colour and the scalar
// channel, the rotations ranked `from` to `to` by their estimates.
void screenRotations(const int px[16][4], const float est[3][4], int from, int to, const Effort& ef,
                     Shortlist& list) {
  for (int variant = 0; variant < 3; ++variant) {
    int order[4] = {0, 1, 2, 3};
    std::sort(order, order + 4, [&](int a, int b) {
      return est[variant][a] < est[variant][b] || (est[variant][a] == est[variant][b] && a < b);
    });
    for (int k = from; k < to; ++k) {
      const Choice c{variant == 2 ? 5 : 4, 0, order[k], variant == 1 ? 1 : 0};
      list.offer(c, fitRotated(px, c, ef.screen));
    }
  }
}

// Sum over the texels and channels of the squared distance from the mean, times 16.
uint32_t spread(const int px[16][4]) {
  uint32_t total = 0;
  for (int c = 0; c < 4; ++c) {
    int sum = 0, squares = 0;
    for (int i = 0; i < 16; ++i) sum += px[i][c], squares += px[i][c] * px[i][c];
    total += uint32_t(16 * squares - sum * sum);
  }
  return total;
}

// Mode 5 endpoint pairs (7 bits each) whose first interpolant (weight 21)
// is each 8-bit value; every value has one (checked in the test).
struct SolidTable {
  uint8_t pair[256][2];
  bool exact[256];
  SolidTable() {
    int bestD[256];
    std::fill(bestD, bestD + 256, 1 << 30);
    for (int a = 0; a < 128; ++a)
      for (int b = 0; b < 128; ++b) {
        const int v = bc7::interpolate(bc7::expandBits(a, 7), bc7::expandBits(b, 7), 21);
        const int d = std::abs(a - b);
        if (d < bestD[v]) bestD[v] = d, pair[v][0] = uint8_t(a), pair[v][1] = uint8_t(b);
      }
    for (int v = 0; v < 256; ++v) exact[v] = bestD[v] < (1 << 30);
  }
};

const SolidTable& solidTable() {
  static const SolidTable t;
  return t;
}

bool solidBlock(const int px[16][4], Block& b) {
  for (int i = 1; i < 16; ++i)
    if (std::memcmp(px[i], px[0], sizeof px[0]) != 0) return false;
  const SolidTable& t = solidTable();
  for (int c = 0; c < 3; ++c)
    if (!t.exact[px[0][c]]) return false;
  b.mode = 5;
  for (int c = 0; c < 3; ++c)
    b.q[0][0][c] = t.pair[px[0][c]][0], b.q[0][1][c] = t.pair[px[0][c]][1];
  b.q[0][0][3] = b.q[0][1][3] = px[0][3];
  std::fill(b.index, b.index + 16, uint8_t(1));
  return true;
}

} // namespace

void encodeBC7Block(const uint8_t rgba[64], int quality, bool ignoreAlpha, uint8_t out[16]) {
  int px[16][4];
  bool opaque = true;
  for (int i = 0; i < 16; ++i) {
    for (int c = 0; c < 3; ++c) px[i][c] = rgba[4 * i + c];
    px[i][3] = ignoreAlpha ? 255 : rgba[4 * i + 3];
    opaque &= px[i][3] == 255;
  }
  Block solid;
  if (solidBlock(px, solid)) return bc7::pack(solid, out);
  const Effort ef = effortFor(quality);
  // Screening: every candidate the level searches, fitted quickly.
  Shortlist list;
  list.want = std::max(ef.finalists, ef.fineFinalists);
  const Choice six{6, 0, 0, 0};
  list.offer(six, fitMode6(px, opaque, ignoreAlpha, ef.screen));
  float rot[3][4];
  bc7::estimateRotations(px, rot);
  const int rotations = opaque ? ef.rotations : ef.rotationsAlpha;
  screenRotations(px, rot, 0, rotations, ef, list);
  const bool fine = ef.fineFinalists > 0 && opaque && list.fit[0].err > 0 &&
                    (list.fit[0].err < ef.fineError ||
                     uint64_t(list.fit[0].err) * 16 * ef.fineVariance < spread(px));
  if (fine) screenRotations(px, rot, rotations, 4, ef, list);
  const Partitions& parts = fine ? ef.fineParts : ef.parts;
  float estA[64], estB[64];
  if (opaque) {
    // Modes 1 (3-bit indices) and 3 (2-bit) share the two-subset shapes.
    bc7::estimatePartitions(px, 3, 2, 64, 8, estA, 4, estB);
    screenPartitions(px, 1, estA, 64, parts.mode1, true, ef, list);
    screenPartitions(px, 3, estB, 64, parts.mode3, true, ef, list);
    if (parts.mode0 + parts.mode2 > 0) {
      // Mode 0 uses the first 16 three-subset shapes with 3-bit indices, mode 2 all 64 with 2.
      bc7::estimatePartitions(px, 3, 3, 64, 8, estA, 4, estB);
      screenPartitions(px, 0, estA, 16, parts.mode0, true, ef, list);
      screenPartitions(px, 2, estB, 64, parts.mode2, true, ef, list);
    }
  } else {
    bc7::estimatePartitions(px, 4, 2, 64, 4, estA, 0, nullptr);
    screenPartitions(px, 7, estA, 64, parts.mode7, false, ef, list);
  }
  // The finalists fitted again with the final effort; the best screened
  // block stands unless one of them comes out lower.
  const int finalists = std::min(list.size, fine ? ef.fineFinalists : ef.finalists);
  const FitEffort& final = fine ? ef.fineFinal : ef.final;
  Scored best = list.fit[0];
  for (int k = 0; k < finalists && best.err > 0; ++k) {
    if (!fine && k > 0 && float(list.fit[k].err) > ef.finalistRatio * float(list.fit[0].err)) break;
    const Scored s = fitChoice(px, list.choice[k], opaque, ignoreAlpha, final, best.err);
    if (s.err < best.err) best = s;
  }
  bc7::pack(best.block, out);
}

} // namespace strata::image::bc
