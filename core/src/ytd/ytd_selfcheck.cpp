#include "ytd/ytd_selfcheck.h"

#include "strata/error.h"
#include "ytd/ytd_check.h"
#include "ytd/ytd_open.h"

#include <map>

namespace strata::ytd {

namespace {

// Warnings per piece: (dictionary index, name hash of the texture or -1).
using Piece = std::pair<size_t, int64_t>;

Piece pieceOf(const TextureContainer& c, const CheckedFinding& f) {
  const size_t d = f.dictionary ? size_t(f.dictionary - c.dictionaries.data()) : size_t(-1);
  return {d, f.entry ? int64_t(f.entry->hash) : -1};
}

std::map<Piece, size_t> warningsByPiece(const TextureContainer& c, const ContainerCheck& check) {
  std::map<Piece, size_t> out;
  for (const CheckedFinding& f : check.findings)
    if (f.finding.severity == Severity::Warning) ++out[pieceOf(c, f)];
  return out;
}

[[noreturn]] void refuse(const std::string& name, const std::string& what) {
  throw Error(name, Error::kNoOffset,
              "the file Strata made does not check clean, so it was not written: " + what);
}

} // namespace

std::vector<std::string> warningsOf(const TextureContainer& c) {
  std::vector<std::string> out;
  for (const CheckedFinding& f : checkContainer(c).findings)
    if (f.finding.severity == Severity::Warning) out.push_back(f.finding.message);
  return out;
}

void checkWritten(const std::vector<uint8_t>& bytes, const std::string& name,
                  const TextureContainer* before, const std::set<uint32_t>& written) {
  const TextureContainer after = readContainer(bytes, name);
  const ContainerCheck check = checkContainer(after);
  for (const CheckedFinding& f : check.findings) {
    if (f.finding.severity == Severity::Error) refuse(name, f.finding.message);
    if (f.finding.severity == Severity::Warning && f.entry && written.count(f.entry->hash))
      refuse(name, f.finding.message);
  }
  const std::map<Piece, size_t> had =
      before ? warningsByPiece(*before, checkContainer(*before)) : std::map<Piece, size_t>{};
  const std::map<Piece, size_t> has = warningsByPiece(after, check);
  for (const auto& [piece, n] : has) {
    const auto it = had.find(piece);
    if (n > (it == had.end() ? 0 : it->second))
      for (const CheckedFinding& f : check.findings)
        if (f.finding.severity == Severity::Warning && pieceOf(after, f) == piece)
          refuse(name, f.finding.message);
  }
}

} // namespace strata::ytd
