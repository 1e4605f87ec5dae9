#include "tfrag/tfrag_level.h"

#include "common/bytes.h"
#include "strata/error.h"
#include "strata/fileio.h"

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
    return fs::exists(pathOf(path) / kCoreIndex, ec) || fs::exists(pathOf(path) / kCoreData, ec);
  return pathOf(path).filename() == kCoreIndex && fs::is_regular_file(pathOf(path), ec);
}

// The level's files as an extractor writes them: a missing or empty one is an
// error naming it (tfrag-layout.md "Input that Strata reads").
static std::vector<uint8_t> readLevelFile(const std::string& path, const char* holds) {
  std::error_code ec;
  if (!fs::exists(pathOf(path), ec))
    throw Error(path, Error::kNoOffset,
                std::string("missing: a tfrag level directory holds it (") + holds + ")");
  std::vector<uint8_t> bytes = readFile(path);
  if (bytes.empty()) throw Error(path, 0, std::string("empty: expected ") + holds);
  return bytes;
}

Level readLevel(const std::string& path) {
  Level l;
  l.dir = levelDirOf(path);
  const fs::path dir = pathOf(l.dir);
  l.coreIndexPath = (dir / kCoreIndex).string();
  l.coreDataPath = (dir / kCoreData).string();
  l.gsRamPath = (dir / kGsRam).string();
  l.coreIndex = readLevelFile(l.coreIndexPath, "the level core header and the texture table");
  l.coreData = readLevelFile(l.coreDataPath, "the decompressed core data: tfrags block and texels");
  std::error_code ec;
  if (fs::exists(pathOf(l.gsRamPath), ec)) {
    l.gsRam = readFile(l.gsRamPath);
    l.hasGsRam = true;
  }
  l.header = readCoreHeader(l.coreIndex, l.coreIndexPath);
  const LevelCoreHeader& h = l.header;
  if (h.tfragsOffset < 0 || !fitsWithin(uint64_t(h.tfragsOffset), 16, l.coreData.size()))
    throw Error(l.coreIndexPath, 0x08,
                "tfrags offset " + std::to_string(h.tfragsOffset) +
                    " leaves no room for the 16-byte tfrags header in core_data.bin (" +
                    std::to_string(l.coreData.size()) + " bytes)");
  l.tfragsSize = tfragsBlockSize(h, l.coreData.size());
  ByteReader r(l.coreIndex, l.coreIndexPath);
  if (h.textureCount < 0) throw Error(l.coreIndexPath, 0x30, "negative tfrag texture count");
  if (h.textureOffset < 0 || uint64_t(h.textureOffset) > l.coreIndex.size())
    throw Error(l.coreIndexPath, 0x34,
                "tfrag texture table offset " + std::to_string(h.textureOffset) +
                    " lies outside core_index.bin (" + std::to_string(l.coreIndex.size()) +
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
  return l;
}

Level readBareBlock(const std::string& path) {
  Level l;
  l.dir = levelDirOf(path);
  l.coreDataPath = path;
  l.coreData = readFile(path);
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
