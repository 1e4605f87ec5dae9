// `strata export-atlas EDITED --base ORIGINAL.atlas -o NEW.atlas [--rebuild-lods]`
// (design.md "The strata command", "Atlas write-back").
#include "commands.h"
#include "edit_reader.h"

#include "strata/atlas_export.h"
#include "strata/error.h"
#include "strata/fileio.h"

#include <cstdio>
#include <filesystem>

namespace strata::cli {

namespace fs = std::filesystem;

namespace {

// "L3_0_0, L3_0_1 and 5 more": long lists stay one line.
std::string listOf(const std::vector<std::string>& names) {
  std::string s;
  const size_t shown = std::min<size_t>(names.size(), 8);
  for (size_t i = 0; i < shown; ++i) s += (i ? ", " : "") + names[i];
  if (names.size() > shown) s += " and " + std::to_string(names.size() - shown) + " more";
  return s;
}

void line(const char* label, const std::vector<std::string>& names, const char* why = "") {
  if (names.empty()) return;
  std::printf("  %s (%zu): %s%s\n", label, names.size(), listOf(names).c_str(), why);
}

void printReport(const ExportAtlasArgs& a, const AtlasExportReport& r, size_t bytes) {
  std::printf("%s: wrote v140 Atlas (%zu bytes) from %s (v%u) and %s\n", a.output.c_str(), bytes,
              a.base.c_str(), r.baseVersion, a.edited.c_str());
  std::printf("  placement: %s\n",
              r.appended ? "rewritten chunks appended at the end; every other byte as in the base"
                         : "base converted to the v140 layout; texture and config chunks carried "
                           "over unchanged");
  line("edited chunks", r.edited);
  std::printf("  chunks in the edit identical to the base (kept): %zu\n", r.unchanged.size());
  line("morph offsets set to zero", r.morphZeroed,
       " (topology changed: LOD morphing of these chunks will pop)");
  line("skirts regenerated", r.skirtsRegenerated);
  line("texture coordinates taken from the edit", r.texCoordsFromEdit,
       " (the base's mapping is not planar)");
  line("LODs rebuilt", r.lodsRebuilt);
  line("stale LODs kept", r.staleLods,
       " (they still show the old terrain from afar; --rebuild-lods regenerates them)");
  line("rewritten for new bounds", r.boundsUpdated);
  std::printf("  geometry chunks written: %zu; leaf collision regenerated: %zu\n", r.chunksWritten,
              r.collisionRegenerated);
}

} // namespace

int runExportAtlas(const ExportAtlasArgs& a) {
  std::error_code ec;
  for (const std::string* p : {&a.edited, &a.base})
    if (!fs::is_regular_file(pathOf(*p), ec)) {
      std::fprintf(stderr, "strata: error: %s: no such file\n", p->c_str());
      return kExitFailed;
    }
  // The base is never overwritten, even atomically: a bad edit must not cost it.
  for (const std::string* p : {&a.edited, &a.base})
    if (fs::exists(pathOf(a.output), ec) && fs::equivalent(pathOf(a.output), pathOf(*p), ec)) {
      std::fprintf(stderr, "strata: error: -o %s is the %s input; write a new file\n",
                   a.output.c_str(), p == &a.base ? "--base" : "edited");
      return kExitUsage;
    }
  try {
    std::vector<uint8_t> base = readFile(a.base);
    if (base.size() < 4 || base[0] != 'A' || base[1] != 'T' || base[2] != 'L' || base[3] != 'S')
      throw Error(a.base, 0, "--base is not an Atlas file (expected the magic ATLS)");
    std::vector<AtlasChunkEdit> edited = edits::readEdits(a.edited);
    AtlasExportOptions options;
    options.rebuildLods = a.rebuildLods;
    AtlasExportReport report;
    std::vector<uint8_t> out = exportAtlas(base, a.base, edited, a.edited, options, report);
    writeFileAtomic(a.output, out);
    printReport(a, report, out.size());
    return kExitOk;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "strata: error: %s\n", e.what());
    return kExitFailed;
  }
}

} // namespace strata::cli
