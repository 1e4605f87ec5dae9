#include "gltf_writer.h"

#include "batch_slots.h"
#include "gltf_json.h"

#include "common/base64.h"
#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/image.h"
#include "strata/parallel.h"

#include <tiny_gltf.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace strata::gltf {

namespace {

constexpr int kArrayBuffer = 34962; // glTF bufferView.target
constexpr int kElementArrayBuffer = 34963;

// Bytes that pad `n` to a 4-byte boundary (a GLB chunk's length, a
// bufferView's offset).
size_t padTo4(size_t n) {
  return (4 - n % 4) % 4;
}

// Where each bufferView's bytes go in the one buffer, and how to make them.
struct BufferLayout {
  struct View {
    size_t offset, size;
    int mesh; // the scene mesh whose arrays `fill` reads, or -1
    std::function<void(const Mesh*, uint8_t*)> fill; // writes `size` bytes
  };
  std::vector<View> views; // in offset order, each at a 4-byte boundary
  size_t size = 0;         // the buffer's byteLength
  // Whose meshes the views read; when they are made on demand, each must
  // have again, when it is made to be written, the outline it was laid out by.
  const Scene* scene = nullptr;
  bool onDemand() const { return scene && scene->meshSource.make; }
};

// Views [first, last) of the layout, and their bytes: from the end of the
// batch before (its padding) to the last view's end.
struct Batch {
  size_t first, last;
  size_t start, end;
};

// The views in runs of about `target` bytes. A mesh made on demand is never
// split between two batches, so each batch makes it once.
std::vector<Batch> batchesOf(const BufferLayout& layout, size_t target) {
  const std::vector<BufferLayout::View>& views = layout.views;
  const bool whole = layout.onDemand();
  std::vector<Batch> batches;
  for (size_t i = 0, start = 0; i < views.size();) {
    Batch b{i, i, start, start};
    while (b.last < views.size() &&
           (b.last == i || b.end - b.start < target ||
            (whole && views[b.last].mesh >= 0 && views[b.last].mesh == views[b.last - 1].mesh)))
      b.end = views[b.last].offset + views[b.last].size, ++b.last;
    batches.push_back(b);
    i = b.last, start = b.end;
  }
  return batches;
}

// Mesh `i` for the views that read it: the scene's, or made again (on
// demand) into `made` once for a batch, and held to the outline it was laid
// out with: a file changed under the convert must not write past a view.
const Mesh& meshOf(const BufferLayout& layout, int i, Mesh& made, int& madeIndex) {
  const Scene& scene = *layout.scene;
  if (!layout.onDemand()) return scene.meshes[size_t(i)];
  if (madeIndex != i) {
    madeIndex = -1; // until it is whole
    scene.meshSource.make(size_t(i), made);
    madeIndex = i;
    if (outlineOf(made) != scene.meshSource.outlines[size_t(i)])
      throw Error(scene.name, Error::kNoOffset,
                  "mesh " + scene.meshes[size_t(i)].name +
                      " is not the one read before: the input changed while it was converted");
  }
  return made;
}

// The bytes of batch `b` into `to`: its views, and zeros between them. A
// mesh made on demand is made into `made`, in the memory it holds.
void fillBatch(const BufferLayout& layout, const Batch& b, uint8_t* to, Mesh& made) {
  int madeIndex = -1;
  size_t at = b.start;
  for (size_t i = b.first; i < b.last; ++i) {
    const BufferLayout::View& v = layout.views[i];
    std::memset(to + (at - b.start), 0, v.offset - at);
    const Mesh* mesh = v.mesh >= 0 ? &meshOf(layout, v.mesh, made, madeIndex) : nullptr;
    v.fill(mesh, to + (v.offset - b.start));
    at = v.offset + v.size;
  }
}

// A batch is about 256 KiB: written while it is still in the cache, from the
// memory of one written out before (no fresh pages to fault in), a 342 MB
// GLB took 0.80-0.84 s to convert on two threads with 1 MiB batches,
// 0.62-0.63 s with 256 KiB ones (2 MiB of L2 a core); with 4 MiB ones the
// kernel's copy into the page cache alone took 0.61 s.
constexpr size_t kBatch = size_t(256) << 10; // bytes

// The buffer's bytes [0, layout.size), in one piece (glTF text, GLB bytes in
// memory), into `to`, its batches made on every core.
void fillBuffer(const BufferLayout& layout, uint8_t* to) {
  const std::vector<Batch> batches = batchesOf(layout, kBatch);
  parallelFor(batches.size(), [&](size_t i) {
    Mesh made;
    fillBatch(layout, batches[i], to + batches[i].start, made);
  });
}

// The buffer's bytes written to `out` after what `head` writes (the GLB's
// header and JSON), batch by batch, each made on one of the threads the
// budget has and written in order, so the output is never held whole and the
// converting runs beside the writing: while `head` serializes the JSON on
// one thread, the others make the first batches, up to aheadMax bytes of
// them held. `afterHead` runs on the head's thread once the batches made
// meanwhile are written, while the others go on.
void streamBuffer(const BufferLayout& layout, std::ostream& out, const std::function<void()>& head,
                  const std::function<void()>& afterHead) {
  // Made ahead at most: a 496 MB terrain's convert on two threads took
  // 0.48 s against 0.51-0.52 s with none, its peak memory unchanged (128 MiB
  // raised it by 110 MiB, and was no faster); an eighth of a small buffer, so
  // that its batches do not outgrow the model let go before.
  const size_t aheadMax = std::min(size_t(32) << 20, layout.size / 8);
  const std::vector<Batch> batches = batchesOf(layout, kBatch);
  // Task 0 is the head, task n + 1 batch n; they are written in task order.
  std::mutex m; // guards everything below
  std::condition_variable written;
  size_t next = 0; // the next task to write
  // A batch's bytes: in a slot, or (larger than one) in memory of its own.
  struct Made {
    uint8_t* bytes = nullptr;
    size_t size = 0; // 0: nothing to write (it failed)
    std::unique_ptr<uint8_t[]> own;
  };
  std::map<size_t, Made> ready; // made, waiting for their turn
  size_t held = 0;              // bytes being made or ready
  bool writing = false;         // a thread is draining `ready`
  // Every batch but the last is at least kBatch bytes: as many as can be
  // held at once, twice that size (a batch ends with a whole mesh).
  BatchSlots slots(aheadMax / kBatch + 2, 2 * kBatch);
  std::vector<Mesh> spareMeshes; // of meshes made for batches made
  // Writes the ready tasks from `next` on, one thread at a time; `lock` is
  // held on entry and exit, let go around each write.
  auto drain = [&](std::unique_lock<std::mutex>& lock) {
    if (writing) return;
    writing = true;
    for (auto it = ready.find(next); it != ready.end(); it = ready.find(next)) {
      Made made = std::move(it->second);
      ready.erase(it);
      lock.unlock();
      if (made.size)
        out.write(reinterpret_cast<const char*>(made.bytes), std::streamsize(made.size));
      lock.lock();
      held -= made.size;
      if (made.bytes && !made.own) slots.give(made.bytes);
      ++next;
      written.notify_all();
    }
    writing = false;
  };
  parallelFor(batches.size() + 1, [&](size_t task) {
    std::exception_ptr failed;
    if (task == 0) {
      // Nothing is written before the head, so it writes straight to `out`.
      try {
        head();
      } catch (...) {
        failed = std::current_exception();
      }
      std::unique_lock<std::mutex> lock(m);
      ++next;
      written.notify_all();
      drain(lock);
      lock.unlock();
      if (failed) std::rethrow_exception(failed);
      afterHead();
      return;
    }
    const Batch& b = batches[task - 1];
    const size_t size = b.end - b.start;
    Made made;
    Mesh mesh;
    {
      // The task whose turn it is never waits, so waiting never blocks the
      // whole write (tasks are taken in order: every earlier one is being
      // made or is ready).
      std::unique_lock<std::mutex> lock(m);
      written.wait(lock, [&] { return task == next || held + size <= aheadMax; });
      held += size;
      if (size <= slots.slotSize()) made.bytes = slots.take();
      if (!spareMeshes.empty()) {
        mesh = std::move(spareMeshes.back());
        spareMeshes.pop_back();
      }
    }
    made.size = size;
    try {
      if (!made.bytes) { // not zeroed: fillBatch writes every byte
        made.own.reset(new uint8_t[size]);
        made.bytes = made.own.get();
      }
      fillBatch(layout, b, made.bytes, mesh);
    } catch (...) {
      failed = std::current_exception();
      made.size = 0; // nothing written for it: the output is discarded
    }
    std::unique_lock<std::mutex> lock(m);
    spareMeshes.push_back(std::move(mesh));
    held -= size - made.size;
    ready[task] = std::move(made);
    drain(lock);
    lock.unlock();
    if (failed) std::rethrow_exception(failed);
  });
}

class Builder {
public:
  Builder(const Scene& scene, const WriteOptions& options) : scene_(scene), options_(options) {
    model_.asset.version = "2.0";
    model_.asset.generator = "Strata";
    model_.buffers.emplace_back();
  }

