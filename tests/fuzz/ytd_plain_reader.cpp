// Written from ytd-layout.md ("Container", "Dictionary", "Gen9 texture",
// "Legacy texture") and ytd-enhanced.md (dictionary and texture tables,
// "Storage and formats") without Strata's reader: its own inflate (zlib), its
// own field offsets, format table and hash.
#include "ytd_plain_reader.h"

#include <zlib.h>

#include <algorithm>
#include <cstring>

namespace strata::fuzz {

namespace {

struct Extent {
  uint64_t at, size;
  std::string what;
};

// Bytes per 4x4 block (bc) or per texel of the stored codes the specs list.
struct Format {
  uint32_t code;
  bool bc;
  uint32_t bytes;
};
const Format kSga[] = {{0x0A, false, 8}, {0x1C, false, 4}, {0x1D, false, 4}, {0x38, false, 2},
                       {0x3D, false, 1}, {0x41, false, 1}, {0x47, true, 8},  {0x48, true, 8},
                       {0x4A, true, 16}, {0x4B, true, 16}, {0x4D, true, 16}, {0x4E, true, 16},
                       {0x50, true, 8},  {0x51, true, 8},  {0x53, true, 16}, {0x54, true, 16},
                       {0x55, false, 2}, {0x56, false, 2}, {0x57, false, 4}, {0x5B, false, 4},
                       {0x5F, true, 16}, {0x60, true, 16}, {0x62, true, 16}, {0x63, true, 16}};
constexpr uint32_t cc(char a, char b, char c, char d) {
  return uint32_t(uint8_t(a)) | uint32_t(uint8_t(b)) << 8 | uint32_t(uint8_t(c)) << 16 |
         uint32_t(uint8_t(d)) << 24;
}
const Format kD3d[] = {{21, false, 4},
                       {22, false, 4},
                       {25, false, 2},
                       {28, false, 1},
                       {32, false, 4},
                       {50, false, 1},
                       {cc('D', 'X', 'T', '1'), true, 8},
                       {cc('D', 'X', 'T', '3'), true, 16},
                       {cc('D', 'X', 'T', '5'), true, 16},
                       {cc('A', 'T', 'I', '1'), true, 8},
                       {cc('A', 'T', 'I', '2'), true, 16},
                       {cc('B', 'C', '7', ' '), true, 16}};

const Format* formatOf(uint32_t version, uint32_t code) {
  if (version == 5) {
    for (const Format& f : kSga)
      if (f.code == code) return &f;
  } else {
    for (const Format& f : kD3d)
      if (f.code == code) return &f;
  }
  return nullptr;
}

uint64_t le(const std::vector<uint8_t>& b, uint64_t at, int n) {
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; --i) v = v << 8 | b[size_t(at) + size_t(i)];
  return v;
}

// Jenkins one-at-a-time over the lower-cased name (ytd-layout.md "Name hash").
uint32_t joaat(const std::string& s) {
  uint32_t h = 0;
  for (char ch : s) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c >= 'A' && c <= 'Z') c = static_cast<unsigned char>(c + 32);
    h += c;
    h += h << 10;
    h ^= h >> 6;
  }
  h += h << 3;
  h ^= h >> 11;
  h += h << 15;
  return h;
}

// ytd-layout.md size(flags), page by page: a 0x200 << (f & 0xF) unit times
// 256, 128, 64, 32, 16, 8, 4, 2, 1 for the fields of bits 4, 5-6, 7-10,
// 11-16, 17-23, 24, 25, 26, 27.
std::vector<uint64_t> pages(uint32_t f) {
  const uint64_t unit = uint64_t(0x200) << (f & 0xF);
  const struct {
    int shift;
    uint32_t mask;
    uint64_t units;
  } fields[] = {{4, 1, 256}, {5, 3, 128}, {7, 15, 64}, {11, 63, 32}, {17, 127, 16},
                {24, 1, 8},  {25, 1, 4},  {26, 1, 2},  {27, 1, 1}};
  std::vector<uint64_t> out;
  for (const auto& fl : fields)
    for (uint32_t i = 0; i < ((f >> fl.shift) & fl.mask); ++i) out.push_back(unit * fl.units);
  return out;
}

