#pragma once
// The memory a GLB's binary chunk is made in, batch by batch, as it streams
// to disk (gltf_writer.cpp, streamBuffer): slots of one size in one region
// the kernel is asked to back with 2 MiB pages. Each batch in memory of its
// own, the 32 MiB made ahead on two threads were 8,192 page faults, and as
// many pages zeroed twice (by the kernel, then by the vector holding them).
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
