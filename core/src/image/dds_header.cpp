#include "image/dds_header.h"

#include <initializer_list>
#include <utility>

namespace strata::image {

namespace {

// Every field of a run of u32s, in order, each named for its error.
void readU32s(ByteReader& r, std::initializer_list<std::pair<uint32_t*, const char*>> fields) {
  for (const auto& [field, what] : fields) *field = r.u32(what);
}

} // namespace

DdsHeader readDdsHeader(ByteReader& r) {
  DdsHeader h;
  size_t at = r.tell();
  h.size = r.u32("DDS_HEADER.dwSize");
  if (h.size != kDdsHeaderSize) r.failAt(at, "expected DDS_HEADER.dwSize 124");
  readU32s(r, {{&h.flags, "DDS_HEADER.dwFlags"},
               {&h.height, "DDS_HEADER.dwHeight"},
               {&h.width, "DDS_HEADER.dwWidth"},
               {&h.pitchOrLinearSize, "DDS_HEADER.dwPitchOrLinearSize"},
               {&h.depth, "DDS_HEADER.dwDepth"},
               {&h.mipMapCount, "DDS_HEADER.dwMipMapCount"}});
  r.need(sizeof h.reserved1, "DDS_HEADER.dwReserved1");
  for (uint32_t& v : h.reserved1) v = r.u32("DDS_HEADER.dwReserved1");
  DdsPixelFormat& pf = h.pixelFormat;
  at = r.tell();
  pf.size = r.u32("DDS_PIXELFORMAT.dwSize");
  if (pf.size != kDdsPixelFormatSize) r.failAt(at, "expected DDS_PIXELFORMAT.dwSize 32");
  readU32s(r, {{&pf.flags, "DDS_PIXELFORMAT.dwFlags"},
               {&pf.fourCC, "DDS_PIXELFORMAT.dwFourCC"},
               {&pf.rgbBitCount, "DDS_PIXELFORMAT.dwRGBBitCount"}});
  for (uint32_t& m : pf.masks) m = r.u32("DDS_PIXELFORMAT bit mask");
  readU32s(r, {{&h.caps, "DDS_HEADER.dwCaps"}, {&h.caps2, "DDS_HEADER.dwCaps2"}});
  r.need(3 * 4, "DDS_HEADER.dwCaps3/dwCaps4/dwReserved2");
  readU32s(r, {{&h.caps3, "DDS_HEADER.dwCaps3"},
               {&h.caps4, "DDS_HEADER.dwCaps4"},
               {&h.reserved2, "DDS_HEADER.dwReserved2"}});
  return h;
}

DdsHeaderDx10 readDdsHeaderDx10(ByteReader& r) {
  DdsHeaderDx10 h;
  readU32s(r, {{&h.dxgiFormat, "DDS_HEADER_DXT10.dxgiFormat"},
               {&h.resourceDimension, "DDS_HEADER_DXT10.resourceDimension"},
               {&h.miscFlag, "DDS_HEADER_DXT10.miscFlag"},
               {&h.arraySize, "DDS_HEADER_DXT10.arraySize"},
               {&h.miscFlags2, "DDS_HEADER_DXT10.miscFlags2"}});
  return h;
}

void writeDdsHeader(ByteWriter& w, const DdsHeader& h) {
  for (uint32_t v :
       {h.size, h.flags, h.height, h.width, h.pitchOrLinearSize, h.depth, h.mipMapCount})
    w.u32(v);
  for (uint32_t v : h.reserved1) w.u32(v);
  const DdsPixelFormat& pf = h.pixelFormat;
  for (uint32_t v : {pf.size, pf.flags, pf.fourCC, pf.rgbBitCount}) w.u32(v);
  for (uint32_t m : pf.masks) w.u32(m);
  for (uint32_t v : {h.caps, h.caps2, h.caps3, h.caps4, h.reserved2}) w.u32(v);
}

void writeDdsHeaderDx10(ByteWriter& w, const DdsHeaderDx10& h) {
  for (uint32_t v : {h.dxgiFormat, h.resourceDimension, h.miscFlag, h.arraySize, h.miscFlags2})
    w.u32(v);
}

} // namespace strata::image
