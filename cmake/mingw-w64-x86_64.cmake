# Cross-build for Windows x64 with Debian's MinGW-w64 (g++-mingw-w64-x86-64-posix:
# POSIX threads, which std::thread needs). The libraries come from
# tools/deps/build_deps.sh mingw, whose prefix is STRATA_DEPS_PREFIX (a cache
# variable or the environment): nothing of the host's /usr is searched.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR AMD64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
set(CMAKE_AR x86_64-w64-mingw32-ar CACHE FILEPATH "")
set(CMAKE_RANLIB x86_64-w64-mingw32-ranlib CACHE FILEPATH "")
set(CMAKE_STRIP x86_64-w64-mingw32-strip CACHE FILEPATH "")

if(NOT STRATA_DEPS_PREFIX AND DEFINED ENV{STRATA_DEPS_PREFIX})
  set(STRATA_DEPS_PREFIX $ENV{STRATA_DEPS_PREFIX})
endif()
set(STRATA_DEPS_PREFIX "${STRATA_DEPS_PREFIX}" CACHE PATH "the MinGW libraries' prefix (tools/deps/build_deps.sh mingw)")
# try_compile projects see the same prefix.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES STRATA_DEPS_PREFIX)
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32 ${STRATA_DEPS_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Static archives only: an import library (.dll.a) would make a DLL a run-time dependency.
set(CMAKE_FIND_LIBRARY_SUFFIXES .a)
# pkg-config reads only the prefix's .pc files, never the host's.
set(ENV{PKG_CONFIG_LIBDIR} "${STRATA_DEPS_PREFIX}/lib/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "")
# Tests and generators that run a built program run it under Wine (Debian's wine64).
find_program(STRATA_WINE NAMES wine64 wine PATHS /usr/lib/wine NO_CMAKE_FIND_ROOT_PATH)
if(STRATA_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${STRATA_WINE})
endif()
