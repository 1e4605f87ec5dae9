#include "ytd/drawable_read.h"

#include "common/bytes.h"
#include "strata/error.h"
#include "strata/fileio.h"
#include "ytd/ytd_pointers.h"

#include <filesystem>
#include <map>

namespace strata::ytd {

namespace {

// ydr-embedded.md §2.
constexpr uint64_t kDrawableShaderGroup = 0x10;   // Drawable / FragDrawable +0x10 ShaderGroup*
constexpr uint64_t kShaderGroupDictionary = 0x08; // ShaderGroup +0x08 TextureDictionary*
constexpr uint64_t kYddDrawables = 0x30, kYddDrawableCount = 0x38; // pgDictionary root
constexpr uint64_t kYddHashes = 0x20, kYddFirstWord = 0x10, kYddSecondWord = 0x18;
constexpr uint64_t kYftDrawable = 0x30, kYftDrawableArray = 0x38, kYftArrayCount = 0x48;
constexpr uint64_t kYftClothDrawable = 0xF8;
constexpr uint64_t kYftRootSize = 0x100; // enough for +0xF8 (FragType is 0x130)

// What the walk reads, by role, as its errors name them.
enum class Role { Root, Drawable, ShaderGroup, Dictionary };
constexpr const char* kRoleNames[] = {"resource root", "drawable", "shader group",
                                      "texture dictionary"};
const char* roleName(Role r) {
  return kRoleNames[int(r)];
}
// Bytes of a drawable and a shader group the walk reads (and so may not
// overlap another object's).
constexpr uint64_t kDrawableSize = 0x18, kShaderGroupSize = 0x10;

// Walks the fixed-depth paths. Every object is recorded with its role; an
// object met again in the same role is a shared one (skipped), one that
// overlaps an object of another role is a pointer loop (an error).
class Walker {
public:
  Walker(const ResourceMemory& mem, TextureContainer& c) : mem_(mem), c_(c) {}

  void root(uint64_t size) { visit(kSystemBase, Role::Root, 0, size); }

  void drawable(uint64_t ptr, const std::string& label, uint64_t at) {
    if (!ptr || !visit(ptr, Role::Drawable, at, kDrawableSize)) return;
    ByteReader r = mem_.reader(ptr, kDrawableSize, label, at);
    r.seek(kDrawableShaderGroup, "shader group pointer");
    const uint64_t sgAt = r.fileOffset(r.tell());
    const uint64_t sg = r.u64("shader group pointer");
    if (!sg) return; // fragment children and damaged drawables (§3, item 2)
    if (!visit(sg, Role::ShaderGroup, sgAt, kShaderGroupSize)) return;
    ByteReader g = mem_.reader(sg, kShaderGroupSize, "shader group", sgAt);
    g.seek(kShaderGroupDictionary, "texture dictionary pointer");
    const uint64_t txdAt = g.fileOffset(g.tell());
    const uint64_t txd = g.u64("texture dictionary pointer");
    if (!txd) return; // nothing embedded: the usual case (§3, item 1)
    if (!visit(txd, Role::Dictionary, txdAt, kDictionarySize)) return;
    // A dictionary whose arrays cannot be read breaks that dictionary only:
    // the others of the drawable still convert under --partial.
    TextureDictionary d;
    DictionaryReading reading;
    try {
      d = readDictionary(mem_, txd, c_.edition, txdAt, reading);
    } catch (const Error& err) {
      d = TextureDictionary();
      d.address = txd;
      reading = DictionaryReading();
      reading.findings.push_back({Severity::Error, err.offset(), err.detail()});
    }
    reading.via = label + " " + describePointer(ptr) + " +0x10 -> shader group " +
                  describePointer(sg) + " +0x08";
    c_.dictionaries.push_back(std::move(d));
    c_.readings.push_back(std::move(reading));
  }

  // An array of `count` drawable pointers at `ptr` (null entries skipped).
  void drawableArray(uint64_t ptr, uint64_t count, const std::string& label, uint64_t at) {
    if (!ptr || !count) return;
    ByteReader r = mem_.reader(ptr, count * 8,
                               label + " pointer array (" + std::to_string(count) + " x u64)", at);
    for (uint64_t i = 0; i < count; ++i) {
      const uint64_t entryAt = r.fileOffset(r.tell());
      drawable(r.u64("drawable pointer"), label + "[" + std::to_string(i) + "]", entryAt);
    }
  }

private:
  bool visit(uint64_t ptr, Role role, uint64_t at, uint64_t size) {
    mem_.resolve(ptr, size, std::string(roleName(role)) + " pointer", at);
    for (auto& [addr, object] : seen_) {
      const auto& [seen, seenSize] = object;
      if (addr == ptr && seen == role) return false; // shared: already read
      if (ptr < addr + seenSize && addr < ptr + size)
        mem_.fail(at, std::string("pointer loop: the ") + roleName(role) + " pointer " +
                          describePointer(ptr) + " points into the " + roleName(seen) + " at " +
                          describePointer(addr));
    }
    seen_.emplace(ptr, std::make_pair(role, size));
    return true;
  }

