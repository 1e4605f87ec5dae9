// Layout: where each view's bytes go in buffer 0 (one after another, each at
// a 4-byte boundary, images first, then each mesh's), and their making from
// the scene in batches: each array converted once, straight to where it goes.
#include "container.h"
#include "stages.h"

#include "strata/error.h"
#include "strata/parallel.h"

#include <cstring>

namespace strata::gltf {

View placeView(size_t& offset, size_t length, int target, int mesh,
               std::function<void(const Mesh*, uint8_t*)> fill) {
  View v;
  v.offset = offset + glb::padTo4(offset);
  v.length = length;
  v.target = target;
  v.mesh = mesh;
  v.fill = std::move(fill);
  offset = v.offset + length;
  return v;
}

std::vector<Batch> batchesOf(const Document& doc, size_t target) {
  const std::vector<View>& views = doc.views;
  const bool whole = doc.onDemand();
  std::vector<Batch> batches;
  for (size_t i = 0, start = 0; i < views.size();) {
    Batch b{i, i, start, start};
    while (b.last < views.size() &&
           (b.last == i || b.end - b.start < target ||
            (whole && views[b.last].mesh >= 0 && views[b.last].mesh == views[b.last - 1].mesh)))
      b.end = views[b.last].offset + views[b.last].length, ++b.last;
    batches.push_back(b);
    i = b.last, start = b.end;
  }
  return batches;
}

const Mesh& meshOf(const Document& doc, int i, Mesh& made) {
  const Scene& scene = *doc.scene;
  if (!doc.onDemand()) return scene.meshes[size_t(i)];
  scene.meshSource.make(size_t(i), made);
  // A file changed under the convert must not write past a view.
  if (outlineOf(made) != scene.meshSource.outlines[size_t(i)])
    throw Error(scene.name, Error::kNoOffset,
                "mesh " + scene.meshes[size_t(i)].name +
                    " is not the one read before: the input changed while it was converted");
  return made;
}

void fillBatch(const Document& doc, const Batch& b, uint8_t* to, Mesh& made) {
  int madeIndex = -1; // the mesh in `made`, made once for the batch
  const Mesh* mesh = nullptr;
  size_t at = b.start;
  for (size_t i = b.first; i < b.last; ++i) {
    const View& v = doc.views[i];
    std::memset(to + (at - b.start), 0, v.offset - at);
    if (v.mesh >= 0 && v.mesh != madeIndex) {
      madeIndex = -1; // until it is whole
      mesh = &meshOf(doc, v.mesh, made);
      madeIndex = v.mesh;
    }
    v.fill(v.mesh >= 0 ? mesh : nullptr, to + (v.offset - b.start));
    at = v.offset + v.length;
  }
}

void fillBuffer(const Document& doc, uint8_t* to) {
  const std::vector<Batch> batches = batchesOf(doc, kBatch);
  parallelFor(batches.size(), [&](size_t i) {
    Mesh made;
    fillBatch(doc, batches[i], to + batches[i].start, made);
  });
}

} // namespace strata::gltf
