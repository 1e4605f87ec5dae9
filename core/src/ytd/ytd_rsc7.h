#pragma once
// The RSC7 resource container shared by .ytd, .ydr, .ydd and .yft, legacy and
// Enhanced (ytd-layout.md, "Container: RSC7 for both editions").
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace strata::ytd {

constexpr uint32_t kRsc7Magic = 0x37435352; // "RSC7" read as a little-endian u32
constexpr size_t kRsc7HeaderSize = 16;
// The most a resource may inflate to for Strata's reader (no GTA V resource
// comes near it; it bounds the allocation even for a large well-formed
// stream), and so the most its writers write.
constexpr uint64_t kMaxResourceBytes = uint64_t(2) << 30;

// Bytes a page-flags word describes (ytd-layout.md, size(flags)): a page size
// 0x200 << (flags & 0xF) times a sum of page-count fields. Bits 28-31 carry a
// version nibble and do not count.
uint64_t pageFlagsSize(uint32_t flags);

// The smallest flags word whose size holds `bytes`, with `versionNibble` in
// bits 28-31. Only the 16-page field (bits 17-23) is used, as in the public
// legacy files (e.g. 0x00020000 = 8192 bytes).
uint32_t pageFlagsFor(uint64_t bytes, uint32_t versionNibble);

// A decompressed resource: the file model of the container, lossless apart
// from the deflate stream itself (recompressing gives different but
// equivalent bytes).
struct Resource {
  std::string file; // names the source in errors
  uint32_t version = 0;
  uint32_t systemFlags = 0, graphicsFlags = 0;
  std::vector<uint8_t> system, graphics;
  uint64_t compressedSize = 0;
  // Bytes after the end of the deflate stream. A third-party writer leaves 4
  // (nspeedo_grill_2nb.yft); kept so validate can report them.
  uint64_t trailingBytes = 0;
};

// Reads the 16-byte header without inflating; throws strata::Error.
struct Rsc7Header {
  uint32_t magic = 0, version = 0, systemFlags = 0, graphicsFlags = 0;
};
Rsc7Header readRsc7Header(const std::vector<uint8_t>& bytes, const std::string& file);
// The resource version of a file whose first bytes `head` are an RSC7 header
// (ytd-layout.md: magic, then the u32 version), or nothing.
std::optional<uint32_t> rsc7Version(const std::vector<uint8_t>& head);

// Parses and inflates a whole file. Checks: magic, the version repeated in the
// flag nibbles, the declared sizes against what deflate can produce from the
// compressed bytes (a bomb is refused before anything is allocated), and that
// the stream inflates to exactly system + graphics bytes.
Resource readResource(const std::vector<uint8_t>& bytes, const std::string& file);

// Header + raw deflate of system ++ graphics. The segments are padded to the
// sizes their flags describe; the flags are derived from the segment sizes.
std::vector<uint8_t> writeResource(uint32_t version, const std::vector<uint8_t>& system,
                                   const std::vector<uint8_t>& graphics);

// The same with the flags given (a page layout's, ytd_pages.h): each segment
// is padded to its flags' size and must not be longer. The flags' version
// nibbles must be `version`'s.
std::vector<uint8_t> writeResource(uint32_t version, uint32_t systemFlags, uint32_t graphicsFlags,
                                   const std::vector<uint8_t>& system,
                                   const std::vector<uint8_t>& graphics);

} // namespace strata::ytd
