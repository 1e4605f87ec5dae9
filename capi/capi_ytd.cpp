// strata.h texture dictionaries written back: images gathered in a handle,
// then strata::replaceYtdTextures / buildYtd / convertYtd (the core the
// `strata ytd` command uses), written through a temporary file.
#include "capi_handles.h"
#include "strata/fileio.h"
#include "strata/ytd_edit.h"

#include <filesystem>

using namespace strata::capi;

struct strata_ytd_edit {
  std::string error;
  std::vector<strata::YtdImage> images;
  bool reported = false;
  strata::YtdReport report;
};

namespace {

const char* kNullEdit = "the ytd edit handle is NULL";

const char* kFormatNames[] = {"", "auto", "bc1", "bc3", "bc5", "bc7", "rgba8"};

nlohmann::json reportJson(const strata::YtdReport& r) {
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
  if (o.progress) {
    auto* fn = o.progress;
    void* user = o.progress_user;
    out.progress = [fn, user](size_t done, size_t total) { fn(user, done, total); };
  }
  return STRATA_OK;
}

// Input and output paths: present, the input a file, the output not the input.
strata_status checkPaths(strata_ytd_edit* e, const char* in, const char* out) {
  namespace fs = std::filesystem;
  if (!out) return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT, "out_path is NULL");
  if (!in) return STRATA_OK;
  std::error_code ec;
  if (!fs::is_regular_file(strata::pathOf(in), ec))
    return fail(e->error, STRATA_ERROR_IO, std::string(in) + ": no such file");
  if (fs::exists(strata::pathOf(out), ec) &&
      fs::equivalent(strata::pathOf(out), strata::pathOf(in), ec))
    return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT,
                std::string(out) + " is the input; write a new file");
  return STRATA_OK;
}

strata_status writeOut(strata_ytd_edit* e, const char* out, const std::vector<uint8_t>& bytes,
                       strata::YtdReport&& report) {
  try {
    strata::writeFileAtomic(out, bytes);
  } catch (const strata::Error& err) {
    return fail(e->error, STRATA_ERROR_IO, err.what());
  }
  e->report = std::move(report);
  e->reported = true;
  return STRATA_OK;
}

} // namespace

extern "C" {

strata_status strata_ytd_edit_create(strata_ytd_edit** out_edit) {
  if (!out_edit) return STRATA_ERROR_INVALID_ARGUMENT;
  *out_edit = new (std::nothrow) strata_ytd_edit();
  return *out_edit ? STRATA_OK : STRATA_ERROR_OUT_OF_MEMORY;
}

void strata_ytd_edit_destroy(strata_ytd_edit* edit) {
  delete edit;
}

const char* strata_ytd_edit_error(const strata_ytd_edit* edit) {
  return edit ? edit->error.c_str() : kNullEdit;
}

strata_status strata_ytd_edit_add_image(strata_ytd_edit* e, const strata_ytd_image* image) {
  if (!e) return STRATA_ERROR_INVALID_ARGUMENT;
  return guarded(e->error, [&] {
    strata_ytd_image in;
    if (!image) return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT, "image is NULL");
    if (strata_status st = readOptions(e->error, image, in, "strata_ytd_image")) return st;
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
  if (!e) return STRATA_ERROR_INVALID_ARGUMENT;
  return guarded(e->error, [&] {
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
  if (!e) return STRATA_ERROR_INVALID_ARGUMENT;
  return guarded(e->error, [&] {
    if (!in_path) return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT, "in_path is NULL");
    strata::YtdWriteChoices choices;
    strata_ytd_options o;
    if (strata_status st = choicesOf(e, options, choices, o)) return st;
    if (strata_status st = checkPaths(e, in_path, out_path)) return st;
    strata::YtdReport report;
    const std::vector<uint8_t> bytes =
        strata::replaceYtdTextures(strata::readFile(in_path), in_path, e->images, choices, report);
    return writeOut(e, out_path, bytes, std::move(report));
  });
}

strata_status strata_ytd_build(strata_ytd_edit* e, const char* out_path,
                               const strata_ytd_options* options) {
  if (!e) return STRATA_ERROR_INVALID_ARGUMENT;
  return guarded(e->error, [&] {
    strata::YtdWriteChoices choices;
    strata_ytd_options o;
    if (strata_status st = choicesOf(e, options, choices, o)) return st;
    if (strata_status st = checkPaths(e, nullptr, out_path)) return st;
    std::vector<strata::YtdImage> images = e->images;
    for (strata::YtdImage& img : images) img.fromDirectory = false; // build takes them all
    const strata::YtdEdition edition = enumValue(o.edition) == STRATA_YTD_EDITION_ENHANCED
                                           ? strata::YtdEdition::Enhanced
                                           : strata::YtdEdition::Legacy;
    strata::YtdReport report;
    const std::vector<uint8_t> bytes = strata::buildYtd(images, edition, choices, report);
    return writeOut(e, out_path, bytes, std::move(report));
  });
}

strata_status strata_ytd_convert(strata_ytd_edit* e, const char* in_path, const char* out_path,
                                 const strata_ytd_options* options) {
  if (!e) return STRATA_ERROR_INVALID_ARGUMENT;
  return guarded(e->error, [&] {
    if (!in_path) return fail(e->error, STRATA_ERROR_INVALID_ARGUMENT, "in_path is NULL");
    strata::YtdWriteChoices choices;
    strata_ytd_options o;
    if (strata_status st = choicesOf(e, options, choices, o)) return st;
    if (strata_status st = checkPaths(e, in_path, out_path)) return st;
    const std::vector<uint8_t> input = strata::readFile(in_path);
    strata::YtdEdition edition = strata::YtdEdition::Enhanced;
    if (enumValue(o.edition) == STRATA_YTD_EDITION_LEGACY) edition = strata::YtdEdition::Legacy;
    // The default: the edition the input is not (version 5 is Enhanced).
    const bool enhancedInput =
        input.size() >= 8 && input[4] == 5 && !input[5] && !input[6] && !input[7];
    if (enumValue(o.edition) == STRATA_YTD_EDITION_DEFAULT && enhancedInput)
      edition = strata::YtdEdition::Legacy;
    strata::YtdReport report;
    const std::vector<uint8_t> bytes = strata::convertYtd(input, in_path, edition, choices, report);
    return writeOut(e, out_path, bytes, std::move(report));
  });
}

strata_status strata_ytd_edit_report_json(strata_ytd_edit* e, char** out_json) {
  if (!e) return STRATA_ERROR_INVALID_ARGUMENT;
  return guarded(e->error, [&] {
    if (!e->reported)
      return fail(e->error, STRATA_ERROR_NO_SCENE, "nothing written yet: call a strata_ytd_ write");
    return returnText(e->error, reportJson(e->report).dump(), out_json);
  });
}

} // extern "C"
