#include "tfrag/tfrag_level.h"

#include "common/bytes.h"
#include "rc2/rc2_container.h"
#include "rc2/rc2_level.h"
#include "strata/error.h"
#include "strata/fileio.h"
#include "wad/wad_codec.h"

#include <filesystem>

namespace strata::tfrag {

namespace fs = std::filesystem;

std::string levelDirOf(const std::string& path) {
  std::error_code ec;
  if (fs::is_directory(pathOf(path), ec)) return path;
  fs::path p = pathOf(path);
  return p.has_parent_path() ? p.parent_path().string() : std::string(".");
}

LevelCoreHeader readCoreHeader(const std::vector<uint8_t>& coreIndex, const std::string& file) {
  ByteReader r(coreIndex, file);
  r.need(kCoreHeaderSize, "the level core header (0x90 bytes)");
  LevelCoreHeader h;
  h.raw.assign(coreIndex.begin(), coreIndex.begin() + kCoreHeaderSize);
  r.seek(0x08, "header");
  h.tfragsOffset = r.s32("tfrags offset (0x08)");
  h.occlusionOffset = r.s32("occlusion offset (0x0c)");
  h.skyOffset = r.s32("sky offset (0x10)");
  h.collisionOffset = r.s32("collision offset (0x14)");
  r.seek(0x30, "header");
  h.textureCount = r.s32("tfrag texture count (0x30)");
  h.textureOffset = r.s32("tfrag texture table offset (0x34)");
  r.seek(0x60, "header");
  h.texturesBase = r.s32("textures_base (0x60)");
  r.seek(0x88, "header");
  h.compressedSize = r.u32("compressed core_data size (0x88)");
  h.decompressedSize = r.u32("decompressed core_data size (0x8c)");
  return h;
}

uint64_t tfragsBlockSize(const LevelCoreHeader& h, uint64_t coreDataSize) {
  int64_t end = -1;
  for (int32_t o : {h.occlusionOffset, h.skyOffset, h.collisionOffset})
    if (o > h.tfragsOffset && (end < 0 || o < end)) end = o;
  if (end < 0 || uint64_t(end) > coreDataSize) end = int64_t(coreDataSize);
  return h.tfragsOffset >= 0 && uint64_t(h.tfragsOffset) <= coreDataSize
             ? uint64_t(end - h.tfragsOffset)
             : 0;
}

bool looksLikeLevel(const std::string& path) {
  std::error_code ec;
  if (fs::is_directory(pathOf(path), ec))
    return fs::exists(pathOf(path) / kCoreIndex, ec) || fs::exists(pathOf(path) / kCoreData, ec) ||
           fs::exists(pathOf(path) / kCoreDataWad, ec) ||
           fs::exists(pathOf(path) / kDataExtent, ec);
  return pathOf(path).filename() == kCoreIndex && fs::is_regular_file(pathOf(path), ec);
}

// The level's files as an extractor writes them: a missing or empty one is an
// error naming it (tfrag-layout.md "Input that Strata reads").
constexpr const char* kHoldsIndex = "the level core header and the texture table";
constexpr const char* kHoldsData = "the decompressed core data: tfrags block and texels";

// A level file's bytes, which must not be empty.
static std::vector<uint8_t> nonEmpty(std::vector<uint8_t> bytes, const std::string& path,
                                     const char* holds) {
  if (bytes.empty()) throw Error(path, 0, std::string("empty: expected ") + holds);
  return bytes;
}

static std::vector<uint8_t> readLevelFile(const std::string& path, const char* holds) {
  std::error_code ec;
  if (!fs::exists(pathOf(path), ec))
    throw Error(path, Error::kNoOffset,
                std::string("missing: a tfrag level directory holds it (") + holds + ")");
  return nonEmpty(readFile(path), path, holds);
}

// The three files' paths in `dir`.
static void setPaths(Level& l, const std::string& dirName) {
  l.dir = dirName;
  const fs::path dir = pathOf(dirName);
  l.coreIndexPath = utf8Of(dir / kCoreIndex);
  l.coreDataPath = utf8Of(dir / kCoreData);
  l.gsRamPath = utf8Of(dir / kGsRam);
}

// core_data.wad: the compressed stream, decompressed to exactly the size
// core header 0x8C declares, its stored size checked against 0x88
// (rc2-level-wad.md sections 2 and 7).
static std::vector<uint8_t> readCoreDataWad(const std::string& path, const Level& l) {
  const std::vector<uint8_t> bytes = readLevelFile(path, "the compressed core data stream");
  wad::StreamRef s{bytes.data(), bytes.size(), path, 0, "core_data"};
  const uint32_t stored = wad::storedSize(s);
  const LevelCoreHeader h = readCoreHeader(l.coreIndex, l.coreIndexPath);
  if (h.compressedSize != stored)
    throw Error(l.coreIndexPath, 0x88,
                "the core header says core_data is " + std::to_string(h.compressedSize) +
                    " bytes compressed (WAD header included); core_data.wad stores " +
                    std::to_string(stored) + rc2::unitNote(h.compressedSize, stored));
  return rc2::decompressCoreData(s, h.decompressedSize, l.coreIndexPath);
}

Level readLevel(const std::string& path) {
  Level l;
  setPaths(l, levelDirOf(path));
  const fs::path dir = pathOf(l.dir);
  std::error_code ec;
  const std::string extent = utf8Of(dir / kDataExtent);
  if (!fs::exists(pathOf(l.coreIndexPath), ec) && fs::exists(pathOf(extent), ec)) {
    const std::vector<uint8_t> bytes = readFile(extent);
    l = rc2::levelFromDataExtent(bytes.data(), bytes.size(), extent, 0, bytes.size());
    l.dir = levelDirOf(path);
    return l;
  }
  l.coreIndex = readLevelFile(l.coreIndexPath, kHoldsIndex);
  const std::string wadPath = utf8Of(dir / kCoreDataWad);
  if (!fs::exists(pathOf(l.coreDataPath), ec) && fs::exists(pathOf(wadPath), ec)) {
    l.coreData = readCoreDataWad(wadPath, l);
    l.coreDataPath = wadPath + " (decompressed)";
  } else {
    l.coreData = readLevelFile(l.coreDataPath, kHoldsData);
  }
  if (fs::exists(pathOf(l.gsRamPath), ec)) {
    l.gsRam = readFile(l.gsRamPath);
    l.hasGsRam = true;
  }
  parseLevelTables(l);
  return l;
}

Level levelOfFiles(const LevelFiles& files, const std::string& dir) {
  Level l;
  setPaths(l, dir);
  l.coreIndex = nonEmpty(files.coreIndex, l.coreIndexPath, kHoldsIndex);
  l.coreData = nonEmpty(files.coreData, l.coreDataPath, kHoldsData);
  l.gsRam = files.gsRam;
  l.hasGsRam = true;
  parseLevelTables(l);
  return l;
}

void parseLevelTables(Level& l) {
  l.header = readCoreHeader(l.coreIndex, l.coreIndexPath);
  const LevelCoreHeader& h = l.header;
  if (h.tfragsOffset < 0 || !fitsWithin(uint64_t(h.tfragsOffset), 16, l.coreData.size()))
    throw Error(l.coreIndexPath, 0x08,
                "tfrags offset " + std::to_string(h.tfragsOffset) +
                    " leaves no room for the 16-byte tfrags header in the core data (" +
                    std::to_string(l.coreData.size()) + " bytes)");
  l.tfragsSize = tfragsBlockSize(h, l.coreData.size());
  ByteReader r(l.coreIndex, l.coreIndexPath);
  if (h.textureCount < 0) throw Error(l.coreIndexPath, 0x30, "negative tfrag texture count");
  if (h.textureOffset < 0 || uint64_t(h.textureOffset) > l.coreIndex.size())
    throw Error(l.coreIndexPath, 0x34,
                "tfrag texture table offset " + std::to_string(h.textureOffset) +
                    " lies outside the core index (" + std::to_string(l.coreIndex.size()) +
                    " bytes)");
  r.seek(uint64_t(h.textureOffset), "tfrag texture table");
  r.count(uint64_t(h.textureCount), 16, "tfrag texture entries (16 bytes each)");
  l.textures.resize(size_t(h.textureCount));
  for (auto& e : l.textures) {
    e.dataOffset = r.s32("texture data_offset");
    e.width = r.s16("texture width");
    e.height = r.s16("texture height");
    e.type = r.s16("texture type");
    e.palette = r.s16("texture palette");
    e.mipmap = r.s16("texture mipmap");
    e.pad = r.s16("texture pad");
  }
}

Level readBareBlock(const std::string& path) {
  return bareBlockOf(readFile(path), path);
}

Level bareBlockOf(std::vector<uint8_t> block, const std::string& path) {
  Level l;
  l.dir = levelDirOf(path);
  l.coreDataPath = path;
  l.coreData = std::move(block);
  l.bareBlock = true;
  l.header.decompressedSize = uint32_t(l.coreData.size());
  l.tfragsSize = l.coreData.size();
  if (l.coreData.size() < 16)
    throw Error(path, 0,
                "expected a tfrags block (16-byte header) but the file holds " +
                    std::to_string(l.coreData.size()) + " bytes");
  return l;
}

LevelFiles buildLevelFiles(const std::vector<uint8_t>& tfragsBlock,
                           const std::vector<IndexedTexture>& textures) {
  LevelFiles f;
  ByteWriter data;
  data.bytes(tfragsBlock);
  while (data.tell() % 16) data.u8(0);
  uint32_t after = uint32_t(data.tell()); // occlusion, sky and collision: empty
  uint32_t texturesBase = after;
  ByteWriter gs;
  std::vector<TextureEntry> entries;
  for (auto& t : textures) {
    if (t.mips.empty() || t.mips.size() > kMaxMips)
      throw Error("", Error::kNoOffset, "a tfrag texture holds 1..4 mips");
    TextureEntry e;
    e.dataOffset = int32_t(data.tell() - texturesBase);
    e.width = e.height = int16_t(t.size);
    e.type = int16_t(t.mips.size());
    for (size_t m = 0; m < t.mips.size(); ++m) {
      uint32_t s = std::max(1u, t.size >> m);
      if (t.mips[m].size() != size_t(s) * s)
        throw Error("", Error::kNoOffset,
                    "tfrag texture mip " + std::to_string(m) + " should hold " +
                        std::to_string(s * s) + " indices");
    }
    data.bytes(t.mips[0]);
    if (t.mips.size() > 1) data.bytes(t.mips[1]);
    while (data.tell() % 16) data.u8(0);
    // GS RAM blocks of 0x100 bytes: palette, then mips 2 and 3.
    auto block = [&](const std::vector<uint8_t>& bytes) {
      int16_t at = int16_t(gs.tell() / 0x100);
      gs.bytes(bytes);
      while (gs.tell() % 0x100) gs.u8(0);
      return at;
    };
    e.palette = block(storedClut(t));
    if (t.mips.size() > 2) e.mipmap = block(t.mips[2]);
    if (t.mips.size() > 3) e.pad = block(t.mips[3]);
    entries.push_back(e);
  }
  f.coreData = data.buf;
  f.gsRam = gs.buf;

  ByteWriter idx;
  idx.zeros(kCoreHeaderSize);
  uint32_t tableAt = uint32_t(idx.tell());
  for (auto& e : entries) {
    idx.s32(e.dataOffset);
    for (int16_t v : {e.width, e.height, e.type, e.palette, e.mipmap, e.pad}) idx.s16(v);
  }
  auto put = [&](size_t at, uint32_t v) { idx.patchU32(at, v); };
  put(0x08, 0);     // tfrags block at the start of core_data
  put(0x0c, after); // occlusion
  put(0x10, after); // sky
  put(0x14, after); // collision
  put(0x30, uint32_t(entries.size()));
  put(0x34, tableAt);
  put(0x60, texturesBase);
  put(0x88, 0); // no compressed core_data.wad accompanies a generated level
  put(0x8c, uint32_t(f.coreData.size()));
  f.coreIndex = idx.buf;
  return f;
}

void writeLevelDir(const std::string& dir, const LevelFiles& files, bool withGsRam) {
  std::error_code ec;
  fs::create_directories(pathOf(dir), ec);
  if (ec) throw Error(dir, Error::kNoOffset, "cannot create the level directory: " + ec.message());
  writeFileAtomic((pathOf(dir) / kCoreIndex).string(), files.coreIndex);
  writeFileAtomic((pathOf(dir) / kCoreData).string(), files.coreData);
  if (withGsRam) writeFileAtomic((pathOf(dir) / kGsRam).string(), files.gsRam);
}

} // namespace strata::tfrag
