#pragma once
// The one check of a texture container: what `validate` reports
// is what the load path (convert, textures, the C ABI) enforces, so the two
// cannot disagree. It gathers the reader's findings, checks each dictionary's
// counts, order, hashes and pointers, names the rules the layouts were read
// by, and decodes every texture payload. The findings live here, beside the
// file model, not in it.
#include "strata/formats.h"
#include "ytd/ytd_read.h"

#include <set>
#include <string>
#include <vector>

namespace strata::ytd {

// A finding and the piece it is about: an error of a texture breaks that
// texture (--partial leaves it out); one of a dictionary or of the file breaks
// no single texture.
struct CheckedFinding {
  Finding finding;
  const TextureDictionary* dictionary = nullptr; // null: the file
  const TextureEntry* entry = nullptr;           // null: the dictionary or the file
};

struct ContainerCheck {
  // The file's, then per dictionary its own and its entries', in stored order.
  std::vector<CheckedFinding> findings;
  std::set<const TextureEntry*> broken; // non-null entries with an error
};

ContainerCheck checkContainer(const TextureContainer& c);

// What the load path converts: every texture that is not broken, in
// name-hash order (sortedEntries). Without `partial` any error throws
// strata::Error naming the file, the offset and the first error; with it,
// `leftOut` names each broken texture and each dictionary error, and why.
struct IntactTextures {
  std::vector<const TextureEntry*> entries;
  std::vector<std::string> leftOut;
};
IntactTextures intactTextures(const TextureContainer& c, bool partial);

} // namespace strata::ytd
