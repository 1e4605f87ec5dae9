// The legacy texture record of v13 resources (ytd-layout.md, "Legacy texture
// (v13, 0x90 bytes)"); the same record sits in legacy drawables
// (ydr-embedded.md §3).
#include "common/bytes.h"
#include "ytd/ytd_model.h"
#include "ytd/ytd_pointers.h"
#include "ytd/ytd_record_fields.h"

namespace strata::ytd {

namespace {

constexpr size_t kName = 0x28, kUsage = 0x40;
constexpr size_t kWidth = 0x50, kHeight = 0x52, kDepth = 0x54, kStride = 0x56;
constexpr size_t kFormat = 0x58, kMips = 0x5D, kData = 0x70;

} // namespace

static const RecordFields& legacyFields() {
  static const RecordFields f = {
      {{kMips, &TextureRecord::mips}},
      {{kWidth, &TextureRecord::width},
       {kHeight, &TextureRecord::height},
       {kDepth, &TextureRecord::depth},
       {kStride, &TextureRecord::stride}},
      {{kUsage, &TextureRecord::usage}, {kFormat, &TextureRecord::d3dFormat}},
      {{kName, &TextureRecord::namePtr}, {kData, &TextureRecord::dataPtr}}};
  return f;
}

TextureRecord readLegacyRecord(const ResourceMemory& mem, uint64_t ptr, uint64_t at) {
  uint64_t base = 0;
  return readRecordFields(mem, ptr, at, Edition::Legacy, kLegacyRecordSize, "legacy texture record",
                          legacyFields(), kName, base);
}

void storeLegacyFields(TextureRecord& t) {
  storeFields(legacyFields(), size_t(kLegacyRecordSize), t);
}

} // namespace strata::ytd
