#include "gltf_writer.h"

#include "common/base64.h"
#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/image.h"

#include <tiny_gltf.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <sstream>

namespace strata::gltf {

namespace {

constexpr int kArrayBuffer = 34962; // glTF bufferView.target
constexpr int kElementArrayBuffer = 34963;

class Builder {
public:
  Builder(const Scene& scene, const WriteOptions& options) : scene_(scene), options_(options) {
    model_.asset.version = "2.0";
    model_.asset.generator = "Strata";
    model_.buffers.emplace_back();
  }

  tinygltf::Model build() {
    if (options_.textures != TextureMode::None) {
      for (const Image& img : scene_.images) addImage(img);
      if (options_.textures == TextureMode::Ktx2) addKtx2Images();
      for (const Texture& t : scene_.textures) addTexture(t);
    }
    for (const Material& m : scene_.materials) addMaterial(m);
    for (const Mesh& m : scene_.meshes) addMesh(m);
    for (const Node& n : scene_.nodes) addNode(n);
    tinygltf::Scene s;
    s.nodes = scene_.roots;
    // tinygltf writes a scene with no members as null, which the validator
    // rejects (a drawable without embedded textures has no nodes).
    s.name = scene_.name.empty() ? "scene" : scene_.name;
    model_.scenes.push_back(s);
    for (const NamedRoots& other : scene_.otherScenes) {
      tinygltf::Scene o;
      o.name = other.name;
      o.nodes = other.roots;
      model_.scenes.push_back(o);
    }
    model_.defaultScene = 0;
    if (model_.buffers[0].data.empty()) model_.buffers.clear();
    return std::move(model_);
  }

private:
  const Scene& scene_;
  const WriteOptions& options_;
  tinygltf::Model model_;

  int addView(const void* data, size_t size, int target) {
    auto& buf = model_.buffers[0].data;
    while (buf.size() % 4) buf.push_back(0);
    tinygltf::BufferView v;
    v.buffer = 0;
    v.byteOffset = buf.size();
    v.byteLength = size;
    v.target = target;
    const auto* p = static_cast<const uint8_t*>(data);
    buf.insert(buf.end(), p, p + size);
    model_.bufferViews.push_back(v);
    return int(model_.bufferViews.size() - 1);
  }

  template <size_t N>
  int addFloatAccessor(const std::vector<std::array<float, N>>& values, bool minMax) {
    tinygltf::Accessor a;
    a.bufferView = addView(values.data(), values.size() * N * sizeof(float), kArrayBuffer);
    a.componentType = TINYGLTF_COMPONENT_TYPE_FLOAT;
    a.count = values.size();
    a.type = N == 2 ? TINYGLTF_TYPE_VEC2 : N == 3 ? TINYGLTF_TYPE_VEC3 : TINYGLTF_TYPE_VEC4;
    if (minMax && !values.empty()) {
      a.minValues.assign(N, INFINITY);
      a.maxValues.assign(N, -INFINITY);
      for (const auto& v : values)
        for (size_t k = 0; k < N; ++k) {
          a.minValues[k] = std::min<double>(a.minValues[k], v[k]);
          a.maxValues[k] = std::max<double>(a.maxValues[k], v[k]);
        }
    }
    model_.accessors.push_back(a);
    return int(model_.accessors.size() - 1);
  }

  int addIndices(const std::vector<uint32_t>& indices, size_t vertexCount) {
    tinygltf::Accessor a;
    a.count = indices.size();
    a.type = TINYGLTF_TYPE_SCALAR;
    // 0xFFFF is the primitive-restart value and is not allowed as a U16 index.
    if (vertexCount < 0xFFFF) {
      std::vector<uint16_t> small(indices.begin(), indices.end());
      a.bufferView = addView(small.data(), small.size() * 2, kElementArrayBuffer);
      a.componentType = TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT;
    } else {
      a.bufferView = addView(indices.data(), indices.size() * 4, kElementArrayBuffer);
      a.componentType = TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
    }
    model_.accessors.push_back(a);
    return int(model_.accessors.size() - 1);
  }

  static std::vector<Vec3> axes(const std::vector<Vec3>& in) {
    std::vector<Vec3> out(in.size());
    std::transform(in.begin(), in.end(), out.begin(), toGltfAxes);
    return out;
  }

  // glTF requires unit normals; a zero or non-finite normal becomes the up axis.
  static std::vector<Vec3> unitNormals(const std::vector<Vec3>& in) {
    std::vector<Vec3> out = axes(in);
    for (Vec3& n : out) {
      float len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
      if (!(len > 1e-12f) || !std::isfinite(len))
        n = {0, 1, 0};
      else
        n = {n[0] / len, n[1] / len, n[2] / len};
    }
    return out;
  }

