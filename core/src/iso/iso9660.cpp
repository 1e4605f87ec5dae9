#include "iso/iso9660.h"

#include "common/bytes.h"
#include "strata/error.h"
#include "strata/text.h"

#include <cstring>
#include <set>

namespace strata::iso {

namespace {

// ECMA-119 7.5 allows d-characters only, but a hostile image may hold any
// byte: escaped once here (strata/text.h), with '/' as %2F so that a name
// never adds a level to the '/'-separated path.
std::string identifierText(const std::string& bytes) {
  std::string out;
  for (char c : escapeUtf8(bytes)) out += c == '/' ? std::string("%2F") : std::string(1, c);
  return out;
}

constexpr size_t kRecordMin = 34; // a directory record's fixed part with a one-byte name

struct Walker {
  const uint8_t* data;
  size_t size;
  const std::string& image;
  uint64_t block = 2048;
  std::set<uint64_t> visited; // directory extents
  std::vector<FileEntry> files;
  size_t entries = 0;
  std::vector<std::string>* skipped = nullptr;

  [[noreturn]] void fail(uint64_t at, const std::string& what) const {
    throw Error(image, at, "ISO-9660: " + what);
  }

  // The extent [lba * block, + length) inside the image, else an error at `field`.
  uint64_t extent(uint64_t field, uint32_t lba, uint32_t length, const std::string& what) const {
    const uint64_t at = uint64_t(lba) * block;
    if (!fitsWithin(at, length, size))
      fail(field, what + ": its extent (block " + std::to_string(lba) + ", " +
                      std::to_string(length) + " bytes) lies outside the image (" +
                      std::to_string(size) + " bytes)");
    return at;
  }

  void walk(uint64_t at, uint32_t length, const std::string& prefix, size_t depth, uint64_t field) {
    if (depth > kMaxDepth)
      fail(field, "directory " + prefix + " lies " + std::to_string(depth) +
                      " levels deep; expected at most " + std::to_string(kMaxDepth));
    if (!visited.insert(at).second)
      fail(field, "directory " + (prefix.empty() ? std::string("/") : prefix) +
                      " points at an extent already walked (a directory loop)");
    uint64_t pos = at;
    const uint64_t end = at + length;
    while (pos < end) {
      const uint8_t len = data[pos];
      if (len == 0) { // records do not cross a block: the rest of this one is padding
        pos = (pos / block + 1) * block;
        continue;
      }
      const uint64_t blockEnd = (pos / block + 1) * block;
      if (len < kRecordMin || pos + len > end || pos + len > blockEnd)
        fail(pos, "a directory record of " + std::to_string(len) +
                      " bytes; expected at least 34, inside its directory and its block");
      const uint8_t nameLen = data[pos + 32];
      if (nameLen == 0 || 33u + nameLen > len)
        fail(pos + 32, "a file identifier of " + std::to_string(nameLen) +
                           " bytes in a record of " + std::to_string(len));
      if (++entries > kMaxEntries)
        fail(pos, "more than " + std::to_string(kMaxEntries) + " directory records");
      const uint32_t lba = loadLE<uint32_t>(data + pos + 2);
      const uint32_t bytes = loadLE<uint32_t>(data + pos + 10);
      const uint8_t flags = data[pos + 25];
      const uint8_t first = data[pos + 33];
      const bool special = nameLen == 1 && (first == 0 || first == 1); // "." and ".."
      if (!special) {
        std::string name(reinterpret_cast<const char*>(data + pos + 33), nameLen);
        if (size_t semi = name.find(';'); semi != std::string::npos) name.resize(semi);
        if (!name.empty() && name.back() == '.') name.pop_back();
        name = identifierText(name);
        const std::string path = prefix.empty() ? name : prefix + "/" + name;
        const uint64_t x = extent(pos + 2, lba, bytes, path);
        if (flags & 0x02) {
          if (!skipped) {
            walk(x, bytes, path, depth + 1, pos);
          } else {
            try {
              walk(x, bytes, path, depth + 1, pos);
            } catch (const Error& e) {
              skipped->push_back(std::string(e.what()) + " (directory " + path + " left out)");
            }
          }
        } else
          files.push_back({path, x, bytes});
      }
      pos += len;
    }
  }
};

} // namespace

bool looksLikeIso(const uint8_t* data, size_t size) {
  return size >= kDescriptorStart + 7 &&
         std::memcmp(data + kDescriptorStart + 1, "CD001", 5) == 0 &&
         data[kDescriptorStart + 6] == 1;
}

std::vector<FileEntry> listFiles(const uint8_t* data, size_t size, const std::string& image,
                                 std::vector<std::string>* skipped) {
  Walker w{data, size, image, 2048, {}, {}, 0, skipped};
  // Volume descriptors from sector 16 until the terminator (type 255).
  uint64_t at = kDescriptorStart;
  for (;; at += 2048) {
    if (!fitsWithin(at, 2048, size))
      w.fail(at, "no primary volume descriptor before the end of the image; expected one from "
                 "sector 16");
    if (std::memcmp(data + at + 1, "CD001", 5) != 0)
      w.fail(at + 1, "a volume descriptor without \"CD001\"; expected one per sector from 16 up "
                     "to the terminator");
    if (data[at] == 1) break;
    if (data[at] == 255)
      w.fail(at, "the volume descriptor terminator comes before any primary volume descriptor");
  }
  const uint16_t block = loadLE<uint16_t>(data + at + 128);
  if (block != 512 && block != 1024 && block != 2048)
    w.fail(at + 128,
           "logical block size " + std::to_string(block) + "; expected 512, 1024 or 2048");
  w.block = block;
  const uint64_t root = at + 156; // the root directory record (34 bytes)
  if (data[root] < kRecordMin || !(data[root + 25] & 0x02))
    w.fail(root, "the root directory record is not a directory record of 34 bytes");
  const uint32_t lba = loadLE<uint32_t>(data + root + 2);
  const uint32_t bytes = loadLE<uint32_t>(data + root + 10);
  w.walk(w.extent(root + 2, lba, bytes, "the root directory"), bytes, "", 0, root);
  return std::move(w.files);
}

} // namespace strata::iso
