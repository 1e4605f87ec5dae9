#pragma once
// Texture tiles decoded at most once each, with what went wrong for the ones
// that do not decode: shared by validate (which decodes every tile), convert
// (which decodes the tiles its scene shows ahead, then the rest only to check
// them: a tile decoded for the scene is its check) and textures. Decoded
// pixels and findings live here, beside the file model, never in it.
#include "atlas/atlas_model.h"
#include "common/problems.h"
#include "strata/scene.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace strata::atlas {

// Where a tile's bytes come from, for its messages and its image name.
struct TileOrigin {
  std::string file;      // the file the offsets count in
  uint64_t payload = 0;  // the offset of its first image byte
  std::string name;      // names it in messages: "Tex TOC 1 tile L2_1_3 (stub 13)"
  std::string imageName; // Image::name: what `strata textures` calls it
};
using TileOrigins = std::function<TileOrigin(size_t toc, size_t stub)>;

// The tiles of an .atlas: payload after ATSP, bodySize, TexH and mFormat (§2,
// §4); images named tex<slot>_L<level>_<x>_<y> by stub position.
TileOrigins atlasTileOrigins(const File& file, const std::string& fileName);

// One tile's image, from its §4 mFormat: JPEG / PNG to RGBA8 (red and blue
// swapped for content made from BGR data), DDS as stored. Offsets in the
// Error count from the first image byte; an unknown mFormat is at -1.
// `texels`: as image::decodeEncoded's (always made when red and blue swap).
Image decodeTilePayload(uint8_t format, const std::vector<uint8_t>& data, bool swapRedBlue,
                        bool texels = true);

// The model a scene is made from, and whether making it may take from the
// model what it no longer needs (a frame's geometry once its meshes are made,
// a tile's PNG bytes once handed out), so that the model and the scene are
// never held whole together. One object for both: the model read and the
// model taken from are the same by construction.
class ModelUse {
public:
  ModelUse(const File& file) : file_(&file) {} // read only
  static ModelUse takingFrom(File& file) {
    ModelUse use(file);
    use.taken_ = &file;
    return use;
  }
  const File& file() const { return *file_; }
  // The model to take from, or null when it is read only.
  File* taken() const { return taken_; }

private:
  const File* file_;
  File* taken_ = nullptr;
};

class TileCache {
public:
  // With a model to take from, the PNG bytes of a tile handed out are moved
  // out of its frame, not copied (but for a frame that several Tex TOCs
  // name, which each of them decodes).
  TileCache(ModelUse model, bool swapRedBlue, TileOrigins origins);

  // The decoded image of stub `stub` of Tex TOC `toc`. A frame several stubs
  // share decodes once and is handed out once: nullopt for an empty stub, for
  // a frame handed out before, and for one that does not decode (a problem).
  std::optional<Image> take(size_t toc, size_t stub);
  // Decodes the frames of `stubs` ((toc, stub) pairs) not decoded yet, each
  // once (named by its first stub in `stubs`), on every core the thread
  // budget gives, and keeps the images for take(): the tiles a scene will
  // show, decoded together instead of one at a time as it asks for them.
  void decodeAhead(const std::vector<std::pair<size_t, size_t>>& stubs);
  // Whether that stub's frame was decoded and failed.
  bool broken(size_t toc, size_t stub) const;
  // Every stub of every Tex TOC as (toc, stub), in TOC and stub order.
  std::vector<std::pair<size_t, size_t>> stubs() const;
  // The frame offset a stub refers to (0 for an empty stub).
  uint32_t frameOf(size_t toc, size_t stub) const;
  // Decodes every frame not decoded yet, keeping only what went wrong.
  void checkAll();
  // From now on a tile that keeps its PNG (Image::png) is handed out without
  // its texels (LoadOptions::texels), unless red and blue are swapped (the
  // swapped texels are then what is stored); tiles decoded only to check
  // them never get theirs.
  void withoutTexels() { texels_ = swap_; }
  // What went wrong, one problem per frame, in TOC and stub order: errors,
  // and warnings marked unsupported for valid images in a format Strata does
  // not decode. Problem::index is pieceIndex(toc, frame offset).
  std::vector<Problem> problems() const;

private:
  struct Entry {
    bool ok = false;
    Problem problem;
  };
  ModelUse model_;
  std::set<uint32_t> shared_; // frames of several Tex TOCs (each decodes them): kept in place
  bool swap_;
  bool texels_ = true;
  TileOrigins origins_;
  std::map<std::pair<size_t, uint32_t>, Entry> done_;  // (toc, frame offset)
  std::map<std::pair<size_t, uint32_t>, Image> ahead_; // decoded ahead, not taken yet

  std::optional<Image> decode(size_t toc, size_t stub);
  // The frame a stub refers to, or nullptr (an empty stub, or no frame there).
  const Frame* frame(size_t toc, size_t stub) const;
  // Decodes one stub's frame into `image`, touching nothing shared but that
  // frame (checkAll and decodeAhead run it on several threads); `kept`: the
  // image is handed out (its PNG may then be moved out of an owned frame).
  Entry decodeEntry(size_t toc, size_t stub, const Frame& frame, std::optional<Image>& image,
                    bool texels, bool kept) const;
  // Decodes the frames of `stubs` not decoded yet, each once, in parallel;
  // `keep`: their images go to ahead_ (else only what went wrong is kept).
  void decodeFrames(const std::vector<std::pair<size_t, size_t>>& stubs, bool keep);
};

} // namespace strata::atlas
