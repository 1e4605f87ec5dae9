// Seed corpora for the fuzz harnesses, made at fuzz time into the build tree
// (never committed): small files from Strata's own writers for every
// harness, plus every sample file (samples/, ../shared/samples) sorted to its
// harness by the format table's magic detection.
//   strata_fuzz_seeds OUT_DIR SAMPLE_DIR...
#include "bases.h"
#include "edit_seeds.h"
#include "harness.h"

#include "atlas/atlas_io.h"
#include "atlas/atlas_scene.h"
#include "chu/chu_io.h"
#include "gltf_writer.h"
#include "strata/fileio.h"
#include "strata/image.h"
#include "synth/atlas_synth.h"
#include "synth/chu_synth.h"
#include "synth/iso_synth.h"
#include "synth/rc2_synth.h"
#include "synth/tfrag_synth.h"
#include "synth/ytd_synth.h"
#include "tfrag/tfrag_level.h"
#include "tfrag/tfrag_read.h"
#include "tfrag/tfrag_vif.h"
#include "tqt/tqt_io.h"
#include "wad/wad_codec.h"
#include "ytd/drawable_read.h"
#include "ytd/ytd_rsc7.h"
#include "ytd/ytd_write.h"

#include <OpenImageIO/filesystem.h>
#include <OpenImageIO/imageio.h>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>
#include <zlib.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <random>
#include <stdexcept>

namespace fs = std::filesystem;
using namespace strata;
using Bytes = std::vector<uint8_t>;

namespace {

fs::path gOut;
std::map<std::string, int> gCounts;

void seed(const std::string& harness, const std::string& name, const Bytes& bytes) {
  writeFileAtomic((gOut / harness / name).string(), bytes);
  ++gCounts[harness];
}

Bytes noise(size_t n, uint32_t s) {
  std::mt19937 rng(s);
  Bytes b(n);
  for (auto& v : b) v = uint8_t(rng());
  return b;
}

void atlasSeeds() {
  for (uint32_t version : {100u, 101u, 120u, 130u, 140u}) {
    atlas::SynthOptions o;
    o.version = version;
    o.treeDepth = 2;
    o.gridQuads = 2;
    seed("atlas", "v" + std::to_string(version) + ".atlas",
         atlas::writeAtlas(atlas::synthTerrain(o)));
  }
  atlas::SynthOptions o;
  o.treeDepth = 2;
  o.gridQuads = 2;
  for (uint8_t format : {uint8_t(1), uint8_t(2)}) {
    atlas::File f = atlas::synthTerrain(o);
    atlas::SynthTextureTree tiles;
    tiles.depth = 2;
    tiles.tileSize = 4;
    tiles.format = format;
    atlas::addUniqueTextures(f, tiles);
    seed("atlas", format == 1 ? "unique-png.atlas" : "unique-dds.atlas", atlas::writeAtlas(f));
  }
  atlas::File blended = atlas::synthTerrain(o);
  // Opacity and light trees (depth, tile size, mFormat), the light as DDS.
  atlas::addBlendedTextures(blended, {2, 4}, {1, 4, 2}, {"a.png", "b.png", "c.png", "d.png"}, 64);
  seed("atlas", "blended.atlas", atlas::writeAtlas(blended));
}

void chuSeeds() {
  for (int16_t depth : {int16_t(1), int16_t(2), int16_t(3)}) {
    chu::SynthOptions o;
    o.treeDepth = depth;
    o.gridQuads = 2;
    o.colTreeDepth = depth == 2 ? 0 : 2;
    seed("chu", "depth" + std::to_string(depth) + ".chu", chu::writeChu(chu::synthChu(o)));
  }
  for (bool bc1 : {false, true}) {
    tqt::SynthOptions o;
    o.treeDepth = bc1 ? 3 : 2;
    o.tileSize = 4;
    o.mips = bc1 ? 3 : 1;
    o.bc1 = bc1;
    seed("tqt", bc1 ? "bc1.tqt" : "rgba8.tqt", tqt::writeTqt(tqt::synthTqt(o)));
  }
}

// A drawable around a writer-made dictionary: the .ytd's system segment moved
// up by kShift (its pointers into the segment relocated: every 8-aligned u64
// that points into it), and the drawable objects of ydr-embedded.md §2 in
// front. Read back to prove the path reaches the dictionary.
Bytes drawableAround(const Bytes& ytdBytes, uint32_t version, ytd::DrawableKind kind) {
  constexpr uint64_t kBase = 0x50000000, kShift = 0x200;
  const ytd::Resource r = ytd::readResource(ytdBytes, "seed.ytd");
  Bytes sys(kShift + r.system.size(), 0);
  auto put64 = [&](size_t at, uint64_t v) {
    for (int i = 0; i < 8; ++i) sys[at + size_t(i)] = uint8_t(v >> (8 * i));
  };
  for (size_t i = 0; i < r.system.size(); ++i) sys[kShift + i] = r.system[i];
  for (size_t at = kShift; at + 8 <= sys.size(); at += 8) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = v << 8 | sys[at + size_t(i)];
    if (v >= kBase && v < kBase + r.system.size()) put64(at, v + kShift);
  }
  // drawable at 0x100 (+0x10 -> shader group at 0x140, +0x08 -> dictionary).
  const uint64_t drawable = kind == ytd::DrawableKind::Ydr ? 0 : 0x100;
  put64(drawable + 0x10, kBase + 0x140);
  put64(0x140 + 0x08, kBase + kShift);
  if (kind == ytd::DrawableKind::Ydd) { // pgDictionary root: +0x18 1, hashes, drawables
    put64(0x18, 1);
    put64(0x20, kBase + 0x40);
    put64(0x30, kBase + 0x60);
    sys[0x38] = 1, sys[0x3A] = 1;
    put64(0x60, kBase + drawable);
  } else if (kind == ytd::DrawableKind::Yft) { // fragment type: +0x30 its drawable
    put64(0x30, kBase + drawable);
  }
  Bytes out = ytd::writeResource(version, sys, r.graphics);
  const ytd::TextureContainer c = ytd::readDrawable(out, "seed");
  if (c.dictionaries.size() != 1 || c.dictionaries[0].entries.empty())
    throw std::logic_error("a drawable seed does not reach its dictionary");
  return out;
}

