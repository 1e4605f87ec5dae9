// OBJ, FBX, DAE and the other formats Assimp reads -> scene (scene_reader.h).
#include "gltf_writer.h"
#include "scene_reader.h"

#include "strata/error.h"

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <cmath>

namespace strata::gltf {

namespace {

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
  }

  Scene read() {
    if (s_.mRootNode) visit(*s_.mRootNode, aiMatrix4x4(), 0);
    scene_.name = file_;
    return std::move(scene_);
  }

private:
  const aiScene& s_;
  const std::string& file_;
  bool zUp_ = false;
  float upSign_ = 1;
  Scene scene_;

  [[noreturn]] void fail(const std::string& what) const {
    throw Error(file_, Error::kNoOffset, what);
  }

  // A negative up axis is a half turn about X, which keeps the handedness.
  Vec3 toSceneAxes(const aiVector3D& v) const {
    if (zUp_) return {v.x, v.y * upSign_, v.z * upSign_};
    return fromGltfAxes({v.x, v.y * upSign_, v.z * upSign_});
  }

  void visit(const aiNode& n, const aiMatrix4x4& parent, int depth) {
    if (depth > 1000) fail("the node hierarchy is deeper than 1000 levels");
    const aiMatrix4x4 world = parent * n.mTransformation;
    if (n.mNumMeshes > 0) addNode(n, world);
    for (unsigned c = 0; c < n.mNumChildren; ++c)
      if (n.mChildren[c]) visit(*n.mChildren[c], world, depth + 1);
  }

  void addNode(const aiNode& n, const aiMatrix4x4& world) {
    aiMatrix3x3 normalMatrix(world);
    normalMatrix.Inverse().Transpose();
    const bool mirrored = aiMatrix3x3(world).Determinant() < 0;
    Mesh mesh;
    for (unsigned k = 0; k < n.mNumMeshes; ++k) {
      if (n.mMeshes[k] >= s_.mNumMeshes)
        fail("node '" + std::string(n.mName.C_Str()) + "' refers to a missing mesh");
      const aiMesh& m = *s_.mMeshes[n.mMeshes[k]];
      const std::string who =
          "node '" + std::string(n.mName.C_Str()) + "' mesh '" + m.mName.C_Str() + "'";
      if (mesh.name.empty()) mesh.name = m.mName.C_Str();
      Primitive p;
      p.positions.reserve(m.mNumVertices);
      for (unsigned i = 0; i < m.mNumVertices; ++i)
        p.positions.push_back(toSceneAxes(world * m.mVertices[i]));
      if (m.mNormals)
        for (unsigned i = 0; i < m.mNumVertices; ++i) {
          aiVector3D v = normalMatrix * m.mNormals[i];
          v.NormalizeSafe();
          p.normals.push_back(toSceneAxes(v));
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
      mesh.primitives.push_back(std::move(p));
    }
    Node node;
    node.name = n.mName.C_Str();
    node.mesh = int(scene_.meshes.size());
    scene_.meshes.push_back(std::move(mesh));
    scene_.roots.push_back(int(scene_.nodes.size()));
    scene_.nodes.push_back(std::move(node));
  }
};

} // namespace

Scene readAssimpScene(const std::string& path) {
  Assimp::Importer importer;
  // Keep lines and points as they are (an error below) rather than dropping them.
  importer.SetPropertyInteger(AI_CONFIG_PP_SBP_REMOVE, 0);
  const aiScene* s =
      importer.ReadFile(path, aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                                  aiProcess_ValidateDataStructure);
  if (!s)
    throw Error(path, Error::kNoOffset,
                std::string("not a file Assimp can read: ") + importer.GetErrorString());
  if ((s->mFlags & AI_SCENE_FLAGS_INCOMPLETE) || s->mNumMeshes == 0)
    throw Error(path, Error::kNoOffset, "the file holds no meshes: nothing to write back");
  return AssimpReader(*s, path).read();
}

} // namespace strata::gltf
