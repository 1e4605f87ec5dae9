// The harness table and what every harness does with a reader's results.
#include "harness.h"

#include "corruption.h"
#include "strata/image.h"

#include <stdexcept>
#include <string>

namespace strata::fuzz {

const std::vector<HarnessEntry>& harnesses() {
  static const std::vector<HarnessEntry> all = {
      {"atlas", fuzzAtlas, "atlas"},
      {"atlasscene", fuzzAtlasScene, "atlas"},
      {"chu", fuzzChu, "chu"},
      {"chuatlas", fuzzChuAtlas, "chu"},
      {"tqt", fuzzTqt, "tqt"},
      {"tqtscene", fuzzTqtScene, "tqt"},
      {"ytd", fuzzYtd, "ytd"},
      {"drawable", fuzzDrawable, "drawable"},
      {"tfrag", fuzzTfrag, "tfrag"},
      {"tfragscene", fuzzTfragScene, "tfrag"},
      {"vif", fuzzVif, "vif"},
      {"dds", fuzzDds, "dds"},
      {"ktx2", fuzzKtx2, "ktx2"},
      {"tile", fuzzTile, "tile"},
      {"gltf", fuzzGltf, "gltf"},
      {"assimp", fuzzAssimp, "assimp"},
      {"top", fuzzTop, "top"},
      {"topconvert", fuzzTopConvert, "top"},
      {"wad", fuzzWad, "wad"},
      {"rc2", fuzzRc2, "rc2"},
      {"rc2scene", fuzzRc2Scene, "rc2"},
      {"ytdwrite", fuzzYtdWrite, "ytdwrite"},
      {"ytdbuild", fuzzYtdBuild, "ytdwrite"},
  };
  return all;
}

const FormatHandler& handlerNamed(const char* name) {
  for (const FormatHandler* h : formatHandlers())
    if (std::string(h->name) == name) return *h;
  throw std::logic_error(std::string("no format handler named ") + name);
}

void dumpInfo(const nlohmann::json& info) {
  (void)info.dump(2);
}

// The shape of `strata validate --json` (cli/inspect.cpp).
void dumpReport(const ValidationReport& report) {
  nlohmann::json findings = nlohmann::json::array();
  for (const Finding& f : report.findings) {
    nlohmann::json x = {{"severity", int(f.severity)}, {"message", f.message}};
    if (f.offset != ~uint64_t(0)) x["offset"] = f.offset;
    findings.push_back(x);
  }
  nlohmann::json j = {{"file", report.file},
                      {"format", report.format},
                      {"summary", report.summary},
                      {"findings", findings}};
  (void)j.dump(2);
}

void dumpReadError(const Error& error) {
  ValidationReport report;
  report.error(error.offset(), error.detail());
  dumpReport(report);
}

void decodeAll(const std::vector<Image>& images) {
  for (const Image& img : images) cleanErrorsAllowed([&] { testsupport::decodeEveryLevel(img); });
}

void exerciseImage(const Image& img, bool ktx2) {
  decodeAll({img});
  cleanErrorsAllowed([&] { (void)image::readDDS(image::writeDDS(img), "rewritten.dds"); });
  if (ktx2)
    cleanErrorsAllowed([&] { (void)image::readKTX2(image::writeKTX2(img), "rewritten.ktx2"); });
}

} // namespace strata::fuzz
