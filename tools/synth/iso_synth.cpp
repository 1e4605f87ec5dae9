#include "synth/iso_synth.h"

#include <algorithm>
#include <map>
#include <memory>

namespace strata::iso {

namespace {

constexpr size_t kBlock = 2048;

struct Dir {
  std::map<std::string, std::unique_ptr<Dir>> dirs;
  std::map<std::string, const SynthFile*> files;
  uint32_t lba = 0;
};

void both32(std::vector<uint8_t>& b, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) {
    b[at + size_t(i)] = uint8_t(v >> (8 * i));
    b[at + 7 - size_t(i)] = uint8_t(v >> (8 * i));
  }
}
void both16(std::vector<uint8_t>& b, size_t at, uint16_t v) {
  b[at] = uint8_t(v);
  b[at + 1] = uint8_t(v >> 8);
  b[at + 2] = uint8_t(v >> 8);
  b[at + 3] = uint8_t(v);
}

// A directory record of `name` at `at`; returns its length.
size_t record(std::vector<uint8_t>& b, size_t at, const std::string& name, uint32_t lba,
              uint32_t size, bool dir) {
  const size_t len = 33 + name.size() + (name.size() % 2 == 0 ? 1 : 0);
  b[at] = uint8_t(len);
  both32(b, at + 2, lba);
  both32(b, at + 10, size);
  b[at + 25] = dir ? 0x02 : 0x00;
  both16(b, at + 28, 1);
  b[at + 32] = uint8_t(name.size());
  std::copy(name.begin(), name.end(), b.begin() + long(at + 33));
  return len;
}

struct Builder {
  Dir root;
  std::vector<uint8_t> img = std::vector<uint8_t>(18 * kBlock, 0);
  SynthLayout layout;

  void place(Dir& d) { // one sector per directory, depth first
    d.lba = uint32_t(img.size() / kBlock);
    layout.directoryExtents.push_back(img.size());
    img.resize(img.size() + kBlock, 0);
    for (auto& [name, sub] : d.dirs) place(*sub);
  }

  void fill(Dir& d, const Dir& parent) {
    size_t at = size_t(d.lba) * kBlock;
    at += record(img, at, std::string(1, '\0'), d.lba, kBlock, true);
    at += record(img, at, std::string(1, '\1'), parent.lba, kBlock, true);
    for (auto& [name, sub] : d.dirs) at += record(img, at, name, sub->lba, kBlock, true);
    for (auto& [name, f] : d.files) {
      const uint32_t lba = uint32_t((img.size() + kBlock - 1) / kBlock);
      img.resize(size_t(lba) * kBlock, 0);
      img.insert(img.end(), f->bytes.begin(), f->bytes.end());
      at += record(img, at, name + ";1", lba, uint32_t(f->bytes.size()), false);
    }
    for (auto& [name, sub] : d.dirs) fill(*sub, d);
  }
};

} // namespace

static Builder build(const std::vector<SynthFile>& files) {
  Builder b;
  for (const SynthFile& f : files) {
    Dir* d = &b.root;
    std::string p = f.path;
    for (size_t slash; (slash = p.find('/')) != std::string::npos; p.erase(0, slash + 1)) {
      auto& sub = d->dirs[p.substr(0, slash)];
      if (!sub) sub = std::make_unique<Dir>();
      d = sub.get();
    }
    d->files[p] = &f;
  }
  b.place(b.root);
  b.fill(b.root, b.root);
  b.img.resize((b.img.size() + kBlock - 1) / kBlock * kBlock, 0);
  // The primary volume descriptor (sector 16) and the terminator (17).
  std::vector<uint8_t>& img = b.img;
  const size_t pvd = 16 * kBlock;
  img[pvd] = 1;
  std::copy_n("CD001", 5, img.begin() + long(pvd + 1));
  img[pvd + 6] = 1;
  std::fill_n(img.begin() + long(pvd + 8), 32, ' ');
  const std::string volume = "STRATA_SYNTH";
  std::fill_n(img.begin() + long(pvd + 40), 32, ' ');
  std::copy(volume.begin(), volume.end(), img.begin() + long(pvd + 40));
  both32(img, pvd + 80, uint32_t(img.size() / kBlock));
  both16(img, pvd + 120, 1);
  both16(img, pvd + 124, 1);
  both16(img, pvd + 128, uint16_t(kBlock));
  record(img, pvd + 156, std::string(1, '\0'), b.root.lba, kBlock, true);
  img[pvd + 881] = 1;
  const size_t end = 17 * kBlock;
  img[end] = 255;
  std::copy_n("CD001", 5, img.begin() + long(end + 1));
  img[end + 6] = 1;
  return b;
}

std::vector<uint8_t> synthIso(const std::vector<SynthFile>& files) {
  return build(files).img;
}

SynthLayout synthIsoLayout(const std::vector<SynthFile>& files) {
  return build(files).layout;
}

} // namespace strata::iso
