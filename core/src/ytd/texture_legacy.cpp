// The legacy texture record of v13 resources (ytd-layout.md, "Legacy texture
// (v13, 0x90 bytes)"); the same record sits in legacy drawables
// (ydr-embedded.md §3).
#include "ytd/le_fields.h"
#include "ytd/pointers.h"
#include "ytd/texture_record.h"

namespace strata::ytd {

namespace {

constexpr size_t kName = 0x28, kUsage = 0x40;
constexpr size_t kWidth = 0x50, kHeight = 0x52, kDepth = 0x54, kStride = 0x56;
constexpr size_t kFormat = 0x58, kMips = 0x5D, kData = 0x70;

} // namespace

TextureRecord readLegacyRecord(const ResourceMemory& mem, uint64_t ptr, uint64_t at) {
  TextureRecord t;
  t.edition = Edition::Legacy;
  t.address = ptr;
  ByteReader r = mem.reader(ptr, kLegacyRecordSize, "legacy texture record (0x90 bytes)", at);
  const uint64_t base = r.fileOffset(0);
  t.raw = r.bytes(size_t(kLegacyRecordSize), "legacy texture record");
  const auto& b = t.raw;
  t.namePtr = getLE<uint64_t>(b, kName);
  t.usage = getLE<uint32_t>(b, kUsage);
  t.width = getLE<uint16_t>(b, kWidth);
  t.height = getLE<uint16_t>(b, kHeight);
  t.depth = getLE<uint16_t>(b, kDepth);
  t.stride = getLE<uint16_t>(b, kStride);
  t.d3dFormat = getLE<uint32_t>(b, kFormat);
  t.mips = b[kMips];
  t.dataPtr = getLE<uint64_t>(b, kData);
  if (t.namePtr) t.name = mem.cString(t.namePtr, "texture name", base + kName);
  return t;
}

void storeLegacyFields(TextureRecord& t) {
  auto& b = t.raw;
  b.resize(size_t(kLegacyRecordSize), 0);
  putLE<uint64_t>(b, kName, t.namePtr);
  putLE<uint32_t>(b, kUsage, t.usage);
  putLE<uint16_t>(b, kWidth, t.width);
  putLE<uint16_t>(b, kHeight, t.height);
  putLE<uint16_t>(b, kDepth, t.depth);
  putLE<uint16_t>(b, kStride, t.stride);
  putLE<uint32_t>(b, kFormat, t.d3dFormat);
  b[kMips] = t.mips;
  putLE<uint64_t>(b, kData, t.dataPtr);
}

} // namespace strata::ytd
