#include "assimp_library.h"

#include "strata/error.h"

#include <dlfcn.h>

#include <mutex>

namespace strata::edits {

namespace {

// The library Debian's libassimp5 installs, named by the build
// (CMakeLists.txt: the soname of the libassimp it was built against).
constexpr const char* kSoname = STRATA_ASSIMP_SONAME;

template <class F> void lookUp(void* handle, const char* name, F& into, std::string& missing) {
  into = reinterpret_cast<F>(::dlsym(handle, name));
  if (!into && missing.empty()) missing = name;
}

} // namespace

const AssimpLibrary& assimpLibrary(const std::string& path) {
  static std::once_flag once;
  static AssimpLibrary library;
  static std::string failure; // why it could not be loaded; empty when it was
  std::call_once(once, [] {
    // Local: nothing else in the process resolves symbols through it.
    void* handle = ::dlopen(kSoname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      const char* why = ::dlerror();
      failure = std::string("cannot load ") + kSoname + ": " + (why ? why : "unknown error");
      return;
    }
    std::string missing;
    lookUp(handle, "aiCreatePropertyStore", library.createPropertyStore, missing);
    lookUp(handle, "aiSetImportPropertyInteger", library.setImportPropertyInteger, missing);
    lookUp(handle, "aiImportFileExWithProperties", library.importFileExWithProperties, missing);
    lookUp(handle, "aiImportFileFromMemoryWithProperties",
           library.importFileFromMemoryWithProperties, missing);
    lookUp(handle, "aiGetErrorString", library.getErrorString, missing);
    lookUp(handle, "aiReleaseImport", library.releaseImport, missing);
    lookUp(handle, "aiReleasePropertyStore", library.releasePropertyStore, missing);
    if (!missing.empty()) failure = std::string(kSoname) + " has no function " + missing;
  });
  if (!failure.empty())
    throw Error(path, Error::kNoOffset,
                "OBJ and FBX edits are read through Assimp, which is not available (" + failure +
                    "): install libassimp5, or export the edit as glTF");
  return library;
}

} // namespace strata::edits