  // Side files (WriteOptions::ktx2Beside) are moved to `beside`. The model's
  // buffer is left empty: its bytes are made from the scene when they are
  // written (BufferLayout), each array converted once, straight to where it goes.
  // With `written` (a GLB), the meshes, their accessors and views, the nodes,
  // materials, textures and samplers are written there as JSON (glbJson),
  // not kept in the model.
  tinygltf::Model build(std::vector<SideFile>& beside, BufferLayout& layout,
                        WrittenLists* written) {
    layout_ = &layout;
    written_ = written;
    layout.scene = &scene_;
    if (options_.textures != TextureMode::None) {
      // Decoding and PNG encoding are most of a textured write: every image
      // at once on the cores the budget has (strata/parallel.h), added in
      // scene order, so the bytes do not depend on the thread count.
      std::vector<std::vector<uint8_t>> pngs(scene_.images.size());
      parallelFor(pngs.size(), [&](size_t i) {
        // glTF has no volumes: a volume's first slice, as before (pngFileOf
        // stacks them all, as `strata textures` writes them).
        const Image& img = scene_.images[i];
        if (img.depth > 1) {
          std::vector<uint8_t> rgba = image::decodeRGBA8(img, 0, 0);
          pngs[i] = image::encodePNG(rgba.data(), img.width, img.height);
        } else if (img.png.empty()) {
          pngs[i] = image::pngFileOf(img);
        } // else the PNG it was decoded from is stored as it is (addImage)
      });
      for (size_t i = 0; i < pngs.size(); ++i) addImage(scene_.images[i], std::move(pngs[i]));
      if (options_.textures == TextureMode::Ktx2) addKtx2Images(beside);
      // One sampler a texture, its own.
      sizeList(model_.samplers, &WrittenLists::samplers, scene_.textures.size());
      sizeList(model_.textures, &WrittenLists::textures, scene_.textures.size());
      parallelForRuns(scene_.textures.size(), 32, [&](size_t i) { setTexture(i); });
    }
    sizeList(model_.materials, &WrittenLists::materials, scene_.materials.size());
    parallelForRuns(scene_.materials.size(), 32, [&](size_t i) { setMaterial(i); });
    // Every mesh's outline (its arrays' sizes and positions' bounds), found
    // on all cores first: the one pass over the positions before they are
    // written. Meshes made on demand come with theirs.
    std::vector<MeshOutline> held;
    if (!layout.onDemand()) {
      held.resize(scene_.meshes.size());
      parallelFor(held.size(), [&](size_t i) { held[i] = outlineOf(scene_.meshes[i]); });
    } else if (scene_.meshSource.outlines.size() != scene_.meshes.size()) {
      throw std::logic_error("glTF writer: a mesh made on demand has no outline");
    }
    addMeshes(layout.onDemand() ? scene_.meshSource.outlines : held);
    sizeList(model_.nodes, &WrittenLists::nodes, scene_.nodes.size());
    parallelForRuns(scene_.nodes.size(), 32, [&](size_t i) { setNode(i); }); // as the meshes
    // Used, never required: a viewer without it draws LOD 0.
    for (const Node& n : scene_.nodes)
      if (!n.lodAlternates.empty()) {
        model_.extensionsUsed.push_back("MSFT_lod");
        break;
      }
    tinygltf::Scene s;
    s.nodes = scene_.roots;
    // A scene with no members is written as null (as tinygltf writes it),
    // which the validator rejects (a drawable without embedded textures has no nodes).
    s.name = scene_.name.empty() ? "scene" : scene_.name;
    model_.scenes.push_back(s);
    for (const NamedRoots& other : scene_.otherScenes) {
      tinygltf::Scene o;
      o.name = other.name;
      o.nodes = other.roots;
      model_.scenes.push_back(o);
    }
    model_.defaultScene = 0;
    if (layout.size == 0) model_.buffers.clear();
    return std::move(model_);
  }

private:
  const Scene& scene_;
  const WriteOptions& options_;
  tinygltf::Model model_;
  BufferLayout* layout_ = nullptr;
  WrittenLists* written_ = nullptr;
  size_t writtenViews_ = 0; // views addView wrote as JSON

