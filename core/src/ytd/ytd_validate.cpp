#include "ytd/ytd_validate.h"

#include "common/validate_file.h"
#include "ytd/ytd_check.h"
#include "ytd/ytd_formats.h"
#include "ytd/ytd_layout.h"
#include "ytd/ytd_name_hash.h"

namespace strata::ytd {

using nlohmann::json;

void containerValidate(const TextureContainer& c, ValidationReport& report) {
  const ContainerCheck check = checkContainer(c);
  for (const CheckedFinding& f : check.findings) report.findings.push_back(f.finding);
  if (c.dictionaries.empty()) report.info("no embedded textures");
  json formats = json::object();
  size_t textures = 0, nulls = 0, checked = 0, failures = 0, hashFailures = 0, bareHashes = 0,
         undecided = 0, unsupported = 0, broken = 0, pow2Counts = 0, bc5BySpace = 0;
  for (auto& d : c.dictionaries)
    for (auto& e : d.entries) {
      if (!e.pointer) {
        ++nulls;
        continue;
      }
      ++textures;
      broken += check.broken.count(&e);
      if (!recordRead(e)) continue;
      const std::string fmt = dxgiName(c.texture(e).layout.dxgi);
      formats[fmt] = formats.value(fmt, 0) + 1;
      if (c.texture(e).layout.censusChecked) {
        ++checked;
        failures += !c.texture(e).layout.censusOk;
      }
      bareHashes += hashOfBareName(e.record.name, e.hash);
      hashFailures += nameHash(e.record.name) != e.hash && !hashOfBareName(e.record.name, e.hash);
      undecided += c.texture(e).layout.dimensionBasis == DimensionBasis::Undecided;
      unsupported += !c.texture(e).layout.unsupported.empty();
      pow2Counts += c.texture(e).layout.blockCountRule == BlockCountRule::PowerOfTwoSides;
      bc5BySpace += c.texture(e).layout.strideRule == StrideRule::Bc5ByDataSpace;
    }
  report.summary = {{"unreadableFiles", 0},
                    {"dictionaries", c.dictionaries.size()},
                    {"textures", textures},
                    {"brokenTextures", broken},
                    {"nullEntries", nulls},
                    {"formats", formats},
                    {"invariantChecked", checked},
                    {"invariantFailures", failures},
                    {"powerOfTwoBlockCounts", pow2Counts},
                    {"bc5ByDataSpace", bc5BySpace},
                    {"hashFailures", hashFailures},
                    {"hashesOfBareNames", bareHashes},
                    {"dimensionUndecided", undecided},
                    {"unsupported", unsupported}};
}

ValidationReport validateContainerFile(const std::string& path, const char* format,
                                       const std::function<TextureContainer()>& read) {
  Unreadable unreadable;
  unreadable.unsupportedPrefix = "unsupported: ";
  unreadable.summary = {{"unreadableFiles", 1}};
  return validateFile(
      path, format, [&](ValidationReport& report) { containerValidate(read(), report); },
      unreadable);
}

} // namespace strata::ytd
