#include "atlas/atlas_model.h"

#include <algorithm>

namespace strata::atlas {

size_t Toc::stubCount() const {
  switch (kind) {
  case TocKind::Geom:
    return geomStubs.size();
  case TocKind::Tex:
    return texStubs.size();
  case TocKind::Config:
    return configStubs.size();
  }
  return 0;
}

uint32_t Toc::stubOffset(size_t i) const {
  switch (kind) {
  case TocKind::Geom:
    return geomStubs[i].offset;
  case TocKind::Tex:
    return texStubs[i].offset;
  case TocKind::Config:
    return configStubs[i].offset;
  }
  return 0;
}

uint32_t Toc::stubLength(size_t i) const {
  switch (kind) {
  case TocKind::Geom:
    return geomStubs[i].length;
  case TocKind::Tex:
    return texStubs[i].length;
  case TocKind::Config:
    return configStubs[i].length;
  }
  return 0;
}

void Toc::setStubRef(size_t i, uint32_t offset, uint32_t length) {
  switch (kind) {
  case TocKind::Geom:
    geomStubs[i].offset = offset, geomStubs[i].length = length;
    break;
  case TocKind::Tex:
    texStubs[i].offset = offset, texStubs[i].length = length;
    break;
  case TocKind::Config:
    configStubs[i].offset = offset, configStubs[i].length = length;
    break;
  }
}

// Frames are kept in physical order (read and written so): a binary search,
// with a scan only when a model built by hand is not in order.
const Frame* File::frameAt(uint32_t offset) const {
  auto it = std::lower_bound(frames.begin(), frames.end(), offset,
                             [](const Frame& f, uint32_t at) { return f.offset < at; });
  if (it != frames.end() && it->offset == offset) return &*it;
  for (const Frame& f : frames)
    if (f.offset == offset) return &f;
  return nullptr;
}

Frame* File::frameAt(uint32_t offset) {
  return const_cast<Frame*>(static_cast<const File&>(*this).frameAt(offset));
}

Box3 unite(const Box3& a, const Box3& b) {
  Box3 r;
  for (int k = 0; k < 3; ++k) {
    r.min[k] = std::min(a.min[k], b.min[k]);
    r.max[k] = std::max(a.max[k], b.max[k]);
  }
  return r;
}

} // namespace strata::atlas