  // The views placed so far: the next one's index.
  size_t viewCount() const { return model_.bufferViews.size() + writtenViews_; }

  // The next image, after those kept before.
  void keepImage(tinygltf::Image& gi) {
    if (!written_) return model_.images.push_back(std::move(gi));
    if (written_->images.empty()) written_->images.emplace_back();
    appendJson(written_->images.front(), gi);
  }

  struct Bounds {
    std::array<double, 3> min, max;
  };

  // The glTF-axis bounds of positions whose source-axis bounds are [lo, hi]
  // (PrimitiveOutline's: selects in order, so a NaN never taken and of
  // equal values the first). (x, y, z) -> (x, z, -y): the minimum of -y is
  // minus the maximum of y, taken at the same value, so these are the bounds
  // the converted positions have, -0 and 0 as they came. A float converts
  // to double exactly.
  static Bounds gltfBounds(const Vec3& lo, const Vec3& hi) {
    return {{lo[0], lo[2], -hi[1]}, {hi[0], hi[2], -lo[1]}};
  }

  // Where the next accessor and view go (indices into lists already sized),
  // and the buffer offset the next view starts at or after. With runs (a
  // GLB's mesh), they are written as JSON at the ends of those instead.
  struct Slots {
    size_t accessor, view, offset;
    std::string* accessorRun = nullptr;
    std::string* viewRun = nullptr;
  };

