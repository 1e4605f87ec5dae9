// strata.h materials, textures and images (decoded to RGBA8 on request).
#include "capi_handles.h"
#include "strata/image.h"

using namespace strata::capi;

namespace {

strata_wrap toWrap(strata::Wrap w) {
  switch (w) {
  case strata::Wrap::Repeat:
    return STRATA_WRAP_REPEAT;
  case strata::Wrap::ClampToEdge:
    return STRATA_WRAP_CLAMP_TO_EDGE;
  case strata::Wrap::MirroredRepeat:
    return STRATA_WRAP_MIRRORED_REPEAT;
  }
  return STRATA_WRAP_REPEAT;
}

} // namespace

extern "C" {

strata_status strata_scene_get_material(strata_scene* s, uint32_t material,
                                        strata_material_info* out) {
  return onSceneItem(
      s, &strata::Scene::materials, "material", material, [&](const strata::Material& m) {
        strata_material_info r{};
        r.size = sizeof r;
        r.name = m.name.c_str();
        for (int k = 0; k < 4; ++k) r.base_color_factor[k] = m.baseColorFactor[size_t(k)];
        r.base_color_texture = m.baseColorTexture;
        r.base_color_texcoord = uint32_t(m.baseColorTexCoord);
        r.metallic = m.metallic;
        r.roughness = m.roughness;
        r.double_sided = m.doubleSided;
        r.alpha_mode = m.alphaMode == strata::AlphaMode::Mask    ? STRATA_ALPHA_MASK
                       : m.alphaMode == strata::AlphaMode::Blend ? STRATA_ALPHA_BLEND
                                                                 : STRATA_ALPHA_OPAQUE;
        r.alpha_cutoff = m.alphaCutoff;
        return writeInfo(s->error, out, r, "strata_material_info");
      });
}

strata_status strata_scene_get_texture(strata_scene* s, uint32_t texture,
                                       strata_texture_info* out) {
  return onSceneItem(s, &strata::Scene::textures, "texture", texture,
                     [&](const strata::Texture& t) {
                       strata_texture_info r{};
                       r.size = sizeof r;
                       r.image = t.image;
                       r.wrap_s = toWrap(t.wrapS);
                       r.wrap_t = toWrap(t.wrapT);
                       return writeInfo(s->error, out, r, "strata_texture_info");
                     });
}

strata_status strata_scene_get_image(strata_scene* s, uint32_t image, strata_image_info* out) {
  return onSceneItem(s, &strata::Scene::images, "image", image, [&](const strata::Image& img) {
    const strata::image::PixelFormat* pf = strata::image::pixelFormat(img.dxgiFormat);
    strata_image_info r{};
    r.size = sizeof r;
    r.name = img.name.c_str();
    r.width = img.width;
    r.height = img.height;
    r.depth = img.depth;
    r.mip_count = img.mipLevels;
    r.layer_count = strata::image::sliceCount(img);
    r.dxgi_format = img.dxgiFormat;
    r.format_name = pf ? pf->name : "UNKNOWN";
    r.color_space = img.colorSpace == strata::ColorSpace::SRGB ? STRATA_COLOR_SPACE_SRGB
                                                               : STRATA_COLOR_SPACE_LINEAR;
    return writeInfo(s->error, out, r, "strata_image_info");
  });
}

strata_status strata_scene_get_image_rgba8(strata_scene* s, uint32_t image, uint32_t mip,
                                           uint32_t layer, uint8_t* buffer, size_t capacity,
                                           size_t* count) {
  return onSceneItem(s, &strata::Scene::images, "image", image, [&](const strata::Image& img) {
    if (mip >= img.mipLevels)
      return fail(s->error, STRATA_ERROR_INVALID_ARGUMENT,
                  "mip " + std::to_string(mip) + " out of range (image " + img.name + " has " +
                      std::to_string(img.mipLevels) + ")");
    if (layer >= strata::image::sliceCount(img))
      return fail(s->error, STRATA_ERROR_INVALID_ARGUMENT,
                  "layer " + std::to_string(layer) + " out of range (image " + img.name + " has " +
                      std::to_string(strata::image::sliceCount(img)) + ")");
    using strata::image::mipExtent;
    // The size is known without decoding, so a size query costs nothing.
    const uint64_t bytes = uint64_t(mipExtent(img.width, mip)) * mipExtent(img.height, mip) *
                           mipExtent(img.depth, mip) * 4;
    if (!buffer || capacity < bytes)
      return copyOut(s->error, nullptr, bytes, 1, buffer, capacity, count);
    std::vector<uint8_t> px = strata::image::decodeRGBA8(img, mip, layer);
    if (px.size() != bytes)
      return fail(s->error, STRATA_ERROR_INTERNAL,
                  "decoded " + std::to_string(px.size()) + " bytes of image " + img.name +
                      ", expected " + std::to_string(bytes));
    return copyOut(s->error, px.data(), px.size(), 1, buffer, capacity, count);
  });
}

} // extern "C"
