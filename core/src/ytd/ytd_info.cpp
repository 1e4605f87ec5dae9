#include "ytd/ytd_info.h"

#include "common/bytes.h"
#include "strata/image.h"
#include "strata/text.h"
#include "ytd/ytd_check.h"
#include "ytd/ytd_formats.h"
#include "ytd/ytd_name_hash.h"
#include "ytd/ytd_pointers.h"

#include <map>

namespace strata::ytd {

namespace {

using nlohmann::json;

json textureJson(const TextureEntry& e, const TextureLayout& L) {
  const TextureRecord& r = e.record;
  json t = {{"name", escapeUtf8(r.name)},
            {"hash", hex32(e.hash)},
            {"hashOk", nameHash(r.name) == e.hash || hashOfBareName(r.name, e.hash)},
            {"pointer", describePointer(e.pointer)},
            {"format", dxgiName(L.dxgi)},
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
    if (L.censusChecked) {
      t["censusOk"] = L.censusOk;
      if (L.censusOk) t["blockCountRule"] = blockCountRuleName(L.blockCountRule);
    }
  } else {
    t["storedFormat"] = d3dFormatName(r.d3dFormat);
    t["stride"] = r.stride;
    t["strideRule"] = strideRuleName(L.strideRule);
    t["dataSpaceBytes"] = L.space.bytes;
    t["dataSpaceEnds"] = L.space.toNextData ? "next texture's data" : "segment end";
    t["legacyFormulaBytes"] = L.legacyFormulaBytes;
  }
  if (hashOfBareName(r.name, e.hash)) t["hashOfBareName"] = escapeUtf8(bareName(r.name));
  if (!L.unsupported.empty()) t["unsupported"] = L.unsupported;
  return t;
}

} // namespace

json containerInfo(const TextureContainer& c) {
  const Resource& res = c.resource;
  json j = {{"format", c.kind},
            {"file", escapeUtf8(c.file)},
            {"edition", c.edition == Edition::Enhanced ? "enhanced" : "legacy"},
            {"version", res.version},
            {"resource",
             {{"systemFlags", hex32(res.systemFlags)},
              {"graphicsFlags", hex32(res.graphicsFlags)},
              {"systemBytes", res.system.size()},
              {"graphicsBytes", res.graphics.size()},
              {"compressedBytes", res.compressedSize},
              {"trailingBytes", res.trailingBytes}}}};
  // Each finding of the one check, placed with the piece it is about.
  std::map<const void*, json> notes;
  for (const CheckedFinding& f : checkContainer(c).findings) {
    const void* piece =
        f.entry ? static_cast<const void*>(f.entry) : static_cast<const void*>(f.dictionary);
    notes[piece].push_back(findingJson(f.finding));
  }
  auto attach = [&](json& to, const void* piece) {
    auto it = notes.find(piece);
    if (it != notes.end()) to["findings"] = it->second;
  };
  json dicts = json::array();
  size_t textures = 0;
  for (auto& d : c.dictionaries) {
    json dj = {{"address", describePointer(d.address)},
               {"via", c.reading(d).via},
               {"hashCount", d.hashCount},
               {"hashCapacity", d.hashCapacity},
               {"textureCount", d.textureCount},
               {"textureCapacity", d.textureCapacity}};
    json list = json::array();
    for (auto& e : d.entries) {
      json t =
          recordRead(e)
              ? textureJson(e, c.texture(e).layout)
              : json{{"hash", hex32(e.hash)},
                     {"pointer", e.pointer ? json(describePointer(e.pointer)) : json(nullptr)}};
      attach(t, &e);
      list.push_back(t);
      textures += e.pointer != 0;
    }
    dj["textures"] = list;
    attach(dj, &d);
    dicts.push_back(dj);
  }
  j["dictionaries"] = dicts;
  j["textureCount"] = textures;
  if (c.dictionaries.empty()) j["note"] = "no embedded textures";
  attach(j, nullptr);
  return j;
}

} // namespace strata::ytd
