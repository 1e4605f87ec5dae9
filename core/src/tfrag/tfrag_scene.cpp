#include "tfrag/tfrag_scene.h"

#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/text.h"
#include "tfrag/tfrag_lods.h"
#include "tfrag/tfrag_read.h"
#include "tfrag/tfrag_strips.h"
#include "tfrag/tfrag_vertex.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <unordered_map>

namespace strata::tfrag {

// The LOD options ask for (0 by default); tfrag-layout.md: LODs 0, 1 and 2.
// Throws strata::Unsupported naming `file` for any other.
static int lodOf(const LoadOptions& options, const std::string& file) {
  if (options.lod > 2)
    throw Unsupported(file, Error::kNoOffset,
                      "LOD " + std::to_string(options.lod) + ": tfrags have LODs 0, 1 and 2");
  return options.lod < 0 ? 0 : options.lod;
}

static AlphaMode alphaModeOf(const Image& img) {
  bool partial = false, cut = false;
  size_t n = size_t(img.width) * img.height; // mip 0
  for (size_t i = 0; i < n; ++i) {
    uint8_t a = img.data[4 * i + 3];
    if (a == 0)
      cut = true;
    else if (a != 255)
      partial = true;
  }
  return partial ? AlphaMode::Blend : cut ? AlphaMode::Mask : AlphaMode::Opaque;
}

static Wrap wrapOf(int32_t v) {
  return v == 1 ? Wrap::ClampToEdge : Wrap::Repeat;
}

namespace {

// Without a texture table (a bare block) the ad-gifs' indices size the
// material list (checkLevel bounds them by kBareBlockTextures).
size_t materialCount(const CheckedLevel& l) {
  size_t n = l.level.textures.size();
  if (l.level.bareBlock)
    for (auto& t : l.block.tfrags)
      for (auto& g : t.adGifs)
        if (g.textureIndex() >= 0 && size_t(g.textureIndex()) < kBareBlockTextures)
          n = std::max(n, size_t(g.textureIndex()) + 1);
  return n;
}

using WrapPair = std::pair<int32_t, int32_t>; // (s, t) of an ad-gif's CLAMP register

// Per material the wrap modes of the first ad-gif that binds it; a later
// binding with other modes is a scene warning.
std::vector<WrapPair> bindingWraps(const CheckedLevel& l, size_t materials, Scene& s) {
  std::vector<int> wrapSeen(materials, 0);
  std::vector<WrapPair> wraps(materials, {0, 0});
  for (size_t ti = 0; ti < l.block.tfrags.size(); ++ti)
    for (auto& g : l.block.tfrags[ti].adGifs) {
      int32_t tex = g.textureIndex();
      if (tex < 0 || size_t(tex) >= materials)
        throw Error(l.level.coreDataPath, l.block.tfrags[ti].at.adGifs.offset,
                    "tfrag " + std::to_string(l.tfragIndex[ti]) + ": an ad-gif binds texture " +
                        std::to_string(tex) + " but the texture table holds " +
                        std::to_string(l.level.textures.size()));
      WrapPair w{g.wrapS(), g.wrapT()};
      if (!wrapSeen[size_t(tex)]) {
        wrapSeen[size_t(tex)] = 1;
        wraps[size_t(tex)] = w;
      } else if (wraps[size_t(tex)] != w && wrapSeen[size_t(tex)] == 1) {
        wrapSeen[size_t(tex)] = 2;
        s.warnings.push_back("texture " + std::to_string(tex) +
                             " is bound with different wrap modes; the first binding's are used");
      }
    }
  return wraps;
}

// One double-sided material per texture-table entry, textured when its
// texture decoded and options ask for textures.
void addMaterials(Scene& s, const CheckedLevel& l, const LoadOptions& options,
                  const std::vector<WrapPair>& wraps) {
  for (size_t i = 0; i < wraps.size(); ++i) {
    Material m;
    m.name = "tfrag_texture_" + std::to_string(i);
    m.doubleSided = true;
    m.metallic = 0.0f;
    m.roughness = 1.0f;
    if (options.textures && i < l.textures.size() && l.textures[i]) {
      Texture tex;
      tex.image = int(s.images.size());
      s.images.push_back(*l.textures[i]);
      tex.wrapS = wrapOf(wraps[i].first);
      tex.wrapT = wrapOf(wraps[i].second);
      s.textures.push_back(tex);
      m.baseColorTexture = int(s.textures.size() - 1);
      m.alphaMode = alphaModeOf(s.images.back());
    }
    s.materials.push_back(m);
  }
}

// What the vertices of one tfrag's mesh need to know: the tfrag, where its
// errors point, and the tier that morphs toward the next LOD (-1: none).
struct MeshContext {
  const Tfrag& t;
  const std::string& file;
  const std::string& who;
  int morphTier = -1;
  bool morph = false;
};

// The geomorph delta of vertex info `g`: toward its first parent when it is
// in the morphing tier, else zero.
void addMorphDelta(Primitive& p, const MeshContext& m, uint32_t g, const Vec3& pos,
                   const Vec2& uv) {
  const Tfrag& t = m.t;
  Vec3 dp{0, 0, 0};
  Vec2 duv{0, 0};
  if (tierOf(t, g) == m.morphTier) {
    int parent = firstParent(t, g);
    if (parent < 0 || size_t(parent) >= parentLimit(t, m.morphTier))
      throw Error(m.file, t.at.data,
                  m.who + ": vertex info " + std::to_string(g) + " has parent " +
                      std::to_string(parent) + ", expected below " +
                      std::to_string(parentLimit(t, m.morphTier)));
    const VertexInfo& pv = t.info(size_t(parent));
    int64_t ppi = positionIndex(t, pv);
    if (ppi < 0)
      throw Error(m.file, t.at.data,
                  m.who + ": parent vertex info " + std::to_string(parent) +
                      " addresses no position");
    Vec3 pp = dequantPosition(t, t.position(size_t(ppi)));
    dp = {pp[0] - pos[0], pp[1] - pos[1], pp[2] - pos[2]};
    duv = {dequantUv(pv.s) - uv[0], dequantUv(pv.t) - uv[1]};
  }
  p.morphTargets[0].positions.push_back(dp);
  p.morphTargets[0].uv0.push_back(duv);
}

// Appends vertex info `g` to `p`: position, UV, colour, normal and morph.
void addVertex(Primitive& p, const MeshContext& m, uint32_t g) {
  const Tfrag& t = m.t;
  const VertexInfo& vi = t.info(g);
  int64_t pi = positionIndex(t, vi);
  if (pi < 0)
    throw Error(m.file, t.at.data,
                m.who + ": vertex info " + std::to_string(g) + " addresses position field " +
                    std::to_string(vi.vertex) + ", expected an even value below " +
                    std::to_string(2 * t.positionCount()));
  Vec3 pos = dequantPosition(t, t.position(size_t(pi)));
  Vec2 uv{dequantUv(vi.s), dequantUv(vi.t)};
  p.positions.push_back(pos);
  p.uv0.push_back(uv);
  p.colors.push_back(size_t(pi) < t.rgba.size() ? dequantColor(t.rgba[size_t(pi)])
                                                : Vec4{1, 1, 1, 1});
  p.normals.push_back(lightNormal(t.lights[size_t(pi)]));
  if (m.morph) addMorphDelta(p, m, g, pos, uv);
}

// One primitive per texture the triangles use, each vertex info once per
// primitive.
Mesh tfragMesh(const MeshContext& m, const LodTriangles& tris, const std::string& name) {
  Mesh mesh;
  mesh.name = name;
  std::map<int, size_t> primOf; // texture index -> primitive
  std::vector<std::unordered_map<uint32_t, uint32_t>> remap;
  for (size_t k = 0; k < tris.triangles.size(); ++k) {
    int tex = m.t.adGifs[size_t(tris.adGif[k])].textureIndex();
    auto it = primOf.find(tex);
    if (it == primOf.end()) {
      it = primOf.emplace(tex, mesh.primitives.size()).first;
      mesh.primitives.emplace_back();
      mesh.primitives.back().material = tex;
      if (m.morph) mesh.primitives.back().morphTargets.emplace_back();
      remap.emplace_back();
    }
    Primitive& p = mesh.primitives[it->second];
    auto& map = remap[it->second];
    for (uint32_t g : tris.triangles[k]) {
      auto found = map.find(g);
      if (found == map.end()) {
        addVertex(p, m, g);
        found = map.emplace(g, uint32_t(p.positions.size() - 1)).first;
      }
      p.indices.push_back(found->second);
    }
  }
  return mesh;
}

} // namespace

Scene levelScene(const CheckedLevel& l, const LoadOptions& options) {
  if (options.lod == LoadOptions::kAllLevels) return allLodsScene(l, options);
  const Level& lv = l.level;
  const int lod = lodOf(options, lv.dir);
  Scene s;
  s.name = escapeUtf8(pathOf(lv.dir).filename().string());
  if (s.name.empty() || s.name == ".") s.name = "tfrag level";

  // Textures, samplers from the first ad-gif that binds each entry.
  if (options.textures && !lv.hasGsRam && !lv.textures.empty())
    s.warnings.push_back(escapeUtf8(lv.gsRamPath) + " is missing: textures are left out");
  addMaterials(s, l, options, bindingWraps(l, materialCount(l), s));

  for (size_t ti = 0; ti < l.block.tfrags.size(); ++ti) {
    const Tfrag& t = l.block.tfrags[ti];
    const size_t index = l.tfragIndex[ti];
    const std::string who = "tfrag " + std::to_string(index);
    LodTriangles tris = lodTriangles(t, lod, lv.coreDataPath);
    Node node;
    node.name = "tfrag_" + std::to_string(index);
    node.tags = {{"tfrag", int64_t(index)}, {"lod", lod}};
    if (!tris.triangles.empty()) {
      // The tier whose entries collapse onto their parents toward the next LOD.
      MeshContext m{t, lv.coreDataPath, who};
      m.morphTier = lod == 0 ? 2 : lod == 1 ? 1 : -1;
      m.morph = m.morphTier > 0 && !t.vertexInfo[size_t(m.morphTier)].empty();
      node.mesh = int(s.meshes.size());
      s.meshes.push_back(tfragMesh(m, tris, node.name));
    }
    s.roots.push_back(int(s.nodes.size()));
    s.nodes.push_back(std::move(node));
    if (options.progress) options.progress(ti + 1, l.block.tfrags.size());
  }
  return s;
}

TextureSet levelTextures(CheckedLevel l, bool partial) {
  TextureSet set;
  set.leftOut = acceptOrLeaveOut(l, partial);
  if (!l.level.hasGsRam)
    throw Error(l.level.gsRamPath, Error::kNoOffset,
                "missing: the palettes and mips 2-3 of every texture live there");
  for (auto& img : l.textures)
    if (img) set.images.push_back(std::move(*img));
  return set;
}

// The load path: the checks validate runs, then the scene of what passed them.
Scene loadScene(const std::string& path, const LoadOptions& options, bool bare) {
  lodOf(options, path);
  CheckedLevel l = checkLevel(path, bare);
  std::vector<std::string> leftOut = acceptOrLeaveOut(l, options.partial);
  // Only under partial can no tfrag be intact.
  requireIntact(!l.tfragIndex.empty() || l.block.header.tfragCount == 0, leftOut, path);
  Scene s = levelScene(l, options);
  s.leftOut = std::move(leftOut);
  return s;
}

} // namespace strata::tfrag