void ytdSeeds() {
  using ytd::DrawableKind;
  using ytd::Edition;
  for (Edition e : {Edition::Enhanced, Edition::Legacy}) {
    const bool enhanced = e == Edition::Enhanced;
    const std::vector<Image> images = ytd::synthTextureSet(e);
    const Bytes whole = ytd::writeYtd(images, e);
    seed("ytd", enhanced ? "v5.ytd" : "v13.ytd", whole);
    seed("ytdwrite", enhanced ? "v5.ytd" : "v13.ytd", whole);
    for (size_t i = 0; i < images.size(); ++i)
      seed("ytd", (enhanced ? "v5-" : "v13-") + std::to_string(i) + ".ytd",
           ytd::writeYtd(std::vector<Image>{images[i]}, e));
    if (!enhanced) {
      ytd::YtdWriteOptions o;
      o.legacyFormulaData = true;
      seed("ytd", "v13-formula.ytd", ytd::writeYtd(images, e, o));
    }
    const Bytes one = ytd::writeYtd(std::vector<Image>{images[0]}, e);
    seed("drawable", enhanced ? "v159.ydr" : "v165.ydr",
         drawableAround(one, enhanced ? 159 : 165, DrawableKind::Ydr));
    seed("ytdwrite", enhanced ? "v159.ydr" : "v165.ydr",
         drawableAround(one, enhanced ? 159 : 165, DrawableKind::Ydr));
    // The writers' image inputs: a mip-0 PNG and the DDS of each texture.
    for (size_t i = 0; i < images.size(); ++i) {
      const Image& img = images[i];
      const std::vector<uint8_t> px = image::decodeRGBA8(img);
      seed("ytdwrite", (enhanced ? "v5-" : "v13-") + std::to_string(i) + ".png",
           image::encodePNG(px.data(), img.width, img.height));
      seed("ytdwrite", (enhanced ? "v5-" : "v13-") + std::to_string(i) + ".dds",
           image::writeDDS(img));
    }
    seed("drawable", enhanced ? "v159.ydd" : "v165.ydd",
         drawableAround(one, enhanced ? 159 : 165, DrawableKind::Ydd));
    seed("drawable", enhanced ? "v171.yft" : "v162.yft",
         drawableAround(one, enhanced ? 171 : 162, DrawableKind::Yft));
  }
}

