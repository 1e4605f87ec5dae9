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

const Frame* File::frameAt(uint32_t offset) const {
  for (const Frame& f : frames)
    if (f.offset == offset) return &f;
  return nullptr;
}

Frame* File::frameAt(uint32_t offset) {
  for (Frame& f : frames)
    if (f.offset == offset) return &f;
  return nullptr;
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