uint64_t total(const std::vector<uint64_t>& p) {
  uint64_t t = 0;
  for (uint64_t v : p) t += v;
  return t;
}

bool inOnePage(const std::vector<uint64_t>& p, uint64_t at, uint64_t size) {
  uint64_t start = 0;
  for (uint64_t page : p) {
    if (at < start + page) return at + size <= start + page;
    start += page;
  }
  return false;
}

// Every mip of one slice; with `depth` above 0, of a volume whose depth
// halves with its sides.
// A side at mip m (a record may claim 32 mips or more: a side is 1 by then).
uint64_t side(uint32_t v, uint32_t m) {
  return m < 32 ? std::max(1u, v >> m) : 1;
}

uint64_t chain(const Format& f, uint32_t w, uint32_t h, uint32_t mips, uint32_t depth = 0) {
  uint64_t sum = 0;
  for (uint32_t m = 0; m < mips; ++m) {
    const uint64_t mw = side(w, m), mh = side(h, m);
    const uint64_t md = depth ? side(depth, m) : 1;
    sum += md * (f.bc ? std::max<uint64_t>(1, (mw + 3) / 4) * std::max<uint64_t>(1, (mh + 3) / 4) *
                            f.bytes
                      : mw * mh * f.bytes);
  }
  return sum;
}

class Reader {
public:
  explicit Reader(PlainDictionary& d) : d_(d) {}

  void run(const std::vector<uint8_t>& bytes) {
    if (bytes.size() < 16 || std::memcmp(bytes.data(), "RSC7", 4) != 0)
      return bad("no RSC7 header");
    const uint32_t version = uint32_t(le(bytes, 4, 4));
    d_.version = version;
    d_.systemFlags = uint32_t(le(bytes, 8, 4));
    d_.graphicsFlags = uint32_t(le(bytes, 12, 4));
    if (version != 5 && version != 13) return bad("version " + std::to_string(version));
    if (d_.systemFlags >> 28 != ((version >> 4) & 0xF) || d_.graphicsFlags >> 28 != (version & 0xF))
      bad("the flags' version nibbles are not the version's");
    sysPages_ = pages(d_.systemFlags);
    gfxPages_ = pages(d_.graphicsFlags);
    if (!inflateAll(bytes)) return;
    dictionary();
    overlaps(sysExtents_, "system");
    overlaps(gfxExtents_, "graphics");
  }

private:
  void bad(const std::string& what) { d_.violations.push_back(what); }

  bool inflateAll(const std::vector<uint8_t>& bytes) {
    const uint64_t sys = total(sysPages_), gfx = total(gfxPages_);
    if (sys + gfx > (uint64_t(1) << 31)) return bad("segments larger than 2 GiB"), false;
    std::vector<uint8_t> plain(size_t(sys + gfx) + 1);
    z_stream z{};
    if (inflateInit2(&z, -15) != Z_OK) return bad("zlib"), false;
    z.next_in = const_cast<Bytef*>(bytes.data() + 16);
    z.avail_in = uInt(bytes.size() - 16);
    z.next_out = plain.data();
    z.avail_out = uInt(plain.size());
    const int rc = inflate(&z, Z_FINISH);
    const uint64_t out = z.total_out, used = z.total_in;
    inflateEnd(&z);
    if (rc != Z_STREAM_END) return bad("the deflate stream does not end"), false;
    if (out != sys + gfx)
      return bad("inflates to " + std::to_string(out) + " bytes, the flags say " +
                 std::to_string(sys + gfx)),
             false;
    if (used != bytes.size() - 16) bad("bytes after the deflate stream");
    d_.system.assign(plain.begin(), plain.begin() + ptrdiff_t(sys));
    d_.graphics.assign(plain.begin() + ptrdiff_t(sys), plain.begin() + ptrdiff_t(sys + gfx));
    return true;
  }