  // A list of n items (sizeList), item i of it set (keep): the model's, or
  // with `written_` (a GLB) runs of JSON of one item each.
  using Runs = std::vector<std::string> WrittenLists::*;
  template <class T> void sizeList(std::vector<T>& inModel, Runs runs, size_t n) {
    if (written_)
      (written_->*runs).resize(n);
    else
      inModel.resize(n);
  }
  template <class T> void keep(std::vector<T>& inModel, Runs runs, size_t i, T& item) {
    if (written_)
      appendJson((written_->*runs)[i], item);
    else
      inModel[i] = std::move(item);
  }

  // The accessor `a` in its place (Slots).
  int keep(Slots& at, tinygltf::Accessor& a) {
    if (at.accessorRun)
      appendJson(*at.accessorRun, a);
    else
      model_.accessors[at.accessor] = std::move(a);
    return int(at.accessor++);
  }

  static size_t align4(size_t n) { return n + padTo4(n); }

  // The views a mesh adds (one an accessor), in mesh()'s order, and their
  // bytes, each padded to 4: where the next mesh's begin.
  static Slots spanOf(const MeshOutline& m) {
    Slots n{0, 0, 0};
    auto view = [&n](size_t count, size_t bytes) {
      ++n.accessor, ++n.view, n.offset += align4(count * bytes);
    };
    for (const PrimitiveOutline& p : m) {
      view(p.positions, sizeof(Vec3));
      if (p.normals) view(p.normals, sizeof(Vec3));
      if (p.uv0) view(p.uv0, sizeof(Vec2));
      if (p.uv1) view(p.uv1, sizeof(Vec2));
      if (p.colors) view(p.colors, sizeof(Vec4));
      view(p.indices, p.positions < 0xFFFF ? 2 : 4);
      for (const PrimitiveOutline::Target& t : p.targets) {
        view(t.positions, sizeof(Vec3));
        if (t.uv0) view(t.uv0, sizeof(Vec2));
      }
    }
    return n;
  }

  // Every mesh, its accessors and views at the places planned for it, made on
  // all cores: one after another they were the stretch of a large terrain's
  // write left on one thread while the others waited.
  void addMeshes(const std::vector<MeshOutline>& outlines) {
    const size_t n = scene_.meshes.size();
    std::vector<Slots> start(n + 1);
    start[0] = {model_.accessors.size(), viewCount(), align4(layout_->size)};
    // A GLB's runs of views: the images' run (addView), then a mesh's each.
    const size_t firstRun = written_ ? written_->bufferViews.size() : 0;
    for (size_t i = 0; i < n; ++i) {
      const Slots span = spanOf(outlines[i]);
      start[i + 1] = {start[i].accessor + span.accessor, start[i].view + span.view,
                      start[i].offset + span.offset};
    }
    layout_->views.resize(start[n].view);
    // A GLB's are written as JSON here, on every core, a mesh's accessors
    // and views in runs of their own: a large terrain's 25 k accessors and as
    // many views were 19 MB of tinygltf structs to construct, fault in and
    // let go.
    sizeList(model_.accessors, &WrittenLists::accessors, written_ ? n : start[n].accessor);
    sizeList(model_.bufferViews, &WrittenLists::bufferViews,
             written_ ? firstRun + n : start[n].view);
    sizeList(model_.meshes, &WrittenLists::meshes, n);
    std::vector<size_t> ends(n);
    // In runs of neighbouring meshes: mesh by mesh, the two threads of a
    // large terrain's convert wrote neighbouring runs' strings, 14 ms of CPU
    // for its 4,096 meshes against 9 ms on one thread (11 in runs of 32).
    parallelForRuns(n, 32, [&](size_t i) {
      Slots at = start[i];
      if (written_) {
        at.accessorRun = &written_->accessors[i];
        at.viewRun = &written_->bufferViews[firstRun + i];
      }
      tinygltf::Mesh m = mesh(int(i), outlines[i], at);
      keep(model_.meshes, &WrittenLists::meshes, i, m);
      if (at.accessor != start[i + 1].accessor || at.view != start[i + 1].view ||
          align4(at.offset) > start[i + 1].offset)
        throw std::logic_error("glTF writer: a mesh's views differ from their plan");
      ends[i] = at.offset;
    });
    for (size_t i = n; i-- > 0;)
      if (!outlines[i].empty()) {
        layout_->size = ends[i];
        break;
      }
  }

