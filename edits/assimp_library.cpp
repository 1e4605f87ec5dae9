#include "assimp_library.h"

#include "strata/error.h"
#include "strata/platform.h"

#include <mutex>

#ifdef _WIN32
#include "strata/fileio.h"
#include "strata/text.h"

#include <algorithm>
#include <filesystem>
#include <vector>
#endif

namespace strata::edits {

namespace {

#ifdef _WIN32

// Assimp's Windows builds are named by their compiler: assimp-vc143-mt.dll
// (and vc142, vc141...) from its CMake with MSVC, libassimp-5.dll or
// libassimp.dll from MinGW. Looked for beside strata.exe / strata.dll, then
// in each PATH directory, newest MSVC first.
std::vector<std::string> assimpCandidates() {
  std::vector<std::string> found;
  for (const std::string& dir : platform::librarySearchDirectories()) {
    std::error_code ec;
    std::vector<std::string> here;
    for (std::filesystem::directory_iterator it(pathOf(dir), ec), end; !ec && it != end;
         it.increment(ec)) {
      const std::string lower = lowerAscii(utf8Of(it->path().filename()));
      const bool dll = lower.size() > 4 && lower.compare(lower.size() - 4, 4, ".dll") == 0;
      if (dll && (lower.rfind("assimp-vc", 0) == 0 || lower.rfind("libassimp", 0) == 0))
        here.push_back(utf8Of(it->path()));
    }
    std::sort(here.rbegin(), here.rend()); // vc143 before vc142, a debug build (-mtd) after
    found.insert(found.end(), here.begin(), here.end());
  }
  return found;
}

#endif

template <class F> void lookUp(void* handle, const char* name, F& into, std::string& missing) {
  into = reinterpret_cast<F>(platform::librarySymbol(handle, name));
  if (!into && missing.empty()) missing = name;
}

// Loads Assimp: its handle, and the library's name; null with `failure` set
// when there is none.
void* loadAssimp(std::string& name, std::string& failure) {
#ifdef _WIN32
  // STRATA_ASSIMP_LIBRARY names one explicitly.
  std::vector<std::string> candidates;
  if (const std::string named = platform::environment("STRATA_ASSIMP_LIBRARY"); !named.empty())
    candidates.push_back(named);
  else
    candidates = assimpCandidates();
  std::string firstWhy;
  for (const std::string& c : candidates) {
    std::string why;
    if (void* h = platform::loadLibrary(c, why)) {
      name = c;
      return h;
    }
    if (firstWhy.empty()) firstWhy = why;
  }
  failure = candidates.empty() ? "no assimp-vc*.dll or libassimp*.dll beside strata or on PATH"
                               : "cannot load " + candidates.front() + ": " + firstWhy;
  return nullptr;
#else
  // The library Debian's libassimp5 installs, named by the build
  // (CMakeLists.txt: the soname of the libassimp it was built against).
  name = STRATA_ASSIMP_SONAME;
  std::string why;
  void* handle = platform::loadLibrary(name, why);
  if (!handle) failure = "cannot load " + name + ": " + why;
  return handle;
#endif
}

} // namespace

const AssimpLibrary& assimpLibrary(const std::string& path) {
  static std::once_flag once;
  static AssimpLibrary library;
  static std::string failure; // why it could not be loaded; empty when it was
  std::call_once(once, [] {
    std::string name;
    void* handle = loadAssimp(name, failure);
    if (!handle) return;
    std::string missing;
    lookUp(handle, "aiCreatePropertyStore", library.createPropertyStore, missing);
    lookUp(handle, "aiSetImportPropertyInteger", library.setImportPropertyInteger, missing);
    lookUp(handle, "aiImportFileExWithProperties", library.importFileExWithProperties, missing);
    lookUp(handle, "aiImportFileFromMemoryWithProperties",
           library.importFileFromMemoryWithProperties, missing);
    lookUp(handle, "aiGetErrorString", library.getErrorString, missing);
    lookUp(handle, "aiReleaseImport", library.releaseImport, missing);
    lookUp(handle, "aiReleasePropertyStore", library.releasePropertyStore, missing);
    if (!missing.empty()) failure = name + " has no function " + missing;
  });
  if (!failure.empty())
#ifdef _WIN32
    throw Error(path, Error::kNoOffset,
                "OBJ and FBX edits are read through Assimp, which is not available (" + failure +
                    "): only glTF edits (.glb, .gltf) are available without it. Put an Assimp "
                    "DLL (assimp-vc143-mt.dll) beside strata, on PATH, or name it in "
                    "STRATA_ASSIMP_LIBRARY, or export the edit as glTF");
#else
    throw Error(path, Error::kNoOffset,
                "OBJ and FBX edits are read through Assimp, which is not available (" + failure +
                    "): install libassimp5, or export the edit as glTF");
#endif
  return library;
}

} // namespace strata::edits