void tfragSeeds() {
  const tfrag::LevelFiles& files = fuzz::tfragLevelFiles();
  seed("tfrag", tfrag::kCoreIndex, fuzz::tfragInput(fuzz::TfragFile::CoreIndex, files.coreIndex));
  seed("tfrag", tfrag::kCoreData, fuzz::tfragInput(fuzz::TfragFile::CoreData, files.coreData));
  seed("tfrag", tfrag::kGsRam, fuzz::tfragInput(fuzz::TfragFile::GsRam, files.gsRam));
  const tfrag::LevelCoreHeader h = tfrag::readCoreHeader(files.coreIndex, "seed");
  const uint8_t* block = files.coreData.data() + h.tfragsOffset;
  const size_t size = tfrag::tfragsBlockSize(h, files.coreData.size());
  seed("tfrag", "tfrags.block",
       fuzz::tfragInput(fuzz::TfragFile::BareBlock, Bytes(block, block + size)));
  // The five VIF lists of every tfrag (tfrag-layout.md "Lists").
  const tfrag::TfragsBlock b = tfrag::readBlockHeaders(block, size, "seed", 0);
  for (size_t i = 0; i < b.tfrags.size(); ++i) {
    const tfrag::TfragHeader& t = b.tfrags[i].header;
    const uint8_t* data = block + b.header.tableOffset + t.data;
    const size_t lod0Begin = size_t(t.sharedOfs) + size_t(t.lod1Size) * 16;
    const size_t bounds[] = {t.lod2Ofs, t.sharedOfs, t.lod1Ofs, t.lod0Ofs, lod0Begin, t.rgbaOfs};
    for (size_t k = 0; k + 1 < std::size(bounds); ++k)
      if (bounds[k + 1] > bounds[k])
        seed("vif", "tfrag" + std::to_string(i) + "-list" + std::to_string(k) + ".vif",
             Bytes(data + bounds[k], data + bounds[k + 1]));
  }
  // Every command the walker knows, from the encoder.
  tfrag::VifWriter w;
  w.stcycl(1, 2);
  w.stmod(1);
  w.strow({1, 2, 3, 4});
  w.stcol({5, 6, 7, 8});
  w.stmask(0x12345678);
  for (uint8_t vn = 0; vn < 4; ++vn)
    for (uint8_t vl = 0; vl < 4; ++vl) {
      const uint32_t es = tfrag::unpackElementSize(uint8_t(0x60 | vn << 2 | vl));
      if (es) w.unpack(vn, vl, vl == 1, uint16_t(vn * 16 + vl), Bytes(es * 3, 0x11));
    }
  w.code(tfrag::kVifMpg, 1, 0);
  w.u32(0), w.u32(0);
  w.code(tfrag::kVifDirect, 0, 1);
  for (int i = 0; i < 4; ++i) w.u32(0);
  for (uint8_t c : {tfrag::kVifMscal, tfrag::kVifFlush, tfrag::kVifMark}) w.code(c, 0, 0);
  w.pad(16);
  seed("vif", "every-command.vif", w.buf);
}

