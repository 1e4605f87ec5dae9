#include "atlas/atlas_tiles.h"

#include "atlas/atlas_check.h"
#include "strata/error.h"
#include "strata/image.h"
#include "strata/parallel.h"
#include "strata/quadtree.h"

#include <set>

namespace strata::atlas {

TileOrigins atlasTileOrigins(const File& file, const std::string& fileName) {
  std::vector<int> slotOf(file.tocs.size(), -1); // Tex TOCs count from 0 in file order
  int slot = 0;
  for (size_t t = 0; t < file.tocs.size(); ++t)
    if (file.tocs[t].kind == TocKind::Tex) slotOf[t] = slot++;
  return [&file, fileName, slotOf](size_t toc, size_t stub) {
    const NodePos p = nodePos(stub);
    const std::string pos = nodeName(p);
    TileOrigin o;
    o.file = fileName;
    o.payload = uint64_t(file.tocs[toc].texStubs[stub].offset) + 13;
    o.name =
        "Tex TOC " + std::to_string(toc) + " tile " + pos + " (stub " + std::to_string(stub) + ")";
    o.imageName = "tex" + std::to_string(slotOf[toc]) + "_" + pos;
    return o;
  };
}

namespace {

// decodeTilePayload, the PNG it keeps taken from `data` (Data: a
// std::vector<uint8_t>, moved from or copied).
template <class Data>
Image decodePayload(uint8_t format, Data&& data, bool swapRedBlue, bool texels) {
  switch (format) { // §4 mFormat
  case 0:
  case 1: {
    Image img = image::decodeEncoded(std::forward<Data>(data), "", texels || swapRedBlue);
    if (swapRedBlue) {
      for (size_t i = 0; i + 3 < img.data.size(); i += 4) std::swap(img.data[i], img.data[i + 2]);
      img.png.clear();
    }
    return img;
  }
  case 2:
    return image::readDDS(data, "");
  default:
    throw Error("", Error::kNoOffset, // TileCache places it at the mFormat byte
                "unknown texture mFormat " + std::to_string(format) +
                    " (expected 0 JPEG, 1 PNG or 2 DDS)");
  }
}

} // namespace

Image decodeTilePayload(uint8_t format, const std::vector<uint8_t>& data, bool swapRedBlue,
                        bool texels) {
  return decodePayload(format, data, swapRedBlue, texels);
}

TileCache::TileCache(ModelUse model, bool swapRedBlue, TileOrigins origins)
    : model_(model), swap_(swapRedBlue), origins_(std::move(origins)) {
  if (!model.taken()) return;
  const File& file = model.file();
  std::map<uint32_t, size_t> tocOf; // frame offset -> the first Tex TOC naming it
  for (size_t t = 0; t < file.tocs.size(); ++t)
    if (file.tocs[t].kind == TocKind::Tex)
      for (const TexStub& s : file.tocs[t].texStubs)
        if (s.length && !tocOf.emplace(s.offset, t).second && tocOf[s.offset] != t)
          shared_.insert(s.offset);
}

const Frame* TileCache::frame(size_t toc, size_t stub) const {
  const uint32_t at = frameOf(toc, stub);
  return at ? model_.file().frameAt(at) : nullptr;
}

uint32_t TileCache::frameOf(size_t toc, size_t stub) const {
  const TexStub& s = model_.file().tocs[toc].texStubs[stub];
  return s.length ? s.offset : 0;
}

TileCache::Entry TileCache::decodeEntry(size_t toc, size_t stub, const Frame& f,
                                        std::optional<Image>& image, bool texels, bool kept) const {
  Entry e;
  const TileOrigin o = origins_(toc, stub);
  try {
    // A tile handed out takes its PNG from a frame that is ours: nothing
    // reads the frame's bytes once it is decoded (a textured convert copied
    // every tile, a fifth of what textures add to it).
    File* owned = model_.taken();
    Frame* own = kept && owned && !shared_.count(f.offset) ? owned->frameAt(f.offset) : nullptr;
    image = own ? decodePayload(f.tex.format, std::move(own->tex.data), swap_ && texels, texels)
                : decodePayload(f.tex.format, f.tex.data, swap_ && texels, texels);
    image->name = o.imageName;
    e.ok = true;
  } catch (const Error& err) {
    const bool known = f.tex.format <= 2;
    e.problem = {Severity::Error,
                 o.file,
                 !known                             ? o.payload - 1
                 : err.offset() == Error::kNoOffset ? o.payload
                                                    : o.payload + err.offset(),
                 o.name,
                 err.detail(),
                 kTilePiece,
                 pieceIndex(toc, frameOf(toc, stub)),
                 dynamic_cast<const Unsupported*>(&err) != nullptr};
  }
  return e;
}

std::optional<Image> TileCache::decode(size_t toc, size_t stub) {
  const Frame* f = frame(toc, stub);
  if (!f) return std::nullopt;
  std::optional<Image> image;
  done_[{toc, f->offset}] = decodeEntry(toc, stub, *f, image, texels_, true);
  return image;
}

std::optional<Image> TileCache::take(size_t toc, size_t stub) {
  const uint32_t at = frameOf(toc, stub);
  auto kept = ahead_.find({toc, at});
  if (kept != ahead_.end()) {
    std::optional<Image> image = std::move(kept->second);
    ahead_.erase(kept);
    return image;
  }
  if (!at || done_.count({toc, at})) return std::nullopt;
  return decode(toc, stub);
}

bool TileCache::broken(size_t toc, size_t stub) const {
  auto it = done_.find({toc, frameOf(toc, stub)});
  return it != done_.end() && !it->second.ok;
}

void TileCache::decodeFrames(const std::vector<std::pair<size_t, size_t>>& stubs, bool keep) {
  struct Job {
    size_t toc, stub;
    const Frame* frame;
  };
  std::vector<Job> jobs;
  std::set<std::pair<size_t, uint32_t>> queued;
  for (auto [t, i] : stubs) {
    const Frame* f = frame(t, i);
    if (f && !done_.count({t, f->offset}) && queued.insert({t, f->offset}).second)
      jobs.push_back({t, i, f});
  }
  std::vector<Entry> entries(jobs.size());
  std::vector<std::optional<Image>> images(jobs.size());
  parallelFor(jobs.size(), [&](size_t k) {
    entries[k] =
        decodeEntry(jobs[k].toc, jobs[k].stub, *jobs[k].frame, images[k], keep && texels_, keep);
    if (!keep) images[k].reset(); // freed as soon as it is checked
  });
  for (size_t k = 0; k < jobs.size(); ++k) {
    const std::pair<size_t, uint32_t> key{jobs[k].toc, frameOf(jobs[k].toc, jobs[k].stub)};
    done_[key] = std::move(entries[k]);
    if (images[k]) ahead_.emplace(key, std::move(*images[k]));
  }
}

void TileCache::decodeAhead(const std::vector<std::pair<size_t, size_t>>& stubs) {
  decodeFrames(stubs, true);
}

std::vector<std::pair<size_t, size_t>> TileCache::stubs() const {
  std::vector<std::pair<size_t, size_t>> out;
  for (size_t t = 0; t < model_.file().tocs.size(); ++t)
    if (model_.file().tocs[t].kind == TocKind::Tex)
      for (size_t i = 0; i < model_.file().tocs[t].texStubs.size(); ++i) out.push_back({t, i});
  return out;
}

void TileCache::checkAll() {
  // The frames not decoded yet, each once (by its first stub); only what
  // went wrong is kept.
  decodeFrames(stubs(), false);
}

std::vector<Problem> TileCache::problems() const {
  std::vector<Problem> out;
  std::map<std::pair<size_t, uint32_t>, bool> listed;
  for (size_t t = 0; t < model_.file().tocs.size(); ++t)
    for (size_t i = 0; i < model_.file().tocs[t].texStubs.size(); ++i) {
      auto key = std::make_pair(t, frameOf(t, i));
      auto it = done_.find(key);
      if (it == done_.end() || it->second.ok || listed[key]) continue;
      listed[key] = true;
      out.push_back(it->second.problem);
    }
  return out;
}

} // namespace strata::atlas
