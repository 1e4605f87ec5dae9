#include "gltf_writer.h"

#include "common/base64.h"
#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/image.h"
#include "strata/parallel.h"

#include <tiny_gltf.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
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

  // Side files (WriteOptions::ktx2Beside) are moved to `beside`.
  tinygltf::Model build(std::vector<SideFile>& beside) {
    if (options_.textures != TextureMode::None) {
      // Decoding and PNG encoding are most of a textured write: every image
      // at once on the cores the budget has (strata/parallel.h), added in
      // scene order, so the bytes do not depend on the thread count.
      std::vector<std::vector<uint8_t>> pngs(scene_.images.size());
      parallelFor(pngs.size(), [&](size_t i) {
        const Image& img = scene_.images[i];
        std::vector<uint8_t> rgba = image::decodeRGBA8(img, 0, 0);
        pngs[i] = image::encodePNG(rgba.data(), img.width, img.height);
      });
      for (size_t i = 0; i < pngs.size(); ++i) addImage(scene_.images[i], pngs[i]);
      if (options_.textures == TextureMode::Ktx2) addKtx2Images(beside);
      for (const Texture& t : scene_.textures) addTexture(t);
    }
    for (const Material& m : scene_.materials) addMaterial(m);
    // The buffer's final size, at most (u16 indices take less): growing it
    // by doubling would copy it and, for a moment, hold it twice.
    size_t bytes = model_.buffers[0].data.size();
    for (const Mesh& m : scene_.meshes)
      for (const Primitive& p : m.primitives) {
        bytes += 4 * 7 + 12 * (p.positions.size() + p.normals.size()) +
                 8 * (p.uv0.size() + p.uv1.size()) + 16 * p.colors.size() + 4 * p.indices.size();
        for (const MorphTarget& t : p.morphTargets)
          bytes += 4 * 2 + 12 * t.positions.size() + 8 * t.uv0.size();
      }
    model_.buffers[0].data.reserve(bytes);
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
      // tinygltf's numbers are int or double: a tag past int's range is written
      // as a double, exact to 2^53 (every U32 chunk coordinate), not truncated.
      for (auto& [k, v] : n.tags)
        tags[k] = v >= std::numeric_limits<int>::min() && v <= std::numeric_limits<int>::max()
                      ? tinygltf::Value(int(v))
                      : tinygltf::Value(double(v));
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

  void addImage(const Image& img, const std::vector<uint8_t>& png) {
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

  void addKtx2Images(std::vector<SideFile>& beside) {
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
        beside.push_back({name, std::move(ktx2)});
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

// tinygltf's serialization of the model (GLB or JSON text) into `os`.
void serialize(tinygltf::Model& model, bool binary, std::ostream& os) {
  tinygltf::TinyGLTF gltf;
  // Keep image URIs (the KTX2 data: URIs) as they are: tinygltf's default
  // image writer would re-encode image pixels, which these images lack.
  gltf.SetImageWriter(nullptr, nullptr);
  if (!gltf.WriteGltfSceneToStream(&model, os, !binary, binary))
    throw Error("", Error::kNoOffset, "tinygltf failed to serialize the glTF");
}

void put32(std::ostream& out, uint32_t v) {
  const char b[4] = {char(v), char(v >> 8), char(v >> 16), char(v >> 24)};
  out.write(b, 4);
}

// The GLB of the model, its binary chunk written straight from the model's
// buffer (glTF 2.0 "GLB File Format Specification": a 12-byte header, the
// JSON chunk padded with spaces to 4 bytes, the BIN chunk padded with
// zeros). tinygltf would copy the buffer and then the whole file into a
// stream first. The JSON is tinygltf's, serialized with the buffer left
// empty, and only its byteLength is then filled in, so the bytes are
// exactly those tinygltf writes.
void streamGlb(tinygltf::Model& model, std::ostream& out) {
  std::vector<unsigned char> bin;
  if (!model.buffers.empty()) bin.swap(model.buffers[0].data);
  std::ostringstream os;
  serialize(model, true, os);
  const std::string glb = os.str();
  if (bin.empty()) {
    out.write(glb.data(), std::streamsize(glb.size()));
    return;
  }
  uint32_t jsonChunk = 0;
  std::memcpy(&jsonChunk, glb.data() + 12, 4);
  std::string json = glb.substr(20, jsonChunk);
  json.erase(json.find_last_not_of(' ') + 1);
  // Keys are sorted and strings escaped, so this text occurs only here.
  const std::string empty = "\"buffers\":[{\"byteLength\":0}]";
  const size_t at = json.find(empty);
  if (at == std::string::npos || json.find(empty, at + 1) != std::string::npos)
    throw Error("", Error::kNoOffset, "tinygltf wrote the GLB buffer in an unexpected form");
  json.replace(at, empty.size(),
               "\"buffers\":[{\"byteLength\":" + std::to_string(bin.size()) + "}]");
  const size_t jsonPad = (4 - json.size() % 4) % 4, binPad = (4 - bin.size() % 4) % 4;
  const uint64_t total = 12 + 8 + json.size() + jsonPad + 8 + bin.size() + binPad;
  if (total > 0xFFFFFFFFu) throw Error("", Error::kNoOffset, "a GLB holds at most 4 GiB");
  out.write("glTF", 4);
  put32(out, 2);
  put32(out, uint32_t(total));
  put32(out, uint32_t(json.size() + jsonPad));
  put32(out, 0x4E4F534A); // "JSON"
  out.write(json.data(), std::streamsize(json.size()));
  out.write("   ", std::streamsize(jsonPad));
  put32(out, uint32_t(bin.size() + binPad));
  put32(out, 0x004E4942); // "BIN\0"
  out.write(reinterpret_cast<const char*>(bin.data()), std::streamsize(bin.size()));
  out.write("\0\0\0", std::streamsize(binPad));
}

} // namespace

GltfOutput writeGltf(const Scene& scene, const WriteOptions& options) {
  GltfOutput out;
  tinygltf::Model model = Builder(scene, options).build(out.beside);
  std::ostringstream os;
  serialize(model, options.binary, os);
  // Each copy of the output is let go as soon as the next exists, so at most
  // two are ever held (not the model, the stream, its string and the bytes).
  model = tinygltf::Model();
  std::string s = os.str();
  os.str(std::string());
  out.bytes.assign(s.begin(), s.end());
  return out;
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
  const std::filesystem::path target(path);
  if (options.binary && options.textures == TextureMode::Ktx2) {
    options.ktx2Beside = true;
    options.ktx2Stem = target.stem().string();
  }
  // A GLB streams to the file (streamGlb): memory holds the scene and the
  // model's buffer, never the file on top of them.
  tinygltf::Model model;
  GltfOutput out;
  if (options.binary)
    model = Builder(scene, options).build(out.beside);
  else
    out = writeGltf(scene, options);
  std::vector<std::string> written;
  try {
    for (const SideFile& f : out.beside) {
      written.push_back((target.parent_path() / f.name).string());
      writeFileAtomic(written.back(), f.bytes);
    }
    if (options.binary)
      writeFileAtomic(path, [&](std::ostream& os) { streamGlb(model, os); });
    else
      writeFileAtomic(path, out.bytes);
  } catch (...) {
    std::error_code ec;
    for (const std::string& w : written) std::filesystem::remove(w, ec);
    throw;
  }
  return written;
}

} // namespace strata::gltf
