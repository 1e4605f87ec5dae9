// The bounded WAD decoder (rc2-level-wad.md section 3, "WAD compression").
#include "common/bytes.h"
#include "wad/wad_codec.h"

#include "strata/error.h"

#include <algorithm>
#include <cstring>

namespace strata::wad {

namespace {

// Wide copies write up to this many bytes past a copy's end: the output keeps
// them spare, or the copy goes byte by byte.
constexpr size_t kSlack = 32;

// The output: a caller's fixed buffer, or a vector grown up to `limit`.
struct Output {
  uint8_t* p = nullptr;
  size_t cap = 0;                      // bytes writable at p
  uint64_t limit = 0;                  // bytes the stream may produce
  std::vector<uint8_t>* vec = nullptr; // growable: p == vec->data()
};

class Decoder {
public:
  Decoder(const StreamRef& s, uint32_t stored) : s_(s), end_(stored) {}

  size_t run(Output& o) {
    const uint8_t* in = s_.data;
    size_t pos = kHeaderSize, n = 0, lastLiteral = 0;
    bool afterLiteral = false;
    while (pos < end_) {
      const size_t at = pos;
      const uint8_t f = in[pos++];
      if (f < 0x10) { // literal run
        if (afterLiteral)
          fail(at, "a literal run follows the literal run at byte " + hex(lastLiteral) +
                       "; expected a match or a dummy packet (11 0N 00) between them");
        size_t len = size_t(f) + 3;
        if (f == 0) {
          need(at, pos, 1, "byte: the length of a literal run of 19-273 bytes");
          len = size_t(in[pos++]) + 18;
        }
        need(at, pos, len, "literal bytes");
        room(o, at, n, len, "a literal run");
        copyLiteral(o, n, pos, len);
        afterLiteral = true;
        lastLiteral = at;
        continue;
      }
      afterLiteral = false;
      size_t len = 0, dist = 0, trail = 0;
      if (f >= 0x40) { // short match
        need(at, pos, 1, "byte: the distance of a short match");
        len = size_t(f >> 5) + 1;
        dist = size_t(in[pos++]) * 8 + ((f >> 2) & 7) + 1;
        trail = f & 3;
      } else {
        const bool medium = f >= 0x20;
        size_t l = f & (medium ? 0x1F : 7);
        if (l == 0) {
          need(at, pos, 1, "byte: the length of a long match");
          l = size_t(in[pos++]) + (medium ? 31 : 7);
        }
        need(at, pos, 2, "distance bytes of a match");
        const uint8_t d0 = in[pos], d1 = in[pos + 1];
        pos += 2;
        trail = d0 & 3;
        if (medium) {
          len = l + 2;
          dist = size_t(d1) * 64 + (d0 >> 2) + 1;
        } else {
          const size_t raw = size_t(f & 8) * 0x800 + size_t(d1) * 64 + (d0 >> 2);
          if (raw == 0 && l != 1) { // block marker: skip to the next block boundary
            const size_t next =
                kHeaderSize + (pos - kHeaderSize + kBlockSize - 1) / kBlockSize * kBlockSize;
            if (next > end_)
              fail(at, "a block marker skips to byte " + hex(next) + ", past the stored end " +
                           hex(end_) + "; expected its filler to end inside the stream");
            pos = next;
            continue;
          }
          if (raw != 0) { // far match; raw == 0, l == 1: a dummy (trailing literals only)
            len = l + 2;
            dist = raw + 0x4000;
          }
        }
      }
      if (len) {
        if (dist > n)
          fail(at, "a match of " + std::to_string(len) + " bytes at distance " +
                       std::to_string(dist) + " reaches before the output's start (" +
                       std::to_string(n) + " bytes decoded so far)");
        room(o, at, n, len, "a match");
        copyMatch(o, n, dist, len);
      }
      if (trail) {
        need(at, pos, trail, "trailing literal bytes");
        room(o, at, n, trail, "trailing literals");
        if (n + 4 <= o.cap && pos + 4 <= s_.size)
          std::memcpy(o.p + n, in + pos, 4); // one word; the bytes past `trail` are rewritten later
        else
          for (size_t i = 0; i < trail; ++i) o.p[n + i] = in[pos + i];
        n += trail;
        pos += trail;
      }
    }
    return n;
  }

private:
  [[noreturn]] __attribute__((noinline, cold)) void fail(size_t at, const std::string& what) const {
    throw Error(s_.file, s_.base + at,
                s_.name + ": WAD packet at byte " + hex(at) + " of the stream: " + what);
  }

  // `k` more input bytes at `pos`, inside the stored size.
  // `k` more input bytes at `pos`, inside the stored size. `what` follows
  // the count in the message ("3 trailing literal bytes"). Inlined: the
  // message is built only on the way out.
  inline __attribute__((always_inline)) void need(size_t at, size_t pos, size_t k,
                                                  const char* what) const {
    if (__builtin_expect(k > end_ - pos, 0)) cut(at, pos, k, what);
  }

  [[noreturn]] __attribute__((noinline, cold)) void cut(size_t at, size_t pos, size_t k,
                                                        const char* what) const {
    fail(at, "expected " + std::to_string(k) + " " + what +
                 " but the packet is cut by the stream's stored end " + hex(end_) + " (" +
                 std::to_string(end_ - pos) + " bytes left)");
  }

  // Room for `k` more output bytes after `n`: within the limit, grown when
  // the output is a vector.
  inline __attribute__((always_inline)) void room(Output& o, size_t at, size_t n, size_t k,
                                                  const char* what) const {
    if (__builtin_expect(k > o.limit - n || (o.vec && n + k + kSlack > o.cap), 0))
      grow(o, at, n, k, what);
  }

