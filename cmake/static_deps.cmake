# STRATA_STATIC_DEPS: what differs from a build against Debian's shared libraries.

# TinyGLTF: Debian ships it as a shared library; its header still carries the
# implementation (build-notes.md), compiled here into one object of its own.
# Without stb_image: the edit reader skips images (edits/gltf_reader.cpp), and
# the writer serialises its own JSON.
find_path(STRATA_TINYGLTF_INCLUDE_DIR tiny_gltf.h REQUIRED)
add_library(strata_tinygltf STATIC ${CMAKE_CURRENT_LIST_DIR}/tinygltf_implementation.cpp)
target_include_directories(strata_tinygltf SYSTEM PUBLIC ${STRATA_TINYGLTF_INCLUDE_DIR})
# For every user of the header too: its TinyGLTF class points at the stb
# loaders unless these are defined.
target_compile_definitions(strata_tinygltf PUBLIC TINYGLTF_NO_STB_IMAGE TINYGLTF_NO_STB_IMAGE_WRITE)
target_link_libraries(strata_tinygltf PUBLIC nlohmann_json::nlohmann_json)
add_library(TinyGLTF::TinyGLTF ALIAS strata_tinygltf)

add_library(strata_zstd ALIAS zstd::libzstd_static)

# glibc 2.34 at most for the Linux binaries (cmake/glibc_floor.c; linked into
# libstrata and strata by the top-level CMakeLists.txt).
if(NOT WIN32)
  add_library(strata_glibc_floor OBJECT ${CMAKE_CURRENT_LIST_DIR}/glibc_floor.c)
endif()

# The C++ and GCC runtimes inside each binary: on Linux glibc is then the only
# shared library needed; on Windows (-static) winpthreads too is linked in, so
# strata.exe and strata.dll import Windows system DLLs only.
if(WIN32)
  add_link_options(-static)
else()
  add_link_options(-static-libstdc++ -static-libgcc)
endif()
