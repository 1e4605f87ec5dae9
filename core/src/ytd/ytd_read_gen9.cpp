// The Gen9 texture record of Enhanced resources (ytd-enhanced.md, the texture
// table; ytd-layout.md, "Gen9 texture (0x80 bytes)").
#include "common/bytes.h"
#include "ytd/ytd_model.h"
#include "ytd/ytd_pointers.h"
#include "ytd/ytd_record_fields.h"

namespace strata::ytd {

namespace gen9 {

// ytd-enhanced.md, texture table.
constexpr size_t kBlockCount = 0x08, kBlockSize = 0x0C, kFlags = 0x10;
constexpr size_t kWidth = 0x18, kHeight = 0x1A, kDepth = 0x1C, kDimension = 0x1E;
constexpr size_t kFormat = 0x1F, kTileMode = 0x20, kMips = 0x22;
constexpr size_t kName = 0x28, kData = 0x38, kUsage = 0x40;

} // namespace gen9

static const RecordFields& gen9Fields() {
  static const RecordFields f = {{{gen9::kDimension, &TextureRecord::dimension},
                                  {gen9::kFormat, &TextureRecord::sgaFormat},
                                  {gen9::kTileMode, &TextureRecord::tileMode},
                                  {gen9::kMips, &TextureRecord::mips}},
                                 {{gen9::kWidth, &TextureRecord::width},
                                  {gen9::kHeight, &TextureRecord::height},
                                  {gen9::kDepth, &TextureRecord::depth}},
                                 {{gen9::kBlockCount, &TextureRecord::blockCount},
                                  {gen9::kBlockSize, &TextureRecord::blockSize},
                                  {gen9::kFlags, &TextureRecord::flags},
                                  {gen9::kUsage, &TextureRecord::usage}},
                                 {{gen9::kName, &TextureRecord::namePtr},
                                  {kGen9ViewField, &TextureRecord::viewPtr},
                                  {gen9::kData, &TextureRecord::dataPtr}}};
  return f;
}

TextureRecord readGen9Record(const ResourceMemory& mem, uint64_t ptr, uint64_t at) {
  uint64_t base = 0;
  TextureRecord t = readRecordFields(mem, ptr, at, Edition::Enhanced, kGen9RecordSize,
                                     "Gen9 texture record", gen9Fields(), gen9::kName, base);
  if (t.viewPtr) {
    ByteReader v = mem.reader(t.viewPtr, kGen9ViewSize, "texture view block (32 bytes)",
                              base + kGen9ViewField);
    t.view = v.bytes(size_t(kGen9ViewSize), "texture view block");
    t.viewDimension = loadLE<uint16_t>(t.view, kViewDimensionField);
  }
  return t;
}

void storeGen9Fields(TextureRecord& t) {
  storeFields(gen9Fields(), size_t(kGen9RecordSize), t);
  if (!t.view.empty()) {
    t.view.resize(size_t(kGen9ViewSize), 0);
    storeLE<uint16_t>(t.view, kViewDimensionField, uint16_t(t.viewDimension));
  }
}

} // namespace strata::ytd
