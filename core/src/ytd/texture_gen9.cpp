// The Gen9 texture record of Enhanced resources (ytd-enhanced.md, the texture
// table; ytd-layout.md, "Gen9 texture (0x80 bytes)").
#include "ytd/le_fields.h"
#include "ytd/pointers.h"
#include "ytd/texture_record.h"

namespace strata::ytd {

namespace {

// ytd-enhanced.md, texture table.
constexpr size_t kBlockCount = 0x08, kBlockSize = 0x0C, kFlags = 0x10;
constexpr size_t kWidth = 0x18, kHeight = 0x1A, kDepth = 0x1C, kDimension = 0x1E;
constexpr size_t kFormat = 0x1F, kTileMode = 0x20, kMips = 0x22;
constexpr size_t kName = 0x28, kView = 0x30, kData = 0x38, kUsage = 0x40;
constexpr size_t kViewDimension = 0x10; // within the view block (ytd-layout.md)

} // namespace

TextureRecord readGen9Record(const ResourceMemory& mem, uint64_t ptr, uint64_t at) {
  TextureRecord t;
  t.edition = Edition::Enhanced;
  t.address = ptr;
  ByteReader r = mem.reader(ptr, kGen9RecordSize, "Gen9 texture record (0x80 bytes)", at);
  const uint64_t base = r.fileOffset(0);
  t.raw = r.bytes(size_t(kGen9RecordSize), "Gen9 texture record");
  const auto& b = t.raw;
  t.blockCount = getLE<uint32_t>(b, kBlockCount);
  t.blockSize = getLE<uint32_t>(b, kBlockSize);
  t.flags = getLE<uint32_t>(b, kFlags);
  t.width = getLE<uint16_t>(b, kWidth);
  t.height = getLE<uint16_t>(b, kHeight);
  t.depth = getLE<uint16_t>(b, kDepth);
  t.dimension = b[kDimension];
  t.sgaFormat = b[kFormat];
  t.tileMode = b[kTileMode];
  t.mips = b[kMips];
  t.namePtr = getLE<uint64_t>(b, kName);
  t.viewPtr = getLE<uint64_t>(b, kView);
  t.dataPtr = getLE<uint64_t>(b, kData);
  t.usage = getLE<uint32_t>(b, kUsage);
  if (t.namePtr) t.name = mem.cString(t.namePtr, "texture name", base + kName);
  if (t.viewPtr) {
    ByteReader v =
        mem.reader(t.viewPtr, kGen9ViewSize, "texture view block (32 bytes)", base + kView);
    t.view = v.bytes(size_t(kGen9ViewSize), "texture view block");
    t.viewDimension = getLE<uint16_t>(t.view, kViewDimension);
  }
  return t;
}

void storeGen9Fields(TextureRecord& t) {
  auto& b = t.raw;
  b.resize(size_t(kGen9RecordSize), 0);
  putLE<uint32_t>(b, kBlockCount, t.blockCount);
  putLE<uint32_t>(b, kBlockSize, t.blockSize);
  putLE<uint32_t>(b, kFlags, t.flags);
  putLE<uint16_t>(b, kWidth, t.width);
  putLE<uint16_t>(b, kHeight, t.height);
  putLE<uint16_t>(b, kDepth, t.depth);
  b[kDimension] = t.dimension;
  b[kFormat] = t.sgaFormat;
  b[kTileMode] = t.tileMode;
  b[kMips] = t.mips;
  putLE<uint64_t>(b, kName, t.namePtr);
  putLE<uint64_t>(b, kView, t.viewPtr);
  putLE<uint64_t>(b, kData, t.dataPtr);
  putLE<uint32_t>(b, kUsage, t.usage);
  if (!t.view.empty()) {
    t.view.resize(size_t(kGen9ViewSize), 0);
    putLE<uint16_t>(t.view, kViewDimension, uint16_t(t.viewDimension));
  }
}

} // namespace strata::ytd
