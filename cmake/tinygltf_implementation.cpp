// TinyGLTF's implementation, for builds that link nothing of Debian's shared
// libtinygltf (STRATA_STATIC_DEPS, cmake/static_deps.cmake). No stb_image:
// Strata never decodes or encodes images through TinyGLTF.
// (TINYGLTF_NO_STB_IMAGE and _WRITE come from the target, for every user.)
#define TINYGLTF_IMPLEMENTATION
#include <tiny_gltf.h>