  void addMesh(const Mesh& m) {
    tinygltf::Mesh gm;
    gm.name = m.name;
    size_t targets = 0;
    for (const Primitive& p : m.primitives) {
      tinygltf::Primitive gp;
      gp.mode = TINYGLTF_MODE_TRIANGLES;
      gp.attributes["POSITION"] = addFloatAccessor(axes(p.positions), true);
      if (!p.normals.empty())
        gp.attributes["NORMAL"] = addFloatAccessor(unitNormals(p.normals), false);
      if (!p.uv0.empty()) gp.attributes["TEXCOORD_0"] = addFloatAccessor(p.uv0, false);
      if (!p.uv1.empty()) gp.attributes["TEXCOORD_1"] = addFloatAccessor(p.uv1, false);
      if (!p.colors.empty()) {
        std::vector<Vec4> c = p.colors;
        for (Vec4& v : c)
          for (float& f : v) f = std::clamp(std::isfinite(f) ? f : 0.0f, 0.0f, 1.0f);
        gp.attributes["COLOR_0"] = addFloatAccessor(c, false);
      }
      gp.indices = addIndices(p.indices, p.positions.size());
      for (const MorphTarget& t : p.morphTargets) {
        std::map<std::string, int> target;
        target["POSITION"] = addFloatAccessor(axes(t.positions), true);
        if (!t.uv0.empty()) target["TEXCOORD_0"] = addFloatAccessor(t.uv0, false);
        gp.targets.push_back(target);
      }
      targets = std::max(targets, p.morphTargets.size());
      if (p.material >= 0) gp.material = p.material;
      gm.primitives.push_back(gp);
    }
    gm.weights.assign(targets, 0.0);
    model_.meshes.push_back(gm);
  }

  void addNode(const Node& n) {
    tinygltf::Node gn;
    gn.name = n.name;
    gn.mesh = n.mesh;
    gn.children = n.children;
    if (n.translation != Vec3{0, 0, 0}) {
      Vec3 t = toGltfAxes(n.translation);
      gn.translation = {t[0], t[1], t[2]};
    }
    tinygltf::Value::Object extras;
    if (!n.tags.empty()) {
      tinygltf::Value::Object tags;
      for (auto& [k, v] : n.tags) tags[k] = tinygltf::Value(int(v));
      extras["strata"] = tinygltf::Value(tags);
    }
    if (!n.lodAlternates.empty()) addLod(n, gn, extras);
    if (!extras.empty()) gn.extras = tinygltf::Value(extras);
    model_.nodes.push_back(gn);
  }

  // MSFT_lod: the node is LOD 0, `ids` its coarser alternates in order, and
  // extras.MSFT_screencoverage the coverage each level is drawn down to.
  // Used, never required: a viewer without it draws LOD 0.
  void addLod(const Node& n, tinygltf::Node& gn, tinygltf::Value::Object& extras) {
    tinygltf::Value::Array ids, coverage;
    for (int a : n.lodAlternates) ids.push_back(tinygltf::Value(a));
    for (float c : n.screenCoverage) coverage.push_back(tinygltf::Value(double(c)));
    tinygltf::Value::Object lod;
    lod["ids"] = tinygltf::Value(ids);
    gn.extensions["MSFT_lod"] = tinygltf::Value(lod);
    if (!coverage.empty()) extras["MSFT_screencoverage"] = tinygltf::Value(coverage);
    auto& used = model_.extensionsUsed;
    if (std::find(used.begin(), used.end(), "MSFT_lod") == used.end()) used.push_back("MSFT_lod");
  }

  void addImage(const Image& img) {
    std::vector<uint8_t> rgba = image::decodeRGBA8(img, 0, 0);
    std::vector<uint8_t> png = image::encodePNG(rgba.data(), img.width, img.height);
    tinygltf::Image gi;
    gi.name = img.name;
    gi.mimeType = "image/png";
    gi.bufferView = addView(png.data(), png.size(), 0);
    model_.bufferViews.back().target = 0;
    model_.images.push_back(gi);
  }

