// The legacy texture record of v13 resources (ytd-layout.md, "Legacy texture
// (v13, 0x90 bytes)"); the same record sits in legacy drawables
// (ydr-embedded.md §3).
#include "common/bytes.h"
#include "ytd/ytd_model.h"
#include "ytd/ytd_pointers.h"
#include "ytd/ytd_record_fields.h"

namespace strata::ytd {

namespace legacy {

constexpr size_t kName = 0x28, kUsage = 0x40;
constexpr size_t kWidth = 0x50, kHeight = 0x52, kDepth = 0x54, kStride = 0x56;
constexpr size_t kFormat = 0x58, kMips = 0x5D, kData = 0x70;

} // namespace legacy

static const RecordFields& legacyFields() {
  static const RecordFields f = {
      {{legacy::kMips, &TextureRecord::mips}},
      {{legacy::kWidth, &TextureRecord::width},
       {legacy::kHeight, &TextureRecord::height},
       {legacy::kDepth, &TextureRecord::depth},
       {legacy::kStride, &TextureRecord::stride}},
      {{legacy::kUsage, &TextureRecord::usage}, {legacy::kFormat, &TextureRecord::d3dFormat}},
      {{legacy::kName, &TextureRecord::namePtr}, {legacy::kData, &TextureRecord::dataPtr}}};
  return f;
}

TextureRecord readLegacyRecord(const ResourceMemory& mem, uint64_t ptr, uint64_t at) {
  uint64_t base = 0;
  return readRecordFields(mem, ptr, at, Edition::Legacy, kLegacyRecordSize, "legacy texture record",
                          legacyFields(), legacy::kName, base);
}

void storeLegacyFields(TextureRecord& t) {
  storeFields(legacyFields(), size_t(kLegacyRecordSize), t);
}

} // namespace strata::ytd
