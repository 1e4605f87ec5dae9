// OBJ, FBX and DAE through Assimp -> chunk edits (edit_reader.h).
#include "assimp_library.h"
#include "edit_reader.h"
#include "edited_nodes.h"
#include "normal_transform.h"

#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/text.h"

#include <assimp/config.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>

namespace strata::edits {

namespace {

// Transforms in double, row-major (p' = M p), since Assimp's are float: a
// node chain of 100x scale, a quarter turn and 0.01 units would otherwise
// move every vertex by float noise.
struct Mat {
  double m[4][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
};

// An axis turn stored in float has cos 90 deg = -4.4e-8, not 0: entries that
// small against their row are noise and become 0.
Mat fromAi(const aiMatrix4x4& a) {
  const ai_real* src[4] = {&a.a1, &a.b1, &a.c1, &a.d1};
  Mat r;
  for (int i = 0; i < 4; ++i) {
    double rowMax = 0;
    for (int j = 0; j < 4; ++j) r.m[i][j] = src[i][j];
    for (int j = 0; j < 3; ++j) rowMax = std::max(rowMax, std::fabs(r.m[i][j]));
    for (int j = 0; j < 3; ++j)
      if (i < 3 && std::fabs(r.m[i][j]) <= 1e-6 * rowMax) r.m[i][j] = 0;
  }
  return r;
}

Mat multiply(const Mat& a, const Mat& b) {
  Mat r;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      r.m[i][j] = 0;
      for (int k = 0; k < 4; ++k) r.m[i][j] += a.m[i][k] * b.m[k][j];
    }
  return r;
}

class AssimpReader {
public:
  AssimpReader(const aiScene& s, const std::string& file) : s_(s), file_(file) {
    // FBX files say which axis is up; every other format Assimp reads (and
    // Blender's and Maya's exports) is Y-up like glTF.
    int32_t up = 1, sign = 1;
    if (s.mMetaData) {
      s.mMetaData->Get("UpAxis", up);
      s.mMetaData->Get("UpAxisSign", sign);
    }
    zUp_ = up == 2;
    upSign_ = sign < 0 ? -1.0f : 1.0f;
    // FBX states its unit as centimetres per unit (UnitScaleFactor); glTF,
    // and so the scene, is in metres. Blender's FBX export writes 1 with a
    // 100x object scale; Maya's scene unit is the centimetre.
    double unit = 0;
    float unitF = 0;
    if (s.mMetaData && (s.mMetaData->Get("UnitScaleFactor", unit) ||
                        (s.mMetaData->Get("UnitScaleFactor", unitF) && (unit = unitF, true))))
      if (unit > 0 && std::isfinite(unit)) unitScale_ = unit / 100.0;
  }

  std::vector<AtlasChunkEdit> read() {
    Mat units;
    for (int k = 0; k < 3; ++k) units.m[k][k] = unitScale_;
    if (s_.mRootNode) visit(*s_.mRootNode, units, 0);
    return chunkEdits(nodes_, file_);
  }

private:
  const aiScene& s_;
  const std::string& file_;
  bool zUp_ = false;
  float upSign_ = 1;
  double unitScale_ = 1; // metres per file unit
  std::vector<EditedNode> nodes_;

  [[noreturn]] void fail(const std::string& what) const {
    throw Error(file_, Error::kNoOffset, what);
  }

  // A negative up axis is a half turn about X, which keeps the handedness.
  Vec3 toSceneAxes(const double v[3]) const {
    const Vec3 f = {float(v[0]), float(v[1] * upSign_), float(v[2] * upSign_)};
    return zUp_ ? f : fromYUp(f);
  }

  void visit(const aiNode& n, const Mat& parent, int depth) {
    if (depth > 1000) fail("the node hierarchy is deeper than 1000 levels");
    const Mat world = multiply(parent, fromAi(n.mTransformation));
    if (n.mNumMeshes > 0) addNode(n, world);
    for (unsigned c = 0; c < n.mNumChildren; ++c)
      if (n.mChildren[c]) visit(*n.mChildren[c], world, depth + 1);
  }

