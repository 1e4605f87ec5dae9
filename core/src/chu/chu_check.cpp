#include "chu/chu_check.h"

#include "atlas/atlas_check.h"
#include "chu/chu_atlas.h"

#include <cfloat>
#include <cmath>
#include <map>

namespace strata::chu {

std::string stubLabel(const File& file, size_t stub) {
  return "stub " + std::to_string(stub) + " (label " + std::to_string(file.stubs[stub].label) + ")";
}

void checkChu(const File& file, const std::string& fileName, std::vector<Problem>& out) {
  const Header& h = file.header;
  auto add = [&](uint64_t offset, std::string piece, std::string msg, int kind, uint64_t index) {
    out.push_back(
        {Severity::Error, fileName, offset, std::move(piece), std::move(msg), kind, index, false});
  };
  if (!(std::isfinite(h.leafDimensions) && h.leafDimensions > 0))
    add(0x10, "",
        "leafDimensions " + std::to_string(h.leafDimensions) + " must be finite and positive (§9b)",
        atlas::kWholeFile, 0);
  if (!std::isfinite(h.verticalScale))
    add(0x0C, "", "verticalScale " + std::to_string(h.verticalScale) + " must be finite (§9b)",
        atlas::kWholeFile, 0);
  if (!out.empty()) return; // no vertex can be placed

  const uint32_t depth = uint32_t(h.treeDepth);
  std::map<uint32_t, const Chunk*> chunkAt;
  for (const Chunk& c : file.chunks) chunkAt[c.offset] = &c;
  for (size_t i = 0; i < file.stubs.size(); ++i) {
    const Stub& s = file.stubs[i];
    const uint64_t at = kHeaderSize + uint64_t(i) * kStubSize;
    const std::string who = stubLabel(file, i);
    auto error = [&](uint64_t offset, std::string msg) {
      add(offset, who, std::move(msg), atlas::kChunkPiece, i);
    };
    if (s.level >= depth) {
      error(at + 24, "level " + std::to_string(s.level) + " is outside the tree (0.." +
                         std::to_string(depth - 1) + ")");
      continue;
    }
    const Chunk& c = *chunkAt.at(s.chunkOffset);
    // §9b chunk layout: sentinel, vertCount, 8 bytes per vertex, indexCount, indices.
    const uint64_t vertsAt = uint64_t(c.offset) + 6, indicesAt = vertsAt + 8 * c.verts.size() + 4;
    bool bad = false;
    for (size_t k = 0; k < c.indices.size() && !bad; ++k)
      if (c.indices[k] >= c.verts.size()) {
        error(indicesAt + 2 * k, "its chunk has index " + std::to_string(c.indices[k]) +
                                     " but only " + std::to_string(c.verts.size()) + " vertices");
        bad = true;
      }
    if (!bad && c.indices.size() % 3) {
      error(indicesAt - 4, "its chunk has " + std::to_string(c.indices.size()) +
                               " indices, not a whole number of triangles");
      bad = true;
    }
    const ChunkFrame f = chunkFrame(h, s);
    static const char* const field[] = {"x", "y", "z", "morph"};
    for (size_t v = 0; v < c.verts.size() && !bad; ++v) {
      const std::array<double, 4> m = mappedValues(c.verts[v], h, f);
      for (int k = 0; k < 4 && !bad; ++k)
        if (!(std::fabs(m[size_t(k)]) <= FLT_MAX)) {
          char value[32];
          std::snprintf(value, sizeof value, "%g", m[size_t(k)]);
          error(vertsAt + 8 * v + 2 * uint64_t(k),
                "vertex " + std::to_string(v) + " " + field[k] + " maps to " + value +
                    " (§9b, with leafDimensions, verticalScale and the stub's level, x and y), "
                    "beyond a float");
          bad = true;
        }
    }
  }
}

} // namespace strata::chu
