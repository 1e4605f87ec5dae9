#pragma once
// The glTF JSON of a model the writer built (gltf_writer.cpp), byte for byte
// the text tinygltf 2.7's WriteGltfSceneToStream gives for it, written
// straight into a string. tinygltf first builds a nlohmann tree of the whole
// model, one allocation a value, then dumps and frees it: for a 496 MB
// terrain's 5 MB of JSON that took 0.1 s on one thread while the other
// threads waited for the JSON chunk to be written (docs/performance.md).
//
// Written: the members the writer sets (asset; buffers; bufferViews;
// accessors with float bounds; meshes, their primitives and morph targets;
// nodes with translation, children, extras and extensions; images by
// bufferView or URI; samplers; textures with extensions; materials with their
// metallic-roughness factors and base colour texture; scenes; the default
// scene; extensionsUsed), each left out where tinygltf leaves it out
// (defaults, empty lists). tests/gltf_json_test.cpp holds it to tinygltf's
// own serialization of the same models.
#include <tiny_gltf.h>

#include <cstddef>
#include <string>
#include <vector>

namespace strata::gltf {

// Items of a model's lists already written as compact JSON by whoever made
// them, in runs: each run its items joined by commas (appendJson). In the
// JSON, a list's runs follow the model's own items in it. The GLB writer
// writes each mesh's accessors, views and mesh, each node, material,
// texture and sampler, and the images and their views, as it makes them, on every core: written in
// the JSON chunk, a 496 MB terrain's took 10 ms on one thread while the other made the binary chunk
// ahead (docs/performance.md).
struct WrittenLists {
  std::vector<std::string> accessors, bufferViews, meshes, nodes, materials, textures, samplers,
      images;
};

// `item`'s compact JSON at the end of `run`, after a comma when the run
// holds items already.
void appendJson(std::string& run, const tinygltf::Accessor& item);
void appendJson(std::string& run, const tinygltf::BufferView& item);
void appendJson(std::string& run, const tinygltf::Mesh& item);
void appendJson(std::string& run, const tinygltf::Node& item);
void appendJson(std::string& run, const tinygltf::Material& item);
void appendJson(std::string& run, const tinygltf::Texture& item);
void appendJson(std::string& run, const tinygltf::Sampler& item);
void appendJson(std::string& run, const tinygltf::Image& item);

// The JSON chunk of a GLB, compact; buffer 0 is the BIN chunk of binLength
// bytes (its data is not looked at), the others data: URIs; `written`'s
// runs in their lists. After `room` zero bytes, which the caller fills (the
// GLB's header): the JSON is not copied again behind them.
std::string glbJson(const tinygltf::Model& model, const WrittenLists& written, size_t binLength,
                    size_t room = 0);

// A .gltf file: indented by 2, every buffer a data: URI of its data, a
// newline at the end.
std::string gltfText(const tinygltf::Model& model);

} // namespace strata::gltf