  // A system object at pointer `ptr` of `size` bytes: inside one page.
  bool sysObject(uint64_t ptr, uint64_t size, const std::string& what) {
    if ((ptr >> 28) != 5 || (ptr >> 32)) return bad(what + ": not a system pointer"), false;
    const uint64_t at = ptr & 0x0FFFFFFF;
    if (at + size > d_.system.size()) return bad(what + ": outside the system segment"), false;
    if (!inOnePage(sysPages_, at, size)) bad(what + ": crosses a system page boundary");
    sysExtents_.push_back({at, size, what});
    return true;
  }

  void dictionary() {
    if (!sysObject(0x50000000, 0x40, "dictionary")) return;
    const auto& s = d_.system;
    const uint64_t hashes = le(s, 0x20, 8), pointers = le(s, 0x30, 8);
    const uint64_t hashCount = le(s, 0x28, 2), hashCap = le(s, 0x2A, 2);
    const uint64_t count = le(s, 0x38, 2), cap = le(s, 0x3A, 2);
    if (hashCount != hashCap || count != cap) bad("a count differs from its capacity");
    if (hashCount != count) bad("the hash and texture counts differ");
    pageInfo();
    if (!count) return;
    if (!sysObject(hashes, 4 * count, "hash array") ||
        !sysObject(pointers, 8 * count, "pointer array"))
      return;
    const uint64_t recordSize = d_.version == 5 ? 0x80 : 0x90;
    for (uint64_t i = 0; i < count; ++i) {
      const uint32_t hash = uint32_t(le(s, (hashes & 0x0FFFFFFF) + 4 * i, 4));
      if (i && hash <= d_.textures.back().hash) bad("hashes not sorted ascending");
      const uint64_t rec = le(s, (pointers & 0x0FFFFFFF) + 8 * i, 8);
      if (!sysObject(rec, recordSize, "record " + std::to_string(i))) return;
      PlainTexture t;
      t.hash = hash;
      record(rec & 0x0FFFFFFF, t);
      if (!t.name.empty() && joaat(t.name) != hash) bad(t.name + ": hash is not joaat(name)");
      d_.textures.push_back(std::move(t));
    }
  }

  void pageInfo() {
    const uint64_t ptr = le(d_.system, 0x08, 8);
    if (!ptr) return bad("no page info");
    const uint64_t n = sysPages_.size() + gfxPages_.size();
    if (!sysObject(ptr, 16 + 8 * n, "page info")) return;
    const uint64_t at = ptr & 0x0FFFFFFF;
    if (d_.system[size_t(at + 8)] != sysPages_.size() ||
        d_.system[size_t(at + 9)] != gfxPages_.size())
      bad("the page info's counts are not the flags' pages");
  }