  // KHR_texture_basisu: a UASTC KTX2 image per scene image, after the PNGs
  // (image n + i is the KTX2 twin of PNG i). Images a material samples as
  // base colour are sRGB colour data; any other image is linear data.
  // Where the KTX2 bytes go:
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
  // RFC 3986: everything but unreserved characters percent-encoded.
  static std::string uriEscape(const std::string& s) {
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

  void addKtx2Images() {
    std::vector<bool> colour(scene_.images.size(), false);
    for (const Material& m : scene_.materials)
      if (m.baseColorTexture >= 0 && size_t(m.baseColorTexture) < scene_.textures.size()) {
        const int i = scene_.textures[size_t(m.baseColorTexture)].image;
        if (i >= 0 && size_t(i) < colour.size()) colour[size_t(i)] = true;
      }
    for (size_t i = 0; i < scene_.images.size(); ++i) {
      image::UastcOptions uo;
      uo.srgb = colour[i];
      std::vector<uint8_t> ktx2 = image::writeKTX2Uastc(scene_.images[i], uo);
      tinygltf::Image gi;
      gi.name = scene_.images[i].name;
      if (options_.binary && options_.ktx2Beside) {
        const std::string name = options_.ktx2Stem + "." + std::to_string(i) + ".ktx2";
        gi.uri = uriEscape(name);
        options_.ktx2Beside->push_back({name, std::move(ktx2)});
      } else if (options_.binary) {
        gi.mimeType = "image/ktx2";
        gi.bufferView = addView(ktx2.data(), ktx2.size(), 0);
        model_.bufferViews.back().target = 0;
      } else {
        gi.uri = "data:image/ktx2;base64," + base64Encode(ktx2);
      }
      model_.images.push_back(gi);
    }
    // Used, never required: viewers without the extension load the PNG source.
    model_.extensionsUsed.push_back("KHR_texture_basisu");
  }

  static int wrapCode(Wrap w) {
    switch (w) {
    case Wrap::Repeat:
      return TINYGLTF_TEXTURE_WRAP_REPEAT;
    case Wrap::ClampToEdge:
      return TINYGLTF_TEXTURE_WRAP_CLAMP_TO_EDGE;
    case Wrap::MirroredRepeat:
      return TINYGLTF_TEXTURE_WRAP_MIRRORED_REPEAT;
    }
    return TINYGLTF_TEXTURE_WRAP_REPEAT;
  }

  void addTexture(const Texture& t) {
    tinygltf::Sampler s;
    s.magFilter = TINYGLTF_TEXTURE_FILTER_LINEAR;
    s.minFilter = TINYGLTF_TEXTURE_FILTER_LINEAR_MIPMAP_LINEAR;
    s.wrapS = wrapCode(t.wrapS);
    s.wrapT = wrapCode(t.wrapT);
    model_.samplers.push_back(s);
    tinygltf::Texture gt;
    gt.source = t.image;
    if (options_.textures == TextureMode::Ktx2 && t.image >= 0) {
      tinygltf::Value::Object basisu;
      basisu["source"] = tinygltf::Value(int(scene_.images.size()) + t.image);
      gt.extensions["KHR_texture_basisu"] = tinygltf::Value(basisu);
    }
    gt.sampler = int(model_.samplers.size() - 1);
    model_.textures.push_back(gt);
  }

  void addMaterial(const Material& m) {
    tinygltf::Material gm;
    gm.name = m.name;
    gm.pbrMetallicRoughness.baseColorFactor.assign(m.baseColorFactor.begin(),
                                                   m.baseColorFactor.end());
    gm.pbrMetallicRoughness.metallicFactor = m.metallic;
    gm.pbrMetallicRoughness.roughnessFactor = m.roughness;
    if (m.baseColorTexture >= 0 && options_.textures != TextureMode::None) {
      gm.pbrMetallicRoughness.baseColorTexture.index = m.baseColorTexture;
      gm.pbrMetallicRoughness.baseColorTexture.texCoord = m.baseColorTexCoord;
    }
    gm.doubleSided = m.doubleSided;
    gm.alphaMode = m.alphaMode == AlphaMode::Opaque ? "OPAQUE"
                   : m.alphaMode == AlphaMode::Mask ? "MASK"
                                                    : "BLEND";
    if (m.alphaMode == AlphaMode::Mask) gm.alphaCutoff = m.alphaCutoff;
    model_.materials.push_back(gm);
  }
};

} // namespace

std::vector<uint8_t> writeGltf(const Scene& scene, const WriteOptions& options) {
  tinygltf::Model model = Builder(scene, options).build();
  std::ostringstream os;
  tinygltf::TinyGLTF gltf;
  // Keep image URIs (the KTX2 data: URIs) as they are: tinygltf's default
  // image writer would re-encode image pixels, which these images lack.
  gltf.SetImageWriter(nullptr, nullptr);
  if (!gltf.WriteGltfSceneToStream(&model, os, !options.binary, options.binary))
    throw Error("", Error::kNoOffset, "tinygltf failed to serialize the glTF");
  std::string s = os.str();
  return std::vector<uint8_t>(s.begin(), s.end());
}

std::vector<std::string> writeGltfFile(const Scene& scene, const std::string& path,
                                       WriteOptions options) {
  std::string ext = path.size() >= 5 ? path.substr(path.size() - 5) : "";
  std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
  if (ext == ".gltf")
    options.binary = false;
  else if (ext.size() == 5 && ext.substr(1) == ".glb")
    options.binary = true;
  else
    throw Error(path, Error::kNoOffset, "output must end in .glb or .gltf");
  std::vector<SideFile> beside;
  const std::filesystem::path target(path);
  if (options.binary && options.textures == TextureMode::Ktx2) {
    options.ktx2Beside = &beside;
    options.ktx2Stem = target.stem().string();
  }
  const std::vector<uint8_t> bytes = writeGltf(scene, options);
  std::vector<std::string> written;
  try {
    for (const SideFile& f : beside) {
      written.push_back((target.parent_path() / f.name).string());
      writeFileAtomic(written.back(), f.bytes);
    }
    writeFileAtomic(path, bytes);
  } catch (...) {
    std::error_code ec;
    for (const std::string& w : written) std::filesystem::remove(w, ec);
    throw;
  }
  return written;
}

} // namespace strata::gltf