  // A view of `size` bytes at `at`, at the next 4-byte boundary; `fill`
  // writes its bytes when the buffer is written, from scene mesh `mesh`
  // (-1: from nothing of a mesh).
  int putView(Slots& at, size_t size, int target, int mesh,
              std::function<void(const Mesh*, uint8_t*)> fill) {
    tinygltf::BufferView v;
    v.buffer = 0;
    v.byteOffset = align4(at.offset);
    v.byteLength = size;
    v.target = target;
    layout_->views[at.view] = {v.byteOffset, size, mesh, std::move(fill)};
    at.offset = v.byteOffset + size;
    if (at.viewRun)
      appendJson(*at.viewRun, v);
    else
      model_.bufferViews[at.view] = std::move(v);
    return int(at.view++);
  }

  // A view of bytes `fill` writes, not a mesh's, at the end of the lists
  // (images, before the meshes). In a GLB these views are written as JSON
  // in one run, as are the images (keepImage): a textured terrain's
  // thousand tiles were as many tinygltf views and images to construct, move
  // as their lists grew and serialize: 1.2-1.8 ms of a 32 ms convert.
  int addView(size_t size, std::function<void(uint8_t*)> fill) {
    Slots at{model_.accessors.size(), viewCount(), layout_->size};
    if (written_) {
      if (layout_->views.size() != viewCount()) // addMeshes placed views of its own
        throw std::logic_error("glTF writer: a view added after the meshes'");
      if (written_->bufferViews.empty()) written_->bufferViews.emplace_back();
      at.viewRun = &written_->bufferViews.front();
      ++writtenViews_;
    } else {
      model_.bufferViews.emplace_back();
    }
    layout_->views.emplace_back();
    const int view =
        putView(at, size, 0, -1, [fill = std::move(fill)](const Mesh*, uint8_t* to) { fill(to); });
    layout_->size = at.offset;
    return view;
  }

  // Bytes the buffer holds as they are (PNG, KTX2), kept until it is written.
  int addBlob(std::vector<uint8_t> bytes) {
    auto held = std::make_shared<std::vector<uint8_t>>(std::move(bytes));
    return addView(held->size(),
                   [held](uint8_t* to) { std::copy(held->begin(), held->end(), to); });
  }

  // An accessor over the `count` values get(mesh) gives of scene mesh
  // `mesh`, each written as convert(value). `bounds`: the min/max of the
  // converted values (POSITION), or none.
  template <size_t N, class Get, class Convert>
  int putFloatAccessor(Slots& at, int mesh, size_t count, const Bounds* bounds, Get get,
                       Convert convert) {
    tinygltf::Accessor a;
    a.bufferView = putView(at, count * N * sizeof(float), kArrayBuffer, mesh,
                           [get, convert](const Mesh* m, uint8_t* to) {
                             for (const std::array<float, N>& v : get(*m)) {
                               const std::array<float, N> c = convert(v);
                               std::memcpy(to, c.data(), sizeof c);
                               to += sizeof c;
                             }
                           });
    a.componentType = TINYGLTF_COMPONENT_TYPE_FLOAT;
    a.count = count;
    a.type = N == 2 ? TINYGLTF_TYPE_VEC2 : N == 3 ? TINYGLTF_TYPE_VEC3 : TINYGLTF_TYPE_VEC4;
    if (bounds && count) {
      a.minValues.assign(bounds->min.begin(), bounds->min.end());
      a.maxValues.assign(bounds->max.begin(), bounds->max.end());
    }
    return keep(at, a);
  }