void imageSeeds() {
  int n = 0;
  for (const image::PixelFormat& f : image::pixelFormats()) {
    Image img;
    img.name = f.name;
    img.dxgiFormat = f.dxgi;
    img.width = 8;
    img.height = 4;
    img.mipLevels = 2;
    img.colorSpace = f.colorSpace;
    img.data = noise(size_t(image::imageByteSize(img)), uint32_t(f.dxgi));
    const std::string stem = std::to_string(f.dxgi);
    seed("dds", stem + ".dds", image::writeDDS(img));
    image::DdsWriteOptions dx10;
    dx10.forceDX10 = true;
    seed("dds", stem + "-dx10.dds", image::writeDDS(img, dx10));
    seed("ktx2", stem + ".ktx2", image::writeKTX2(img));
    image::Ktx2WriteOptions zstd;
    zstd.zstd = true;
    seed("ktx2", stem + "-zstd.ktx2", image::writeKTX2(img, zstd));
    if (n++ % 6 == 0) { // a few cube maps and arrays
      Image cube = img;
      cube.cube = true;
      cube.width = cube.height = 4;
      cube.data = noise(size_t(image::imageByteSize(cube)), 7);
      seed("dds", stem + "-cube.dds", image::writeDDS(cube, dx10));
      seed("ktx2", stem + "-cube.ktx2", image::writeKTX2(cube));
      Image array = img;
      array.arraySize = 3;
      array.data = noise(size_t(image::imageByteSize(array)), 8);
      seed("dds", stem + "-array.dds", image::writeDDS(array, dx10));
      seed("ktx2", stem + "-array.ktx2", image::writeKTX2(array));
    }
  }
  Image rgba;
  rgba.width = 6;
  rgba.height = 5;
  rgba.data = noise(6 * 5 * 4, 3);
  for (bool zstd : {false, true}) {
    image::UastcOptions o;
    o.zstd = zstd;
    o.threads = 1;
    seed("ktx2", zstd ? "uastc-zstd.ktx2" : "uastc.ktx2", image::writeKTX2Uastc(rgba, o));
  }
}

// Strata's PNG `png` (one IDAT, after IHDR) with that IDAT's zlib stream
// replaced by `z` (§5.3: length, type, data, CRC of type and data).
Bytes withStream(const Bytes& png, const Bytes& z) {
  Bytes out(png.begin(), png.begin() + 33);
  auto be32 = [&out](uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) out.push_back(uint8_t(v >> shift));
  };
  be32(uint32_t(z.size()));
  const size_t type = out.size();
  out.insert(out.end(), {'I', 'D', 'A', 'T'});
  out.insert(out.end(), z.begin(), z.end());
  be32(uint32_t(crc32(0, &out[type], uInt(z.size() + 4))));
  out.insert(out.end(), png.end() - 12, png.end()); // IEND
  return out;
}

// JPEG and PNG of every channel count OIIO writes, 8 and 16 bits.
void tileSeeds() {
  for (const char* ext : {"png", "jpg"})
    for (int channels = 1; channels <= 4; ++channels)
      for (OIIO::TypeDesc type : {OIIO::TypeDesc::UINT8, OIIO::TypeDesc::UINT16}) {
        if (std::string(ext) == "jpg" && (channels == 2 || channels == 4 || type.size() != 1))
          continue;
        std::vector<unsigned char> out;
        OIIO::Filesystem::IOVecOutput vec(out);
        const std::string name = std::string("tile.") + ext;
        auto writer = OIIO::ImageOutput::create(name);
        const OIIO::ImageSpec spec(5, 3, channels, type);
        const Bytes px = noise(size_t(5 * 3 * channels) * type.size(), uint32_t(channels));
        if (!writer || !writer->set_ioproxy(&vec) || !writer->open(name, spec) ||
            !writer->write_image(type, px.data()) || !writer->close())
          throw std::runtime_error("OpenImageIO cannot write a seed " + name);
        seed("tile",
             std::to_string(channels) + "ch-" + std::to_string(type.size() * 8) + "bit." + ext,
             Bytes(out.begin(), out.end()));
      }
  // Strata's own PNGs, RGB and RGBA: what decodePNG's fast path takes.
  for (bool opaque : {true, false}) {
    Bytes rgba = noise(9 * 7 * 4, opaque ? 9 : 10);
    for (size_t i = 0; i < rgba.size(); i += 4)
      if (opaque) rgba[i + 3] = 255;
    seed("tile", std::string("strata-") + (opaque ? "rgb" : "rgba") + ".png",
         image::encodePNG(rgba.data(), 9, 7));
  }
  // Streams the fast path gives libdeflate and zlib (image/deflate_header.h):
  // one dynamic block (texels of four bits), and fixed codes over runs, whose
  // length symbol 285 is a bit away from 287, which only libdeflate decodes.
  Bytes smooth = noise(16 * 16 * 4, 11);
  for (uint8_t& b : smooth) b &= 15;
  seed("tile", "strata-dynamic.png", image::encodePNG(smooth.data(), 16, 16));
  Bytes grey(100 * 4 * 4, 128);
  for (size_t i = 3; i < grey.size(); i += 4) grey[i] = 255; // opaque: written as RGB
  Bytes rows;
  for (int y = 0; y < 4; ++y) {
    rows.push_back(0); // filter type None
    rows.insert(rows.end(), 300, 128);
  }
  z_stream z{};
  Bytes fixed(1024);
  if (deflateInit2(&z, 9, Z_DEFLATED, 15, 8, Z_FIXED) != Z_OK)
    throw std::runtime_error("zlib cannot make the fixed-code seed");
  z.next_in = rows.data();
  z.avail_in = uInt(rows.size());
  z.next_out = fixed.data();
  z.avail_out = uInt(fixed.size());
  const int done = deflate(&z, Z_FINISH);
  fixed.resize(z.total_out);
  deflateEnd(&z);
  if (done != Z_STREAM_END) throw std::runtime_error("zlib cannot make the fixed-code seed");
  seed("tile", "zlib-fixed.png", withStream(image::encodePNG(grey.data(), 100, 4), fixed));
}

