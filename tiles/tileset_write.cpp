// The tileset's files: every chunk's GLB on the threads of the process's
// budget, then tileset.json, written beside DIR and renamed into place.
#include "compress.h"
#include "tileset.h"

#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/parallel.h"
#include "strata/platform.h"
#include "strata/quadtree.h"

#include <atomic>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace strata::tiles {

namespace fs = std::filesystem;

namespace {

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

// A chunk's GLB (and, compressed, the fallback beside it) into `dir`.
void writeChunk(const Scene& all, const Chunk& c, const fs::path& dir,
                const TilesetOptions& options) {
  const std::string stem = chunkStem(c);
  const Scene scene = chunkScene(all, c.node);
  if (!options.compress)
    return writeBytes(dir / (stem + ".glb"), gltf::writeGltf(scene, options.glb).bytes);
  const gltf::CompressedGlb glb = gltf::compressedGlb(scene, options.glb, gltf::fallbackName(stem));
  if (!glb.fallback.bytes.empty()) writeBytes(dir / glb.fallback.name, glb.fallback.bytes);
  writeBytes(dir / (stem + ".glb"), glb.glb);
}

// The chunks with geometry on at most options.jobs threads of the process's
// budget (strata/parallel.h), so the PNG encoding inside each GLB takes only
// what they leave. After a failure the chunks not started are passed over.
void writeChunks(const Scene& all, const std::vector<const Chunk*>& work, const fs::path& dir,
                 const TilesetOptions& options) {
  std::atomic<size_t> done{0};
  std::atomic<bool> failed{false};
  parallelFor(work.size(), options.jobs, [&](size_t i) {
    if (failed) return;
    try {
      writeChunk(all, *work[i], dir, options);
    } catch (...) {
      failed = true;
      throw;
    }
    const size_t d = ++done;
    if (options.progress) options.progress(d, work.size());
  });
}

// `dir` replaced by `tmp` (an earlier one kept until the rename is done).
void replaceDirectory(const fs::path& tmp, const fs::path& dir) {
  if (!fs::exists(dir)) return fs::rename(tmp, dir);
  std::error_code ec;
  const fs::path old = siblingTemp(dir, "old");
  fs::rename(dir, old);
  try {
    fs::rename(tmp, dir);
  } catch (...) {
    fs::rename(old, dir, ec);
    throw;
  }
  fs::remove_all(old, ec);
}

} // namespace

void writeTileset(const Scene& all, const std::string& dirName, const TilesetOptions& options) {
  if (all.meshSource.make)
    throw std::logic_error("tileset writer: the scene's meshes are made on demand");
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
    writeChunks(all, work, tmp / "tiles", options);
    const nlohmann::json j = tilesetJson(chunks, [&](const Chunk& c) {
      return all.nodes[size_t(c.node)].mesh >= 0 ? "tiles/" + chunkStem(c) + ".glb" : "";
    });
    const std::string text = j.dump(1) + "\n";
    writeBytes(tmp / "tileset.json", std::vector<uint8_t>(text.begin(), text.end()));
    replaceDirectory(tmp, dir);
  } catch (const fs::filesystem_error& e) {
    fs::remove_all(tmp, ec);
    throw Error(dirName, Error::kNoOffset, std::string("cannot write the tileset: ") + e.what());
  } catch (...) {
    fs::remove_all(tmp, ec);
    throw;
  }
}

} // namespace strata::tiles
