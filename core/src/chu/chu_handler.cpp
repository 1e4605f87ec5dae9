// The CHU and TQT entries of the format table (core/src/formats.cpp), and the
// CHU -> .atlas conversion. Both loads run the checks validate runs
// (chu_check.h, the Atlas tile path for TQT tiles) and refuse on an error,
// naming it, or under --partial leave the broken piece out and name it.
#include "atlas/atlas_check.h"
#include "atlas/atlas_io.h"
#include "atlas/atlas_load.h"
#include "atlas/atlas_scene.h"
#include "chu/chu_atlas.h"
#include "chu/chu_check.h"
#include "chu/chu_info.h"
#include "chu/chu_io.h"
#include "chu/chu_validate.h"
#include "chu/tqt_io.h"
#include "chu/tqt_tile.h"
#include "strata/chu.h"
#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/formats.h"

#include <algorithm>
#include <memory>

namespace strata {

namespace {

// The CHU read and checked: its broken stubs, under `partial`, in
// options.leaveOut and named in `leftOut`; otherwise its first error thrown.
chu::File readChecked(const std::string& path, bool partial, chu::MapOptions& options,
                      std::vector<std::string>& leftOut) {
  chu::File file = chu::readChu(readFile(path), path);
  std::vector<Problem> problems;
  chu::checkChu(file, path, problems);
  for (uint64_t stub : atlas::applyStructure(problems, partial, path, leftOut))
    options.leaveOut.insert(stub);
  return file;
}

// §9d: the companion TQT, read, and its path in `tqtPath`. A CHU's textures
// come from it, so one that does not read is an error of the CHU's load
// (validate reports it with the CHU): thrown, or under `partial` left out and
// named (the chunks are then untextured).
std::unique_ptr<tqt::File> companion(const std::string& chuPath, std::string& tqtPath, bool partial,
                                     std::vector<std::string>& leftOut) {
  tqtPath = chu::findCompanionTqt(chuPath);
  if (tqtPath.empty()) return nullptr;
  try {
    return std::make_unique<tqt::File>(tqt::readTqt(readFile(tqtPath), tqtPath));
  } catch (const Error& e) {
    if (!partial) throw;
    leftOut.push_back("companion texture tree " + std::string(e.what()) +
                      "; the chunks are untextured");
    return nullptr;
  }
}

bool detectChu(const std::string&, const std::vector<uint8_t>& head) {
  return head.size() >= 4 && head[0] == 'C' && head[1] == 'H' && head[2] == 'U' && head[3] == '3';
}

Scene loadChu(const std::string& path, const LoadOptions& options) {
  chu::MapOptions mo;
  std::vector<std::string> leftOut;
  chu::File file = readChecked(path, options.partial, mo, leftOut);
  std::string tqtPath;
  std::unique_ptr<tqt::File> tex =
      options.textures ? companion(path, tqtPath, options.partial, leftOut) : nullptr;
  atlas::File mapped = chu::toAtlas(file, tex.get(), path, mo);
  Scene scene = atlas::toScene(mapped, options, path,
                               tex ? tqt::tileOrigins(*tex, tqtPath) : atlas::TileOrigins{});
  scene.leftOut.insert(scene.leftOut.begin(), leftOut.begin(), leftOut.end());
  return scene;
}

nlohmann::json infoChu(const std::string& path) {
  std::vector<uint8_t> bytes = readFile(path);
  return chu::describe(chu::readChu(bytes, path), bytes.size(), chu::findCompanionTqt(path));
}

bool detectTqt(const std::string&, const std::vector<uint8_t>& head) {
  return head.size() >= 4 && head[0] == 't' && head[1] == 'q' && head[2] == 't' && head[3] == 0;
}

ValidationReport validateTqt(const std::string& path) {
  ValidationReport rep;
  rep.file = path;
  rep.format = "tqt";
  try {
    tqt::File file = tqt::readTqt(readFile(path), path);
    tqt::validateModel(file, path, rep);
  } catch (const Error& e) {
    rep.error(e.offset(), e.detail());
  }
  return rep;
}

// A CHU's report holds its companion TQT's too: convert uses that file, and
// what validate calls an error convert refuses.
ValidationReport validateChu(const std::string& path) {
  ValidationReport rep;
  rep.file = path;
  rep.format = "chu";
  try {
    chu::File file = chu::readChu(readFile(path), path);
    chu::validateModel(file, rep);
  } catch (const Error& e) {
    rep.error(e.offset(), e.detail());
  }
  const std::string tqtPath = chu::findCompanionTqt(path);
  if (!tqtPath.empty())
    for (const Finding& f : validateTqt(tqtPath).findings)
      rep.findings.push_back(
          {f.severity, Error::kNoOffset,
           "companion texture tree " + std::string(Error(tqtPath, f.offset, f.message).what())});
  return rep;
}

nlohmann::json infoTqt(const std::string& path) {
  std::vector<uint8_t> bytes = readFile(path);
  return tqt::describe(tqt::readTqt(bytes, path), bytes.size(), path);
}

// Every logical node's tile, named L<level>_<x>_<y> after §9c's transpose.
TextureSet texturesTqt(const std::string& path, const LoadOptions& options) {
  tqt::File file = tqt::readTqt(readFile(path), path);
  return atlas::loadTiles(tqt::asAtlas(file), options, path, tqt::tileOrigins(file, path));
}

} // namespace

extern const FormatHandler kChuHandler;
const FormatHandler kChuHandler = {"chu",   detectChu,          loadChu, infoChu, validateChu,
                                   nullptr, chu::convertToAtlas};

extern const FormatHandler kTqtHandler;
// No load: a TQT is only a texture tree, converted with the .chu beside it (§9d).
const FormatHandler kTqtHandler = {"tqt", detectTqt, nullptr, infoTqt, validateTqt, texturesTqt};

namespace chu {

AtlasConversion convertToAtlas(const std::string& chuPath, bool partial) {
  AtlasConversion out;
  MapOptions options;
  options.collision = true;
  File file = readChecked(chuPath, partial, options, out.leftOut);
  std::string tqtPath;
  std::unique_ptr<tqt::File> tex = companion(chuPath, tqtPath, partial, out.leftOut);
  atlas::File mapped = toAtlas(file, tex.get(), chuPath, options);
  if (tex) {
    // The tiles go into the Atlas as they are, so each must be a complete DDS
    // stream (§9e); a broken one is refused, or under `partial` its stubs are
    // left empty. (A valid DDS in a format Strata does not decode is copied.)
    atlas::TileCache tiles(mapped, false, tqt::tileOrigins(*tex, tqtPath));
    tiles.checkAll();
    atlas::Toc& toc = mapped.tocs.back();
    for (const Problem& p : tiles.problems()) {
      if (p.severity != Severity::Error) continue;
      if (!partial) refuse(p);
      out.leftOut.push_back(leftOutLine(p, chuPath) + "; its Atlas texture stubs are left empty");
      const uint32_t frame = uint32_t(p.index); // pieceIndex(toc, frame offset)
      for (atlas::TexStub& s : toc.texStubs)
        if (s.offset == frame) s = {0, 0, 0};
      mapped.frames.erase(std::find_if(mapped.frames.begin(), mapped.frames.end(),
                                       [&](const atlas::Frame& f) { return f.offset == frame; }));
    }
    atlas::layoutAtlas(mapped);
  }
  out.bytes = atlas::writeAtlas(mapped);
  return out;
}

} // namespace chu

} // namespace strata