// The base terrain's scene as glTF (export-atlas's round trip), the
// structured edit seeds of one of its chunks (edit_seeds.h), and, through
// Assimp's exporters, as OBJ, binary and ASCII FBX and DAE, each behind the
// extension byte of the Assimp harness (assimp_harness.cpp).
void editSeeds() {
  const atlas::File base = atlas::readAtlas(fuzz::exportBase(), "base.atlas");
  LoadOptions lo;
  lo.textures = false;
  const Scene scene = atlas::toScene(base, lo, "base.atlas");
  gltf::WriteOptions wo;
  wo.textures = gltf::TextureMode::None;
  const Bytes glb = gltf::writeGltf(scene, wo).bytes;
  seed("gltf", "base.glb", glb);
  wo.binary = false;
  seed("gltf", "base.gltf", gltf::writeGltf(scene, wo).bytes);
  for (const auto& [name, bytes] : fuzz::structuredGltfSeeds(scene)) seed("gltf", name, bytes);

  Assimp::Importer importer;
  if (!importer.ReadFileFromMemory(glb.data(), glb.size(), 0, "glb"))
    throw std::runtime_error(std::string("Assimp cannot read the seed GLB: ") +
                             importer.GetErrorString());
  // Assimp's exporters assert on the metadata its glTF importer makes of
  // extras.strata: drop it (the names carry the chunks).
  std::unique_ptr<aiScene> s(importer.GetOrphanedScene());
  std::vector<aiNode*> nodes = {s->mRootNode};
  for (size_t i = 0; i < nodes.size(); ++i) {
    delete nodes[i]->mMetaData;
    nodes[i]->mMetaData = nullptr;
    nodes.insert(nodes.end(), nodes[i]->mChildren, nodes[i]->mChildren + nodes[i]->mNumChildren);
  }
  delete s->mMetaData;
  s->mMetaData = nullptr;
  Assimp::Exporter exporter;
  const std::pair<const char*, uint8_t> formats[] = {
      {"objnomtl", 0}, {"fbx", 1}, {"fbxa", 1}, {"collada", 2}};
  for (const auto& [format, extensionByte] : formats) {
    const aiExportDataBlob* blob = exporter.ExportToBlob(s.get(), format);
    if (!blob) throw std::runtime_error(std::string("Assimp cannot export ") + format);
    Bytes b{extensionByte};
    const uint8_t* d = static_cast<const uint8_t*>(blob->data);
    b.insert(b.end(), d, d + blob->size);
    seed("assimp", std::string("base.") + format, b);
  }
  for (const auto& [name, bytes] : fuzz::structuredObjSeeds(scene)) seed("assimp", name, bytes);
}

// ./dev fuzz's -max_len: larger samples would only be cut (and made every
// execution slow); the writers' small files cover the same structures.
constexpr uintmax_t kMaxSeedBytes = 64 * 1024;

