// strata.h texture dictionaries written back: images gathered in a handle,
// then strata::replaceYtdTextures / buildYtd / convertYtd (the core the
// `strata ytd` command uses), written through a temporary file.
#include "capi_handles.h"
#include "strata/fileio.h"
#include "strata/ytd_edit.h"

using namespace strata::capi;

struct strata_ytd_edit {
  std::string error;
  std::vector<strata::YtdImage> images;
  bool reported = false;
  strata::YtdReport report;
};

namespace {

const char* kFormatNames[] = {"", "auto", "bc1", "bc3", "bc5", "bc7", "rgba8"};

nlohmann::json ytdReportJson(const strata::YtdReport& r) {
  nlohmann::json textures = nlohmann::json::array();
  for (const strata::YtdTextureReport& t : r.textures)
    textures.push_back({{"name", t.name},
                        {"action", t.action},
                        {"format", t.format},
                        {"width", t.width},
                        {"height", t.height},
                        {"mips", t.mips},
                        {"source", t.source},
                        {"why", t.why}});
  return {{"kind", r.kind},       {"edition", r.edition}, {"identical", r.identical},
          {"textures", textures}, {"notes", r.notes},     {"inputWarnings", r.inputWarnings},
          {"skipped", r.skipped}};
}

// The caller's options as the core's choices; a bad enum value is an error.
strata_status choicesOf(strata_ytd_edit* e, const strata_ytd_options* options,
                        strata::YtdWriteChoices& out, strata_ytd_options& o) {
  if (strata_status st = readOptions(e->error, options, o, "strata_ytd_options")) return st;
  const int format = enumValue(o.format), edition = enumValue(o.edition);
  if (format < 0 || format > STRATA_YTD_FORMAT_RGBA8)
    return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT,
                "strata_ytd_options.format is " + std::to_string(format) + " (0-6)");
  if (edition < 0 || edition > STRATA_YTD_EDITION_ENHANCED)
    return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT,
                "strata_ytd_options.edition is " + std::to_string(edition) + " (0-2)");
  out.format = kFormatNames[format];
  out.mips = o.mips;
  out.addNew = o.flags & STRATA_YTD_ADD_NEW;
  out.changedOnly = o.flags & STRATA_YTD_CHANGED_ONLY;
  out.progress = progressOf(o.progress, o.progress_user);
  return qualityOf(e->error, o.quality, "strata_ytd_options.quality", out.quality);
}

// What the body of a write call works with: the caller's options, read and
// checked, and the report it fills.
struct WriteJob {
  strata::YtdWriteChoices choices;
  strata_ytd_options o;
  strata::YtdReport report;
};

// Every write call: the input path (build reads none), the options, then the
// paths checked in that order; `make(job)` gives the bytes, written to `out`
// with the report kept.
template <class Make>
strata_status ytdWrite(strata_ytd_edit* e, bool readsInput, const char* in, const char* out,
                       const strata_ytd_options* options, Make&& make) noexcept {
  return onHandle(e, [&] {
    if (readsInput && !in) return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT, "in_path is NULL");
    WriteJob job;
    if (strata_status st = choicesOf(e, options, job.choices, job.o)) return st;
    if (!out) return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT, "out_path is NULL");
    if (in)
      if (strata_status st = checkInOut(e->error, in, out, "the input")) return st;
    const std::vector<uint8_t> bytes = make(job);
    return writeAndReport(e, out, bytes, std::move(job.report));
  });
}

} // namespace

extern "C" {

STRATA_CAPI_HANDLE_LIFETIME(strata_ytd_edit, "the ytd edit handle is NULL")

strata_status strata_ytd_edit_add_image(strata_ytd_edit* e, const strata_ytd_image* image) {
  return onHandle(e, [&] {
    strata_ytd_image in;
    if (strata_status st = readArgument(e->error, image, in, "strata_ytd_image", "image"))
      return st;
    strata::YtdImage img;
    img.name = in.name ? in.name : "";
    if (in.path) {
      img.path = in.path;
    } else {
      if (!in.rgba8)
        return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT,
                    "image '" + img.name + "': neither path nor rgba8 is set");
      if (img.name.empty())
        return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT,
                    "an image in memory needs a name (no file stem to take it from)");
      img.width = in.width;
      img.height = in.height;
      img.rgba8.assign(in.rgba8, in.rgba8 + size_t(in.width) * in.height * 4);
    }
    e->images.push_back(std::move(img));
    return STRATA_OK;
  });
}

strata_status strata_ytd_edit_add_directory(strata_ytd_edit* e, const char* dir) {
  return onHandle(e, [&] {
    if (!dir) return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT, "dir is NULL");
    for (strata::YtdImage& img : strata::imagesInDirectory(dir)) e->images.push_back(img);
    return STRATA_OK;
  });
}

strata_status strata_ytd_edit_clear(strata_ytd_edit* e) {
  if (!e) return STRATA_ERROR_INVALID_ARGUMENT;
  e->images.clear();
  e->error.clear();
  return STRATA_OK;
}

strata_status strata_ytd_replace(strata_ytd_edit* e, const char* in_path, const char* out_path,
                                 const strata_ytd_options* options) {
  return ytdWrite(e, true, in_path, out_path, options, [&](WriteJob& job) {
    return strata::replaceYtdTextures(strata::readFile(in_path), in_path, e->images, job.choices,
                                      job.report);
  });
}

strata_status strata_ytd_build(strata_ytd_edit* e, const char* out_path,
                               const strata_ytd_options* options) {
  return ytdWrite(e, false, nullptr, out_path, options, [&](WriteJob& job) {
    std::vector<strata::YtdImage> images = e->images;
    for (strata::YtdImage& img : images) img.fromDirectory = false; // build takes them all
    const strata::YtdEdition edition = enumValue(job.o.edition) == STRATA_YTD_EDITION_ENHANCED
                                           ? strata::YtdEdition::Enhanced
                                           : strata::YtdEdition::Legacy;
    return strata::buildYtd(images, edition, job.choices, job.report);
  });
}

strata_status strata_ytd_convert(strata_ytd_edit* e, const char* in_path, const char* out_path,
                                 const strata_ytd_options* options) {
  return ytdWrite(e, true, in_path, out_path, options, [&](WriteJob& job) {
    const std::vector<uint8_t> input = strata::readFile(in_path);
    strata::YtdEdition edition = strata::YtdEdition::Enhanced;
    if (enumValue(job.o.edition) == STRATA_YTD_EDITION_LEGACY) edition = strata::YtdEdition::Legacy;
    // The default: the edition the input is not (version 5 is Enhanced).
    const bool enhancedInput =
        input.size() >= 8 && input[4] == 5 && !input[5] && !input[6] && !input[7];
    if (enumValue(job.o.edition) == STRATA_YTD_EDITION_DEFAULT && enhancedInput)
      edition = strata::YtdEdition::Legacy;
    return strata::convertYtd(input, in_path, edition, job.choices, job.report);
  });
}

strata_status strata_ytd_edit_report_json(strata_ytd_edit* e, char** out_json) {
  return reportText(e, out_json, "nothing written yet: call a strata_ytd_ write", ytdReportJson);
}

} // extern "C"
