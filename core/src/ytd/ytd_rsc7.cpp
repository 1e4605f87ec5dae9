#include "ytd/ytd_rsc7.h"

#include "common/bytes.h"
#include "common/deflate_kept.h"
#include "strata/error.h"

#include <libdeflate.h>

namespace strata::ytd {

namespace {

// Deflate cannot expand by more than 1032:1 (a 258-byte match costs at least
// two bits), so a header declaring more than that is refused before allocating.
constexpr uint64_t kMaxDeflateRatio = 1032;

} // namespace

uint64_t pageFlagsSize(uint32_t f) {
  // ytd-layout.md, size(flags).
  const uint64_t pages = ((f >> 4) & 1) * 256 + ((f >> 5) & 3) * 128 + ((f >> 7) & 0xF) * 64 +
                         ((f >> 11) & 0x3F) * 32 + ((f >> 17) & 0x7F) * 16 + ((f >> 24) & 1) * 8 +
                         ((f >> 25) & 1) * 4 + ((f >> 26) & 1) * 2 + ((f >> 27) & 1);
  return (uint64_t(0x200) << (f & 0xF)) * pages;
}

uint32_t pageFlagsFor(uint64_t bytes, uint32_t versionNibble) {
  const uint32_t top = (versionNibble & 0xF) << 28;
  if (bytes == 0) return top;
  for (uint32_t shift = 0; shift < 16; ++shift) {
    const uint64_t unit = (uint64_t(0x200) << shift) * 16;
    const uint64_t count = (bytes + unit - 1) / unit;
    if (count <= 0x7F) return top | shift | uint32_t(count) << 17;
  }
  throw Error("", Error::kNoOffset, "segment of " + std::to_string(bytes) + " bytes is too large");
}

std::optional<uint32_t> rsc7Version(const std::vector<uint8_t>& head) {
  if (head.size() < kRsc7HeaderSize || head[0] != 'R' || head[1] != 'S' || head[2] != 'C' ||
      head[3] != '7')
    return std::nullopt;
  return loadLE<uint32_t>(head, 4);
}

Rsc7Header readRsc7Header(const std::vector<uint8_t>& bytes, const std::string& file) {
  ByteReader r(bytes, file);
  Rsc7Header h;
  h.magic = r.expectU32(kRsc7Magic, "RSC7 magic");
  h.version = r.u32("resource version");
  h.systemFlags = r.u32("system page flags");
  h.graphicsFlags = r.u32("graphics page flags");
  return h;
}

Resource readResource(const std::vector<uint8_t>& bytes, const std::string& file) {
  const Rsc7Header h = readRsc7Header(bytes, file);
  // ytd-layout.md: "version also in flags: sys bits 28-31 = (version>>4)&0xF;
  // gfx bits 28-31 = version&0xF".
  const uint32_t sysNibble = h.systemFlags >> 28, gfxNibble = h.graphicsFlags >> 28;
  if (h.version > 0xFF || sysNibble != ((h.version >> 4) & 0xF) || gfxNibble != (h.version & 0xF))
    throw Error(file, 4,
                "resource version " + std::to_string(h.version) +
                    " does not match the version nibbles of the page flags (system " +
                    hex32(h.systemFlags) + ", graphics " + hex32(h.graphicsFlags) + " give " +
                    std::to_string(sysNibble << 4 | gfxNibble) + ")");

  Resource res;
  res.file = file;
  res.version = h.version;
  res.systemFlags = h.systemFlags;
  res.graphicsFlags = h.graphicsFlags;
  const uint64_t sysSize = pageFlagsSize(h.systemFlags);
  const uint64_t gfxSize = pageFlagsSize(h.graphicsFlags);
  const uint64_t total = sysSize + gfxSize;
  const uint64_t compressed = bytes.size() - kRsc7HeaderSize;
  res.compressedSize = compressed;
  if (sysSize == 0)
    throw Error(file, 8,
                "system page flags " + hex32(h.systemFlags) +
                    " describe an empty system segment; the root object lives there");
  if (total > kMaxResourceBytes || total > compressed * kMaxDeflateRatio + 64)
    throw Error(file, 8,
                "page flags declare " + std::to_string(total) + " decompressed bytes (system " +
                    std::to_string(sysSize) + ", graphics " + std::to_string(gfxSize) + ") but " +
                    std::to_string(compressed) +
                    " compressed bytes cannot inflate to that much (deflate bomb or wrong flags)");

  std::vector<uint8_t> out(static_cast<size_t>(total));
  size_t inUsed = 0, outUsed = 0;
  const libdeflate_result rc =
      libdeflate_deflate_decompress_ex(keptDecompressor(), bytes.data() + kRsc7HeaderSize,
                                       compressed, out.data(), out.size(), &inUsed, &outUsed);
  // With an actual-size pointer libdeflate reports a short stream as success,
  // so the length is compared here.
  switch (rc == LIBDEFLATE_SUCCESS && outUsed != total ? LIBDEFLATE_SHORT_OUTPUT : rc) {
  case LIBDEFLATE_SUCCESS:
    break;
  case LIBDEFLATE_SHORT_OUTPUT:
    throw Error(file, kRsc7HeaderSize,
                "decompressed size mismatch: the page flags declare " + std::to_string(total) +
                    " bytes (system " + std::to_string(sysSize) + " + graphics " +
                    std::to_string(gfxSize) + ") but the deflate stream holds only " +
                    std::to_string(outUsed));
  case LIBDEFLATE_INSUFFICIENT_SPACE:
    throw Error(file, kRsc7HeaderSize,
                "decompressed size mismatch: the deflate stream holds more than the " +
                    std::to_string(total) + " bytes the page flags declare");
  default:
    throw Error(file, kRsc7HeaderSize,
                "expected a raw deflate stream after the 16-byte header; it is corrupt or "
                "truncated (" +
                    std::to_string(compressed) + " compressed bytes)");
  }
  res.trailingBytes = compressed - inUsed;
  res.system.assign(out.begin(), out.begin() + ptrdiff_t(sysSize));
  res.graphics.assign(out.begin() + ptrdiff_t(sysSize), out.end());
  return res;
}

std::vector<uint8_t> writeResource(uint32_t version, const std::vector<uint8_t>& system,
                                   const std::vector<uint8_t>& graphics) {
  return writeResource(version, pageFlagsFor(system.size(), (version >> 4) & 0xF),
                       pageFlagsFor(graphics.size(), version & 0xF), system, graphics);
}

std::vector<uint8_t> writeResource(uint32_t version, uint32_t sysFlags, uint32_t gfxFlags,
                                   const std::vector<uint8_t>& system,
                                   const std::vector<uint8_t>& graphics) {
  if (sysFlags >> 28 != ((version >> 4) & 0xF) || gfxFlags >> 28 != (version & 0xF))
    throw Error("", Error::kNoOffset,
                "page flags " + hex32(sysFlags) + " / " + hex32(gfxFlags) +
                    " do not carry the version nibbles of version " + std::to_string(version));
  const uint64_t sysSize = pageFlagsSize(sysFlags), gfxSize = pageFlagsSize(gfxFlags);
  if (system.size() > sysSize || graphics.size() > gfxSize)
    throw Error("", Error::kNoOffset,
                "segments of " + std::to_string(system.size()) + " and " +
                    std::to_string(graphics.size()) + " bytes are longer than their flags (" +
                    std::to_string(sysSize) + " and " + std::to_string(gfxSize) + ")");
  if (sysSize + gfxSize > kMaxResourceBytes)
    throw Error("", Error::kNoOffset,
                "the resource would hold " + std::to_string(sysSize + gfxSize) +
                    " bytes; Strata reads resources of at most " +
                    std::to_string(kMaxResourceBytes) + " bytes, so it writes none larger");
  std::vector<uint8_t> plain(size_t(sysSize + gfxSize), 0);
  std::copy(system.begin(), system.end(), plain.begin());
  std::copy(graphics.begin(), graphics.end(), plain.begin() + ptrdiff_t(sysSize));

  libdeflate_compressor* c = keptCompressor(9);
  std::vector<uint8_t> packed(libdeflate_deflate_compress_bound(c, plain.size()));
  const size_t n =
      libdeflate_deflate_compress(c, plain.data(), plain.size(), packed.data(), packed.size());
  if (n == 0) throw Error("", Error::kNoOffset, "deflate compression failed");

  ByteWriter w;
  w.u32(kRsc7Magic);
  w.u32(version);
  w.u32(sysFlags);
  w.u32(gfxFlags);
  w.bytes(packed.data(), n);
  return std::move(w.buf);
}

} // namespace strata::ytd