  // The indices of primitive `p` of scene mesh `mesh`.
  int putIndices(Slots& at, int mesh, size_t p, const PrimitiveOutline& outline) {
    tinygltf::Accessor a;
    a.count = outline.indices;
    a.type = TINYGLTF_TYPE_SCALAR;
    // 0xFFFF is the primitive-restart value and is not allowed as a U16 index.
    if (outline.positions < 0xFFFF) {
      a.bufferView = putView(at, outline.indices * 2, kElementArrayBuffer, mesh,
                             [p](const Mesh* m, uint8_t* to) {
                               for (uint32_t i : m->primitives[p].indices) {
                                 const uint16_t small = uint16_t(i);
                                 std::memcpy(to, &small, 2);
                                 to += 2;
                               }
                             });
      a.componentType = TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT;
    } else {
      a.bufferView = putView(at, outline.indices * 4, kElementArrayBuffer, mesh,
                             [p](const Mesh* m, uint8_t* to) {
                               const std::vector<uint32_t>& indices = m->primitives[p].indices;
                               std::memcpy(to, indices.data(), indices.size() * 4);
                             });
      a.componentType = TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
    }
    return keep(at, a);
  }

  // The conversions, as types so each view's loop is compiled with its own.
  static constexpr auto gltfAxes = [](const Vec3& v) { return toGltfAxes(v); };
  static constexpr auto same2 = [](const Vec2& v) { return v; };

  // glTF requires unit normals; a zero or non-finite normal becomes the up axis.
  static constexpr auto unitNormal = [](const Vec3& in) -> Vec3 {
    const Vec3 n = toGltfAxes(in);
    float len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    if (!(len > 1e-12f) || !std::isfinite(len)) return {0, 1, 0};
    return {n[0] / len, n[1] / len, n[2] / len};
  };

  static constexpr auto clampedColor = [](const Vec4& in) {
    Vec4 v = in;
    for (float& f : v) f = std::clamp(std::isfinite(f) ? f : 0.0f, 0.0f, 1.0f);
    return v;
  };

  // The mesh of scene mesh `i`, laid out by its outline: each view reads
  // its array from the mesh when the buffer is written.
  tinygltf::Mesh mesh(int i, const MeshOutline& outline, Slots& at) {
    tinygltf::Mesh gm;
    gm.name = scene_.meshes[size_t(i)].name;
    size_t targets = 0;
    for (size_t p = 0; p < outline.size(); ++p) {
      const PrimitiveOutline& po = outline[p];
      auto prim = [p](const Mesh& m) -> const Primitive& { return m.primitives[p]; };
      tinygltf::Primitive gp;
      gp.mode = TINYGLTF_MODE_TRIANGLES;
      const Bounds bounds = gltfBounds(po.min, po.max);
      gp.attributes["POSITION"] = putFloatAccessor<3>(
          at, i, po.positions,
          &bounds, [prim](const Mesh& m) -> auto& { return prim(m).positions; }, gltfAxes);
      if (po.normals)
        gp.attributes["NORMAL"] = putFloatAccessor<3>(
            at, i, po.normals, nullptr, [prim](const Mesh& m) -> auto& { return prim(m).normals; },
            unitNormal);
      if (po.uv0)
        gp.attributes["TEXCOORD_0"] = putFloatAccessor<2>(
            at, i, po.uv0, nullptr, [prim](const Mesh& m) -> auto& { return prim(m).uv0; }, same2);
      if (po.uv1)
        gp.attributes["TEXCOORD_1"] = putFloatAccessor<2>(
            at, i, po.uv1, nullptr, [prim](const Mesh& m) -> auto& { return prim(m).uv1; }, same2);
      if (po.colors)
        gp.attributes["COLOR_0"] = putFloatAccessor<4>(
            at, i, po.colors, nullptr, [prim](const Mesh& m) -> auto& { return prim(m).colors; },
            clampedColor);
      gp.indices = putIndices(at, i, p, po);
      for (size_t t = 0; t < po.targets.size(); ++t) {
        const PrimitiveOutline::Target& to = po.targets[t];
        auto morph = [p, t](const Mesh& m) -> const MorphTarget& {
          return m.primitives[p].morphTargets[t];
        };
        std::map<std::string, int> target;
        const Bounds deltas = gltfBounds(to.min, to.max);
        target["POSITION"] = putFloatAccessor<3>(
            at, i, to.positions,
            &deltas, [morph](const Mesh& m) -> auto& { return morph(m).positions; }, gltfAxes);
        if (to.uv0)
          target["TEXCOORD_0"] = putFloatAccessor<2>(
              at, i, to.uv0, nullptr, [morph](const Mesh& m) -> auto& { return morph(m).uv0; },
              same2);
        gp.targets.push_back(std::move(target));
      }
      targets = std::max(targets, po.targets.size());
      if (po.material >= 0) gp.material = po.material;
      gm.primitives.push_back(std::move(gp));
    }
    gm.weights.assign(targets, 0.0);
    return gm;
  }

