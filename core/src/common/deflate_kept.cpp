#include "common/deflate_kept.h"

#include "common/thread_kept.h"
#include "strata/error.h"

#include <array>

namespace strata {
namespace {

struct Compressors {
  std::array<libdeflate_compressor*, 13> byLevel{};
  ~Compressors() {
    for (libdeflate_compressor* c : byLevel) libdeflate_free_compressor(c);
  }
};

struct Decompressor {
  libdeflate_decompressor* d = nullptr;
  ~Decompressor() { libdeflate_free_decompressor(d); }
};

} // namespace

libdeflate_compressor* keptCompressor(int level) {
  libdeflate_compressor*& c =
      threadKept<Compressors, struct CompressorsSite>().byLevel.at(size_t(level));
  if (!c) c = libdeflate_alloc_compressor(level);
  if (!c) throw Error("", Error::kNoOffset, "out of memory creating a deflate compressor");
  return c;
}

libdeflate_decompressor* keptDecompressor() {
  libdeflate_decompressor*& d = threadKept<Decompressor, struct DecompressorSite>().d;
  if (!d) d = libdeflate_alloc_decompressor();
  if (!d) throw Error("", Error::kNoOffset, "out of memory creating a deflate decompressor");
  return d;
}

} // namespace strata