  const ResourceMemory& mem_;
  TextureContainer& c_;
  std::multimap<uint64_t, std::pair<Role, uint64_t>> seen_; // address -> role, bytes read
};

const char* kindName(DrawableKind k) {
  return k == DrawableKind::Ydr ? "ydr" : k == DrawableKind::Ydd ? "ydd" : "yft";
}

// ydr-embedded.md §2, the .ydd root: +0x10 u64 0, +0x18 u64 1, +0x20 hashes.
bool looksLikeYdd(const ResourceMemory& mem) {
  if (mem.bytesAvailable(kSystemBase) < 0x40) return false;
  const auto& s = mem.resource().system;
  auto u64at = [&](size_t o) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = v << 8 | s[o + size_t(i)];
    return v;
  };
  return u64at(kYddFirstWord) == 0 && u64at(kYddSecondWord) == 1 && u64at(kYddHashes) != 0;
}

} // namespace

bool isDrawableVersion(uint32_t v) {
  return v == 165 || v == 162 || v == 159 || v == 154 || v == 171;
}

Edition drawableEdition(uint32_t v) {
  return v == 159 || v == 154 || v == 171 ? Edition::Enhanced : Edition::Legacy;
}

DrawableKind drawableKind(const std::string& path, uint32_t version) {
  const std::string ext = lowerExtension(path);
  const bool yftVersion = version == 162 || version == 171;
  const bool ydrVersion = version == 165 || version == 159 || version == 154;
  auto mismatch = [&](const char* expected) {
    throw Unsupported(path, 4,
                      "resource version " + std::to_string(version) + " is not a " + ext +
                          " version (expected " + expected + ")");
  };
  if (ext == ".yft") {
    if (!yftVersion) mismatch("162 legacy or 171 Enhanced");
    return DrawableKind::Yft;
  }
  if (ext == ".ydr" || ext == ".ydd") {
    if (!ydrVersion) mismatch("165 legacy or 159/154 Enhanced");
    return ext == ".ydr" ? DrawableKind::Ydr : DrawableKind::Ydd;
  }
  if (yftVersion) return DrawableKind::Yft;
  if (ydrVersion) return DrawableKind::Ydr; // refined by the root object in readDrawable
  throw Unsupported(path, 4,
                    "resource version " + std::to_string(version) +
                        " is not a drawable version (165/159/154 .ydr/.ydd, 162/171 .yft)");
}

TextureContainer readDrawable(const std::vector<uint8_t>& bytes, const std::string& file) {
  const Rsc7Header h = readRsc7Header(bytes, file);
  DrawableKind kind = drawableKind(file, h.version);
  TextureContainer c;
  c.file = file;
  c.edition = drawableEdition(h.version);
  c.resource = readResource(bytes, file);
  ResourceMemory mem(c.resource);
  const std::string ext = lowerExtension(file);
  if (kind == DrawableKind::Ydr && ext != ".ydr" && looksLikeYdd(mem)) kind = DrawableKind::Ydd;
  c.kind = kindName(kind);

  Walker walk(mem, c);
  switch (kind) {
  case DrawableKind::Ydr:
    walk.drawable(kSystemBase, "drawable", 0); // the root is the drawable
    break;
  case DrawableKind::Ydd: {
    walk.root(0x40);
    ByteReader r = mem.reader(kSystemBase, 0x40, "drawable dictionary root (0x40 bytes)", 0);
    r.seek(kYddDrawables, "drawable pointer array");
    const uint64_t arr = r.u64("drawable pointer array");
    r.seek(kYddDrawableCount, "drawable count");
    const uint16_t count = r.u16("drawable count");
    walk.drawableArray(arr, count, "drawable dictionary entry", kYddDrawables);
    break;
  }
  case DrawableKind::Yft: {
    walk.root(kYftRootSize);
    ByteReader r = mem.reader(kSystemBase, kYftRootSize, "fragment type root", 0);
    r.seek(kYftDrawable, "fragment drawable pointer");
    const uint64_t main = r.u64("fragment drawable pointer");
    const uint64_t arr = r.u64("drawable array pointer");
    r.seek(kYftArrayCount, "drawable array count");
    const uint32_t count = r.u32("drawable array count");
    r.seek(kYftClothDrawable, "cloth drawable pointer");
    const uint64_t cloth = r.u64("cloth drawable pointer");
    walk.drawable(main, "fragment drawable", kYftDrawable);
    walk.drawableArray(arr, count, "fragment drawable array", kYftDrawableArray);
    walk.drawable(cloth, "cloth drawable", kYftClothDrawable);
    break;
  }
  }
  finishTextures(mem, c);
  return c;
}

} // namespace strata::ytd
