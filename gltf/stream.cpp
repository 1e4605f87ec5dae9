// Stream: a GLB's binary chunk made batch by batch on the threads the budget
// has and written in order as it is made (writeInOrder), from memory reused
// batch after batch (BatchSlots).
#include "batch_slots.h"
#include "container.h"
#include "stages.h"

#include "strata/parallel.h"

#include <algorithm>
#include <memory>
#include <mutex>

namespace strata::gltf {

namespace {

// The buffer's bytes written to `out` after the bytes `head` makes (the GLB's
// header and JSON), batch by batch, each made on one of the threads the
// budget has and written in order (writeInOrder), so the output is never
// held whole and the converting runs beside the writing: while `head`
// serializes the JSON on one thread, the others make the first batches, up
// to aheadMax bytes of them held. `afterHead` runs on the head's thread once
// the batches made meanwhile are written, while the others go on.
void streamBuffer(const Document& doc, std::ostream& out, const std::function<std::string()>& head,
                  const std::function<void()>& afterHead) {
  // Made ahead at most: enough for the other threads to go on making batches
  // while the head's JSON is written, not so much that the peak memory rises
  // (docs/performance.md); an eighth of a small buffer, so that its batches
  // do not outgrow the items let go before.
  const size_t aheadMax = std::min(size_t(32) << 20, doc.bufferSize / 8);
  const std::vector<Batch> batches = batchesOf(doc, kBatch);
  // Result 0 is the head, result n + 1 batch n.
  std::string headBytes;
  // A batch's bytes: in a slot, or (larger than one) in memory of its own.
  struct Made {
    uint8_t* bytes = nullptr;
    std::unique_ptr<uint8_t[]> own;
  };
  std::vector<Made> made(batches.size() + 1);
  std::mutex m; // guards slots and spareMeshes
  // Every batch but the last is at least kBatch bytes: as many as can be
  // held at once, twice that size (a batch ends with a whole mesh).
  BatchSlots slots(aheadMax / kBatch + 2, 2 * kBatch);
  std::vector<Mesh> spareMeshes; // of meshes made for batches made
  auto sizeOf = [&](size_t task) { return batches[task - 1].end - batches[task - 1].start; };
  auto giveBack = [&](Made& batch) {
    std::lock_guard<std::mutex> lock(m);
    if (batch.bytes && !batch.own) slots.give(batch.bytes);
    batch = Made();
  };
  InOrder work;
  work.size = [&](size_t task) -> uint64_t { return task ? sizeOf(task) : 0; };
  work.maxHeld = aheadMax;
  work.make = [&](size_t task) {
    if (task == 0) return void(headBytes = head());
    const size_t size = sizeOf(task);
    Made& batch = made[task];
    Mesh mesh;
    {
      std::lock_guard<std::mutex> lock(m);
      if (size <= slots.slotSize()) batch.bytes = slots.take();
      if (!spareMeshes.empty()) {
        mesh = std::move(spareMeshes.back());
        spareMeshes.pop_back();
      }
    }
    try {
      if (!batch.bytes) { // not zeroed: fillBatch writes every byte
        batch.own.reset(new uint8_t[size]);
        batch.bytes = batch.own.get();
      }
      fillBatch(doc, batches[task - 1], batch.bytes, mesh);
    } catch (...) {
      giveBack(batch);
      throw;
    }
    std::lock_guard<std::mutex> lock(m);
    spareMeshes.push_back(std::move(mesh));
  };
  work.write = [&](size_t task) {
    if (task == 0) {
      out.write(headBytes.data(), std::streamsize(headBytes.size()));
      return std::string().swap(headBytes);
    }
    out.write(reinterpret_cast<const char*>(made[task].bytes), std::streamsize(sizeOf(task)));
    giveBack(made[task]);
  };
  work.then = [&](size_t task) {
    if (task == 0) afterHead();
  };
  writeInOrder(batches.size() + 1, work);
}

} // namespace

void streamGlb(const Document& doc, std::ostream& out, const std::function<std::string()>& head,
               const std::function<void()>& afterHead) {
  if (doc.bufferSize == 0) {
    const std::string bytes = head();
    afterHead();
    return void(out.write(bytes.data(), std::streamsize(bytes.size())));
  }
  streamBuffer(doc, out, head, afterHead);
  out.write("\0\0\0", std::streamsize(glb::padTo4(doc.bufferSize)));
}

} // namespace strata::gltf
