#include "tfrag/tfrag_strips.h"

#include "common/bytes.h"
#include "strata/error.h"

namespace strata::tfrag {

std::vector<StripRun> decodeStrips(const std::vector<Strip>& strips, size_t adGifCount,
                                   const std::string& file, uint64_t offset) {
  std::vector<StripRun> runs;
  int adGif = -1;
  uint32_t next = 0;
  for (size_t i = 0; i < strips.size(); ++i) {
    const Strip& s = strips[i];
    uint64_t at = offset + 4 * i;
    int x = s.countAndFlag, y = s.endOfPacket, z = s.adGifOffset;
    if (x == 0) {
      if (i == 0)
        throw Error(file, at,
                    "strip record 0 has count 0: the first record of a list is always "
                    "biased (negative)");
      break;
    }
    auto load = [&] {
      if (z < 0 || z % 5 != 0 || size_t(z / 5) >= adGifCount)
        throw Error(file, at + 2,
                    "strip record " + std::to_string(i) + " loads ad-gif offset " +
                        std::to_string(z) + ", expected a multiple of 5 below " +
                        std::to_string(5 * adGifCount) + " (" + std::to_string(adGifCount) +
                        " ad-gifs)");
      adGif = z / 5;
    };
    StripRun run;
    run.record = uint32_t(i);
    if (i == 0) {
      if (x > 0)
        throw Error(file, at,
                    "strip record 0 has unbiased count " + std::to_string(x) +
                        ": the first record of a list is always biased (negative)");
      run.kick = y < 0;
      load(); // record 0 always loads its ad-gif
      run.count = uint32_t(x + 128);
    } else if (x > 0) {
      run.count = uint32_t(x);
    } else {
      run.count = uint32_t(x + 128);
      if (y >= 0) {
        load();
      } else {
        run.kick = true;
        if (z >= 0) load();
      }
    }
    if (run.count < 3)
      throw Error(file, at,
                  "strip record " + std::to_string(i) + " holds " + std::to_string(run.count) +
                      " vertices; a triangle strip needs at least 3");
    run.adGif = adGif;
    run.firstIndex = next;
    next += run.count;
    runs.push_back(run);
  }
  return runs;
}

uint32_t triangleCount(const std::vector<StripRun>& runs) {
  uint32_t n = 0;
  for (auto& r : runs) n += r.count - 2;
  return n;
}

LodTriangles lodTriangles(const Tfrag& t, int lod, const std::string& file) {
  const auto& idx = t.indices[size_t(lod)];
  auto runs =
      decodeStrips(t.strips[size_t(lod)], t.adGifs.size(), file, t.at.strips[size_t(lod)].offset);
  size_t infos = t.vertexInfoCount(lod);
  LodTriangles out;
  for (auto& r : runs) {
    if (!fitsWithin(r.firstIndex, r.count, idx.size()))
      throw Error(file, t.at.strips[size_t(lod)].offset + 4 * r.record,
                  "LOD " + std::to_string(lod) + " strip record " + std::to_string(r.record) +
                      " needs indices " + std::to_string(r.firstIndex) + ".." +
                      std::to_string(r.firstIndex + r.count - 1) + " but the index list holds " +
                      std::to_string(idx.size()));
    for (uint32_t k = 0; k < r.count; ++k) {
      uint32_t i = r.firstIndex + k;
      if (idx[i] >= infos)
        throw Error(file, t.at.indices[size_t(lod)].offset + i,
                    "LOD " + std::to_string(lod) + " index " + std::to_string(i) + " is " +
                        std::to_string(idx[i]) + ", expected below " + std::to_string(infos) +
                        " (the vertex infos LOD " + std::to_string(lod) + " draws from)");
    }
    for (uint32_t k = 0; k + 2 < r.count; ++k) {
      uint32_t a = idx[r.firstIndex + k], b = idx[r.firstIndex + k + 1],
               c = idx[r.firstIndex + k + 2];
      // GS strips alternate winding: odd triangles swap their first two corners.
      if (k % 2) std::swap(a, b);
      out.triangles.push_back({a, b, c});
      out.adGif.push_back(r.adGif);
    }
  }
  return out;
}

} // namespace strata::tfrag
