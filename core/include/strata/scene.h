#pragma once
// The neutral scene (design.md): plain data every reader produces and every
// writer consumes. Coordinates are the source's: right-handed, Z up. Writers
// for Y-up targets convert (glTF: (x, y, z) -> (x, z, -y)). Every string is
// UTF-8 text: readers escape names and paths from files with escapeUtf8
// (strata/text.h) as they put them here, so writers and the C ABI need not.
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace strata {

using Vec2 = std::array<float, 2>;
using Vec3 = std::array<float, 3>;
using Vec4 = std::array<float, 4>;

// The scene's Z-up point (x, y, z) in a Y-up frame such as glTF's:
// (x, z, -y), a rotation about X (design.md "Axes"); fromYUp is its inverse.
inline Vec3 toYUp(const Vec3& p) {
  return {p[0], p[2], -p[1]};
}
inline Vec3 fromYUp(const Vec3& p) {
  return {p[0], -p[2], p[1]};
}

enum class ColorSpace { Linear, SRGB };

// An image keeps its pixel format (DXGI numbering), every mip, slice and face,
// and its colour space. `data` holds every subresource tightly packed in DDS
// order: for each array layer (cube: 6 faces per layer) all mips, largest first.
struct Image {
  std::string name;
  uint32_t dxgiFormat = 28; // DXGI_FORMAT_R8G8B8A8_UNORM
  uint32_t width = 0, height = 0, depth = 1;
  uint32_t mipLevels = 1;
  uint32_t arraySize = 1;
  bool cube = false;
  ColorSpace colorSpace = ColorSpace::SRGB;
  std::vector<uint8_t> data;
  // The PNG file `data` was decoded from, kept only when it decodes to
  // exactly these texels and says nothing else about them (image::decodeEncoded):
  // writers store it instead of encoding the texels again. Whoever changes
  // `data` clears it.
  std::vector<uint8_t> png;
};

enum class Wrap { Repeat, ClampToEdge, MirroredRepeat };

struct Texture {
  int image = -1;
  Wrap wrapS = Wrap::Repeat, wrapT = Wrap::Repeat;
};

enum class AlphaMode { Opaque, Mask, Blend };

struct Material {
  std::string name;
  Vec4 baseColorFactor{1, 1, 1, 1};
  int baseColorTexture = -1; // index into Scene::textures
  int baseColorTexCoord = 0;
  float metallic = 0.0f, roughness = 1.0f;
  bool doubleSided = false;
  AlphaMode alphaMode = AlphaMode::Opaque;
  float alphaCutoff = 0.5f;
};

// Deltas relative to the base primitive; written with weight 0.
struct MorphTarget {
  std::vector<Vec3> positions;
  std::vector<Vec2> uv0; // empty: no TEXCOORD_0 delta
};

struct Primitive {
  std::vector<Vec3> positions;
  std::vector<Vec3> normals; // empty or one per position
  std::vector<Vec2> uv0, uv1;
  std::vector<Vec4> colors;      // linear RGBA
  std::vector<uint32_t> indices; // triangle list
  std::vector<MorphTarget> morphTargets;
  int material = -1;
};

struct Mesh {
  std::string name;
  std::vector<Primitive> primitives;
};

// Small named integer facts attached to a node (Atlas: level, x, y). Writers
// put them under extras.strata.
using NodeTags = std::vector<std::pair<std::string, int64_t>>;

struct Node {
  std::string name;
  Vec3 translation{0, 0, 0};
  int mesh = -1;
  std::vector<int> children;
  NodeTags tags;
  // Named text facts, written beside `tags` under extras.strata (an R&C2
  // level's root: game "rc2").
  std::vector<std::pair<std::string, std::string>> textTags;
  // Coarser stand-ins for this node, finest first (tfrag LOD 1 and 2 of a
  // patch), and the screen coverage below which each level gives way to the
  // next: one value per level, this node's first (glTF: MSFT_lod and
  // MSFT_screencoverage). The alternates are not in any scene's roots.
  std::vector<int> lodAlternates;
  std::vector<float> screenCoverage;
  // The bounds the source stores for what the node stands for (Atlas and CHU
  // chunk bounds), Z up: empty or {min, max}. glTF does not carry them; LOD
  // outputs (3D Tiles) do.
  std::vector<Vec3> bounds;
};

// What a writer lays a primitive out by before it has the arrays: their
// sizes, its material, and the bounds of its positions and of each morph
// target's (over each coordinate in order, a value taken when below the
// minimum or above the maximum so far: a NaN never, of equal values the
// first; +inf and -inf when there are none).
struct PrimitiveOutline {
  struct Target {
    size_t positions = 0, uv0 = 0;
    Vec3 min{}, max{};
    bool operator==(const Target& o) const;
  };
  size_t positions = 0, normals = 0, uv0 = 0, uv1 = 0, colors = 0, indices = 0;
  int material = -1;
  Vec3 min{}, max{};
  std::vector<Target> targets;
  bool operator==(const PrimitiveOutline& o) const;
  bool operator!=(const PrimitiveOutline& o) const { return !(*this == o); }
};
using MeshOutline = std::vector<PrimitiveOutline>;

// The outline of every primitive of `mesh`.
MeshOutline outlineOf(const Mesh& mesh);

// Meshes made when a writer needs them instead of held (LoadOptions::
// meshesOnDemand): a large terrain's arrays were most of its convert's
// memory, and faulting their pages in a third of its time.
struct MeshSource {
  // Mesh i whole, as the load would have held it (Scene::meshes[i] holds
  // only its name), into `mesh`, whose arrays' memory it may reuse. Called
  // from any thread, as often as a writer needs it; throws strata::Error
  // when the source no longer reads.
  std::function<void(size_t i, Mesh& mesh)> make;
  std::vector<MeshOutline> outlines; // outlineOf(make(i)) for each mesh i
};

// A further scene over the same nodes (Atlas --lod all: one per level).
struct NamedRoots {
  std::string name;
  std::vector<int> roots;
};

struct Scene {
  std::string name;
  std::vector<Node> nodes;
  std::vector<int> roots; // the default scene
  std::vector<NamedRoots> otherScenes;
  std::vector<Mesh> meshes;
  MeshSource meshSource; // make empty: every mesh is held in `meshes`
  std::vector<Material> materials;
  std::vector<Texture> textures;
  std::vector<Image> images;
  // How the scene holds what a writer reads, as its load was asked
  // (LoadOptions::meshesOnDemand, LoadOptions::texels) for the writer it is
  // for (the output table's OutputTakes): a consumer that reads mesh arrays
  // or texels checks these first, so it never reads an empty mesh or image
  // as the scene's. Meshes made on demand: each of `meshes` holds its name
  // only, and meshSource makes it.
  bool meshesOnDemand() const { return bool(meshSource.make); }
  // Images that keep the PNG they came as (Image::png) may hold no texels.
  bool imagesAsPngOnly = false;
  std::vector<std::string> warnings; // things the user should know (missing files, stale data)
  std::vector<std::string> leftOut;  // LoadOptions::partial: each broken piece left out, and why
};

} // namespace strata
