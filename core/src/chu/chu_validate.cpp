// `strata validate` for a CHU (atlas-chu-tqt.md §9e). The reader throws on the
// first structural error; what is left here is checked on a parsed model: the
// errors by the checks the load path shares (chu_check.h), the consistency
// comparisons here.
#include "chu/chu_validate.h"

#include "chu/chu_atlas.h"
#include "chu/chu_check.h"
#include "common/tally.h"
#include "strata/error.h"
#include "strata/quadtree.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace strata {

namespace chu {

void validateModel(const File& file, ValidationReport& rep) {
  std::vector<Problem> problems;
  checkChu(file, rep.file, problems);
  addToReport(problems, rep);
  const Header& h = file.header;
  if (std::isfinite(h.verticalScale) && !(h.verticalScale > 0))
    rep.warning(0x0C,
                "verticalScale " + std::to_string(h.verticalScale) + " is normally positive (§9b)");

  std::map<uint32_t, const Chunk*> chunkAt;
  for (const Chunk& c : file.chunks) chunkAt[c.offset] = &c;
  Tally position, minMax, triCount;
  size_t verts = 0, tris = 0, withCollision = 0;
  for (size_t i = 0; i < file.stubs.size(); ++i) {
    const Stub& s = file.stubs[i];
    const uint64_t at = kHeaderSize + uint64_t(i) * kStubSize;
    const std::string who = stubLabel(file, i);
    // The label names the node; §9b's transpose gives its world position.
    const NodePos p = nodePos(uint64_t(s.label));
    if (s.level != p.level || s.x != int32_t(p.y) || s.y != int32_t(p.x))
      position.add(at + 24, who + " says level " + std::to_string(s.level) + " x " +
                                std::to_string(s.x) + " y " + std::to_string(s.y) +
                                "; its label is node " + nodeName(p.level, p.y, p.x) +
                                " after the X/Y transpose");
    const Chunk& c = *chunkAt.at(s.chunkOffset);
    if (!c.verts.empty()) {
      int16_t lo = c.verts[0].z, hi = c.verts[0].z;
      for (const QVertex& v : c.verts) lo = std::min(lo, v.z), hi = std::max(hi, v.z);
      if (lo != s.min || hi != s.max)
        minMax.add(at + 29, who + " min/max " + std::to_string(s.min) + ".." +
                                std::to_string(s.max) + " but its vertices span " +
                                std::to_string(lo) + ".." + std::to_string(hi));
    }
    if (c.triCount != c.indices.size() / 3)
      triCount.add(c.offset, "the chunk of " + who + " has triCount " + std::to_string(c.triCount) +
                                 " but " + std::to_string(c.indices.size()) + " indices (" +
                                 std::to_string(c.indices.size() / 3) + " triangles)");
    verts += c.verts.size();
    tris += c.indices.size() / 3;
    withCollision += c.colDataFlag == 1;
  }
  position.report(rep, Severity::Warning, "stubs disagree with their label's node");
  minMax.report(rep, Severity::Warning,
                "stubs have min/max that differ from their decoded vertex Z range "
                "(conservative bounds, or a different interpretation)");
  triCount.report(rep, Severity::Warning,
                  "chunks have a triCount that differs from the index-derived triangle count");
  size_t gapBytes = 0;
  for (const Gap& g : file.gaps) gapBytes += g.bytes.size();
  size_t ordered = 0;
  for (size_t i = 0; i < file.stubs.size(); ++i) ordered += file.stubs[i].label == int32_t(i);
  rep.summary["stubs"] = file.stubs.size();
  rep.summary["chunks"] = file.chunks.size();
  rep.summary["vertices"] = verts;
  rep.summary["triangles"] = tris;
  rep.summary["chunksWithCollision"] = withCollision;
  rep.summary["stubsOutOfLabelOrder"] = file.stubs.size() - ordered;
  rep.summary["unreferencedBytes"] = gapBytes;
}

} // namespace chu

} // namespace strata
