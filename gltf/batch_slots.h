#pragma once
// The memory a GLB's binary chunk is made in, batch by batch, as it streams
// to disk (stream.cpp): slots of one size in one region, reused, never zeroed
// by anything but the kernel (a vector a batch zeroed each one twice: by the
// kernel, then by its resize). The region starts at a 2 MiB boundary, for a
// kernel that backs memory with huge pages by itself; it is not asked to
// (MADV_HUGEPAGE): where it has none free, a page fault would wait on the
// kernel compacting memory for one (docs/performance.md, "What is left").
#include <cstddef>
#include <cstdint>
#include <vector>

namespace strata::gltf {

class BatchSlots {
public:
  BatchSlots(size_t count, size_t size);
  ~BatchSlots();
  BatchSlots(const BatchSlots&) = delete;
  BatchSlots& operator=(const BatchSlots&) = delete;

  size_t slotSize() const { return size_; }
  // A free slot (its bytes as the last batch in it left them), or null when
  // every one is taken or the region could not be mapped.
  uint8_t* take();
  void give(uint8_t* slot);

private:
  size_t size_;
  void* mapped_ = nullptr;
  size_t mappedSize_ = 0;
  std::vector<uint8_t*> free_;
};

} // namespace strata::gltf
