#include "batch_slots.h"

#include "strata/platform.h"

namespace strata::gltf {

namespace {
constexpr size_t kHugePage = size_t(2) << 20;
}

BatchSlots::BatchSlots(size_t count, size_t size) : size_(size) {
  if (count == 0 || size == 0) return;
  // Mapped one huge page over, so that the slots can start at a boundary.
  mappedSize_ = count * size + kHugePage;
  void* p = platform::allocatePages(mappedSize_);
  if (!p) {
    mappedSize_ = 0;
    return;
  }
  mapped_ = p;
  const uintptr_t start = (reinterpret_cast<uintptr_t>(p) + kHugePage - 1) / kHugePage * kHugePage;
  free_.reserve(count);
  for (size_t i = count; i-- > 0;) free_.push_back(reinterpret_cast<uint8_t*>(start) + i * size);
}

BatchSlots::~BatchSlots() {
  platform::freePages(mapped_, mappedSize_);
}

uint8_t* BatchSlots::take() {
  if (free_.empty()) return nullptr;
  uint8_t* slot = free_.back();
  free_.pop_back();
  return slot;
}

void BatchSlots::give(uint8_t* slot) {
  free_.push_back(slot);
}

} // namespace strata::gltf
