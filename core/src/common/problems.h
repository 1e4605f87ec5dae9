#pragma once
// A finding tied to the piece of a file it concerns, so that the same check
// serves validate and the load path (design.md: validate and convert agree).
// validate reports every problem; a load (convert, textures) refuses the file
// on its first error or, under LoadOptions::partial, leaves the piece out and
// names it in Scene::leftOut / TextureSet::leftOut.
#include "strata/error.h"
#include "strata/formats.h"

#include <string>
#include <vector>

namespace strata {

struct Problem {
  Severity severity = Severity::Error;
  std::string file; // the file `offset` counts in (a CHU's companion TQT, a source image...)
  uint64_t offset = Error::kNoOffset;
  std::string piece;   // names the piece ("Geom TOC 0 chunk L2_1_3"); empty: the file
  std::string message; // what is wrong with it, and what was expected
  int kind = 0;        // the format's kind of piece; 0: the whole file
  uint64_t index = 0;  // which piece of that kind, as the format numbers them
  // In a form Strata does not read (a DDS format it does not decode): still an
  // error, for no command can give its pixels, refused as Unsupported.
  bool unsupported = false;

  // "piece: message", the text of the finding and of the Error.
  std::string text() const { return piece.empty() ? message : piece + ": " + message; }
};

// Adds every problem to `rep`. A problem in another file than rep.file names
// that file and its offset in the message (the finding's offset is rep.file's).
void addToReport(const std::vector<Problem>& problems, ValidationReport& rep);

// The first problem of severity Error, or nullptr.
const Problem* firstError(const std::vector<Problem>& problems);

// Throws the Error (Unsupported when so marked) for `p`.
[[noreturn]] void refuse(const Problem& p);

// "piece at byte N (0xN): message", preceded by "<file>: " when the problem
// lies in another file than `input`: a Scene::leftOut line.
std::string leftOutLine(const Problem& p, const std::string& input);

} // namespace strata
