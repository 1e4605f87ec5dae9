// WAD decompression (rc2-level-wad.md section 3), the one step that touches
// every byte of a level, against memcpy of its output in the same run: MB/s of
// output on the core data of synthetic levels (tools/synth/rc2_synth.cpp) of
// growing size, one core. The target is >= 1 GB/s (docs/performance.md).
#include "bench_timing.h"
#include "synth/rc2_synth.h"
#include "wad/wad_codec.h"

#include <cstdio>
#include <cstring>
#include <vector>

int main() {
  std::printf("%-22s %10s %10s %12s %12s %8s\n", "core data", "bytes", "compressed", "decode MB/s",
              "memcpy MB/s", "ratio");
  for (int side : {2, 8, 16, 32}) {
    strata::rc2::SynthLevel o;
    o.patchesX = o.patchesY = side;
    const std::vector<uint8_t> data = strata::rc2::synthExtracted(o).coreData;
    const std::vector<uint8_t> packed = strata::wad::compress(data);
    const strata::wad::StreamRef s{packed.data(), packed.size(), "bench", 0, "core_data"};
    std::vector<uint8_t> out(data.size()), copy(data.size());
    // Enough repetitions for ~0.2 s a measurement at 1 GB/s.
    const int reps = int(std::max<size_t>(1, (size_t(200) << 20) / data.size()));
    const double decode = bench::bestSeconds(5, [&] {
      for (int r = 0; r < reps; ++r) strata::wad::decompressInto(s, out.data(), out.size());
    });
    const double memcopy = bench::bestSeconds(5, [&] {
      for (int r = 0; r < reps; ++r) {
        std::memcpy(copy.data(), data.data(), data.size());
        asm volatile("" : : "r"(copy.data()) : "memory");
      }
    });
    if (out != data) {
      std::fprintf(stderr, "bench_wad: the decoded bytes differ\n");
      return 1;
    }
    const double mb = double(data.size()) * reps / 1e6;
    char name[32];
    std::snprintf(name, sizeof name, "%dx%d patches", side, side);
    std::printf("%-22s %10zu %10zu %12.0f %12.0f %7.1fx\n", name, data.size(), packed.size(),
                mb / decode, mb / memcopy, memcopy > 0 ? decode / memcopy : 0.0);
  }
  return 0;
}