  void addNode(const aiNode& n, const Mat& world) {
    const auto& w = world.m;
    const NormalTransform normals([&](int row, int col) { return w[row][col]; });
    const bool mirrored = normals.mirrors();
    EditedNode node;
    node.name = escapeUtf8(n.mName.C_Str());
    for (unsigned k = 0; k < n.mNumMeshes; ++k) {
      if (n.mMeshes[k] >= s_.mNumMeshes)
        fail("node '" + std::string(n.mName.C_Str()) + "' refers to a missing mesh");
      const aiMesh& m = *s_.mMeshes[n.mMeshes[k]];
      const std::string who =
          "node '" + std::string(n.mName.C_Str()) + "' mesh '" + m.mName.C_Str() + "'";
      if (node.meshName.empty()) node.meshName = escapeUtf8(m.mName.C_Str());
      Primitive p;
      p.positions.reserve(m.mNumVertices);
      for (unsigned i = 0; i < m.mNumVertices; ++i) {
        const aiVector3D& v = m.mVertices[i];
        double q[3];
        for (int r = 0; r < 3; ++r) q[r] = w[r][0] * v.x + w[r][1] * v.y + w[r][2] * v.z + w[r][3];
        p.positions.push_back(toSceneAxes(q));
      }
      if (m.mNormals)
        for (unsigned i = 0; i < m.mNumVertices; ++i) {
          const aiVector3D& v = m.mNormals[i];
          p.normals.push_back(toSceneAxes(normals.apply(v.x, v.y, v.z).data()));
        }
      // OBJ, FBX and DAE put the texture origin bottom left, glTF top left.
      for (int set = 0; set < 2; ++set)
        if (m.mTextureCoords[set]) {
          auto& dst = set == 0 ? p.uv0 : p.uv1;
          for (unsigned i = 0; i < m.mNumVertices; ++i)
            dst.push_back({m.mTextureCoords[set][i].x, 1.0f - m.mTextureCoords[set][i].y});
        }
      for (unsigned f = 0; f < m.mNumFaces; ++f) {
        const aiFace& face = m.mFaces[f];
        if (face.mNumIndices != 3)
          fail(who + " face " + std::to_string(f) + " has " + std::to_string(face.mNumIndices) +
               (face.mNumIndices < 3 ? " vertices (a point or line)" : " vertices") +
               "; only triangles can be written back");
        for (int c = 0; c < 3; ++c) {
          const unsigned idx = face.mIndices[mirrored && c ? 3 - c : c];
          if (idx >= m.mNumVertices) fail(who + " face " + std::to_string(f) + " has a bad index");
          p.indices.push_back(idx);
        }
      }
      node.primitives.push_back(std::move(p));
    }
    nodes_.push_back(std::move(node));
  }
};

} // namespace

std::vector<AtlasChunkEdit> readAssimpEdits(const Source& in) {
  const std::string& path = in.path;
  // Assimp's forty-odd importers are uneven on malformed files (tests/fuzz
  // found that "ply\nformat ascii 1.0\n" hangs Assimp 5.2's PLY reader), so
  // only the formats DCC edits arrive in go to it, each picked by extension:
  // no other importer ever sees the file. COLLADA is refused too: tests/fuzz
  // found 35 KB .dae files that make Assimp 5.2's DAE importer allocate
  // gigabytes (docs/robustness.md); DCC tools export the same edit as glTF,
  // OBJ or FBX.
  const std::string ext = lowerExtension(path);
  if (ext != ".obj" && ext != ".fbx")
    throw Unsupported(path, Error::kNoOffset,
                      "an edited mesh is read as glTF/GLB (by its content) or as OBJ or FBX "
                      "(by the extension .obj, .fbx); '" +
                          ext + "' is none of them (COLLADA: export it as glTF, OBJ or FBX)");
  if (!in.onDisk() && in.memory->size() > 0xFFFFFFFFull)
    throw Error(path, Error::kNoOffset, "larger than 4 GiB");
  const AssimpLibrary& ai = assimpLibrary(path);
  // Owned here, let go on every way out (an Error thrown by the walk too).
  std::unique_ptr<aiPropertyStore, decltype(ai.releasePropertyStore)> props(
      ai.createPropertyStore(), ai.releasePropertyStore);
  // Keep lines and points as they are (an error below) rather than dropping them.
  ai.setImportPropertyInteger(props.get(), AI_CONFIG_PP_SBP_REMOVE, 0);
  const unsigned steps =
      aiProcess_Triangulate | aiProcess_JoinIdenticalVertices | aiProcess_ValidateDataStructure;
  // Bytes in memory go by their name's extension, as a file does.
  std::unique_ptr<const aiScene, decltype(ai.releaseImport)> scene(
      in.onDisk() ? ai.importFileExWithProperties(path.c_str(), steps, nullptr, props.get())
                  : ai.importFileFromMemoryWithProperties(
                        reinterpret_cast<const char*>(in.memory->data()),
                        unsigned(in.memory->size()), steps, ext.c_str() + 1, props.get()),
      ai.releaseImport);
  if (!scene)
    throw Error(path, Error::kNoOffset,
                "not a file Assimp can read: " + escapeUtf8(ai.getErrorString()));
  const aiScene& s = *scene;
  if ((s.mFlags & AI_SCENE_FLAGS_INCOMPLETE) || s.mNumMeshes == 0)
    throw Error(path, Error::kNoOffset, "the file holds no meshes: nothing to write back");
  return AssimpReader(s, path).read();
}

} // namespace strata::edits
