#pragma once
// What the opaque handles of strata.h hold, and the guard every entry point
// runs its body in so that no C++ exception crosses the C ABI.
#include "strata.h"
#include "strata/error.h"
#include "strata/formats.h"
#include "strata/image.h"
#include "strata/scene.h"

#include <cstring>
#include <functional>
#include <new>
#include <string>
#include <utility>
#include <vector>

struct strata_scene {
  std::string error; // text of the last failed call, "" after success
  bool loaded = false;
  strata::Source source{""}; // what was loaded: a file, or bytes in memory
  const strata::FormatHandler* handler = nullptr;
  strata::Scene scene;
};

namespace strata::capi {

// The integer a caller passed for a C enum. C callers (and ctypes) may pass
// values outside the enumeration, and loading such a value through the enum
// type is undefined in C++; copying its bytes is not.
template <class E> int enumValue(const E& e) {
  static_assert(sizeof(E) == sizeof(int), "C enums are int-sized");
  int v;
  std::memcpy(&v, &e, sizeof v);
  return v;
}

// Sets the handle's error text; never throws (a failed allocation leaves it empty).
void setError(std::string& slot, const char* text) noexcept;

// Runs `body` (returning strata_status) with `slot` cleared first; maps
// strata::Unsupported, strata::Error, std::bad_alloc and anything else to a
// status and the error text.
template <class Body> strata_status guarded(std::string& slot, Body&& body) noexcept {
  slot.clear();
  try {
    return body();
  } catch (const strata::Unsupported& e) {
    setError(slot, e.what());
    return STRATA_ERROR_UNSUPPORTED;
  } catch (const strata::Error& e) {
    setError(slot, e.what());
    return STRATA_ERROR_FORMAT;
  } catch (const std::bad_alloc&) {
    setError(slot, "out of memory");
    return STRATA_ERROR_OUT_OF_MEMORY;
  } catch (const std::exception& e) {
    setError(slot, e.what());
    return STRATA_ERROR_INTERNAL;
  } catch (...) {
    setError(slot, "unknown internal error");
    return STRATA_ERROR_INTERNAL;
  }
}

// The guard of every call on a handle with an `error` slot: a NULL handle is
// STRATA_ERROR_INVALID_ARGUMENT, anything else runs `body` in guarded().
template <class H, class Body> strata_status onHandle(H* h, Body&& body) noexcept {
  if (!h) return STRATA_ERROR_INVALID_ARGUMENT;
  return guarded(h->error, std::forward<Body>(body));
}

// A failure with a message: sets the slot and returns the status.
inline strata_status fail(std::string& slot, strata_status status, const std::string& text) {
  slot = text;
  return status;
}

// The caller's options struct, read as far as its `size` says: fields past
// `size` keep their zero defaults; a larger struct from a newer header is
// accepted when its extra bytes are zero (an unknown option that is set is an
// error, not silently ignored). NULL gives all defaults.
template <class T>
strata_status readOptions(std::string& slot, const T* in, T& out, const char* what) {
  std::memset(&out, 0, sizeof out);
  out.size = sizeof out;
  if (!in) return STRATA_OK;
  if (in->size < sizeof(size_t))
    return fail(slot, STRATA_ERROR_INVALID_ARGUMENT,
                std::string(what) + ".size is " + std::to_string(in->size) + ": set it to sizeof(" +
                    what + ")");
  const size_t n = in->size < sizeof out ? in->size : sizeof out;
  std::memcpy(static_cast<void*>(&out), in, n);
  out.size = sizeof out;
  const unsigned char* extra = reinterpret_cast<const unsigned char*>(in);
  for (size_t i = sizeof out; i < in->size; ++i)
    if (extra[i])
      return fail(slot, STRATA_ERROR_UNSUPPORTED,
                  std::string(what) + " sets a field this library (ABI " +
                      std::to_string(STRATA_ABI_VERSION_MAJOR) + "." +
                      std::to_string(STRATA_ABI_VERSION_MINOR) + ") does not know");
  return STRATA_OK;
}

// A caller's struct that must be given (an item, not options), read as
// readOptions reads one; `name` is the parameter's name in the error.
template <class T>
strata_status readArgument(std::string& slot, const T* in, T& out, const char* what,
                           const char* name) {
  if (!in) return fail(slot, STRATA_ERROR_INVALID_ARGUMENT, std::string(name) + " is NULL");
  return readOptions(slot, in, out, what);
}

// Copies `full` into the caller's info struct as far as its `size` says.
template <class T>
strata_status writeInfo(std::string& slot, T* out, const T& full, const char* what) {
  if (!out)
    return fail(slot, STRATA_ERROR_INVALID_ARGUMENT, std::string(what) + " pointer is NULL");
  const size_t size = out->size;
  if (size < sizeof(size_t))
    return fail(slot, STRATA_ERROR_INVALID_ARGUMENT,
                std::string(what) + ".size is " + std::to_string(size) + ": set it to sizeof(" +
                    what + ")");
  std::memcpy(static_cast<void*>(out), &full, size < sizeof full ? size : sizeof full);
  out->size = size;
  return STRATA_OK;
}

// A C progress callback (with its user pointer) as the core's; empty when
// `fn` is NULL.
std::function<void(size_t, size_t)> progressOf(void (*fn)(void*, size_t, size_t), void* user);

// The caller's strata_encode_quality as the BC encoders' level; an error
// naming `what` for a value outside the enumeration.
strata_status qualityOf(std::string& slot, const strata_encode_quality& quality, const char* what,
                        image::BcQuality& out);

// The paths of a write-back: `in` an existing file and `out` not the same file
// (`inName` says what `in` is in the error: "the input", "the base file").
strata_status checkInOut(std::string& slot, const char* in, const char* out, const char* inName);

// Writes `bytes` to `out` through a temporary file; a failure is STRATA_ERROR_IO.
strata_status writeOut(std::string& slot, const char* out, const std::vector<uint8_t>& bytes);

// The end of a write-back call: the file written, and `report` kept for the
// handle's report call.
template <class H, class Report>
strata_status writeAndReport(H* h, const char* out, const std::vector<uint8_t>& bytes,
                             Report&& report) {
  if (strata_status st = writeOut(h->error, out, bytes)) return st;
  h->report = std::forward<Report>(report);
  h->reported = true;
  return STRATA_OK;
}

// The common "size query, then copy" step: count is always set; the buffer is
// filled when it is not NULL and large enough.
strata_status copyOut(std::string& slot, const void* data, size_t elements, size_t elementBytes,
                      void* buffer, size_t capacity, size_t* count);

// STRATA_OK when the handle holds a loaded scene; STRATA_ERROR_NO_SCENE
// (with its text) otherwise.
strata_status checkLoaded(strata_scene* s);

// The opening of every call that reads a loaded scene: a NULL handle, then
// guarded() around `body`, which runs only when a scene is loaded.
template <class Body> strata_status onLoadedScene(strata_scene* s, Body&& body) noexcept {
  return onHandle(s, [&] {
    if (strata_status st = checkLoaded(s)) return st;
    return body();
  });
}

// STRATA_ERROR_INVALID_ARGUMENT naming the index and how many there are.
strata_status outOfRange(strata_scene* s, const char* what, uint64_t index, size_t count);

// The opening of every call on one element of a scene list (nodes, meshes,
// ...): onLoadedScene, `index` checked against the list, then `body(element)`.
template <class T, class Body>
strata_status onSceneItem(strata_scene* s, std::vector<T> strata::Scene::*list, const char* what,
                          uint32_t index, Body&& body) noexcept {
  return onLoadedScene(s, [&] {
    const std::vector<T>& items = s->scene.*list;
    if (index >= items.size()) return outOfRange(s, what, index, items.size());
    return body(items[index]);
  });
}

// A malloc'ed copy of `text` for a char** result (released by strata_free).
strata_status returnText(std::string& slot, const std::string& text, char** out);

// A write-back handle's report call: `toJson(report)` of its last write as
// text, or STRATA_ERROR_NO_SCENE saying `notYet` before any write.
template <class H, class ToJson>
strata_status reportText(H* h, char** out_json, const char* notYet, ToJson&& toJson) noexcept {
  return onHandle(h, [&] {
    if (!h->reported) return fail(h->error, STRATA_ERROR_NO_SCENE, notYet);
    return returnText(h->error, toJson(h->report).dump(), out_json);
  });
}

} // namespace strata::capi

// The three lifetime calls strata.h declares for every handle type T:
// T_create, T_destroy and T_error (`ifNull`: the text for a NULL handle).
// Expanded inside the extern "C" block of the file that defines T.
#define STRATA_CAPI_HANDLE_LIFETIME(T, ifNull)                                                     \
  strata_status T##_create(T** out) {                                                              \
    if (!out) return STRATA_ERROR_INVALID_ARGUMENT;                                                \
    *out = new (std::nothrow) T();                                                                 \
    return *out ? STRATA_OK : STRATA_ERROR_OUT_OF_MEMORY;                                          \
  }                                                                                                \
  void T##_destroy(T* handle) {                                                                    \
    delete handle;                                                                                 \
  }                                                                                                \
  const char* T##_error(const T* handle) {                                                         \
    return handle ? handle->error.c_str() : ifNull;                                                \
  }
