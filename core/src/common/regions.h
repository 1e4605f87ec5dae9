#pragma once
// Files whose pieces (Atlas frames, CHU chunks, TQT tiles) sit at the offsets
// a table names, in any order, with bytes between them that nothing names.
// A faithful model keeps those bytes as gaps so a write gives the file back.
#include "common/bytes.h"
#include "strata/error.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace strata {

// Bytes no table names, kept where they were.
struct Gap {
  uint32_t offset = 0;
  std::vector<uint8_t> bytes;
};

// Sorts `pieces` by offset and returns what lies between them, from `from`
// to the end of `bytes`, as gaps. A piece that starts before the previous one
// ends (or before `from`) is refused: `overlap(piece, end)` throws the
// format's error. `size(piece)` is a piece's stored size.
template <class Piece, class Size, class Overlap>
std::vector<Gap> sortAndKeepGaps(std::vector<Piece>& pieces, const uint8_t* data, size_t size,
                                 uint64_t from, Size pieceSize, Overlap overlap) {
  std::sort(pieces.begin(), pieces.end(),
            [](const Piece& a, const Piece& b) { return a.offset < b.offset; });
  std::vector<Gap> gaps;
  uint64_t cursor = from;
  for (const Piece& p : pieces) {
    if (p.offset < cursor) overlap(p, cursor);
    if (p.offset > cursor)
      gaps.push_back({uint32_t(cursor), std::vector<uint8_t>(data + cursor, data + p.offset)});
    cursor = uint64_t(p.offset) + pieceSize(p);
  }
  if (cursor < size)
    gaps.push_back({uint32_t(cursor), std::vector<uint8_t>(data + cursor, data + size)});
  return gaps;
}
template <class Piece, class Size, class Overlap>
std::vector<Gap> sortAndKeepGaps(std::vector<Piece>& pieces, const std::vector<uint8_t>& bytes,
                                 uint64_t from, Size pieceSize, Overlap overlap) {
  return sortAndKeepGaps(pieces, bytes.data(), bytes.size(), from, pieceSize, overlap);
}

// Writes `pieces` (with `write(w, piece)`) and `gaps` at their offsets in
// offset order, zeros between them; they must not overlap each other or what
// `w` already holds (`what` names a piece in that error). Returns the length
// written of each piece, by its offset.
template <class Piece, class Write>
std::map<uint32_t, uint32_t> writeAtOffsets(ByteWriter& w, const std::vector<Piece>& pieces,
                                            const std::vector<Gap>& gaps, const char* what,
                                            Write write) {
  struct At {
    uint32_t offset;
    const Piece* piece;
    const Gap* gap;
  };
  std::vector<At> all;
  for (const Piece& p : pieces) all.push_back({p.offset, &p, nullptr});
  for (const Gap& g : gaps) all.push_back({g.offset, nullptr, &g});
  std::stable_sort(all.begin(), all.end(),
                   [](const At& a, const At& b) { return a.offset < b.offset; });
  std::map<uint32_t, uint32_t> lengths;
  for (const At& a : all) {
    if (a.offset < w.tell())
      throw Error("", a.offset,
                  std::string(what) + " overlaps the data before it (ends at " +
                      std::to_string(w.tell()) + ")");
    w.zeros(a.offset - w.tell());
    const size_t start = w.tell();
    if (a.piece) {
      write(w, *a.piece);
      lengths[a.offset] = uint32_t(w.tell() - start);
    } else {
      w.bytes(a.gap->bytes);
    }
  }
  return lengths;
}

} // namespace strata
