#include "assimp_library.h"

#include "strata/error.h"

#include <mutex>

#ifdef _WIN32
#include <algorithm>
#include <cstdlib>
#include <cwctype>
#include <filesystem>
#include <vector>
#include <windows.h>
#else
#include <dlfcn.h>
#endif

namespace strata::edits {

namespace {

#ifdef _WIN32

namespace fs = std::filesystem;

// Assimp's Windows builds are named by their compiler: assimp-vc143-mt.dll
// (and vc142, vc141...) from its CMake with MSVC, libassimp-5.dll or
// libassimp.dll from MinGW. Looked for beside strata.exe / strata.dll, then
// in each PATH directory, newest MSVC first.
std::vector<fs::path> assimpCandidates() {
  std::vector<fs::path> dirs;
  auto moduleDir = [&](HMODULE module) {
    wchar_t name[MAX_PATH];
    const DWORD n = ::GetModuleFileNameW(module, name, MAX_PATH);
    if (n > 0 && n < MAX_PATH) dirs.push_back(fs::path(name).parent_path());
  };
  moduleDir(nullptr); // the program
  HMODULE self = nullptr;
  if (::GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS |
                               GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                           reinterpret_cast<LPCWSTR>(&assimpCandidates), &self))
    moduleDir(self); // strata.dll, when it is the library
  if (const wchar_t* path = ::_wgetenv(L"PATH")) {
    std::wstring all(path);
    for (size_t at = 0; at <= all.size();) {
      const size_t end = std::min(all.find(L';', at), all.size());
      if (end > at) dirs.push_back(fs::path(all.substr(at, end - at)));
      at = end + 1;
    }
  }
  std::vector<fs::path> found;
  for (const fs::path& dir : dirs) {
    std::error_code ec;
    std::vector<fs::path> here;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      const std::wstring name = it->path().filename().wstring();
      std::wstring lower;
      for (wchar_t c : name) lower += wchar_t(std::towlower(c));
      const bool dll = lower.size() > 4 && lower.compare(lower.size() - 4, 4, L".dll") == 0;
      if (dll && (lower.rfind(L"assimp-vc", 0) == 0 || lower.rfind(L"libassimp", 0) == 0))
        here.push_back(it->path());
    }
    std::sort(here.rbegin(), here.rend()); // vc143 before vc142, a debug build (-mtd) after
    found.insert(found.end(), here.begin(), here.end());
  }
  return found;
}

#endif

template <class F> void lookUp(void* handle, const char* name, F& into, std::string& missing) {
#ifdef _WIN32
  into = reinterpret_cast<F>(
      reinterpret_cast<void (*)()>(::GetProcAddress(static_cast<HMODULE>(handle), name)));
#else
  into = reinterpret_cast<F>(::dlsym(handle, name));
#endif
  if (!into && missing.empty()) missing = name;
}

// Loads Assimp: its handle, and the library's name; null with `failure` set
// when there is none.
void* loadAssimp(std::string& name, std::string& failure) {
#ifdef _WIN32
  // STRATA_ASSIMP_LIBRARY names one explicitly.
  std::vector<fs::path> candidates;
  if (const wchar_t* env = ::_wgetenv(L"STRATA_ASSIMP_LIBRARY"); env && *env)
    candidates.push_back(fs::path(env));
  else
    candidates = assimpCandidates();
  for (const fs::path& c : candidates) {
    if (HMODULE h = ::LoadLibraryExW(c.c_str(), nullptr, LOAD_WITH_ALTERED_SEARCH_PATH)) {
      name = c.u8string();
      return h;
    }
  }
  failure = candidates.empty() ? "no assimp-vc*.dll or libassimp*.dll beside strata or on PATH"
                               : "cannot load " + candidates.front().u8string();
  return nullptr;
#else
  // The library Debian's libassimp5 installs, named by the build
  // (CMakeLists.txt: the soname of the libassimp it was built against).
  name = STRATA_ASSIMP_SONAME;
  // Local: nothing else in the process resolves symbols through it.
  void* handle = ::dlopen(STRATA_ASSIMP_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = ::dlerror();
    failure = "cannot load " + name + ": " + (why ? why : "unknown error");
  }
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
