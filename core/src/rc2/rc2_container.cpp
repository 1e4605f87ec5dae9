#include "rc2/rc2_container.h"

#include "common/bytes.h"
#include "strata/error.h"
#include "wad/wad_codec.h"

#include <algorithm>

namespace strata::rc2 {

namespace {

SectorRange sectorRangeAt(const uint8_t* p) {
  return {loadLE<int32_t>(p), loadLE<int32_t>(p + 4)};
}

// Where each range of a level header sits (section 1).
struct Layout {
  uint64_t data, soundBank, gameplay, gameplayPal, occlusion, chunks, reverb, chunkBanks;
};
constexpr Layout k60 = {0x10, 0x18, 0x20, 0, 0x28, 0x30, 0x0c, 0x48};
constexpr Layout k68 = {0x0c, 0x14, 0x1c, 0x24, 0x2c, 0x34, 0x4c, 0x50};

const Layout& layoutOf(const LevelHeader& h) {
  return h.headerSize == kHeaderSize68 ? k68 : k60;
}

} // namespace

std::string unitNote(uint64_t have, uint64_t want) {
  auto near = [](uint64_t big, uint64_t small) {
    // big / 2048 rounds to small (a sector's rounding either way)
    return small > 0 && big / 2048 + 1 >= small && big / 2048 <= small + 1 && big > 1024 * small;
  };
  if (near(have, want))
    return " (exactly 2048x too large: a sector/byte unit error, a byte count read as sectors)";
  if (near(want, have))
    return " (exactly 2048x too small: a sector/byte unit error, a sector count read as bytes)";
  return "";
}

LevelHeader readLevelHeader(const uint8_t* data, size_t size, const std::string& file) {
  if (size < 4)
    throw Error(file, 0,
                "expected a LEVEL<n>.WAD header (0x60 bytes) but the file holds " +
                    std::to_string(size) + " bytes");
  LevelHeader h;
  h.headerSize = loadLE<int32_t>(data);
  if (h.headerSize != kHeaderSize && h.headerSize != kHeaderSize68)
    throw Error(file, 0,
                "header_size is " + std::to_string(h.headerSize) +
                    "; expected 96 (0x60) or 104 (0x68) for a LEVEL<n>.WAD");
  if (size < size_t(h.headerSize))
    throw Error(file, 0,
                "expected a " + std::to_string(h.headerSize) +
                    "-byte LEVEL<n>.WAD header but the file holds " + std::to_string(size) +
                    " bytes");
  const Layout& l = layoutOf(h);
  h.sector = loadLE<int32_t>(data + 4);
  h.id = loadLE<int32_t>(data + 8);
  h.reverb = loadLE<int32_t>(data + l.reverb);
  h.data = sectorRangeAt(data + l.data);
  h.soundBank = sectorRangeAt(data + l.soundBank);
  h.gameplay = sectorRangeAt(data + l.gameplay);
  if (l.gameplayPal) h.gameplayPal = sectorRangeAt(data + l.gameplayPal);
  h.occlusion = sectorRangeAt(data + l.occlusion);
  for (size_t i = 0; i < 3; ++i) {
    h.chunks[i] = sectorRangeAt(data + l.chunks + 8 * i);
    h.chunkBanks[i] = sectorRangeAt(data + l.chunkBanks + 8 * i);
  }
  return h;
}

DataHeader readDataHeader(const uint8_t* p) {
  auto at = [&](size_t o) { return ByteRange{loadLE<int32_t>(p + o), loadLE<int32_t>(p + o + 4)}; };
  DataHeader h;
  h.overlay = at(0x00);
  h.coreIndex = at(0x08);
  h.gsRam = at(0x10);
  h.hudHeader = at(0x18);
  for (size_t i = 0; i < 5; ++i) h.hudBanks[i] = at(0x20 + 8 * i);
  h.coreData = at(0x48);
  h.transitionTextures = at(0x50);
  return h;
}

std::vector<NamedByteRange> byteRanges(const DataHeader& h) {
  std::vector<NamedByteRange> v = {{"overlay", 0x00, h.overlay},
                                   {"core_index", 0x08, h.coreIndex},
                                   {"gs_ram", 0x10, h.gsRam},
                                   {"hud_header", 0x18, h.hudHeader}};
  static const char* banks[5] = {"hud_banks[0]", "hud_banks[1]", "hud_banks[2]", "hud_banks[3]",
                                 "hud_banks[4]"};
  for (size_t i = 0; i < 5; ++i) v.push_back({banks[i], 0x20 + 8 * i, h.hudBanks[i]});
  v.push_back({"core_data", 0x48, h.coreData});
  v.push_back({"transition_textures", 0x50, h.transitionTextures});
  return v;
}

std::vector<NamedSectorRange> sectorRanges(const LevelHeader& h) {
  const Layout& l = layoutOf(h);
  std::vector<NamedSectorRange> v = {
      {"data", l.data, h.data},
      {"sound_bank", l.soundBank, h.soundBank},
      {h.headerSize == kHeaderSize68 ? "gameplay_ntsc" : "gameplay", l.gameplay, h.gameplay}};
  if (l.gameplayPal) v.push_back({"gameplay_pal", l.gameplayPal, h.gameplayPal});
  v.push_back({"occlusion", l.occlusion, h.occlusion});
  for (size_t i = 0; i < 3; ++i)
    v.push_back({"chunks[" + std::to_string(i) + "]", l.chunks + 8 * i, h.chunks[i]});
  for (size_t i = 0; i < 3; ++i)
    v.push_back(
        {"chunk sound banks[" + std::to_string(i) + "]", l.chunkBanks + 8 * i, h.chunkBanks[i]});
  return v;
}

Container checkContainer(const uint8_t* data, size_t size, const std::string& file) {
  Container c;
  auto error = [&](uint64_t at, std::string msg) {
    c.findings.push_back({Severity::Error, at, std::move(msg)});
  };
  try {
    c.header = readLevelHeader(data, size, file);
  } catch (const Error& e) {
    error(e.offset(), e.detail());
    return c;
  }
  c.headerRead = true;
  const LevelHeader& h = c.header;
  // Section 1: every non-empty range inside the file; a rounded-up size may
  // run under one sector past the end (the last lump is not padded).
  const std::vector<NamedSectorRange> ranges = sectorRanges(h);
  for (const NamedSectorRange& r : ranges) {
    if (r.range.empty()) continue;
    const int64_t begin = r.range.byteOffset(), bytes = r.range.byteSize();
    if (r.range.offset < 1 || uint64_t(begin) >= size) {
      error(r.field, r.name + " starts at sector " + std::to_string(r.range.offset) + " (byte " +
                         hex(uint64_t(begin)) +
                         "); expected a sector after the header and before the end of the file (" +
                         std::to_string(size) + " bytes)");
      continue;
    }
    const uint64_t room = size - uint64_t(begin);
    if (uint64_t(bytes) >= room + kSector) {
      // The sectors this lump has: up to the next range's start (lumps are laid
      // end to end, section 1), else to the end of the file. A size field that
      // is that many sectors times 2048 is a byte count stored as sectors.
      int64_t gap = int64_t((size + kSector - 1) / kSector) - r.range.offset;
      for (const NamedSectorRange& o : ranges)
        if (!o.range.empty() && o.range.offset > r.range.offset)
          gap = std::min<int64_t>(gap, o.range.offset - r.range.offset);
      const int64_t asBytes = r.range.size / 2048;
      const bool unit = r.range.size >= 2048 && asBytes + 1 >= gap && asBytes <= gap;
      error(r.field + 4,
            r.name + " holds " + std::to_string(r.range.size) + " sectors (" +
                std::to_string(bytes) + " bytes) from byte " + hex(uint64_t(begin)) + ", running " +
                std::to_string(uint64_t(bytes) - room) + " bytes past the end of the file (" +
                std::to_string(size) + " bytes)" +
                (unit ? " (exactly 2048x the " + std::to_string(gap) +
                            " sectors it has: a sector/byte unit error, a byte count stored as "
                            "sectors)"
                      : ""));
    }
  }
  if (h.data.empty()) {
    error(layoutOf(h).data + 4,
          "the data extent is empty; expected the level's data (core index, GS RAM, core data)");
    return c;
  }
  const int64_t dataBegin = h.data.byteOffset();
  if (h.data.offset < 1 || uint64_t(dataBegin) >= size) return c;
  const uint64_t begin = uint64_t(dataBegin);
  c.data = checkDataExtent(
      data, begin, std::min<uint64_t>(uint64_t(h.data.byteSize()), size - begin), c.findings);
  c.usable = c.data.usable;
  return c;
}

DataExtent checkDataExtent(const uint8_t* data, uint64_t begin, uint64_t size,
                           std::vector<Finding>& findings) {
  DataExtent x;
  x.begin = begin;
  x.size = size;
  auto error = [&](uint64_t at, std::string msg) {
    findings.push_back({Severity::Error, at, std::move(msg)});
  };
  if (size < kDataHeaderSize) {
    error(begin, "the data extent holds " + std::to_string(size) +
                     " bytes; expected at least its 0x58-byte header");
    return x;
  }
  x.header = readDataHeader(data + begin);
  // Section 2 / 7: the data extent's ranges lie inside the extent.
  bool coreIndexIn = false, coreDataIn = false;
  for (const NamedByteRange& r : byteRanges(x.header)) {
    const std::string name = r.name;
    const bool core = name == "core_index" || name == "core_data";
    const uint64_t field = x.begin + r.field;
    if (r.range.empty()) {
      if (core)
        error(field + 4, name + " is empty; expected " +
                             (name == "core_index" ? "the level core header and its tables"
                                                   : "the compressed core data"));
      continue;
    }
    const int64_t end = int64_t(r.range.offset) + r.range.size;
    if (r.range.offset < 0 || uint64_t(end) > x.size) {
      error(field, name + " [" + std::to_string(r.range.offset) + ", +" +
                       std::to_string(r.range.size) + ") lies outside the data extent (" +
                       std::to_string(x.size) + " bytes from byte " + hex(x.begin) + ")" +
                       (r.range.offset >= 0 ? unitNote(x.size, uint64_t(end)) : ""));
      continue;
    }
    if (name == "core_index") {
      if (uint64_t(r.range.size) < kCoreHeaderMinSize) {
        error(field + 4, "core_index holds " + std::to_string(r.range.size) +
                             " bytes; expected at least the 0xBC-byte level core header");
        continue;
      }
      coreIndexIn = true;
    }
    if (name == "core_data") {
      const uint64_t at = x.begin + uint64_t(r.range.offset);
      if (!wad::hasMagic(data + at, size_t(r.range.size))) {
        error(at,
              "core_data does not start with \"WAD\"; expected the compressed core data stream");
        continue;
      }
      coreDataIn = true;
    }
  }
  x.usable = coreIndexIn && coreDataIn;
  return x;
}

bool looksLikeLevelWad(const uint8_t* data, size_t size, std::string* why, uint64_t* whyAt,
                       bool* headerMatched) {
  const bool matched =
      size >= 4 && (loadLE<int32_t>(data) == kHeaderSize || loadLE<int32_t>(data) == kHeaderSize68);
  if (headerMatched) *headerMatched = matched;
  if (!matched) return false;
  const Container c = checkContainer(data, size, "");
  for (const Finding& f : c.findings)
    if (f.severity == Severity::Error) {
      if (why) *why = f.message;
      if (whyAt) *whyAt = f.offset;
      return false;
    }
  return c.usable;
}

} // namespace strata::rc2