  void record(uint64_t at, PlainTexture& t) {
    const auto& s = d_.system;
    const bool v5 = d_.version == 5;
    const uint64_t namePtr = le(s, at + 0x28, 8);
    t.usage = uint32_t(le(s, at + 0x40, 4));
    if (v5) {
      t.width = uint32_t(le(s, at + 0x18, 2));
      t.height = uint32_t(le(s, at + 0x1A, 2));
      t.depth = uint32_t(le(s, at + 0x1C, 2));
      t.format = s[size_t(at + 0x1F)];
      t.mips = s[size_t(at + 0x22)];
    } else {
      t.width = uint32_t(le(s, at + 0x50, 2));
      t.height = uint32_t(le(s, at + 0x52, 2));
      t.depth = uint32_t(le(s, at + 0x54, 2));
      t.format = uint32_t(le(s, at + 0x58, 4));
      t.mips = s[size_t(at + 0x5D)];
    }
    name(namePtr, t);
    const Format* f = formatOf(d_.version, t.format);
    if (!f) return bad(t.name + ": format " + std::to_string(t.format) + " is not in the specs");
    if (!t.width || !t.height || !t.mips) return bad(t.name + ": empty size or no mips");
    const uint64_t full = chain(*f, t.width, t.height, t.mips);
    uint64_t length = full;
    if (v5) {
      const uint64_t blocks = le(s, at + 0x08, 4), blockSize = le(s, at + 0x0C, 4);
      if (blockSize != f->bytes) bad(t.name + ": block size is not the format's");
      // Slices (an array, a cube's faces) or, for dimension 2 or 3 (read either
      // way, ytd-enhanced.md), a volume.
      const uint64_t stored = blocks * blockSize, slices = full * std::max<uint32_t>(1, t.depth);
      const bool volume =
          s[size_t(at + 0x1E)] != 1 && stored == chain(*f, t.width, t.height, t.mips, t.depth);
      if (stored != slices && !volume)
        bad(t.name + ": blockCount x blockSize is not the computed chain");
      length = volume ? stored : slices;
      if (s[size_t(at + 0x1E)] == 1 && t.depth == 1) {
        const uint64_t view = le(s, at + 0x30, 8);
        if (view != 0x50000000 + at + 0x58)
          bad(t.name + ": the view is not at record + 0x58");
        else if (le(s, at + 0x58 + 0x10, 2) != 0x41)
          bad(t.name + ": the view is not 2D");
      }
      if (s[size_t(at + 0x20)] != 255 && s[size_t(at + 0x20)] != 8) bad(t.name + ": tiled");
    } else {
      const uint64_t stride = le(s, at + 0x56, 2);
      const uint64_t pitch = f->bc ? (t.width + 3) / 4 * f->bytes / 4 : t.width * f->bytes;
      if (stride != pitch) bad(t.name + ": stride is not the packed pitch");
      if (t.depth != 1) bad(t.name + ": legacy depth is not 1");
      // ytd-layout.md: the legacy formula's length is what must be stored.
      uint64_t formula = 0, mip = stride * t.height;
      for (uint32_t m = 0; m < t.mips; ++m, mip /= 4) formula += mip;
      length = formula;
    }
    data(le(s, at + (v5 ? 0x38 : 0x70), 8), length, v5 ? length : full, t);
  }

  void name(uint64_t ptr, PlainTexture& t) {
    if ((ptr >> 28) != 5) return bad("a name pointer is not a system pointer");
    const uint64_t at = ptr & 0x0FFFFFFF;
    uint64_t end = at;
    while (end < d_.system.size() && d_.system[size_t(end)]) ++end;
    if (end >= d_.system.size()) return bad("a name runs off the system segment");
    t.name.assign(d_.system.begin() + ptrdiff_t(at), d_.system.begin() + ptrdiff_t(end));
    sysObject(ptr, end - at + 1, "name " + t.name);
  }

  // The data's stored length must lie in one graphics page; the full chain
  // is read where the page holds it.
  void data(uint64_t ptr, uint64_t stored, uint64_t full, PlainTexture& t) {
    if ((ptr >> 28) != 6 || (ptr >> 32)) return bad(t.name + ": data is not a graphics pointer");
    const uint64_t at = ptr & 0x0FFFFFFF;
    if (at + stored > d_.graphics.size()) return bad(t.name + ": data outside its segment");
    if (!inOnePage(gfxPages_, at, stored)) bad(t.name + ": data crosses a graphics page boundary");
    gfxExtents_.push_back({at, stored, t.name + " data"});
    t.dataOffset = at;
    const uint64_t n = inOnePage(gfxPages_, at, full) ? full : stored;
    t.data.assign(d_.graphics.begin() + ptrdiff_t(at), d_.graphics.begin() + ptrdiff_t(at + n));
  }

  void overlaps(std::vector<Extent> e, const char* segment) {
    std::sort(e.begin(), e.end(), [](const Extent& a, const Extent& b) { return a.at < b.at; });
    for (size_t i = 1; i < e.size(); ++i)
      if (e[i].at < e[i - 1].at + e[i - 1].size)
        bad(std::string(segment) + ": " + e[i].what + " overlaps " + e[i - 1].what);
  }

  PlainDictionary& d_;
  std::vector<uint64_t> sysPages_, gfxPages_;
  std::vector<Extent> sysExtents_, gfxExtents_;
};

} // namespace

PlainDictionary readPlainYtd(const std::vector<uint8_t>& bytes) {
  PlainDictionary d;
  Reader(d).run(bytes);
  return d;
}

} // namespace strata::fuzz
