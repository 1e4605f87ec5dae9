// The write in memory: the document of the scene (items, images), its JSON,
// and its buffer 0 made whole, as GLB bytes or .gltf text.
#include "container.h"
#include "stages.h"

namespace strata::gltf {

std::string glbHead(const DocumentJson& json, size_t binLength) {
  std::string head = joined(json, glb::kJsonStart);
  glb::frame(head, binLength);
  return head;
}

Document glbDocument(const Scene& scene, const WriteOptions& options,
                     std::vector<SideFile>& beside) {
  Document doc = documentOf(scene, options, beside);
  if (doc.bufferSize) {
    doc.buffers.emplace_back();
    doc.buffers.back().length = doc.bufferSize;
  }
  return doc;
}

void letGoOfItems(Document& doc) {
  doc.accessors = {};
  doc.meshes = {};
  doc.nodes = {};
  doc.images = {};
  doc.materials = {};
  doc.textures = {};
  doc.scenes = {};
}

GltfOutput writeGltf(const Scene& scene, const WriteOptions& options) {
  GltfOutput out;
  if (options.binary) {
    Document doc = glbDocument(scene, options, out.beside);
    const std::string head = glbHead(itemsJson(doc, -1), doc.bufferSize);
    letGoOfItems(doc);
    out.bytes.resize(head.size() + doc.bufferSize + glb::padTo4(doc.bufferSize));
    std::copy(head.begin(), head.end(), out.bytes.begin());
    fillBuffer(doc, out.bytes.data() + head.size());
    return out;
  }
  Document doc = documentOf(scene, options, out.beside);
  // Each copy of the output is let go as soon as the next exists, so at most
  // two are ever held (the buffer and its base64 text, then the text and
  // the bytes).
  std::vector<uint8_t> buffer(doc.bufferSize);
  if (doc.bufferSize) {
    fillBuffer(doc, buffer.data());
    doc.buffers.emplace_back();
    doc.buffers.back().length = doc.bufferSize;
    doc.buffers.back().data = &buffer;
    for (View& v : doc.views) v.fill = nullptr; // and the image bytes they held
  }
  std::string text = documentJson(doc, 2) + "\n";
  doc = Document();
  buffer = std::vector<uint8_t>();
  out.bytes.assign(text.begin(), text.end());
  return out;
}

} // namespace strata::gltf