  void setNode(size_t i) {
    const Node& n = scene_.nodes[i];
    tinygltf::Node gn;
    gn.name = n.name;
    gn.mesh = n.mesh;
    gn.children = n.children;
    if (n.translation != Vec3{0, 0, 0}) {
      Vec3 t = toGltfAxes(n.translation);
      gn.translation = {t[0], t[1], t[2]};
    }
    tinygltf::Value::Object extras;
    if (!n.tags.empty() || !n.textTags.empty()) {
      tinygltf::Value::Object tags;
      for (auto& [k, v] : n.textTags) tags[k] = tinygltf::Value(v);
      // tinygltf's numbers are int or double: a tag past int's range is written
      // as a double, exact to 2^53 (every U32 chunk coordinate), not truncated.
      for (auto& [k, v] : n.tags)
        tags[k] = v >= std::numeric_limits<int>::min() && v <= std::numeric_limits<int>::max()
                      ? tinygltf::Value(int(v))
                      : tinygltf::Value(double(v));
      extras["strata"] = tinygltf::Value(std::move(tags));
    }
    if (!n.lodAlternates.empty()) addLod(n, gn, extras);
    if (!extras.empty()) gn.extras = tinygltf::Value(std::move(extras));
    keep(model_.nodes, &WrittenLists::nodes, i, gn);
  }

  // MSFT_lod: the node is LOD 0, `ids` its coarser alternates in order, and
  // extras.MSFT_screencoverage the coverage each level is drawn down to.
  static void addLod(const Node& n, tinygltf::Node& gn, tinygltf::Value::Object& extras) {
    tinygltf::Value::Array ids, coverage;
    for (int a : n.lodAlternates) ids.push_back(tinygltf::Value(a));
    for (float c : n.screenCoverage) coverage.push_back(tinygltf::Value(double(c)));
    tinygltf::Value::Object lod;
    lod["ids"] = tinygltf::Value(std::move(ids));
    gn.extensions["MSFT_lod"] = tinygltf::Value(std::move(lod));
    if (!coverage.empty()) extras["MSFT_screencoverage"] = tinygltf::Value(std::move(coverage));
  }

  // `png`: the image encoded, or none when the image keeps the PNG it was
  // decoded from, which is written from the scene: a copy held until the
  // write cost every tile's bytes once more, and their page faults.
  void addImage(const Image& img, std::vector<uint8_t> png) {
    tinygltf::Image gi;
    gi.name = img.name;
    gi.mimeType = "image/png";
    if (png.empty())
      gi.bufferView = addView(img.png.size(), [&kept = img.png](uint8_t* to) {
        std::copy(kept.begin(), kept.end(), to);
      });
    else
      gi.bufferView = addBlob(std::move(png));
    keepImage(gi);
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
        gi.bufferView = addBlob(std::move(ktx2));
      } else {
        gi.uri = "data:image/ktx2;base64," + base64Encode(ktx2);
      }
      keepImage(gi);
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

  void setTexture(size_t i) {
    const Texture& t = scene_.textures[i];
    tinygltf::Sampler s;
    s.magFilter = TINYGLTF_TEXTURE_FILTER_LINEAR;
    s.minFilter = TINYGLTF_TEXTURE_FILTER_LINEAR_MIPMAP_LINEAR;
    s.wrapS = wrapCode(t.wrapS);
    s.wrapT = wrapCode(t.wrapT);
    tinygltf::Texture gt;
    gt.source = t.image;
    if (options_.textures == TextureMode::Ktx2 && t.image >= 0) {
      tinygltf::Value::Object basisu;
      basisu["source"] = tinygltf::Value(int(scene_.images.size()) + t.image);
      gt.extensions["KHR_texture_basisu"] = tinygltf::Value(std::move(basisu));
    }
    gt.sampler = int(i);
    keep(model_.samplers, &WrittenLists::samplers, i, s);
    keep(model_.textures, &WrittenLists::textures, i, gt);
  }

