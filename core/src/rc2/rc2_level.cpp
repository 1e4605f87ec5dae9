#include "rc2/rc2_level.h"

#include "common/bytes.h"
#include "strata/error.h"

namespace strata::rc2 {

namespace {

tfrag::LevelFinding levelError(const std::string& piece, const std::string& file, uint64_t at,
                               std::string msg) {
  return {Severity::Error, piece, file, at, std::move(msg)};
}

// The lumps' names in messages (levelFromDataExtent, readLevelWad).
std::string lumpPath(const std::string& file, const std::string& lump) {
  return file + " " + lump;
}

// A finding placed in a lump of the level, placed in the file: offsets in the
// core index and GS RAM become file offsets; one in decompressed bytes points
// at its stream, the offset inside them said in the message.
tfrag::LevelFinding onFile(const LevelWad& w, tfrag::LevelFinding f) {
  auto in = [&](const char* lump, uint64_t base) {
    f.message = std::string(lump) + ": " + f.message;
    if (f.offset != Error::kNoOffset) f.offset += base;
  };
  auto decompressed = [&](const std::string& what, uint64_t streamAt) {
    f.message = what + (f.offset != Error::kNoOffset ? " at byte " + hex(f.offset) : "") +
                " (decompressed): " + f.message;
    f.offset = streamAt;
  };
  if (f.file == lumpPath(w.file, "core_index")) {
    in("core_index", w.coreIndexAt);
  } else if (f.file == lumpPath(w.file, "gs_ram")) {
    in("gs_ram", w.gsRamAt);
  } else if (f.file == lumpPath(w.file, "core_data (decompressed)")) {
    decompressed("core_data", w.coreDataAt);
  } else {
    for (const ChunkTfrags& k : w.chunks)
      if (f.file == lumpPath(w.file, "chunk " + std::to_string(k.index) + " tfrags (decompressed)"))
        decompressed("chunk " + std::to_string(k.index) + " tfrags", k.streamAt);
  }
  f.file = w.file;
  return f;
}

} // namespace

std::vector<uint8_t> decompressCoreData(const wad::StreamRef& s, uint32_t declared,
                                        const std::string& indexFile) {
  try {
    return wad::decompress(s, int64_t(declared));
  } catch (const Error& e) {
    std::vector<uint8_t> whole;
    try {
      whole = wad::decompress(s, -1);
    } catch (const Error&) {
      throw e; // the stream itself is broken: the first error says where
    }
    if (whole.size() == declared) throw;
    throw Error(indexFile, 0x8c,
                "the core header declares core_data decompresses to " + std::to_string(declared) +
                    " bytes; its stream decodes to " + std::to_string(whole.size()) +
                    unitNote(declared, whole.size()));
  }
}

tfrag::Level levelFromDataExtent(const uint8_t* data, size_t dataSize, const std::string& file,
                                 uint64_t begin, uint64_t size) {
  std::vector<Finding> findings;
  const DataExtent x =
      checkDataExtent(data, begin, std::min<uint64_t>(size, dataSize - begin), findings);
  for (const Finding& f : findings)
    if (f.severity == Severity::Error) throw Error(file, f.offset, f.message);
  tfrag::Level l;
  l.dir = file;
  l.coreIndexPath = lumpPath(file, "core_index");
  l.gsRamPath = lumpPath(file, "gs_ram");
  l.coreDataPath = lumpPath(file, "core_data (decompressed)");
  const ByteRange ci = x.header.coreIndex, gs = x.header.gsRam, cd = x.header.coreData;
  const uint8_t* extent = data + begin;
  l.coreIndex.assign(extent + ci.offset, extent + ci.offset + ci.size);
  if (!gs.empty() && gs.offset >= 0 && uint64_t(gs.offset) + uint64_t(gs.size) <= x.size) {
    l.gsRam.assign(extent + gs.offset, extent + gs.offset + gs.size);
    l.hasGsRam = true;
  }
  l.header = tfrag::readCoreHeader(l.coreIndex, l.coreIndexPath);
  const uint64_t streamAt = begin + uint64_t(cd.offset);
  wad::StreamRef s{data + streamAt, size_t(cd.size), file, streamAt, "core_data"};
  const uint32_t stored = wad::storedSize(s);
  if (l.header.compressedSize != stored)
    throw Error(l.coreIndexPath, 0x88,
                "the core header says core_data is " + std::to_string(l.header.compressedSize) +
                    " bytes compressed (WAD header included); its stream at byte " + hex(streamAt) +
                    " stores " + std::to_string(stored) +
                    unitNote(l.header.compressedSize, stored));
  l.coreData = decompressCoreData(s, l.header.decompressedSize, l.coreIndexPath);
  tfrag::parseLevelTables(l);
  return l;
}

LevelWad readLevelWad(const uint8_t* data, size_t size, const std::string& file) {
  LevelWad w;
  w.file = file;
  w.fileSize = size;
  w.container = checkContainer(data, size, file);
  for (const Finding& f : w.container.findings)
    w.findings.push_back({f.severity, "", file, f.offset, f.message});
  if (!w.container.usable) return w;
  const DataExtent& x = w.container.data;
  w.coreIndexAt = x.begin + uint64_t(x.header.coreIndex.offset);
  w.gsRamAt = x.begin + uint64_t(x.header.gsRam.offset);
  w.coreDataAt = x.begin + uint64_t(x.header.coreData.offset);
  try {
    w.core = levelFromDataExtent(data, size, file, x.begin, x.size);
    w.coreDataStored = w.core.header.compressedSize;
    w.readable = true;
  } catch (const Error& e) {
    w.findings.push_back(onFile(w, {Severity::Error, "", e.file(), e.offset(), e.detail()}));
    return w;
  }
  // Section 4: chunk i's range opens with {tfrags, collision}, byte offsets
  // in the range of WAD streams; the terrain is the core's tfrags plus the
  // tfrags of chunks 1 and 2 (chunk 0's are the core's).
  const LevelHeader& h = w.container.header;
  for (size_t i = 0; i < 3; ++i) {
    ChunkInfo& ci = w.chunkInfo[i];
    const SectorRange r = h.chunks[i];
    if (r.empty() || r.offset < 1 || uint64_t(r.byteOffset()) >= size) continue;
    const std::string piece = "chunk " + std::to_string(i);
    ci.present = true;
    ci.begin = uint64_t(r.byteOffset());
    const uint64_t end = std::min<uint64_t>(size, ci.begin + uint64_t(r.byteSize()));
    if (end - ci.begin < 8) {
      w.findings.push_back(levelError(piece, file, ci.begin,
                                      piece + ": its range holds " +
                                          std::to_string(end - ci.begin) +
                                          " bytes; expected the 8-byte chunk header"));
      continue;
    }
    ci.header = {loadLE<int32_t>(data + ci.begin), loadLE<int32_t>(data + ci.begin + 4)};
    if (i == 0 || ci.header.tfrags <= 0) continue;
    if (uint64_t(ci.header.tfrags) >= end - ci.begin) {
      w.findings.push_back(levelError(
          piece, file, ci.begin,
          piece + ": its tfrags stream offset " + std::to_string(ci.header.tfrags) +
              " lies outside the chunk's range (" + std::to_string(end - ci.begin) + " bytes)"));
      continue;
    }
    const uint64_t at = ci.begin + uint64_t(ci.header.tfrags);
    try {
      wad::StreamRef s{data + at, size_t(end - at), file, at,
                       "chunk " + std::to_string(i) + " tfrags"};
      ci.tfragsStored = wad::storedSize(s);
      ChunkTfrags c;
      c.index = i;
      c.streamAt = at;
      c.level.dir = file;
      c.level.coreIndexPath = w.core.coreIndexPath;
      c.level.gsRamPath = w.core.gsRamPath;
      c.level.coreDataPath =
          lumpPath(file, "chunk " + std::to_string(i) + " tfrags (decompressed)");
      c.level.coreData = wad::decompress(s, -1);
      ci.tfragsSize = uint32_t(c.level.coreData.size());
      c.level.header.tfragsOffset = 0;
      c.level.header.decompressedSize = ci.tfragsSize;
      c.level.tfragsSize = c.level.coreData.size();
      c.level.textures = w.core.textures; // section 4: the level's one tfrag texture table
      if (c.level.coreData.size() < 16)
        throw Error(file, at,
                    piece + " tfrags: the stream decodes to " +
                        std::to_string(c.level.coreData.size()) +
                        " bytes; expected a tfrags block (16-byte header)");
      w.chunks.push_back(std::move(c));
    } catch (const Error& e) {
      w.findings.push_back(levelError(piece, file, e.offset(), e.detail()));
    }
  }
  return w;
}

CheckedWad checkLevelWad(const uint8_t* data, size_t size, const std::string& file) {
  CheckedWad c;
  c.wad = readLevelWad(data, size, file);
  c.findings = c.wad.findings;
  if (!c.wad.readable) return c;
  // Offsets in raw lumps become file offsets; one in decompressed bytes
  // points at its stream and is said in the message.
  const LevelWad& w = c.wad;
  auto map = [&](tfrag::LevelFinding f, const std::string& piecePrefix) {
    f = onFile(w, std::move(f));
    if (!f.piece.empty()) f.piece = piecePrefix + f.piece;
    c.findings.push_back(std::move(f));
  };
  if (!w.core.hasGsRam && !w.core.textures.empty())
    c.findings.push_back({Severity::Warning, "", file, w.container.data.begin + 0x10,
                          "gs_ram is empty: the " + std::to_string(w.core.textures.size()) +
                              " textures' palettes and mips 2-3 live there (the mesh converts "
                              "untextured)"});
  // Section 7: the tfrags block ends before the next block starts; occlusion,
  // sky and collision bound it already (tfragsBlockSize), textures_base too.
  const tfrag::LevelCoreHeader& h = w.core.header;
  const uint64_t blockEnd = uint64_t(h.tfragsOffset) + w.core.tfragsSize;
  if (h.texturesBase > h.tfragsOffset && uint64_t(h.texturesBase) < blockEnd)
    c.findings.push_back({Severity::Error, "", file, w.coreIndexAt + 0x60,
                          "core_index: textures_base " + std::to_string(h.texturesBase) +
                              " lies inside the tfrags block [" + std::to_string(h.tfragsOffset) +
                              ", " + std::to_string(blockEnd) +
                              "); expected it after the block, as occlusion, sky and collision"});
  c.core = tfrag::checkLevelData(std::move(c.wad.core));
  for (const tfrag::LevelFinding& f : c.core.findings) map(f, "");
  for (ChunkTfrags& k : c.wad.chunks) {
    c.chunks.push_back(tfrag::checkLevelData(std::move(k.level), false));
    const std::string prefix = "chunk " + std::to_string(k.index) + " ";
    for (tfrag::LevelFinding f : c.chunks.back().findings) {
      // A chunk's block-wide error breaks only that chunk.
      if (f.piece.empty()) f.piece = "tfrags";
      map(f, prefix);
    }
  }
  return c;
}

} // namespace strata::rc2
