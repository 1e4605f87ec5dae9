#pragma once
// The named fields of a texture record as a table of (offset, member): one
// table per edition (ytd_read_gen9.cpp, ytd_read_legacy.cpp) serves both the
// read (raw bytes -> members) and the store (members -> raw bytes), so the
// two cannot disagree on a field.
#include "common/bytes.h"
#include "ytd/ytd_model.h"
#include "ytd/ytd_pointers.h"

#include <cstdio>
#include <string>

#include <cstddef>
#include <utility>
#include <vector>

namespace strata::ytd {

template <class T> using FieldsOf = std::vector<std::pair<size_t, T TextureRecord::*>>;

struct RecordFields {
  FieldsOf<uint8_t> u8;
  FieldsOf<uint16_t> u16;
  FieldsOf<uint32_t> u32;
  FieldsOf<uint64_t> u64;
};

// Every field of `fields` from t.raw (already its full size).
inline void loadFields(const RecordFields& fields, TextureRecord& t) {
  for (auto [at, m] : fields.u8) t.*m = t.raw[at];
  for (auto [at, m] : fields.u16) t.*m = loadLE<uint16_t>(t.raw, at);
  for (auto [at, m] : fields.u32) t.*m = loadLE<uint32_t>(t.raw, at);
  for (auto [at, m] : fields.u64) t.*m = loadLE<uint64_t>(t.raw, at);
}

// Every field of `fields` into t.raw, grown to `size` bytes (zeros) if shorter.
inline void storeFields(const RecordFields& fields, size_t size, TextureRecord& t) {
  t.raw.resize(size, 0);
  for (auto [at, m] : fields.u8) t.raw[at] = t.*m;
  for (auto [at, m] : fields.u16) storeLE<uint16_t>(t.raw, at, t.*m);
  for (auto [at, m] : fields.u32) storeLE<uint32_t>(t.raw, at, t.*m);
  for (auto [at, m] : fields.u64) storeLE<uint64_t>(t.raw, at, t.*m);
}

// The record of `edition` at `ptr` read whole (`size` bytes; `what` names it
// in errors), `fields` decoded and the name its pointer at `nameField` names;
// `base` is where the record starts (decompressed offset). `at` is where the
// pointer to it was found.
inline TextureRecord readRecordFields(const ResourceMemory& mem, uint64_t ptr, uint64_t at,
                                      Edition edition, uint64_t size, const std::string& what,
                                      const RecordFields& fields, uint64_t nameField,
                                      uint64_t& base) {
  TextureRecord t;
  t.edition = edition;
  t.address = ptr;
  char sizeText[32];
  std::snprintf(sizeText, sizeof sizeText, " (0x%llX bytes)",
                static_cast<unsigned long long>(size));
  ByteReader r = mem.reader(ptr, size, what + sizeText, at);
  base = r.fileOffset(0);
  t.raw = r.bytes(size_t(size), what.c_str());
  loadFields(fields, t);
  if (t.namePtr) t.name = mem.cString(t.namePtr, "texture name", base + nameField);
  return t;
}

} // namespace strata::ytd
