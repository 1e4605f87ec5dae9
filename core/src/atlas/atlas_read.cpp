// Atlas reader: header and TOCs (§0-§1), frames (§2), geometry (§3), texture
// (§4) and config (§5) bodies, for every resource version through 140 (§7).
#include "atlas/atlas_io.h"
#include "common/bytes.h"
#include "common/fourcc.h"
#include "common/release_behind.h"
#include "strata/fileio.h"
#include "strata/parallel.h"
#include "strata/quadtree.h"
#include "strata/text.h"

#include <algorithm>
#include <exception>
#include <unordered_map>

namespace strata::atlas {

namespace {

// §1c: where a texture or config stub's chunk is: offset, length, generation.
template <class Stub> void readPlacement(ByteReader& r, Stub& s, const std::string& kind) {
  s.offset = r.u32((kind + " stub offset").c_str());
  s.length = r.u32((kind + " stub length").c_str());
  s.generation = r.u32((kind + " stub generation").c_str());
}

Box3 readBox(ByteReader& r, const char* what) {
  Box3 b;
  for (float& v : b.min) v = r.f32(what);
  for (float& v : b.max) v = r.f32(what);
  return b;
}

Toc readToc(ByteReader& r, size_t index) {
  Toc t;
  size_t tagAt = r.tell();
  uint8_t len = r.u8("TOC tag length");
  std::vector<uint8_t> tag = r.bytes(len, "TOC kind tag");
  t.tag.assign(tag.begin(), tag.end());
  // §1 "Type tag and prefix": the tag selects the stub layout.
  if (t.tag == "Geom") {
    t.kind = TocKind::Geom;
    t.goalBatchSize = r.u32("Geom mGoalBatchSize");
  } else if (t.tag == "Tex") {
    t.kind = TocKind::Tex;
  } else if (t.tag == "Config") {
    t.kind = TocKind::Config;
  } else {
    r.failAt(tagAt, "TOC " + std::to_string(index) + " has unknown kind tag \"" +
                        escapeUtf8(t.tag) + "\"; expected Geom, Tex or Config");
  }
  size_t depthAt = r.tell();
  t.treeDepth = r.u32("TOC treeDepth");
  if (t.kind != TocKind::Config && t.treeDepth > kMaxTreeDepth)
    r.failAt(depthAt, "TOC treeDepth " + std::to_string(t.treeDepth) + " exceeds " +
                          std::to_string(kMaxTreeDepth));
  uint32_t stubCount = r.u32("TOC stubCount");
  size_t versionAt = r.tell();
  t.version = r.u32("TOC csmVersion");
  if (t.version > kMaxVersion)
    throw Unsupported(r.file(), r.fileOffset(versionAt),
                      "resource version " + std::to_string(t.version) +
                          " is newer than the newest documented version 140");
  switch (t.kind) {
  case TocKind::Geom: {
    size_t stubSize = t.version < kVersionBounds ? 20 : 37;
    r.count(stubCount, stubSize, "geometry stubs");
    t.geomStubs.resize(stubCount);
    for (GeomStub& s : t.geomStubs) {
      s.offset = r.u32("geometry stub offset");
      s.length = r.u32("geometry stub length");
      s.generation = r.u32("geometry stub generation");
      if (t.version < kVersionBounds) {
        s.posX = r.f32("geometry stub pos.x");
        s.posY = r.f32("geometry stub pos.y");
      } else {
        s.bounds = readBox(r, "geometry stub mBounds");
        size_t at = r.tell();
        s.sentinel = r.u8("geometry stub sentinel");
        if (s.sentinel != kStubSentinel)
          r.failAt(at, "expected geometry stub sentinel 0xD0, found " + std::to_string(s.sentinel));
      }
    }
    break;
  }
  case TocKind::Tex:
    r.count(stubCount, 12, "texture stubs");
    t.texStubs.resize(stubCount);
    for (TexStub& s : t.texStubs) readPlacement(r, s, "texture");
    break;
  case TocKind::Config:
    r.count(stubCount, 20, "config stubs");
    t.configStubs.resize(stubCount);
    for (ConfigStub& s : t.configStubs) {
      readPlacement(r, s, "config");
      r.bytes(s.name.data(), 8, "config stub name");
    }
    break;
  }
  return t;
}

// `n` little-endian U16s at `p` (bounds checked by the caller) into `out`.
void loadU16s(const uint8_t* p, size_t n, std::vector<uint16_t>& out) {
  out.resize(n);
  for (uint16_t& v : out) v = loadLE<uint16_t>(p), p += 2;
}

void readCollision(ByteReader& r, Collision& c) {
  size_t at = r.tell();
  c.treeDepth = r.u32("mColTreeDepth");
  if (c.treeDepth == 0 || c.treeDepth > kMaxTreeDepth)
    r.failAt(at, "mColTreeDepth " + std::to_string(c.treeDepth) + " out of range 1.." +
                     std::to_string(kMaxTreeDepth));
  uint64_t nodes = r.count(nodeCount(c.treeDepth), 8, "collision tree nodes");
  c.tree.resize(size_t(nodes));
  const uint8_t* node = r.take(nodes * 8, "collision tree nodes");
  for (auto& n : c.tree) n = {loadF32(node), loadF32(node + 4)}, node += 8;
  uint32_t offsetCount = r.u32("mColOffsetCount");
  r.count(offsetCount, 2, "collision bin offsets");
  loadU16s(r.take(uint64_t(offsetCount) * 2, "collision bin offsets"), offsetCount, c.offsets);
  uint32_t indexCount = r.u32("mColIndexCount");
  r.count(indexCount, 2, "collision indices");
  loadU16s(r.take(uint64_t(indexCount) * 2, "collision indices"), indexCount, c.indices);
}

void readGeomBody(ByteReader& r, uint32_t version, GeomChunk& g) {
  g.previousChunk = r.u32("previousChunk");
  if (version >= kVersionCollision) g.bounds = readBox(r, "chunk mBounds");
  uint32_t indexCount = r.u32("mIndexCount");
  size_t skipAt = r.tell();
  g.skirtSkip = r.u32("mSkirtSkipCount");
  if (g.skirtSkip > indexCount)
    r.failAt(skipAt, "mSkirtSkipCount " + std::to_string(g.skirtSkip) + " exceeds mIndexCount " +
                         std::to_string(indexCount));
  r.count(indexCount, 2, "indices");
  loadU16s(r.take(uint64_t(indexCount) * 2, "indices"), indexCount, g.indices);
  uint32_t vertCount = r.u32("mVertCount");
  const size_t vertSize = version >= kVersionNormals ? 52 : 40; // §3 bytes per vertex
  r.count(vertCount, vertSize, "vertices");
  // From v140 every field of a vertex is read, so the vertices of a reused
  // chunk (readGeomFrame) are not set to anything first (that was 3% of a
  // large convert); before, the normal is not stored: each starts as a new one.
  if (version >= kVersionNormals)
    g.verts.resize(vertCount);
  else
    g.verts.assign(vertCount, Vertex());
  const uint8_t* at = r.take(uint64_t(vertCount) * vertSize, "vertices");
  // §3's field order: point, texCoord, then the two morph offsets (point
  // morph first before 130), then the normal from 140.
  const bool pointMorphFirst = version < kVersionMorphSwap;
  auto floats = [&at](float* to, size_t n) {
    for (size_t k = 0; k < n; ++k, at += 4) to[k] = loadF32(at);
  };
  for (Vertex& v : g.verts) {
    floats(v.point.data(), 3);
    floats(v.texCoord.data(), 2);
    if (pointMorphFirst) {
      floats(v.pointMorph.data(), 3);
      floats(v.texMorph.data(), 2);
    } else {
      floats(v.texMorph.data(), 2);
      floats(v.pointMorph.data(), 3);
    }
    if (version >= kVersionNormals) floats(v.normal.data(), 3);
  }
  if (version >= kVersionBounds && version < kVersionCollision)
    g.bounds = readBox(r, "chunk mBounds");
  if (version >= kVersionCollision) {
    size_t at = r.tell();
    g.colFlag = r.u8("collision flag");
    if (g.colFlag == kCollisionPresent)
      readCollision(r, g.collision);
    else if (g.colFlag != kCollisionAbsent)
      r.failAt(at, "expected collision flag 0xDF or 0x0F, found " + std::to_string(g.colFlag));
    r.expectU32(kGeomFooter, "geometry footer");
  }
}

void readConfigBody(ByteReader& r, ConfigChunk& c) {
  c.previousChunk = r.u32("previousChunk");
  uint32_t count = r.u32("config entryCount");
  r.count(count, 8, "config entries");
  c.entries.resize(count);
  for (ConfigEntry& e : c.entries) {
    uint32_t kl = r.u32("config key length");
    std::vector<uint8_t> k = r.bytes(kl, "config key");
    uint32_t vl = r.u32("config value length");
    std::vector<uint8_t> v = r.bytes(vl, "config value");
    e.key.assign(k.begin(), k.end());
    e.value.assign(v.begin(), v.end());
  }
}

struct FrameMarkers {
  uint32_t head, tail;
};

FrameMarkers markersOf(TocKind k) {
  switch (k) {
  case TocKind::Geom:
    return {kGeomHead, kGeomTail};
  case TocKind::Tex:
    return {kTexHead, kTexTail};
  case TocKind::Config:
    return {kConfigHead, kConfigTail};
  }
  return {0, 0};
}

// The frame of `length` bytes at `offset` in the file, from its bytes
// `frame` (fewer than 16 fail as a short read), into `f`: a geometry body's
// arrays into the memory f.geom's already hold.
void readFrameBytes(const uint8_t* frame, const std::string& fileName, uint32_t offset,
                    uint32_t length, TocKind kind, uint32_t version, const std::string& who,
                    Frame& f) {
  ByteReader r(frame, length, fileName, offset);
  size_t at = r.tell();
  uint32_t marker = r.u32("ATSP frame marker");
  if (marker != kFrameMarker)
    r.failAt(at,
             "expected ATSP frame marker for " + who + ", found \"" + fourCCChars(marker) + "\"");
  size_t sizeAt = r.tell();
  uint32_t bodySize = r.u32("frame bodySize");
  if (uint64_t(bodySize) + 16 != length)
    r.failAt(sizeAt, "frame bodySize " + std::to_string(bodySize) + " + 16 != stub length " +
                         std::to_string(length) + " of " + who);
  // The head and tail markers name the frame's kind.
  auto expectMarker = [&](uint32_t want, const std::string& which) {
    const size_t markAt = r.tell();
    const uint32_t got = r.u32(("frame " + which + " marker").c_str());
    if (got != want)
      r.failAt(markAt, "expected frame " + which + " \"" + fourCCChars(want) + "\" for " + who +
                           ", found \"" + fourCCChars(got) + "\"");
  };
  const FrameMarkers m = markersOf(kind);
  expectMarker(m.head, "head");
  f.offset = offset;
  f.kind = kind;
  f.version = version;
  ByteReader body(frame + r.tell(), bodySize, fileName, offset + r.tell());
  switch (kind) {
  case TocKind::Geom:
    readGeomBody(body, version, f.geom);
    break;
  case TocKind::Tex:
    f.tex.format = body.u8("texture mFormat");
    f.tex.data = body.bytes(body.remaining(), "texture image data");
    break;
  case TocKind::Config:
    readConfigBody(body, f.config);
    break;
  }
  if (body.remaining() != 0)
    body.fail("expected the end of the " +
              std::string(kind == TocKind::Geom ? "geometry" : "config") + " body (bodySize " +
              std::to_string(bodySize) + "), but " + std::to_string(body.remaining()) +
              " bytes remain");
  r.seek(r.tell() + bodySize, "frame tail");
  expectMarker(m.tail, "tail");
}

// The frame a stub names, from the whole file's `size` bytes at `data`.
Frame readFrame(const uint8_t* data, size_t size, const std::string& fileName, uint32_t offset,
                uint32_t length, TocKind kind, uint32_t version, const std::string& who) {
  if (uint64_t(offset) + length > size)
    throw Error(fileName, offset,
                who + " refers to bytes " + std::to_string(offset) + ".." +
                    std::to_string(uint64_t(offset) + length) + " past the end of the file (" +
                    std::to_string(size) + " bytes)");
  if (length < 16)
    throw Error(fileName, offset,
                who + " length " + std::to_string(length) +
                    " is shorter than a chunk frame (16 bytes)");
  Frame f;
  readFrameBytes(data + offset, fileName, offset, length, kind, version, who, f);
  return f;
}

const char* kindName(TocKind k) {
  return k == TocKind::Geom ? "geometry" : k == TocKind::Tex ? "texture" : "config";
}

// The reader over `size` bytes at `data`; each frame's bytes are given back
// to `source` (when there is one) as soon as the frame is read.
File readAtlasBytes(const uint8_t* data, size_t size, const std::string& fileName,
                    const FileBytes* source, const ReadHooks* hooks) {
  ByteReader r(data, size, fileName);
  File file;
  r.expectU32(kMagic, "Atlas magic ATLS");
  uint8_t numTocs = r.u8("NUM_TOCs");
  for (size_t i = 0; i < numTocs; ++i) file.tocs.push_back(readToc(r, i));
  const uint32_t prefixEnd = uint32_t(r.tell());

  // Every stub with a length refers to one frame; several stubs may share one.
  // A frame read from `len` bytes writes back to exactly `len` (bodySize and
  // the body are checked against it), so its size is kept, not re-serialized.
  struct Read {
    uint32_t offset, length;
    TocKind kind;
    uint32_t version;
    size_t toc, stub; // the first stub that names it
  };
  // How errors name a stub, made where one is needed: a string for every stub
  // made up front was a large part of the plan's time (docs/performance.md).
  auto whoOf = [](TocKind kind, size_t stub, size_t toc) {
    return std::string(kindName(kind)) + " stub " + std::to_string(stub) + " of TOC " +
           std::to_string(toc);
  };
  std::vector<Read> reads;
  std::unordered_map<uint32_t, size_t> byOffset; // index into reads
  size_t stubs = 0;
  for (const Toc& toc : file.tocs) stubs += toc.stubCount();
  byOffset.reserve(stubs);
  // A stub found wrong before any frame is read would have been reported
  // after the frames of the stubs before it: it waits until they are read.
  std::exception_ptr stubError;
  for (size_t t = 0; t < file.tocs.size() && !stubError; ++t) {
    const Toc& toc = file.tocs[t];
    for (size_t i = 0; i < toc.stubCount(); ++i) {
      uint32_t off = toc.stubOffset(i), len = toc.stubLength(i);
      if (len == 0) continue; // an empty stub: no chunk written for this node
      if (off < prefixEnd) {
        stubError = std::make_exception_ptr(
            Error(fileName, off,
                  whoOf(toc.kind, i, t) + " points inside the TOC region (which ends at " +
                      std::to_string(prefixEnd) + ")"));
        break;
      }
      auto it = byOffset.find(off);
      if (it != byOffset.end()) {
        const Read& f = reads[it->second];
        if (f.kind != toc.kind || f.version != toc.version || f.length != len) {
          stubError = std::make_exception_ptr(Error(
              fileName, off, whoOf(toc.kind, i, t) + " shares its offset with a different chunk"));
          break;
        }
        continue;
      }
      byOffset.emplace(off, reads.size());
      reads.push_back({off, len, toc.kind, toc.version, t, i});
    }
  }
  // Frames are independent: read on every core the thread budget gives, in
  // the order they lie in the file (by offset), their bytes given back
  // behind the read in spans of a 32nd of the file (1-16 MiB).
  std::vector<size_t> physical(reads.size()); // indices into reads
  for (size_t k = 0; k < physical.size(); ++k) physical[k] = k;
  std::sort(physical.begin(), physical.end(),
            [&](size_t a, size_t b) { return reads[a].offset < reads[b].offset; });
  std::vector<uint64_t> starts(physical.size());
  for (size_t k = 0; k < physical.size(); ++k) starts[k] = reads[physical[k]].offset;
  ReleaseBehind release(source, std::move(starts), size,
                        std::clamp<uint64_t>(size / 32, uint64_t(1) << 20, uint64_t(16) << 20));
  // The error reported is that of the first frame in stub order, as when
  // they were read in that order, whatever order they lie in.
  std::vector<std::exception_ptr> errors(reads.size());
  file.frames.resize(reads.size());
  if (hooks && hooks->tocs) hooks->tocs(file);
  auto readOne = [&](size_t n) {
    const Read& f = reads[physical[n]];
    try {
      Frame& read = file.frames[physical[n]];
      read = readFrame(data, size, fileName, f.offset, f.length, f.kind, f.version,
                       whoOf(f.kind, f.stub, f.toc));
      if (hooks && hooks->frame) hooks->frame(read);
    } catch (...) {
      errors[physical[n]] = std::current_exception();
      return;
    }
    release.done(n);
  };
  // Runs of kRun frames (about 3 MB) a task: frame by frame, the threads
  // read neighbouring pages, each waiting on the page another was mapping
  // in (docs/performance.md: runs of 8 to 64 cost the least CPU).
  constexpr size_t kRun = 32;
  parallelForRuns(physical.size(), kRun, readOne);
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
  if (stubError) std::rethrow_exception(stubError);

  // Physical order, no overlaps; what lies between frames is kept as gaps.
  file.gaps = sortAndKeepGaps(
      file.frames, data, size, prefixEnd,
      [&](const Frame& f) { return reads[byOffset.at(f.offset)].length; },
      [&](const Frame& f, uint64_t end) {
        throw Error(fileName, f.offset,
                    "chunk frame overlaps the previous frame, which ends at " +
                        std::to_string(end));
      });
  return file;
}

} // namespace

void readGeomFrame(const uint8_t* frame, uint32_t offset, uint32_t length, uint32_t version,
                   const std::string& fileName, const std::string& who, GeomChunk& into) {
  // A new chunk but for the memory of its two large arrays, which the body
  // fills again (readGeomBody): nothing else of the last one is left over.
  Frame f;
  f.geom.indices = std::move(into.indices);
  f.geom.verts = std::move(into.verts);
  readFrameBytes(frame, fileName, offset, length, TocKind::Geom, version, who, f);
  into = std::move(f.geom);
}

File readAtlas(const std::vector<uint8_t>& bytes, const std::string& fileName) {
  return readAtlasBytes(bytes.data(), bytes.size(), fileName, nullptr, nullptr);
}

File readAtlas(const FileBytes& bytes, const std::string& fileName) {
  return readAtlasBytes(bytes.data(), bytes.size(), fileName, &bytes, nullptr);
}

File readAtlas(const FileBytes& bytes, const std::string& fileName, const ReadHooks& hooks) {
  return readAtlasBytes(bytes.data(), bytes.size(), fileName, &bytes, &hooks);
}

} // namespace strata::atlas
