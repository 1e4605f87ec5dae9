#pragma once
// GTA V texture dictionaries written back (design.md "YTD"; `strata ytd`,
// docs/ytd-write.md): textures replaced in a .ytd or in the dictionaries a
// drawable (.ydr / .ydd / .yft) embeds, new dictionaries built from images,
// and dictionaries converted between the legacy (v13) and Enhanced (v5)
// editions. Every function returns the bytes of the new file, read back and
// checked: Strata's own validation finds no error in it and no warning the
// input did not have. Nothing is written here; callers write the bytes
// through a temporary file (strata/fileio.h, writeFileAtomic).
#include "strata/image.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace strata {

enum class YtdEdition { Legacy, Enhanced };

// "legacy" / "enhanced"; parse throws strata::Error for anything else.
const char* ytdEditionName(YtdEdition e);
YtdEdition parseYtdEdition(const std::string& name);

// One image for a texture: a file (PNG, JPEG, DDS or KTX2, by its magic),
// such a file's bytes in memory, or RGBA8 pixels in memory (row 0 at the top).
struct YtdImage {
  std::string name; // the texture's name; build: empty takes the file's stem
  std::string path; // an image file (or the name of `file`); empty: the pixels below
  // The bytes of an image file already in memory, named by `path` in
  // messages (not read from disk); empty: `path` is read.
  std::vector<uint8_t> file;
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> rgba8; // width * height * 4 bytes
  // From a directory (--from DIR): replace skips it, and names it in the
  // report, when no texture has its name (unless adding).
  bool fromDirectory = false;
  // How messages name it: the path, or "image for 'name'".
  std::string label() const;
};

// `NAME=IMAGE` of the command line. Throws strata::Error when there is no
// '=' or either side is empty.
YtdImage parseNameImage(const std::string& argument);

// Every PNG, JPEG, DDS and KTX2 file directly inside `dir` (by extension, in
// name order), each named by its file stem (fromDirectory set): the layout
// `strata textures` writes. Throws strata::Error when `dir` is not a
// directory.
std::vector<YtdImage> imagesInDirectory(const std::string& dir);

// What the caller chose beyond the images.
struct YtdWriteChoices {
  // "" (replace: each texture keeps its format; build: "auto"), "auto",
  // "bc1", "bc3", "bc5", "bc7" or "rgba8".
  std::string format;
  // 0: replace keeps each texture's mip count (a full chain stays a full
  // chain of the new size); build makes full chains. Otherwise that many.
  uint32_t mips = 0;
  // replace: an image whose name is not in the dictionary adds a texture
  // (a .ytd only) instead of being an error.
  bool addNew = false;
  // replace: an image whose pixels are the texture's own (mip 0 as Strata
  // decodes it, the same size; for a cube, volume or array the same blocks)
  // leaves the texture as it is, bytes and all: what an export -> edit ->
  // replace of a whole directory wants for the images nobody edited.
  bool changedOnly = false;
  // The BC encoders' speed against quality for every texture encoded
  // (docs/bc-encoders.md); the uncompressed formats take no search.
  image::BcQuality quality = image::BcQuality::Default;
  // Called with (textures written, textures to write) as each is encoded;
  // may be empty.
  std::function<void(size_t, size_t)> progress;
};

// What a write did, texture by texture.
struct YtdTextureReport {
  std::string name;
  std::string action; // "replaced", "unchanged", "added", "built", "converted", "re-encoded"
  std::string format; // the format written (DXGI name)
  uint32_t width = 0, height = 0, mips = 0;
  std::string source; // the image it came from (empty: the input's own data)
  std::string why;    // the format choice, or why it was re-encoded
};

struct YtdReport {
  std::string kind;                       // "ytd", "ydr", "ydd", "yft"
  std::string edition;                    // of the output
  bool identical = false;                 // nothing to replace: the output is the input's bytes
  std::vector<YtdTextureReport> textures; // in name-hash order
  // How the file was changed where the textures are not the whole story:
  // "data written in place", "graphics pages laid out anew", ...
  std::vector<std::string> notes;
  // Warnings the input already had (they are kept, not caused).
  std::vector<std::string> inputWarnings;
  // Images from a directory that no texture is named after (not taken).
  std::vector<std::string> skipped;
};

// `strata ytd replace`: `input` (named `inputName` in messages) with each
// image's texture replaced (YtdWriteChoices). An image that does not decode,
// a name that is in no dictionary of the input (unless addNew), two images
// for one texture, a name whose hash is another texture's, more textures
// than a dictionary counts, a size beyond a record's fields or the page
// limits, or a drawable texture whose size, format or mip count would
// change: strata::Error naming the image and the reason. With no image the
// result is `input` itself.
std::vector<uint8_t> replaceYtdTextures(const std::vector<uint8_t>& input,
                                        const std::string& inputName,
                                        const std::vector<YtdImage>& images,
                                        const YtdWriteChoices& choices, YtdReport& report);

// `strata ytd build`: a new dictionary of `edition` holding one texture per
// image (names lower-cased as the game hashes them; duplicates an error).
std::vector<uint8_t> buildYtd(const std::vector<YtdImage>& images, YtdEdition edition,
                              const YtdWriteChoices& choices, YtdReport& report);

// `strata ytd convert`: the textures of the .ytd `input` in the other
// edition: records made anew with the usage word and flags carried across,
// pixel data kept where the format exists in both editions, re-encoded (and
// said so) where it does not. Of `choices` only quality and progress are used. Already
// in `edition`: the output is the input.
std::vector<uint8_t> convertYtd(const std::vector<uint8_t>& input, const std::string& inputName,
                                YtdEdition edition, const YtdWriteChoices& choices,
                                YtdReport& report);

} // namespace strata
