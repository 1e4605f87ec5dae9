#include "ytd/ytd_match.h"

#include "strata/text.h"
#include "ytd/ytd_name_hash.h"

namespace strata::ytd {

namespace {

bool sameName(const std::string& stored, const std::string& wanted) {
  const std::string text = lowerAscii(escapeUtf8(stored)), want = lowerAscii(wanted);
  return text == want || lowerAscii(escapeUtf8(bareName(stored))) == want ||
         lowerAscii(fileSafeName(escapeUtf8(stored))) == want;
}

} // namespace

std::vector<EntryRef> entriesNamed(const TextureContainer& c, const std::string& name) {
  std::vector<EntryRef> out;
  for (size_t d = 0; d < c.dictionaries.size(); ++d)
    for (size_t i = 0; i < c.dictionaries[d].entries.size(); ++i) {
      const TextureEntry& e = c.dictionaries[d].entries[i];
      if (recordRead(e) && sameName(e.record.name, name)) out.push_back({d, i});
    }
  return out;
}

const TextureEntry* hashTwin(const TextureContainer& c, const std::string& name) {
  const uint32_t h = nameHash(name);
  for (const TextureDictionary& d : c.dictionaries)
    for (const TextureEntry& e : d.entries)
      if (recordRead(e) && e.hash == h && !sameName(e.record.name, name)) return &e;
  return nullptr;
}

std::string namesOf(const TextureContainer& c) {
  constexpr size_t kShown = 8;
  std::string s;
  size_t n = 0;
  for (const TextureEntry* e : sortedEntries(c)) {
    if (n < kShown) s += (n ? ", " : "") + escapeUtf8(e->record.name);
    ++n;
  }
  if (n > kShown) s += " and " + std::to_string(n - kShown) + " more";
  return n ? s : "no textures";
}

} // namespace strata::ytd
