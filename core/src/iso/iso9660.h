#pragma once
// A small bounded ISO-9660 reader (ECMA-119): the primary volume descriptor's
// directory tree walked record by record, each file mapped to its extent in
// the image. Read in place from the image's bytes (a mapping): nothing is
// copied. Our own (MIT): libcdio's libiso9660 is GPL-3, and libarchive reads
// an image in stream order, where we want one file's extent at a time.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace strata::iso {

constexpr uint64_t kDescriptorStart = 0x8000; // sector 16 of 2048 bytes
constexpr size_t kMaxDepth = 32;              // ECMA-119 allows 8 levels; Strata reads a few more
constexpr size_t kMaxEntries = 1u << 20;      // files and directories in one image

struct FileEntry {
  // "G/LEVEL0.WAD": '/'-separated, ";1" version and a trailing '.' dropped;
  // bytes that are not UTF-8, '%' and '/' in a name escaped as %XX (strata/text.h)
  std::string path;
  uint64_t offset = 0; // the extent's byte offset in the image
  uint64_t size = 0;   // bytes
};

// True when a volume descriptor ("CD001", version 1) sits at sector 16.
bool looksLikeIso(const uint8_t* data, size_t size);

// Every file of the image, directories walked depth first in record order.
// Bounded: every descriptor, directory extent, record and file extent is
// checked to lie inside the image; a directory reached twice (a loop, or two
// records sharing an extent), a tree deeper than kMaxDepth or more than
// kMaxEntries entries is an error. Throws strata::Error naming `image`, the
// byte offset of the record or field at fault and what was expected.
// `skipped` (when not null): a directory whose records are bad is left out
// instead, its error (file, offset, what) appended there, and the walk goes on.
std::vector<FileEntry> listFiles(const uint8_t* data, size_t size, const std::string& image,
                                 std::vector<std::string>* skipped = nullptr);

} // namespace strata::iso
