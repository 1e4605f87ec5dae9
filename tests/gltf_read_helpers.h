#pragma once
// Reading back what the glTF writer produced, through tinygltf (an independent
// parser), for value-level assertions.
#include "strata/image.h"

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <array>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

// TinyGLTF's image decoding where it has none of its own: the static builds
// (STRATA_STATIC_DEPS, the Windows one) compile it without stb_image, and the
// images are then decoded by libpng / libjpeg (strata::image::decodeEncoded),
// still not by the code under test's writer.
inline void decodeImagesWithoutStb(tinygltf::TinyGLTF& loader) {
#ifdef TINYGLTF_NO_STB_IMAGE
  loader.SetImageLoader(
      [](tinygltf::Image* img, const int, std::string* err, std::string*, int, int,
         const unsigned char* bytes, int size, void*) {
        try {
          const strata::Image d = strata::image::decodeEncoded(
              std::vector<uint8_t>(bytes, bytes + size), img->name.empty() ? "image" : img->name);
          img->width = int(d.width);
          img->height = int(d.height);
          img->component = 4;
          img->bits = 8;
          img->pixel_type = TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE;
          img->image = d.data;
          return true;
        } catch (const std::exception& e) {
          if (err) *err += e.what();
          return false;
        }
      },
      nullptr);
#else
  (void)loader;
#endif
}

inline tinygltf::Model loadGltf(const std::string& path) {
  tinygltf::TinyGLTF loader;
  decodeImagesWithoutStb(loader);
  tinygltf::Model model;
  std::string err, warn;
  bool ok = path.size() > 4 && path.substr(path.size() - 4) == ".glb"
                ? loader.LoadBinaryFromFile(&model, &err, &warn, path)
                : loader.LoadASCIIFromFile(&model, &err, &warn, path);
  if (!ok) throw std::runtime_error("tinygltf: " + err);
  return model;
}

// The accessor's elements as floats (componentType FLOAT) or integers widened to double.
inline std::vector<double> accessorValues(const tinygltf::Model& m, int accessorIndex) {
  const tinygltf::Accessor& a = m.accessors.at(size_t(accessorIndex));
  const tinygltf::BufferView& v = m.bufferViews.at(size_t(a.bufferView));
  const auto& buf = m.buffers.at(size_t(v.buffer)).data;
  const int comps = tinygltf::GetNumComponentsInType(uint32_t(a.type));
  const int size = tinygltf::GetComponentSizeInBytes(uint32_t(a.componentType));
  const size_t stride = v.byteStride ? v.byteStride : size_t(comps * size);
  std::vector<double> out;
  for (size_t i = 0; i < a.count; ++i)
    for (int c = 0; c < comps; ++c) {
      const uint8_t* p = buf.data() + v.byteOffset + a.byteOffset + i * stride + size_t(c * size);
      switch (a.componentType) {
      case TINYGLTF_COMPONENT_TYPE_FLOAT: {
        float f;
        std::memcpy(&f, p, 4);
        out.push_back(f);
        break;
      }
      case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT:
        out.push_back(p[0] | p[1] << 8);
        break;
      case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: {
        uint32_t u;
        std::memcpy(&u, p, 4);
        out.push_back(u);
        break;
      }
      case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
        out.push_back(p[0]);
        break;
      default:
        throw std::runtime_error("unexpected component type");
      }
    }
  return out;
}

inline const tinygltf::Node* findNode(const tinygltf::Model& m, const std::string& name) {
  for (const auto& n : m.nodes)
    if (n.name == name) return &n;
  return nullptr;
}

// Attribute `attribute` (POSITION, TEXCOORD_0...) of node `name`'s first
// primitive, as doubles.
inline std::vector<double> nodeAttribute(const tinygltf::Model& m, const std::string& name,
                                         const std::string& attribute) {
  const tinygltf::Node* n = findNode(m, name);
  if (!n) throw std::runtime_error("no node " + name);
  return accessorValues(m, m.meshes.at(size_t(n->mesh)).primitives.at(0).attributes.at(attribute));
}

// The POSITION accessor's bounds of node `name`'s first primitive span source
// x in [x0, x1] and y in [y0, y1]: glTF x and -z.
inline void expectSpans(const tinygltf::Model& m, const std::string& name, double x0, double x1,
                        double y0, double y1) {
  const tinygltf::Node* n = findNode(m, name);
  ASSERT_NE(n, nullptr) << name;
  const auto& pos =
      m.accessors[size_t(m.meshes[size_t(n->mesh)].primitives[0].attributes.at("POSITION"))];
  EXPECT_DOUBLE_EQ(pos.minValues[0], x0) << name;
  EXPECT_DOUBLE_EQ(pos.maxValues[0], x1) << name;
  EXPECT_DOUBLE_EQ(pos.minValues[2], -y1) << name;
  EXPECT_DOUBLE_EQ(pos.maxValues[2], -y0) << name;
}

// TEXCOORD_1 of node `name` holds the terrain's global coordinate at every
// vertex: (y / size, 1 - x / size) of its position in source axes.
inline void expectGlobalTexcoord(const tinygltf::Model& m, const std::string& name, double size) {
  const std::vector<double> uv1 = nodeAttribute(m, name, "TEXCOORD_1");
  const std::vector<double> pos = nodeAttribute(m, name, "POSITION");
  ASSERT_EQ(uv1.size() / 2, pos.size() / 3) << name;
  for (size_t v = 0; v < uv1.size() / 2; ++v) {
    const double wx = pos[3 * v], wy = -pos[3 * v + 2]; // back to source axes
    EXPECT_NEAR(uv1[2 * v], wy / size, 1e-6) << name;
    EXPECT_NEAR(uv1[2 * v + 1], 1 - wx / size, 1e-6) << name;
  }
}

// Pixel (x, y) of the base colour image of node `name`'s first primitive, as
// tinygltf decoded it (stb_image), RGBA8.
inline std::array<uint8_t, 4> baseColorPixel(const tinygltf::Model& m, const std::string& name,
                                             int x = 0, int y = 0) {
  const tinygltf::Node* n = findNode(m, name);
  if (!n) throw std::runtime_error("no node " + name);
  const auto& prim = m.meshes.at(size_t(n->mesh)).primitives.at(0);
  const auto& mat = m.materials.at(size_t(prim.material));
  const auto& tex = m.textures.at(size_t(mat.pbrMetallicRoughness.baseColorTexture.index));
  const auto& img = m.images.at(size_t(tex.source));
  size_t at = (size_t(y) * size_t(img.width) + size_t(x)) * size_t(img.component);
  return {img.image[at], img.image[at + 1], img.image[at + 2],
          uint8_t(img.component == 4 ? img.image[at + 3] : 255)};
}
