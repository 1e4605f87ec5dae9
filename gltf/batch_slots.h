#pragma once
// The memory a GLB's binary chunk is made in, batch by batch, as it streams
// to disk (gltf_writer.cpp, streamBuffer): slots of one size in one region,
// reused, never zeroed by anything but the kernel. Each batch in a vector of
// its own, the 32 MiB made ahead on two threads were zeroed twice (by the
// kernel, then by the vector's resize). The region starts at a 2 MiB boundary,
// for a kernel that backs memory with huge pages by itself; it is not asked
// to (MADV_HUGEPAGE): where it has none free, the page fault would wait on
// the kernel compacting memory for one (glibc's huge pages made one thread's
// system time of a large convert 0.8-1.3 s, docs/performance.md), and the
// 496 MB terrain's two-thread convert was 1-3% faster with them.
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
