#pragma once
// Which texture of a container an image is for: by the name the user gave,
// compared as the game compares names (lower case).
#include "ytd/ytd_read.h"

#include <string>
#include <vector>

namespace strata::ytd {

struct EntryRef {
  size_t dictionary = 0, entry = 0;
  bool operator<(const EntryRef& o) const {
    return dictionary != o.dictionary ? dictionary < o.dictionary : entry < o.entry;
  }
  bool operator==(const EntryRef& o) const {
    return dictionary == o.dictionary && entry == o.entry;
  }
};

// Every entry (with a record) whose stored name, escaped as text, equals
// `name` ignoring ASCII case, or whose bare name (no path or extension) or
// file-safe name (strata/text.h, as `strata textures` names its files) does.
// Several dictionaries of a drawable may hold the same name: all are given.
std::vector<EntryRef> entriesNamed(const TextureContainer& c, const std::string& name);

// An entry whose hash is the hash of `name` (ytd_name_hash.h) but which
// entriesNamed does not give: a different name with the same hash. Null when
// there is none.
const TextureEntry* hashTwin(const TextureContainer& c, const std::string& name);

// "a, b, c and 12 more": the stored names, for "not in the dictionary" errors.
std::string namesOf(const TextureContainer& c);

} // namespace strata::ytd
