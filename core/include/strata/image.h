#pragma once
// The image core (design.md: core/src/image/): pixel formats in DXGI numbering,
// mip/slice layout, decoders to RGBA8 / RGBA32F, and the image containers.
#include "strata/scene.h"

#include <cstdint>
#include <string>
#include <vector>

namespace strata::image {

// One row of the pixel-format table (DXGI numbering, with its UNORM / SRGB /
// SNORM variants as separate rows).
struct PixelFormat {
  uint32_t dxgi;
  const char* name;       // "BC1_UNORM_SRGB"
  uint32_t blockDim;      // 4 for BC formats, 1 otherwise
  uint32_t bytesPerBlock; // bytes per 4x4 block, or per pixel when blockDim == 1
  ColorSpace colorSpace;  // SRGB for the *_SRGB rows, Linear otherwise
  bool compressed;
};

// nullptr when the format is not in the table.
const PixelFormat* pixelFormat(uint32_t dxgi);

// The table's name of a format ("BC1_UNORM_SRGB"), "DXGI format N" for one
// not in it: what an error or report calls it.
std::string formatName(uint32_t dxgi);

// Every row of the table, in DXGI order.
const std::vector<PixelFormat>& pixelFormats();

// DXGI numbers of the formats in the table (DXGI_FORMAT enumeration).
namespace dxgi {
constexpr uint32_t RGBA16F = 10;    // R16G16B16A16_FLOAT
constexpr uint32_t RGBA8 = 28;      // R8G8B8A8_UNORM
constexpr uint32_t RGBA8_SRGB = 29; // R8G8B8A8_UNORM_SRGB
constexpr uint32_t R16 = 56;        // R16_UNORM
constexpr uint32_t R8 = 61;         // R8_UNORM
constexpr uint32_t A8 = 65;         // A8_UNORM
constexpr uint32_t BC1 = 71, BC1_SRGB = 72;
constexpr uint32_t BC2 = 74, BC2_SRGB = 75;
constexpr uint32_t BC3 = 77, BC3_SRGB = 78;
constexpr uint32_t BC4 = 80, BC4_SNORM = 81;
constexpr uint32_t BC5 = 83, BC5_SNORM = 84;
constexpr uint32_t B5G6R5 = 85;
constexpr uint32_t B5G5R5A1 = 86;
constexpr uint32_t BGRA8 = 87;      // B8G8R8A8_UNORM
constexpr uint32_t BGRX8 = 88;      // B8G8R8X8_UNORM (legacy X8R8G8B8)
constexpr uint32_t BGRA8_SRGB = 91; // B8G8R8A8_UNORM_SRGB
constexpr uint32_t BC6H_UF16 = 95, BC6H_SF16 = 96;
constexpr uint32_t BC7 = 98, BC7_SRGB = 99;
} // namespace dxgi

// The sRGB twin of a UNORM format, and the UNORM twin of an sRGB one (the same
// blocks, only the colour tag differs: DXGI_FORMAT's *_UNORM_SRGB rows); a
// format without a twin is returned as it is.
uint32_t srgbTwin(uint32_t dxgi);
uint32_t unormTwin(uint32_t dxgi);

// Bytes of one mip of one slice: max(1, ceil(w/4)) x max(1, ceil(h/4)) blocks
// for BC formats, w x h pixels otherwise, times depth.
uint64_t mipByteSize(uint32_t dxgi, uint32_t width, uint32_t height, uint32_t depth = 1);

// max(1, size >> mip).
inline uint32_t mipExtent(uint32_t size, uint32_t mip) {
  uint32_t v = mip < 32 ? size >> mip : 0;
  return v ? v : 1;
}

// Slices an image holds: arraySize, times 6 for a cube map.
uint32_t sliceCount(const Image& img);

// Byte offset of (layer, mip) in Image::data, and the size of all subresources.
// `layer` counts slices: arrayIndex * 6 + face for cube maps. Throws
// strata::Error for an unknown format or a layer / mip out of range.
uint64_t subresourceOffset(const Image& img, uint32_t layer, uint32_t mip);
uint64_t imageByteSize(const Image& img);

// Throws strata::Error (naming img.name) unless the format is in the table,
// the dimensions and counts are sane and data holds exactly imageByteSize bytes.
void checkImage(const Image& img);

// Decodes one subresource to tightly packed RGBA8 (row 0 at the top; a 3D mip
// gives its depth slices one after another). Decoding never converts colour
// spaces: sRGB texels come out as stored. Channel mapping follows D3D
// (BC5, R8G8: blue 0; A8: black with alpha) except that the one-channel colour
// formats R8, R16 and BC4 replicate to grey (r, r, r, 255). SNORM values v in
// [-1, 1] map to round((v + 1) / 2 * 255). BC6H and RGBA16F clamp to [0, 1];
// decodeRGBA32F keeps their range.
// Throws strata::Unsupported for a format it cannot decode.
std::vector<uint8_t> decodeRGBA8(const Image& img, uint32_t mip = 0, uint32_t layer = 0);

// The same subresource as RGBA float (4 floats per pixel): UNORM in [0, 1],
// SNORM in [-1, 1], BC6H / RGBA16F as the stored half floats.
std::vector<float> decodeRGBA32F(const Image& img, uint32_t mip = 0, uint32_t layer = 0);

// PNG encoding of RGBA8 pixels (straight alpha) on libdeflate, with the filter
// and level chosen for the image (image/png_write.h); RGB when every alpha is
// 255. Decoding it gives back exactly these texels.
std::vector<uint8_t> encodePNG(const uint8_t* rgba, uint32_t width, uint32_t height);

// Mip 0 of the first layer (a volume's slices one below the other) as a PNG
// file: the source's own bytes when the image kept them (Image::png),
// otherwise encodePNG's.
std::vector<uint8_t> pngFileOf(const Image& img);

// JPEG or PNG bytes (libjpeg, libpng) to an RGBA8 image with one mip.
// `file` names the source in errors. A PNG that holds 8-bit RGB or RGBA
// without anything that changes how its texels look (no gamma, colour
// profile, palette or transparency chunk), whose every chunk and checksum is
// sound, is also kept in Image::png. With `texels` false such a PNG is
// checked all the same but its texels are not made (Image::data empty):
// for a caller that only stores the PNG (LoadOptions::texels).
Image decodeEncoded(const std::vector<uint8_t>& bytes, const std::string& file, bool texels = true);
// The same, a PNG it keeps kept in the memory of `bytes` instead of a copy
// (`bytes` are left as they were when it is not kept, or it throws).
Image decodeEncoded(std::vector<uint8_t>&& bytes, const std::string& file, bool texels = true);

// ---- DDS (Microsoft "DDS" container: DDS_HEADER, optional DDS_HEADER_DXT10) ----

struct DdsWriteOptions {
  // Always write the DX10 extension header. Otherwise a legacy FourCC or bit
  // mask is used where it names the format exactly (DXT1/3/5, ATI1/ATI2,
  // BC4S/BC5S, RGBA8 / BGRA8 / BGRX8 / 565 / 5551 masks, L8, L16, A8, FourCC
  // 113 for RGBA16F) and DX10 elsewhere (sRGB, BC6H, BC7, arrays).
  bool forceDX10 = false;
};

std::vector<uint8_t> writeDDS(const Image& img, const DdsWriteOptions& options = {});

// Reads a whole DDS file. Bad input throws strata::Error naming `file`, the
// byte offset and what was expected; a valid file in a format outside the
// table throws strata::Unsupported.
Image readDDS(const std::vector<uint8_t>& bytes, const std::string& file);

// ---- KTX 2.0 (Khronos KTX File Format Specification 2.0) ----

struct Ktx2WriteOptions {
  bool zstd = false; // supercompressionScheme 2, every level on its own
  int zstdLevel = 15;
  bool forceRGBA8 = false; // decode to RGBA8 even when the format has a VkFormat
};

// The VkFormat a KTX2 file holds the image's blocks in (its colour space picks
// the _SRGB or _UNORM twin where Vulkan has both), or 0 when the format has no
// Vulkan equivalent (the writer then stores RGBA8).
uint32_t vkFormatFor(const Image& img);

// Every mip, layer and face; the original blocks when vkFormatFor() is not 0,
// RGBA8 decoded pixels otherwise.
std::vector<uint8_t> writeKTX2(const Image& img, const Ktx2WriteOptions& options = {});

// Reads the KTX2 files writeKTX2 and writeKTX2Uastc make (the VkFormats above,
// or UASTC decoded to RGBA8; supercompression none or Zstandard). Bad input
// throws strata::Error naming `file`, the byte offset and what was expected;
// other VkFormats / schemes (ETC1S / BasisLZ) throw strata::Unsupported.
Image readKTX2(const std::vector<uint8_t>& bytes, const std::string& file);

// ---- UASTC in KTX2 (KHR_texture_basisu; specs/uastc-ktx2.md) ----

struct UastcOptions {
  bool srgb = true; // colour data (BT709 + sRGB); false: normal / data maps (linear)
  bool zstd = true; // supercompressionScheme 2, one Zstandard frame per level
  int zstdLevel = 9;
  bool mipmaps = true; // the full chain down to 1x1, or the base level alone
  int quality = 1;     // 0: modes 0, 8, 10-12, 15; 1: adds 4, 6, 9; 2: wider searches
  // The most threads encoding rows of blocks, from the process's thread
  // budget (strata/parallel.h); 0: as many as it has free.
  unsigned threads = 0;
};

// UASTC blocks for RGBA8 pixels, row-major blocks of 4x4 texels; texels past
// the right / bottom edge repeat the last column / row. Throws strata::Error
// for an empty image.
std::vector<uint8_t> encodeUastc(const uint8_t* rgba, uint32_t width, uint32_t height,
                                 const UastcOptions& options);

// RGBA8 pixels of width x height from UASTC blocks (our decoder, written from
// the Data Format Specification's UASTC chapter). Throws strata::Error when
// `size` is short of the blocks the size needs.
std::vector<uint8_t> decodeUastc(const uint8_t* blocks, size_t size, uint32_t width,
                                 uint32_t height);

// ---- BC encoders (RGBA8 to BC1-BC5, BC7 blocks) ----

// Speed against quality of the BC encoders: each level searches more than
// the one before (docs/bc-encoders.md says what; docs/performance.md
// measures them beside bc7enc).
enum class BcQuality { Fast = 0, Default = 1, Best = 2 };

struct BcEncodeOptions {
  BcQuality quality = BcQuality::Default;
  // BC1: texels whose alpha is below it become transparent black (3-colour
  // mode); 0 encodes every texel as opaque colour.
  uint8_t alphaThreshold = 128;
  // Nothing reads the texture's alpha: BC1 may give dark texels the
  // 3-colour mode's transparent black and BC7 may store opaque alpha as 254
  // (its mode 6 p-bits), each where the colour comes out closer, as bc7enc
  // does by default. Off: alpha is kept (opaque stays exactly 255).
  bool ignoreAlpha = false;
};

// True for the formats encodeBC writes: BC1, BC2, BC3 (UNORM and sRGB), BC4,
// BC5 (UNORM and SNORM) and BC7 (UNORM and sRGB).
bool bcEncodable(uint32_t dxgi);

// Blocks of `dxgi` for width x height RGBA8 pixels (row 0 at the top), in the
// order decodeRGBA8 reads them; texels past the right / bottom edge repeat
// the last column / row. sRGB formats encode the stored values as they are.
// BC4 encodes red, BC5 red and green; an SNORM format takes the 8-bit values
// decodeRGBA8 gives back for it (round((v + 1) / 2 * 255)). The blocks are
// spread over the shared thread budget (strata/parallel.h). Throws
// strata::Error for an empty image, strata::Unsupported for another format.
std::vector<uint8_t> encodeBC(const uint8_t* rgba, uint32_t width, uint32_t height, uint32_t dxgi,
                              const BcEncodeOptions& options = {});

// How mipChainRGBA8 filters.
struct MipOptions {
  // Colour in linear light (the sRGB EOTF, then back with rounding); alpha
  // is always averaged straight.
  bool srgb = false;
  // Red and green (and blue) hold a unit vector as v * 0.5 + 0.5 (BC5 normal
  // maps): the vectors are averaged and renormalised per level, blue made
  // from red and green (z = sqrt(1 - x^2 - y^2)), so a level of a map whose
  // blue is lost (BC5) comes out the same as one that kept it.
  bool normalMap = false;
  // Above 0: the alpha-test cutoff (0-255) of a cut-out texture. Each level's
  // alpha is scaled so that the fraction of texels with alpha >= cutoff stays
  // that of the base level (alpha-to-coverage preservation).
  uint8_t alphaCutoff = 0;
};

// Levels 1.. of the mip chain down to 1x1: each side halves, rounded down
// and at least 1 (specs/ytd-enhanced.md "Mip sides halve down to at least one
// texel"; ytd-layout.md), by an area-weighted box filter (a 2:1 step averages
// 2x2 texels, an odd side weighs the covered fractions).
std::vector<std::vector<uint8_t>> mipChainRGBA8(const uint8_t* rgba, uint32_t width,
                                                uint32_t height, const MipOptions& options);

// A texture of BC blocks made from RGBA8 pixels (encodeBC per level).
struct BcImageOptions {
  uint32_t dxgi = dxgi::BC7;
  BcEncodeOptions encode;
  bool mips = false; // the whole chain down to 1x1 (mipChainRGBA8 with `mip`)
  MipOptions mip;
};

// An Image named `name` of one layer with options.dxgi's blocks, its colour
// space the format's, every level when options.mips. Throws as encodeBC does.
Image encodeBCImage(const uint8_t* rgba, uint32_t width, uint32_t height, const std::string& name,
                    const BcImageOptions& options);

// Every layer (array element, cube face) of `img`, decoded, encoded again as
// options.dxgi: each mip it holds as it is, or with options.mips a chain made
// from its mip 0 (options.mip). A volume's depth slices are encoded one by
// one; a volume with options.mips throws strata::Unsupported (its mips would
// halve depth too). The colour space becomes the format's.
Image reencodeBC(const Image& img, const BcImageOptions& options);

// Area-weighted resampling of RGBA8 pixels, in linear light when `srgb`.
std::vector<uint8_t> resizeRGBA8(const uint8_t* rgba, uint32_t width, uint32_t height,
                                 uint32_t newWidth, uint32_t newHeight, bool srgb);

// Levels 1.. of the mip chain down to 1x1 (2:1 box filter, linear light when
// `srgb`): mipChainRGBA8 with MipOptions{srgb}.
std::vector<std::vector<uint8_t>> mipChainRGBA8(const uint8_t* rgba, uint32_t width,
                                                uint32_t height, bool srgb);

// KHR_texture_basisu needs the base level's sides to be multiples of 4: the
// size writeKTX2Uastc resamples an image of width x height to (the same size
// when it already fits).
void uastcBaseSize(uint32_t width, uint32_t height, uint32_t& outWidth, uint32_t& outHeight);

// Mip 0 of slice 0 (the first face, layer or depth slice: what a glTF PNG
// source holds), resampled to uastcBaseSize, as a KTX2 file of UASTC blocks
// (vkFormat 0, colour model 166). Throws strata::Error for an empty image.
std::vector<uint8_t> writeKTX2Uastc(const Image& img, const UastcOptions& options = {});

// ---- Writing an image as a file (`strata textures`) ----

enum class ImageFileFormat { PNG, DDS, KTX2 };

// "png" / "dds" / "ktx2"; parse throws strata::Error for anything else.
const char* imageFileExtension(ImageFileFormat format);
ImageFileFormat parseImageFileFormat(const std::string& name);

// PNG holds mip 0 of slice 0 decoded to RGBA8; DDS and KTX2 hold everything
// losslessly (KTX2: RGBA8 for formats Vulkan lacks).
std::vector<uint8_t> encodeImageFile(const Image& img, ImageFileFormat format);

} // namespace strata::image
