#pragma once
// Every structural rule of tfrag-rc2.md / tfrag-layout.md, checked by the one
// pass that validate, convert and textures share: what validate calls an
// error, the load path refuses (or, under --partial, leaves out).
#include "strata/error.h"
#include "strata/formats.h"
#include "tfrag/tfrag_level.h"
#include "tfrag/tfrag_model.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace strata::tfrag {

// One finding, placed in the level file it concerns.
struct LevelFinding {
  Severity severity = Severity::Error;
  // The piece it breaks: "tfrag 3", "texture 1", "every texture"; empty: the
  // level itself (nothing of it can be read).
  std::string piece;
  std::string file;                   // core_index.bin, core_data.bin or gs_ram.bin (path)
  uint64_t offset = Error::kNoOffset; // in `file`
  std::string message;                // names the piece
};

struct CheckedLevel {
  Level level;
  bool readable = false;          // files, core header, texture table and block header all read
  TfragsBlock block;              // the block header; `tfrags` holds those that passed every check
  std::vector<size_t> tfragIndex; // table index of each of block.tfrags
  std::vector<std::optional<Image>> textures; // per table entry; empty: broken, or no GS RAM
  std::vector<LevelFinding> findings;
  nlohmann::json census = nlohmann::json::object();
};

// Reads the level (or a bare tfrags block) and checks every piece: each
// tfrag's VIF lists walked to their end and its decoded counts against its
// header, its strips, indices, parents and ad-gifs in range; every texture
// decoded, CLUT and every mip. Never throws for bad input.
CheckedLevel checkLevel(const std::string& path, bool bareBlock = false);

// The same checks of the level `read` gives (readLevel, levelOfFiles,
// bareBlockOf...): a strata::Error it throws is the one finding.
CheckedLevel checkReadLevel(const std::function<Level()>& read);

// The same checks of a level already read (readLevel, or the core or a chunk
// of a LEVEL<n>.WAD): its tfrags block and, when `textures`, its textures.
CheckedLevel checkLevelData(Level level, bool textures = true);

// The load path's rule: throws the first error as a strata::Error, unless
// `partial` and every error breaks one piece; then returns one line per piece
// left out (what, where, why).
std::vector<std::string> acceptOrLeaveOut(const CheckedLevel& level, bool partial);

// Under --partial a level none of whose tfrags is intact (`intact` false)
// has nothing to convert: an error naming the first piece left out.
void requireIntact(bool intact, const std::vector<std::string>& leftOut, const std::string& path);

// checkLevel's findings as a validation report.
ValidationReport validateLevel(const std::string& path, bool bareBlock = false);

// A checked level's findings as the report of `file` (the level's path).
ValidationReport levelReport(const CheckedLevel& c, const std::string& file);

} // namespace strata::tfrag
