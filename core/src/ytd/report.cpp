#include "ytd/report.h"

#include "common/bytes.h"
#include "strata/image.h"
#include "ytd/name_hash.h"
#include "ytd/pointers.h"
#include "ytd/texture_formats.h"

namespace strata::ytd {

namespace {

using nlohmann::json;

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llX", static_cast<unsigned long long>(v));
  return buf;
}

std::string formatName(uint32_t dxgi) {
  const image::PixelFormat* pf = dxgi ? image::pixelFormat(dxgi) : nullptr;
  return pf ? pf->name : "unknown";
}

json findingJson(const Finding& f) {
  json j = {{"severity", f.severity == Severity::Error     ? "error"
                         : f.severity == Severity::Warning ? "warning"
                                                           : "info"},
            {"message", f.message}};
  if (f.offset != ~uint64_t(0)) j["offset"] = f.offset;
  return j;
}

json textureJson(const TextureEntry& e) {
  const TextureRecord& r = e.record;
  const TextureLayout& L = e.layout;
  json t = {{"name", r.name},
            {"hash", hex32(e.hash)},
            {"hashOk", nameHash(r.name) == e.hash},
            {"pointer", describePointer(e.pointer)},
            {"format", formatName(L.dxgi)},
            {"dxgi", L.dxgi},
            {"width", r.width},
            {"height", r.height},
            {"depth", r.depth},
            {"mips", r.mips},
            {"shape", shapeName(L.shape)},
            {"layers", L.layers},
            {"usage", r.usage & 0x1F},
            {"dataPointer", describePointer(r.dataPtr)},
            {"computedBytes", L.computedBytes},
            {"convertible", L.unsupported.empty()}};
  if (r.edition == Edition::Enhanced) {
    t["storedFormat"] = hex(r.sgaFormat);
    t["dimension"] = r.dimension;
    t["dimensionBasis"] = dimensionBasisName(L.dimensionBasis);
    if (r.viewDimension >= 0) t["viewDimension"] = hex(uint64_t(r.viewDimension));
    t["tileMode"] = r.tileMode;
    t["flags"] = hex32(r.flags);
    t["blockCount"] = r.blockCount;
    t["blockSize"] = r.blockSize;
    t["storedBytes"] = L.storedBytes;
    if (L.censusChecked) t["censusOk"] = L.censusOk;
  } else {
    t["storedFormat"] = d3dFormatName(r.d3dFormat);
    t["stride"] = r.stride;
    t["legacyFormulaBytes"] = L.legacyFormulaBytes;
  }
  if (!L.unsupported.empty()) t["unsupported"] = L.unsupported;
  json notes = json::array();
  for (auto& f : e.findings) notes.push_back(findingJson(f));
  if (!notes.empty()) t["findings"] = notes;
  return t;
}

} // namespace

json containerInfo(const TextureContainer& c) {
  const Resource& res = c.resource;
  json j = {{"format", c.kind},
            {"file", c.file},
            {"edition", c.edition == Edition::Enhanced ? "enhanced" : "legacy"},
            {"version", res.version},
            {"resource",
             {{"systemFlags", hex32(res.systemFlags)},
              {"graphicsFlags", hex32(res.graphicsFlags)},
              {"systemBytes", res.system.size()},
              {"graphicsBytes", res.graphics.size()},
              {"compressedBytes", res.compressedSize},
              {"trailingBytes", res.trailingBytes}}}};
  json dicts = json::array();
  size_t textures = 0;
  for (auto& d : c.dictionaries) {
    json dj = {{"address", describePointer(d.address)},
               {"via", d.via},
               {"hashCount", d.hashCount},
               {"hashCapacity", d.hashCapacity},
               {"textureCount", d.textureCount},
               {"textureCapacity", d.textureCapacity}};
    json list = json::array();
    for (auto& e : d.entries) {
      if (!e.pointer) {
        list.push_back({{"hash", hex32(e.hash)}, {"pointer", nullptr}});
        continue;
      }
      list.push_back(textureJson(e));
      ++textures;
    }
    dj["textures"] = list;
    json notes = json::array();
    for (auto& f : d.findings) notes.push_back(findingJson(f));
    if (!notes.empty()) dj["findings"] = notes;
    dicts.push_back(dj);
  }
  j["dictionaries"] = dicts;
  j["textureCount"] = textures;
  if (c.dictionaries.empty()) j["note"] = "no embedded textures";
  json notes = json::array();
  for (auto& f : c.findings) notes.push_back(findingJson(f));
  if (!notes.empty()) j["findings"] = notes;
  return j;
}

void containerValidate(const TextureContainer& c, ValidationReport& report) {
  json formats = json::object();
  size_t textures = 0, nulls = 0, checked = 0, failures = 0, hashFailures = 0, undecided = 0,
         unsupported = 0;
  for (auto& f : c.findings) report.findings.push_back(f);
  if (c.dictionaries.empty()) report.info("no embedded textures");
  for (auto& d : c.dictionaries) {
    for (auto& f : d.findings) report.findings.push_back(f);
    for (auto& e : d.entries) {
      for (auto& f : e.findings) report.findings.push_back(f);
      if (!e.pointer) {
        ++nulls;
        continue;
      }
      ++textures;
      const std::string fmt = formatName(e.layout.dxgi);
      formats[fmt] = formats.value(fmt, 0) + 1;
      if (e.layout.censusChecked) {
        ++checked;
        failures += !e.layout.censusOk;
      }
      hashFailures += nameHash(e.record.name) != e.hash;
      undecided += e.layout.dimensionBasis == DimensionBasis::Undecided;
      unsupported += !e.layout.unsupported.empty();
    }
  }
  report.summary = {{"unreadableFiles", 0},
                    {"dictionaries", c.dictionaries.size()},
                    {"textures", textures},
                    {"nullEntries", nulls},
                    {"formats", formats},
                    {"invariantChecked", checked},
                    {"invariantFailures", failures},
                    {"hashFailures", hashFailures},
                    {"dimensionUndecided", undecided},
                    {"unsupported", unsupported}};
}

} // namespace strata::ytd
