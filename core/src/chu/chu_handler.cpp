// The CHU entry of the format table (core/src/formats.cpp), and the
// CHU -> .atlas conversion. Both loads run the checks validate runs
// (chu_check.h; the Atlas tile path for the companion TQT's tiles) and refuse on an error,
// naming it, or under --partial leave the broken piece out and name it.
#include "atlas/atlas_io.h"
#include "atlas/atlas_load.h"
#include "chu/chu_atlas.h"
#include "chu/chu_info.h"
#include "chu/chu_io.h"
#include "chu/chu_load.h"
#include "chu/chu_scene.h"
#include "chu/chu_validate.h"
#include "common/validate_file.h"
#include "strata/chu.h"
#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/formats.h"
#include "tqt/tqt_atlas.h"
#include "tqt/tqt_validate.h"

#include <algorithm>

namespace strata {

namespace {

bool detectChu(const Source&, const std::vector<uint8_t>& head) {
  return head.size() >= 4 && head[0] == 'C' && head[1] == 'H' && head[2] == 'U' && head[3] == '3';
}

nlohmann::json infoChu(const Source& in) {
  const auto bytes = in.bytes();
  return chu::describe(chu::readChu(*bytes, in.path), bytes->size(), chu::findCompanionTqt(in));
}

// A CHU's report holds its companion TQT's too: convert uses that file, and
// what validate calls an error convert refuses.
ValidationReport validateChu(const Source& in) {
  ValidationReport rep = validateFile(in.path, "chu", [&](ValidationReport& r) {
    chu::validateModel(chu::readChu(*in.bytes(), in.path), r);
  });
  const std::string tqtPath = chu::findCompanionTqt(in);
  if (!tqtPath.empty())
    for (const Finding& f : tqt::validateTqtFile(tqtPath).findings)
      rep.findings.push_back(
          {f.severity, Error::kNoOffset,
           "companion texture tree " + std::string(Error(tqtPath, f.offset, f.message).what())});
  return rep;
}

} // namespace

extern const FormatHandler kChuHandler;
const FormatHandler kChuHandler = {"chu",       detectChu, chu::loadScene,     infoChu,
                                   validateChu, nullptr,   chu::convertToAtlas};

namespace chu {

AtlasConversion convertToAtlas(const Source& chu, bool partial) {
  const std::string& chuPath = chu.path;
  AtlasConversion out;
  MapOptions options;
  options.collision = true;
  File file = readChecked(chu, partial, options, out.leftOut);
  std::string tqtPath;
  std::unique_ptr<tqt::File> tex = companion(chu, tqtPath, partial, out.leftOut);
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
