// The .ytd and the drawable (.ydr / .ydd / .yft) entries of the format table
// (design.md: YTD is textures only; of a drawable only its embedded texture
// dictionaries are read, ydr-embedded.md). Both read a texture container.
#include "ytd/drawable_read.h"
#include "ytd/ytd_entry.h"

namespace strata {

namespace {

// Claimed by magic + a texture dictionary version (5 Enhanced, 13 legacy); a
// .ytd with another non-drawable version is claimed too, so the reader can say
// which versions it knows instead of "unrecognised".
bool detectYtd(const Source& in, const std::vector<uint8_t>& head) {
  const auto v = ytd::rsc7Version(head);
  return v && (*v == 5 || *v == 13 ||
               (lowerExtension(in.path) == ".ytd" && !ytd::isDrawableVersion(*v)));
}

// A drawable version, or an RSC7 with a drawable's extension (the reader says
// what does not fit).
bool detectDrawable(const Source& in, const std::vector<uint8_t>& head) {
  const auto v = ytd::rsc7Version(head);
  const std::string ext = lowerExtension(in.path);
  return v && (ytd::isDrawableVersion(*v) || ext == ".ydr" || ext == ".ydd" || ext == ".yft");
}

ValidationReport validateYtd(const Source& in) {
  return ytd::validateContainer<ytd::readYtd>(in, "ytd");
}

ValidationReport validateDrawable(const Source& in) {
  return ytd::validateContainer<ytd::readDrawable>(in, "drawable");
}

} // namespace

extern const FormatHandler kYtdHandler =
    ytd::containerHandler<ytd::readYtd>("ytd", detectYtd, validateYtd);
extern const FormatHandler kDrawableHandler =
    ytd::containerHandler<ytd::readDrawable>("drawable", detectDrawable, validateDrawable);

} // namespace strata