  void setMaterial(size_t i) {
    const Material& m = scene_.materials[i];
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
    keep(model_.materials, &WrittenLists::materials, i, gm);
  }
};

void put32(std::string& out, uint32_t v) {
  const char b[4] = {char(v), char(v >> 8), char(v >> 16), char(v >> 24)};
  out.append(b, 4);
}

// A GLB's bytes up to its binary chunk's data (glTF 2.0 "GLB File Format
// Specification": a 12-byte header, the JSON chunk padded with spaces to 4
// bytes, the BIN chunk's header when there is a buffer).
std::string glbHead(const tinygltf::Model& model, const WrittenLists& written, size_t binLength) {
  constexpr size_t kHeader = 12 + 8; // the file's header, the JSON chunk's
  std::string head = glbJson(model, written, binLength, kHeader);
  const size_t json = head.size() - kHeader;
  const size_t jsonPad = padTo4(json);
  const uint64_t bin = binLength ? 8 + binLength + padTo4(binLength) : 0;
  const uint64_t total = kHeader + json + jsonPad + bin;
  if (total > 0xFFFFFFFFu) throw Error("", Error::kNoOffset, "a GLB holds at most 4 GiB");
  std::string start = "glTF";
  put32(start, 2);
  put32(start, uint32_t(total));
  put32(start, uint32_t(json + jsonPad));
  put32(start, 0x4E4F534A); // "JSON"
  head.replace(0, kHeader, start);
  head.append(jsonPad, ' ');
  if (binLength) {
    put32(head, uint32_t(binLength + padTo4(binLength)));
    put32(head, 0x004E4942); // "BIN\0"
  }
  return head;
}

// The GLB of the model, its binary chunk streamed from the scene
// (streamBuffer) while the JSON is written, then padded with zeros. The
// model is let go once its JSON is written, on the thread that wrote it,
// while the others make the binary chunk (not after, on one thread), and
// once the batches made meanwhile are written: let go before, the others
// waited with their batches made ahead held, and a 496 MB terrain's convert
// on two threads took 294 ms against 284 (medians of 15 runs each, in turn).
void streamGlb(tinygltf::Model& model, WrittenLists& written, const BufferLayout& layout,
               std::ostream& out) {
  auto head = [&] {
    const std::string bytes = glbHead(model, written, layout.size);
    out.write(bytes.data(), std::streamsize(bytes.size()));
  };
  auto letGo = [&] {
    model = tinygltf::Model();
    written = WrittenLists();
  };
  if (layout.size == 0) return head(), letGo();
  streamBuffer(layout, out, head, letGo);
  out.write("\0\0\0", std::streamsize(padTo4(layout.size)));
}

} // namespace

GltfOutput writeGltf(const Scene& scene, const WriteOptions& options) {
  GltfOutput out;
  BufferLayout layout;
  WrittenLists written;
  tinygltf::Model model =
      Builder(scene, options).build(out.beside, layout, options.binary ? &written : nullptr);
  if (options.binary) {
    const std::string head = glbHead(model, written, layout.size);
    model = tinygltf::Model();
    written = WrittenLists();
    out.bytes.resize(head.size() + layout.size + padTo4(layout.size));
    std::copy(head.begin(), head.end(), out.bytes.begin());
    fillBuffer(layout, out.bytes.data() + head.size());
    return out;
  }
  if (!model.buffers.empty()) {
    model.buffers[0].data.resize(layout.size);
    fillBuffer(layout, model.buffers[0].data.data());
  }
  layout = BufferLayout();
  // Each copy of the output is let go as soon as the next exists, so at most
  // two are ever held (the model's buffer and its base64 text, then the text
  // and the bytes).
  std::string text = gltfText(model);
  model = tinygltf::Model();
  out.bytes.assign(text.begin(), text.end());
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
  const std::filesystem::path target = pathOf(path);
  if (options.binary && options.textures == TextureMode::Ktx2) {
    options.ktx2Beside = true;
    options.ktx2Stem = target.stem().string();
  }
  // A GLB streams to the file from the scene (streamGlb): memory holds the
  // scene and a few batches of the buffer, never the buffer or the file.
  tinygltf::Model model;
  BufferLayout layout;
  WrittenLists lists;
  GltfOutput out;
  if (options.binary)
    model = Builder(scene, options).build(out.beside, layout, &lists);
  else
    out = writeGltf(scene, options);
  std::vector<std::string> written;
  try {
    for (const SideFile& f : out.beside) {
      written.push_back((target.parent_path() / pathOf(f.name)).string());
      writeFileAtomic(written.back(), f.bytes);
    }
    if (options.binary)
      // The binary chunk alone, a lower bound of the file, is known before
      // the JSON is written.
      writeFileAtomic(
          path, [&](std::ostream& os) { streamGlb(model, lists, layout, os); }, layout.size);
    else
      writeFileAtomic(path, out.bytes);
  } catch (...) {
    std::error_code ec;
    for (const std::string& w : written) std::filesystem::remove(pathOf(w), ec);
    throw;
  }
  return written;
}

} // namespace strata::gltf
