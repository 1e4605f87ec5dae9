#include "tiles_tileset.h"

#include "common/platform.h"
#include "common/quadtree.h"

#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/parallel.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

namespace strata::tiles {

namespace fs = std::filesystem;

void Box::add(const Vec3& p) {
  for (int k = 0; k < 3; ++k) {
    min[k] = std::min(min[k], p[k]);
    max[k] = std::max(max[k], p[k]);
  }
}

void Box::add(const Box& b) {
  if (b.empty()) return;
  add(b.min);
  add(b.max);
}

namespace {

bool tagOf(const Node& n, const char* name, int64_t& value) {
  for (const auto& [k, v] : n.tags)
    if (k == name) {
      value = v;
      return true;
    }
  return false;
}

Triangles solidTriangles(const Scene& s, const Node& n) {
  Triangles t;
  if (n.mesh < 0) return t;
  for (const Primitive& p : s.meshes[size_t(n.mesh)].primitives)
    for (size_t i = 0; i + 2 < p.indices.size(); i += 3)
      t.push_back({p.positions[p.indices[i]], p.positions[p.indices[i + 1]],
                   p.positions[p.indices[i + 2]]});
  return t;
}

// 3D Tiles box: centre, then the three half-axes (x, y, z). A flat side
// gets a small thickness so the box stays a volume.
nlohmann::json boxJson(const Box& b) {
  double c[3], h[3], largest = 0;
  for (int k = 0; k < 3; ++k) {
    c[k] = (double(b.min[k]) + b.max[k]) / 2;
    h[k] = (double(b.max[k]) - b.min[k]) / 2;
    largest = std::max(largest, h[k]);
  }
  for (double& v : h) v = std::max(v, std::max(largest * 1e-3, 1e-3));
  return {c[0], c[1], c[2], h[0], 0, 0, 0, h[1], 0, 0, 0, h[2]};
}

nlohmann::json tileJson(const std::vector<std::vector<Chunk>>& chunks, uint32_t level, uint32_t x,
                        uint32_t y, const std::function<std::string(const Chunk&)>& contentUri) {
  const Chunk& c = chunks[level][(size_t(x) << level) + y];
  nlohmann::json t;
  t["boundingVolume"] = {{"box", boxJson(c.box)}};
  t["geometricError"] = c.geometricError;
  t["refine"] = "REPLACE";
  const std::string uri = contentUri(c);
  if (!uri.empty()) t["content"] = {{"uri", uri}};
  if (level + 1 < chunks.size()) {
    nlohmann::json kids = nlohmann::json::array();
    for (uint32_t dx = 0; dx < 2; ++dx)
      for (uint32_t dy = 0; dy < 2; ++dy)
        kids.push_back(tileJson(chunks, level + 1, 2 * x + dx, 2 * y + dy, contentUri));
    t["children"] = std::move(kids);
  }
  return t;
}

std::string chunkStem(const Chunk& c) {
  return nodeName(c.level, c.x, c.y);
}

void writeBytes(const fs::path& p, const std::vector<uint8_t>& bytes) {
  std::ofstream f(p, std::ios::binary);
  f.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  if (!f.flush()) throw Error(utf8Of(p), Error::kNoOffset, "cannot write the file");
}

// DIR may be replaced: absent, an empty directory, or an earlier tileset.
void checkReplaceable(const fs::path& dir) {
  std::error_code ec;
  if (!fs::exists(dir, ec)) return;
  if (!fs::is_directory(dir, ec))
    throw Error(utf8Of(dir), Error::kNoOffset, "exists and is not a directory");
  if (!fs::is_empty(dir, ec) && !fs::exists(dir / "tileset.json", ec))
    throw Error(utf8Of(dir), Error::kNoOffset,
                "is a directory that holds no tileset.json: not replaced (give an empty or "
                "new directory)");
}

fs::path siblingTemp(const fs::path& dir, const char* what) {
  const fs::path parent = dir.parent_path().empty() ? fs::path(".") : dir.parent_path();
  return parent /
         pathOf("." + utf8Of(dir.filename()) + ".strata-" + what + "-" + platform::uniqueSuffix());
}

} // namespace

std::vector<std::vector<Chunk>> terrainChunks(const Scene& all) {
  std::vector<std::vector<Chunk>> levels;
  for (size_t i = 0; i < all.nodes.size(); ++i) {
    const Node& n = all.nodes[i];
    int64_t level, x, y;
    if (!tagOf(n, "level", level) || !tagOf(n, "x", x) || !tagOf(n, "y", y)) continue;
    if (level < 0 || level > 14 || x < 0 || y < 0 || x >= (int64_t(1) << level) ||
        y >= (int64_t(1) << level))
      throw Error(all.name, Error::kNoOffset, "node " + n.name + " is outside the quadtree");
    if (levels.size() <= size_t(level)) levels.resize(size_t(level) + 1);
    auto& row = levels[size_t(level)];
    row.resize(size_t(1) << (2 * level));
    Chunk& c = row[(size_t(x) << level) + size_t(y)];
    c = {uint32_t(level), uint32_t(x), uint32_t(y), int(i), solidTriangles(all, n), {}, 0};
    if (n.bounds.size() == 2) {
      c.box.add(n.bounds[0]);
      c.box.add(n.bounds[1]);
    }
    for (const auto& tri : c.surface)
      for (const Vec3& v : tri) c.box.add(v);
  }
  if (levels.empty()) throw Error(all.name, Error::kNoOffset, "no terrain chunks to tile");
  for (const auto& row : levels)
    for (const Chunk& c : row)
      if (c.node < 0) throw Error(all.name, Error::kNoOffset, "the quadtree is missing chunks");
  // Boxes from the leaves up; errors against the finest level, then made
  // non-increasing toward the leaves (a tile never claims less error than
  // one below it).
  const size_t finest = levels.size() - 1;
  for (size_t level = finest; level-- > 0;)
    for (Chunk& c : levels[level]) {
      Triangles leaves;
      const uint32_t span = 1u << (finest - level);
      for (uint32_t lx = c.x * span; lx < (c.x + 1) * span; ++lx)
        for (uint32_t ly = c.y * span; ly < (c.y + 1) * span; ++ly) {
          const Triangles& t = levels[finest][(size_t(lx) << finest) + ly].surface;
          leaves.insert(leaves.end(), t.begin(), t.end());
        }
      c.geometricError = surfaceDistance(c.surface, leaves);
      for (uint32_t dx = 0; dx < 2; ++dx)
        for (uint32_t dy = 0; dy < 2; ++dy) {
          const Chunk& kid =
              levels[level + 1][(size_t(2 * c.x + dx) << (level + 1)) + 2 * c.y + dy];
          c.box.add(kid.box);
          c.geometricError = std::max(c.geometricError, kid.geometricError);
        }
    }
  // A chunk with no geometry and nothing below it (left out under --partial)
  // still needs a volume: its parent's.
  if (levels[0][0].box.empty())
    throw Error(all.name, Error::kNoOffset, "the terrain has no geometry to tile");
  for (size_t level = 1; level < levels.size(); ++level)
    for (Chunk& c : levels[level])
      if (c.box.empty()) c.box = levels[level - 1][(size_t(c.x / 2) << (level - 1)) + c.y / 2].box;
  return levels;
}

nlohmann::json tilesetJson(const std::vector<std::vector<Chunk>>& chunks,
                           const std::function<std::string(const Chunk&)>& contentUri) {
  const Box& all = chunks[0][0].box;
  double diagonal = 0;
  if (!all.empty())
    for (int k = 0; k < 3; ++k) diagonal += std::pow(double(all.max[k]) - all.min[k], 2);
  nlohmann::json j;
  j["asset"] = {{"version", "1.1"}, {"generator", "Strata"}};
  // Drawing nothing at all is off by the whole terrain.
  j["geometricError"] = std::max(std::sqrt(diagonal), chunks[0][0].geometricError);
  j["root"] = tileJson(chunks, 0, 0, 0, contentUri);
  return j;
}

Scene chunkScene(const Scene& all, int node) {
  Scene s;
  Node n = all.nodes[size_t(node)];
  s.name = n.name;
  n.children.clear();
  n.lodAlternates.clear();
  n.screenCoverage.clear();
  if (n.mesh >= 0) {
    Mesh m = all.meshes[size_t(n.mesh)];
    std::vector<int> materialOf(all.materials.size(), -1), textureOf(all.textures.size(), -1),
        imageOf(all.images.size(), -1);
    auto remap = [](std::vector<int>& map, int i, auto add) {
      if (i < 0 || size_t(i) >= map.size()) return -1;
      if (map[size_t(i)] < 0) map[size_t(i)] = add(i);
      return map[size_t(i)];
    };
    for (Primitive& p : m.primitives)
      p.material = remap(materialOf, p.material, [&](int mi) {
        Material mat = all.materials[size_t(mi)];
        mat.baseColorTexture = remap(textureOf, mat.baseColorTexture, [&](int ti) {
          Texture tex = all.textures[size_t(ti)];
          tex.image = remap(imageOf, tex.image, [&](int ii) {
            s.images.push_back(all.images[size_t(ii)]);
            return int(s.images.size() - 1);
          });
          s.textures.push_back(tex);
          return int(s.textures.size() - 1);
        });
        s.materials.push_back(mat);
        return int(s.materials.size() - 1);
      });
    n.mesh = 0;
    s.meshes.push_back(std::move(m));
  }
  s.nodes.push_back(std::move(n));
  s.roots = {0};
  return s;
}

void writeTileset(const Scene& all, const std::string& dirName, const TilesetOptions& options) {
  const fs::path dir = pathOf(dirName);
  checkReplaceable(dir);
  const std::vector<std::vector<Chunk>> chunks = terrainChunks(all);
  std::vector<const Chunk*> work;
  for (const auto& row : chunks)
    for (const Chunk& c : row)
      if (all.nodes[size_t(c.node)].mesh >= 0) work.push_back(&c);

  const fs::path tmp = siblingTemp(dir, "tmp");
  std::error_code ec;
  try {
    fs::create_directories(tmp / "tiles");
    std::atomic<size_t> next{0}, done{0};
    std::exception_ptr failure;
    std::mutex failureMutex;
    auto worker = [&] {
      for (size_t i; (i = next++) < work.size();) {
        try {
          const Chunk& c = *work[i];
          const std::string stem = chunkStem(c);
          std::vector<uint8_t> glb = gltf::writeGltf(chunkScene(all, c.node), options.glb).bytes;
          std::vector<gltf::SideFile> beside;
          if (options.transform) beside = options.transform(glb, stem);
          for (const gltf::SideFile& f : beside) writeBytes(tmp / "tiles" / f.name, f.bytes);
          writeBytes(tmp / "tiles" / (stem + ".glb"), glb);
        } catch (...) {
          std::lock_guard<std::mutex> lock(failureMutex);
          if (!failure) failure = std::current_exception();
          next = work.size();
        }
        const size_t d = ++done;
        if (options.progress) options.progress(d, work.size());
      }
    };
    std::vector<std::thread> threads;
    // The workers hold their share of the process's thread budget
    // (strata/parallel.h), so the PNG encoding inside each GLB takes only what
    // they leave. This thread is the first worker.
    const unsigned jobs = std::max(1u, std::min<unsigned>(options.jobs, unsigned(work.size())));
    ThreadReservation more(std::min(jobs, threadBudget()) - 1);
    for (unsigned j = 0; j < more.count(); ++j) threads.emplace_back(worker);
    worker();
    for (auto& t : threads) t.join();
    if (failure) std::rethrow_exception(failure);
    const nlohmann::json j = tilesetJson(chunks, [&](const Chunk& c) {
      return all.nodes[size_t(c.node)].mesh >= 0 ? "tiles/" + chunkStem(c) + ".glb" : "";
    });
    const std::string text = j.dump(1) + "\n";
    writeBytes(tmp / "tileset.json", std::vector<uint8_t>(text.begin(), text.end()));
    if (fs::exists(dir)) {
      const fs::path old = siblingTemp(dir, "old");
      fs::rename(dir, old);
      try {
        fs::rename(tmp, dir);
      } catch (...) {
        fs::rename(old, dir, ec);
        throw;
      }
      fs::remove_all(old, ec);
    } else {
      fs::rename(tmp, dir);
    }
  } catch (const fs::filesystem_error& e) {
    fs::remove_all(tmp, ec);
    throw Error(dirName, Error::kNoOffset, std::string("cannot write the tileset: ") + e.what());
  } catch (...) {
    fs::remove_all(tmp, ec);
    throw;
  }
}

} // namespace strata::tiles
