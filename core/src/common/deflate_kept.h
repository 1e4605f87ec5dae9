#pragma once
// libdeflate's compressors and decompressor, one of each a thread, made on
// first use: allocating one (a level-9 compressor's tables are about 660 KB)
// cost more than compressing or inflating a small texture or resource.
#include <libdeflate.h>

namespace strata {

// The calling thread's compressor at `level` (0-12); throws Error when it
// cannot be made.
libdeflate_compressor* keptCompressor(int level);

// The calling thread's decompressor; throws Error when it cannot be made.
libdeflate_decompressor* keptDecompressor();

} // namespace strata