// WAD streams of every packet kind the encoder writes (and of a tfrags
// block), level WADs plain and chunked, and a disc image holding one.
void rc2Seeds() {
  const tfrag::LevelFiles files = tfrag::sampleLevelFiles(1, 1);
  seed("wad", "core_data.wad", wad::compress(files.coreData));
  seed("wad", "noise.wad", wad::compress(noise(3000, 7)));
  Bytes runs(20000);
  for (size_t i = 0; i < runs.size(); ++i)
    runs[i] = i >= 17000 ? runs[i - 16990] : uint8_t(i / 100);
  seed("wad", "far-and-blocks.wad", wad::compress(runs));
  rc2::SynthLevel plain;
  plain.patchesX = plain.patchesY = 1;
  seed("rc2", "LEVEL0.WAD", rc2::synthLevelWad(plain));
  rc2::SynthLevel chunked = plain;
  chunked.id = 30;
  chunked.chunked = true;
  seed("rc2", "LEVEL21-chunked.WAD", rc2::synthLevelWad(chunked));
  seed("rc2", "disc.iso",
       iso::synthIso(
           {{"G/LEVEL0.WAD", rc2::synthLevelWad(plain)}, {"SYSTEM.CNF", {'B', 'O', 'O', 'T'}}}));
  seed("top", "LEVEL0.WAD", rc2::synthLevelWad(plain));
}

// CHU samples are our writers' files too (no real one is public): in the
// mapping with collision the writer seeds reach the same code (the same
// coverage on the seed run), and a larger sample only repeats their
// structures, making every execution of its mutations slower
// (docs/robustness.md, "Rates").
constexpr uintmax_t kMaxChuAtlasSeedBytes = 16 * 1024;

// Sample files by the format table's detection (a tfrag level directory
// gives its three files); PNG/JPEG files are tile seeds. Everything detected
// also seeds the top-level harness.
void sampleSeeds(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return;
  for (const auto& entry : fs::recursive_directory_iterator(dir, ec)) {
    const fs::path& p = entry.path();
    const std::string stem = dir.filename().string() + "-" + p.filename().string();
    const FormatHandler* h = detectFormat(p.string());
    if (h && std::string(h->name) == "tfrag") {
      const std::pair<const char*, fuzz::TfragFile> files[] = {
          {tfrag::kCoreIndex, fuzz::TfragFile::CoreIndex},
          {tfrag::kCoreData, fuzz::TfragFile::CoreData},
          {tfrag::kGsRam, fuzz::TfragFile::GsRam}};
      for (const auto& [f, file] : files)
        if (fs::exists(p / f, ec))
          seed("tfrag", stem + "-" + f, fuzz::tfragInput(file, readFile((p / f).string())));
      continue;
    }
    if (!entry.is_regular_file(ec) || entry.file_size(ec) > kMaxSeedBytes) continue;
    const std::string ext = p.extension().string();
    if (h) {
      // Handler names are harness names; both R&C2 handlers feed "rc2".
      const std::string name = std::string(h->name).rfind("rc2", 0) == 0 ? "rc2" : h->name;
      seed(name, stem, readFile(p.string()));
      seed("top", stem, readFile(p.string()));
    } else if (ext == ".png" || ext == ".jpg") {
      seed("tile", stem, readFile(p.string()));
    }
  }
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: strata_fuzz_seeds OUT_DIR [SAMPLE_DIR...]\n");
    return 2;
  }
  gOut = argv[1];
  try {
    for (const auto& h : fuzz::harnesses()) fs::create_directories(gOut / h.name);
    atlasSeeds();
    chuSeeds();
    ytdSeeds();
    tfragSeeds();
    rc2Seeds();
    imageSeeds();
    tileSeeds();
    editSeeds();
    // The top-level harness starts from every format's writer seeds.
    for (const char* from : {"atlas", "chu", "tqt", "ytd", "drawable"})
      for (const auto& e : fs::directory_iterator(gOut / from))
        seed("top", std::string(from) + "-" + e.path().filename().string(),
             readFile(e.path().string()));
    for (int i = 2; i < argc; ++i) sampleSeeds(argv[i]);
    // The harnesses of a format's stages start from its seeds.
    for (const auto& h : fuzz::harnesses())
      if (std::string(h.name) != h.inputs)
        for (const auto& e : fs::directory_iterator(gOut / h.inputs))
          if (std::string(h.name) != "chuatlas" || e.file_size() <= kMaxChuAtlasSeedBytes)
            seed(h.name, e.path().filename().string(), readFile(e.path().string()));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "strata_fuzz_seeds: %s\n", e.what());
    return 1;
  }
  for (const auto& [harness, count] : gCounts)
    std::printf("%s: %d seeds\n", harness.c_str(), count);
  return 0;
}
