#include "rc2/rc2_validate.h"

#include "rc2/rc2_level.h"
#include "rc2/rc2_source.h"
#include "strata/error.h"
#include "strata/rc2.h"

namespace strata::rc2 {

ValidationReport validateLevelWad(const Source& in) {
  const std::string& path = in.path;
  ValidationReport rep;
  rep.file = path;
  rep.format = "rc2-level";
  try {
    const LevelSource src(in);
    const CheckedWad c = checkLevelWad(src.data(), src.size(), path);
    for (const tfrag::LevelFinding& f : c.findings)
      rep.findings.push_back({f.severity, f.offset, f.message});
    nlohmann::json census = c.core.census;
    census["levels"] = 1;
    size_t chunkTfrags = 0;
    for (const tfrag::CheckedLevel& k : c.chunks) chunkTfrags += k.tfragIndex.size();
    census["chunkTfragsDecoded"] = chunkTfrags;
    if (c.wad.container.headerRead) census["id"] = c.wad.container.header.id;
    rep.summary = census;
  } catch (const Error& e) {
    rep.error(e.offset(), e.detail());
  }
  return rep;
}

ValidationReport validateDisc(const std::string& image) {
  ValidationReport rep;
  rep.file = image;
  rep.format = "rc2-disc";
  std::vector<LevelEntry> levels;
  try {
    levels = discLevels(image);
  } catch (const Error& e) {
    rep.error(e.offset(), e.detail());
    return rep;
  }
  if (levels.empty())
    rep.error(Error::kNoOffset, "the image holds no LEVEL<n>.WAD: not a Ratchet & Clank 2 disc");
  for (const LevelEntry& e : levels) {
    const ValidationReport one = validateLevelWad(e.path);
    for (const Finding& f : one.findings)
      rep.findings.push_back({f.severity, f.offset, e.file + ": " + f.message});
  }
  rep.summary = {{"levels", levels.size()}};
  return rep;
}

} // namespace strata::rc2