  __attribute__((noinline)) void grow(Output& o, size_t at, size_t n, size_t k,
                                      const char* what) const {
    if (k > o.limit - n)
      fail(at, std::string(what) + " of " + std::to_string(k) +
                   " bytes would take the output past " + std::to_string(o.limit) + " bytes" +
                   (declared_ ? ", the decompressed size the level declares"
                              : ", the most this stream may decode to"));
    size_t want = std::max<size_t>(o.cap * 2, n + k + kSlack);
    want = size_t(std::min<uint64_t>(want, o.limit + kSlack));
    o.vec->resize(want);
    o.p = o.vec->data();
    o.cap = want;
  }

  void copyLiteral(Output& o, size_t& n, size_t& pos, size_t len) const {
    uint8_t* d = o.p + n;
    const uint8_t* src = s_.data + pos;
    if (n + len + 16 <= o.cap && pos + len + 16 <= s_.size) {
      for (size_t i = 0; i < len; i += 16) std::memcpy(d + i, src + i, 16);
    } else {
      std::memcpy(d, src, len);
    }
    n += len;
    pos += len;
  }

  // Byte by byte from out_len - distance: a distance below the length repeats.
  static void copyMatch(Output& o, size_t& n, size_t dist, size_t len) {
    uint8_t* d = o.p + n;
    const uint8_t* src = d - dist;
    n += len;
    if (n + 16 <= o.cap) {
      if (dist >= 16) {
        for (size_t i = 0; i < len; i += 16) std::memcpy(d + i, src + i, 16);
        return;
      }
      if (dist >= 8) {
        for (size_t i = 0; i < len; i += 8) std::memcpy(d + i, src + i, 8);
        return;
      }
      if (dist == 1) {
        std::memset(d, *src, len);
        return;
      }
    }
    for (size_t i = 0; i < len; ++i) d[i] = src[i];
  }

public:
  bool declared_ = false;

private:
  const StreamRef& s_;
  const size_t end_;
};

// The most output the stream's packets can make (section 3's longest match
// per byte), and the hard cap.
uint64_t outputBound(uint32_t stored, uint64_t cap) {
  return std::min<uint64_t>({kMaxExpansion * (stored - kHeaderSize), cap, kHardCap});
}

} // namespace

bool hasMagic(const uint8_t* data, size_t size) {
  return size >= 3 && data[0] == 'W' && data[1] == 'A' && data[2] == 'D';
}

uint32_t storedSize(const StreamRef& s) {
  if (!hasMagic(s.data, s.size))
    throw Error(s.file, s.base,
                s.name + ": expected a WAD stream starting with \"WAD\"" +
                    (s.size >= 3 ? "" : " but only " + std::to_string(s.size) + " bytes remain"));
  if (s.size < kHeaderSize)
    throw Error(s.file, s.base,
                s.name + ": the 16-byte WAD header is cut (" + std::to_string(s.size) +
                    " bytes remain)");
  const int32_t stored = int32_t(uint32_t(s.data[3]) | uint32_t(s.data[4]) << 8 |
                                 uint32_t(s.data[5]) << 16 | uint32_t(s.data[6]) << 24);
  if (stored < int32_t(kHeaderSize))
    throw Error(s.file, s.base + 3,
                s.name + ": the WAD header stores a total size of " + std::to_string(stored) +
                    " bytes; expected at least its own 16");
  if (uint64_t(stored) > s.size)
    throw Error(s.file, s.base + 3,
                s.name + ": the WAD header stores a total size of " + std::to_string(stored) +
                    " bytes but only " + std::to_string(s.size) + " are there");
  return uint32_t(stored);
}

std::vector<uint8_t> decompress(const StreamRef& s, int64_t expected, uint64_t cap) {
  const uint32_t stored = storedSize(s);
  const uint64_t bound = outputBound(stored, cap);
  Decoder d(s, stored);
  Output o;
  std::vector<uint8_t> out;
  o.vec = &out;
  if (expected >= 0) {
    if (uint64_t(expected) > bound)
      throw Error(s.file, s.base,
                  s.name + ": declared to decompress to " + std::to_string(expected) +
                      " bytes, but " +
                      (uint64_t(expected) > std::min(cap, kHardCap)
                           ? "Strata's limit for one stream is " +
                                 std::to_string(std::min(cap, kHardCap)) + " bytes"
                           : "a stream of " + std::to_string(stored) +
                                 " bytes decodes to at most " + std::to_string(bound)));
    o.limit = uint64_t(expected);
    d.declared_ = true;
    out.resize(size_t(expected) + kSlack);
  } else {
    o.limit = bound;
    out.resize(std::min<size_t>(size_t(bound), size_t(4) * stored) + kSlack);
  }
  o.p = out.data();
  o.cap = out.size();
  const size_t n = d.run(o);
  if (expected >= 0 && n != uint64_t(expected))
    throw Error(s.file, s.base + stored,
                s.name + ": the stream decodes to " + std::to_string(n) +
                    " bytes at its stored end; the level declares " + std::to_string(expected));
  out.resize(n);
  return out;
}

size_t decompressInto(const StreamRef& s, uint8_t* out, size_t expected) {
  const uint32_t stored = storedSize(s);
  Decoder d(s, stored);
  d.declared_ = true;
  Output o;
  o.p = out;
  o.cap = expected;
  o.limit = std::min<uint64_t>(expected, outputBound(stored, kHardCap));
  const size_t n = d.run(o);
  if (n != expected)
    throw Error(s.file, s.base + stored,
                s.name + ": the stream decodes to " + std::to_string(n) +
                    " bytes at its stored end; the level declares " + std::to_string(expected));
  return n;
}

} // namespace strata::wad
