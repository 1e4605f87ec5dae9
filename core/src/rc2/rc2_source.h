#pragma once
// The bytes of one level, read in place: a LEVEL<n>.WAD file mapped, a
// member of a disc image ("IMAGE::MEMBER") as its extent in the mapped image,
// or bytes in memory (a Source that holds them).
#include "strata/fileio.h"

#include <memory>
#include <string>

namespace strata::rc2 {

class LevelSource {
public:
  // Throws strata::Error naming the path when it cannot be read, or the
  // member is not in the image.
  explicit LevelSource(const Source& in);
  const uint8_t* data() const { return data_; }
  size_t size() const { return size_; }
  bool member() const { return member_; }

private:
  std::unique_ptr<FileBytes> bytes_;
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  bool member_ = false;
};

} // namespace strata::rc2
