// Images: every scene image as a PNG in buffer 0, and with TextureMode::Ktx2
// a UASTC KTX2 twin of each (KHR_texture_basisu), encoded on the threads of
// the process's budget (strata/parallel.h).
#include "stages.h"

#include "strata/base64.h"
#include "strata/image.h"
#include "strata/parallel.h"

#include <algorithm>
#include <cctype>
#include <memory>

namespace strata::gltf {

namespace {

// A view of bytes `fill` writes, not a mesh's, after the views placed so far.
int addView(Document& doc, size_t length, std::function<void(uint8_t*)> fill) {
  doc.views.push_back(placeView(doc.bufferSize, length, 0, -1,
                                [fill = std::move(fill)](const Mesh*, uint8_t* to) { fill(to); }));
  return int(doc.views.size() - 1);
}

// Bytes the buffer holds as they are (PNG, KTX2), kept until it is written.
int addBlob(Document& doc, std::vector<uint8_t> bytes) {
  auto held = std::make_shared<std::vector<uint8_t>>(std::move(bytes));
  return addView(doc, held->size(),
                 [held](uint8_t* to) { std::copy(held->begin(), held->end(), to); });
}

// The scene's images as PNG: encoding is most of a textured write, so every
// image at once on the cores the budget has, added in scene order (the bytes
// do not depend on the thread count). An image that keeps the PNG it was
// decoded from is written from the scene: a copy held until the write cost
// every tile's bytes once more, and their page faults.
void addPngs(Document& doc) {
  const std::vector<Image>& images = doc.scene->images;
  std::vector<std::vector<uint8_t>> pngs(images.size());
  parallelFor(pngs.size(), [&](size_t i) {
    // glTF has no volumes: a volume's first slice (pngFileOf stacks them
    // all, as `strata textures` writes them).
    const Image& img = images[i];
    if (img.depth > 1) {
      std::vector<uint8_t> rgba = image::decodeRGBA8(img, 0, 0);
      pngs[i] = image::encodePNG(rgba.data(), img.width, img.height);
    } else if (img.png.empty()) {
      pngs[i] = image::pngFileOf(img);
    }
  });
  for (size_t i = 0; i < pngs.size(); ++i) {
    ImageItem item{images[i].name, -1, "image/png", {}};
    if (pngs[i].empty())
      item.view = addView(doc, images[i].png.size(), [&kept = images[i].png](uint8_t* to) {
        std::copy(kept.begin(), kept.end(), to);
      });
    else
      item.view = addBlob(doc, std::move(pngs[i]));
    doc.images.push_back(std::move(item));
  }
}

// RFC 3986: everything but unreserved characters percent-encoded.
std::string uriEscape(const std::string& s) {
  static const char hex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
      out += char(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

// Images a material samples as base colour are sRGB colour data; any other
// image is linear data.
std::vector<bool> colourImages(const Scene& scene) {
  std::vector<bool> colour(scene.images.size(), false);
  for (const Material& m : scene.materials)
    if (m.baseColorTexture >= 0 && size_t(m.baseColorTexture) < scene.textures.size()) {
      const int i = scene.textures[size_t(m.baseColorTexture)].image;
      if (i >= 0 && size_t(i) < colour.size()) colour[size_t(i)] = true;
    }
  return colour;
}

// KHR_texture_basisu: a UASTC KTX2 image per scene image, after the PNGs
// (image n + i is the KTX2 twin of PNG i). Where the KTX2 bytes go:
// - .gltf: a data: URI, which costs nothing extra there (the buffer is
//   base64 too) and draws only IMAGE_UNRECOGNIZED_FORMAT from the validator.
// - .glb written by writeGltfFile: a file beside the GLB, by relative URI.
//   The validator (2.0.0-dev.3.10) does not know KHR_texture_basisu: a
//   bufferView image with mimeType "image/ktx2" draws VALUE_NOT_IN_LIST and
//   a data: URI in a GLB draws DATA_URI_GLB, so only a URI keeps its
//   warnings to IMAGE_UNRECOGNIZED_FORMAT. The PNG sources stay inside the
//   GLB, so the GLB alone still loads everywhere.
// - .glb bytes from writeGltf alone: bufferViews with mimeType "image/ktx2",
//   as KHR_texture_basisu shows it.
void addKtx2s(Document& doc, const WriteOptions& options, std::vector<SideFile>& beside) {
  const std::vector<Image>& images = doc.scene->images;
  const std::vector<bool> colour = colourImages(*doc.scene);
  for (size_t i = 0; i < images.size(); ++i) {
    image::UastcOptions uo;
    uo.srgb = colour[i];
    std::vector<uint8_t> ktx2 = image::writeKTX2Uastc(images[i], uo);
    ImageItem item{images[i].name, -1, nullptr, {}};
    if (options.binary && options.ktx2Beside) {
      const std::string name = options.ktx2Stem + "." + std::to_string(i) + ".ktx2";
      item.uri = uriEscape(name);
      beside.push_back({name, std::move(ktx2)});
    } else if (options.binary) {
      item.mimeType = "image/ktx2";
      item.view = addBlob(doc, std::move(ktx2));
    } else {
      item.uri = "data:image/ktx2;base64," + base64Encode(ktx2);
    }
    doc.images.push_back(std::move(item));
  }
  // Used, never required: viewers without the extension load the PNG source.
  doc.extensionsUsed.push_back("KHR_texture_basisu");
}

} // namespace

void addImages(Document& doc, const WriteOptions& options, std::vector<SideFile>& beside) {
  addPngs(doc);
  if (options.textures == TextureMode::Ktx2) addKtx2s(doc, options, beside);
}

} // namespace strata::gltf
