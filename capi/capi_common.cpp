// Calls of strata.h that need no handle, and the helpers of capi_handles.h.
#include "capi_handles.h"
#include "strata/fileio.h"

#include <cstdlib>
#include <filesystem>

namespace strata::capi {

void setError(std::string& slot, const char* text) noexcept {
  try {
    slot = text;
  } catch (...) {
    slot.clear();
  }
}

strata_status copyOut(std::string& slot, const void* data, size_t elements, size_t elementBytes,
                      void* buffer, size_t capacity, size_t* count) {
  if (!count) return fail(slot, STRATA_ERROR_INVALID_ARGUMENT, "count pointer is NULL");
  *count = elements;
  if (!buffer) return STRATA_OK;
  if (capacity < elements)
    return fail(slot, STRATA_ERROR_BUFFER_TOO_SMALL,
                "buffer holds " + std::to_string(capacity) + " elements; " +
                    std::to_string(elements) + " needed");
  if (elements) std::memcpy(buffer, data, elements * elementBytes);
  return STRATA_OK;
}

std::function<void(size_t, size_t)> progressOf(void (*fn)(void*, size_t, size_t), void* user) {
  if (!fn) return {};
  return [fn, user](size_t done, size_t total) { fn(user, done, total); };
}

strata_status qualityOf(std::string& slot, const strata_encode_quality& quality, const char* what,
                        image::BcQuality& out) {
  switch (enumValue(quality)) {
  case STRATA_ENCODE_QUALITY_DEFAULT:
    out = image::BcQuality::Default;
    return STRATA_OK;
  case STRATA_ENCODE_QUALITY_FAST:
    out = image::BcQuality::Fast;
    return STRATA_OK;
  case STRATA_ENCODE_QUALITY_BEST:
    out = image::BcQuality::Best;
    return STRATA_OK;
  }
  return fail(slot, STRATA_ERROR_INVALID_ARGUMENT,
              std::string(what) + " is " + std::to_string(enumValue(quality)) +
                  ", not a strata_encode_quality (0-2)");
}

strata_status checkInOut(std::string& slot, const char* in, const char* out, const char* inName) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_regular_file(strata::pathOf(in), ec))
    return fail(slot, STRATA_ERROR_IO, std::string(in) + ": no such file");
  // The input is never overwritten, even atomically: a bad edit must not cost it.
  if (fs::exists(strata::pathOf(out), ec) &&
      fs::equivalent(strata::pathOf(out), strata::pathOf(in), ec))
    return fail(slot, STRATA_ERROR_INVALID_ARGUMENT,
                std::string(out) + " is " + inName + "; write a new file");
  return STRATA_OK;
}

strata_status writeOut(std::string& slot, const char* out, const std::vector<uint8_t>& bytes) {
  try {
    strata::writeFileAtomic(out, bytes);
  } catch (const strata::Error& err) {
    return fail(slot, STRATA_ERROR_IO, err.what());
  }
  return STRATA_OK;
}

} // namespace strata::capi

extern "C" {

uint32_t strata_abi_version(void) {
  return STRATA_ABI_VERSION;
}

const char* strata_status_name(strata_status status) {
  switch (strata::capi::enumValue(status)) {
  case STRATA_OK:
    return "STRATA_OK";
  case STRATA_ERROR_INVALID_ARGUMENT:
    return "STRATA_ERROR_INVALID_ARGUMENT";
  case STRATA_ERROR_BUFFER_TOO_SMALL:
    return "STRATA_ERROR_BUFFER_TOO_SMALL";
  case STRATA_ERROR_IO:
    return "STRATA_ERROR_IO";
  case STRATA_ERROR_FORMAT:
    return "STRATA_ERROR_FORMAT";
  case STRATA_ERROR_UNSUPPORTED:
    return "STRATA_ERROR_UNSUPPORTED";
  case STRATA_ERROR_OUT_OF_MEMORY:
    return "STRATA_ERROR_OUT_OF_MEMORY";
  case STRATA_ERROR_INTERNAL:
    return "STRATA_ERROR_INTERNAL";
  case STRATA_ERROR_NO_SCENE:
    return "STRATA_ERROR_NO_SCENE";
  }
  return "STRATA_UNKNOWN_STATUS";
}

// Everything returned through char** is allocated with malloc (capi_json.cpp).
void strata_free(void* memory) {
  std::free(memory);
}

} // extern "C"

namespace strata::capi {

strata_status checkLoaded(strata_scene* s) {
  if (s->loaded) return STRATA_OK;
  return fail(s->error, STRATA_ERROR_NO_SCENE,
              "the scene handle holds nothing: call strata_scene_load first");
}

strata_status outOfRange(strata_scene* s, const char* what, uint64_t index, size_t count) {
  return fail(s->error, STRATA_ERROR_INVALID_ARGUMENT,
              std::string(what) + " " + std::to_string(index) + " out of range (" +
                  std::to_string(count) + " in the scene)");
}

strata_status returnText(std::string& slot, const std::string& text, char** out) {
  if (!out) return fail(slot, STRATA_ERROR_INVALID_ARGUMENT, "output pointer is NULL");
  *out = nullptr;
  char* p = static_cast<char*>(std::malloc(text.size() + 1));
  if (!p) return fail(slot, STRATA_ERROR_OUT_OF_MEMORY, "out of memory");
  std::memcpy(p, text.c_str(), text.size() + 1);
  *out = p;
  return STRATA_OK;
}

} // namespace strata::capi
