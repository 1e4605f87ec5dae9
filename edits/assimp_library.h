#pragma once
// Assimp, loaded the first time an OBJ or FBX edit is read, not when the
// program starts: linked, its relocations and page faults made every
// `strata` run slower (docs/performance.md), though only export-atlas reads
// edits.
// Through Assimp's C API (assimp/cimport.h), whose functions can be looked
// up by name; the scene it returns is read through its headers' structs.
#include <assimp/cimport.h>

#include <string>

namespace strata::edits {

struct AssimpLibrary {
  decltype(&aiCreatePropertyStore) createPropertyStore;
  decltype(&aiSetImportPropertyInteger) setImportPropertyInteger;
  decltype(&aiImportFileExWithProperties) importFileExWithProperties;
  decltype(&aiImportFileFromMemoryWithProperties) importFileFromMemoryWithProperties;
  decltype(&aiGetErrorString) getErrorString;
  decltype(&aiReleaseImport) releaseImport;
  decltype(&aiReleasePropertyStore) releasePropertyStore;
};

// Assimp's functions, loaded once (thread-safe); an Error naming `path`
// (the edit being read) when the library or one of them cannot be found.
const AssimpLibrary& assimpLibrary(const std::string& path);

} // namespace strata::edits
