#include "common/problems.h"

namespace strata {

void addToReport(const std::vector<Problem>& problems, ValidationReport& rep) {
  for (const Problem& p : problems) {
    const bool here = p.file == rep.file;
    // Elsewhere: Error's own "file: at byte N (0xN): what".
    std::string msg = here ? p.text() : Error(p.file, p.offset, p.text()).what();
    if (p.severity == Severity::Info)
      rep.info(std::move(msg));
    else
      rep.findings.push_back({p.severity, here ? p.offset : Error::kNoOffset, std::move(msg)});
  }
}

const Problem* firstError(const std::vector<Problem>& problems) {
  for (const Problem& p : problems)
    if (p.severity == Severity::Error) return &p;
  return nullptr;
}

void refuse(const Problem& p) {
  if (p.unsupported) throw Unsupported(p.file, p.offset, p.text());
  throw Error(p.file, p.offset, p.text());
}

std::string leftOutLine(const Problem& p, const std::string& input) {
  std::string s = p.file == input ? "" : p.file + ": ";
  const std::string at = atByte(p.offset); // " at byte N (0xN)", or empty
  s += p.piece.empty() ? (at.empty() ? at : at.substr(1)) : p.piece + at;
  return s + (s.empty() || s.back() == ' ' ? "" : ": ") + p.message;
}

} // namespace strata
