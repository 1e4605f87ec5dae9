#include "synth/rc2_synth.h"

#include "common/bytes.h"
#include "synth/tfrag_synth.h"
#include "tfrag/tfrag_write.h"
#include "wad/wad_codec.h"

#include <cstring>

namespace strata::rc2 {

namespace {

constexpr size_t kSector = 0x800;
constexpr size_t kCoreHeader = 0xC0; // at least the 0xBC of section 7, the table after it

void padTo(std::vector<uint8_t>& b, size_t align, uint8_t fill = 0) {
  while (b.size() % align) b.push_back(fill);
}

// The core index the tfrag level writer makes, its header widened to 0xC0
// bytes (the table moves after it) and the compressed size at 0x88.
std::vector<uint8_t> widenCoreIndex(const std::vector<uint8_t>& idx, uint32_t compressed) {
  const uint32_t tableAt = loadLE<uint32_t>(idx, 0x34);
  std::vector<uint8_t> out(idx.begin(), idx.begin() + tableAt);
  out.resize(kCoreHeader, 0);
  out.insert(out.end(), idx.begin() + tableAt, idx.end());
  storeLE<uint32_t>(out, 0x34, uint32_t(kCoreHeader));
  storeLE<uint32_t>(out, 0x88, compressed);
  return out;
}

// A tfrags block of its own for chunk `k`: the sample terrain moved 16 world
// units per chunk along y.
std::vector<uint8_t> chunkBlock(int k, int px, int py) {
  tfrag::SampleLevel s = tfrag::makeSampleLevel(px, py);
  for (tfrag::Tfrag& t : s.block.tfrags) {
    t.origin[1] += 16 * 1024 * k;
    t.lightOrigin = t.origin;
    t.header.bsphere[1] += float(16 * 1024 * k);
  }
  return tfrag::writeTfragsBlock(s.block);
}

std::vector<uint8_t> stub(const char* text, size_t size) {
  std::vector<uint8_t> b(size, 0);
  std::memcpy(b.data(), text, std::min(size, std::strlen(text)));
  for (size_t i = std::strlen(text); i < size; ++i) b[i] = uint8_t(i * 7);
  return b;
}

struct Core {
  std::vector<uint8_t> coreIndex, gsRam, coreData, coreDataWad;
};

Core makeCore(const SynthLevel& o) {
  const tfrag::LevelFiles f = tfrag::sampleLevelFiles(o.patchesX, o.patchesY);
  Core c;
  c.coreData = f.coreData;
  c.gsRam = f.gsRam;
  c.coreDataWad = wad::compress(c.coreData, "coredata");
  c.coreIndex = widenCoreIndex(f.coreIndex, uint32_t(c.coreDataWad.size()));
  return c;
}

// Section 2: the extent's 0x58-byte header and its lumps, each 16-aligned.
std::vector<uint8_t> dataExtent(const Core& c) {
  std::vector<uint8_t> x(0x58, 0);
  auto put = [&](size_t field, const std::vector<uint8_t>& lump) {
    padTo(x, 16);
    storeLE<int32_t>(x, field, int32_t(x.size()));
    storeLE<int32_t>(x, field + 4, int32_t(lump.size()));
    x.insert(x.end(), lump.begin(), lump.end());
  };
  auto absent = [&](size_t field) {
    storeLE<int32_t>(x, field, -1);
    storeLE<int32_t>(x, field + 4, 0);
  };
  put(0x00, stub("overlay: level code stub", 0x40));
  put(0x08, c.coreIndex);
  put(0x10, c.gsRam);
  put(0x18, stub("hud header stub", 0x20));
  put(0x20, wad::compress(stub("hud bank 0", 0x200), "hudbank0"));
  for (size_t i = 1; i < 5; ++i) absent(0x20 + 8 * i);
  put(0x48, c.coreDataWad);
  absent(0x50);
  return x;
}

} // namespace

std::vector<uint8_t> synthLevelWad(const SynthLevel& o) {
  const Core core = makeCore(o);
  std::vector<uint8_t> f(kSector, 0);
  auto range = [&](size_t field, size_t begin, size_t end) {
    storeLE<int32_t>(f, field, int32_t(begin / kSector));
    storeLE<int32_t>(f, field + 4, int32_t((end - begin + kSector - 1) / kSector));
  };
  // Disc order (section 1): sound bank from sector 1, data, gameplay,
  // occlusion, chunks; header slot order differs.
  auto lump = [&](size_t field, const std::vector<uint8_t>& bytes) {
    padTo(f, kSector);
    const size_t begin = f.size();
    f.insert(f.end(), bytes.begin(), bytes.end());
    range(field, begin, f.size());
  };
  std::vector<uint8_t> bank = stub("SBlk", 0x240);
  lump(0x18, bank);
  lump(0x10, dataExtent(core));
  lump(0x20, wad::compress(stub("gameplay stub", 0x400), "gameplay"));
  lump(0x28, stub("occlusion stub", 0x100));
  if (o.chunked)
    for (int k = 1; k <= 2; ++k) {
      // Section 4: {tfrags, collision} then the stream, 16-aligned.
      std::vector<uint8_t> chunk(0x10, 0);
      storeLE<int32_t>(chunk, 0, 0x10);
      const std::vector<uint8_t> s =
          wad::compress(chunkBlock(k, k == 1 ? 2 : 1, k == 1 ? 1 : 2), "chnktfrag");
      chunk.insert(chunk.end(), s.begin(), s.end());
      lump(0x30 + 8 * size_t(k), chunk);
    }
  storeLE<int32_t>(f, 0x00, 0x60);
  storeLE<int32_t>(f, 0x04, 0);
  storeLE<int32_t>(f, 0x08, o.id);
  storeLE<int32_t>(f, 0x0c, o.reverb);
  return f; // the last lump unpadded: its rounded-up size runs past the end
}

std::vector<uint8_t> synthLevelWad(int32_t id, bool chunked) {
  SynthLevel o;
  o.id = id;
  o.chunked = chunked;
  return synthLevelWad(o);
}

SynthExtracted synthExtracted(const SynthLevel& o) {
  const Core core = makeCore(o);
  SynthExtracted e;
  e.data = dataExtent(core);
  e.coreIndex = core.coreIndex;
  e.gsRam = core.gsRam;
  e.coreDataWad = core.coreDataWad;
  e.coreData = core.coreData;
  return e;
}

} // namespace strata::rc2
