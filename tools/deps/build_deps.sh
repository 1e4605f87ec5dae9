#!/usr/bin/env bash
# The static libraries of the self-contained packages, built from Debian 12's
# source packages (nothing is downloaded from anywhere else), once per machine,
# into a cache outside the repository:
#   tools/deps/build_deps.sh linux   every library as position-independent code, for
#                                    libstrata.so (Debian's libpng.a and libjpeg.a are
#                                    not, and it ships no .a of meshoptimizer or ISA-L)
#   tools/deps/build_deps.sh mingw   every library, and googletest, for the Windows x64
#                                    cross-build
# Prints the prefix to build against (STRATA_DEPS_PREFIX). The prefix's name
# carries a hash of this script and the toolchain file: a change to either
# builds a fresh one. STRATA_DEPS_CACHE moves the cache (default
# ~/.cache/strata-deps); STRATA_DEPS_JOBS sets the parallel jobs (default: all
# cores, a one-time cost).
set -euo pipefail
target=${1:-}
case $target in linux | mingw) ;; *)
  echo "usage: $0 linux|mingw" >&2
  exit 2
  ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
toolchain=$root/cmake/mingw-w64-x86_64.cmake
cache=${STRATA_DEPS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/strata-deps}
key=$(cat "$0" "$toolchain" | sha256sum | cut -c1-12)
prefix=$cache/$target-$key
if [ -f "$prefix/.complete" ]; then
  echo "$prefix"
  exit 0
fi
jobs=${STRATA_DEPS_JOBS:-$(nproc)}
log() { printf '==> deps (%s): %s\n' "$target" "$*" >&2; }

# Debian 12's versions (build-notes.md), by source package.
SOURCES=(zlib libpng1.6 libjpeg-turbo libdeflate libzstd meshoptimizer libisal googletest)
[ "$target" = linux ] && SOURCES=(zlib libpng1.6 libjpeg-turbo libdeflate libzstd meshoptimizer libisal)

# Source packages need a deb-src twin of Debian's binary sources; the
# security suite serves none, so each is asked for by its release's version.
ensure_deb_src() {
  # grep without -q: with pipefail, apt-cache's SIGPIPE would read as no sources.
  if apt-cache showsrc zlib 2>/dev/null | grep '^Package: zlib' >/dev/null; then return; fi
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  log "adding a deb-src entry for Debian's source packages"
  sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources |
    $sudo tee /etc/apt/sources.list.d/strata-deb-src.sources >/dev/null
  $sudo apt-get -o DPkg::Lock::Timeout=900 update -qq
}

fetch_sources() {
  local dir=$cache/sources missing=() p
  mkdir -p "$dir"
  for p in "${SOURCES[@]}"; do
    compgen -G "$dir/${p}_*.dsc" >/dev/null || missing+=("$p/bookworm")
  done
  ((${#missing[@]})) || return 0
  ensure_deb_src
  log "fetching source packages: ${missing[*]}"
  (cd "$dir" && apt-get source --download-only -qq "${missing[@]}" 2>&1 | grep -v 'unsandboxed' >&2 || true)
  for p in "${SOURCES[@]}"; do
    compgen -G "$dir/${p}_*.dsc" >/dev/null || {
      echo "could not fetch the source package $p" >&2
      exit 1
    }
  done
}

# Unpacks a source package (Debian's patches applied) into $work; prints its directory.
unpack() {
  local dsc
  dsc=$(compgen -G "$cache/sources/${1}_*.dsc" | head -1)
  (cd "$work" && dpkg-source --no-check -x "$dsc" "$1" >/dev/null 2>&1)
  echo "$work/$1"
}

cmake_build() { # source dir, then options
  local src=$1
  shift
  local cross=()
  [ "$target" = mingw ] && cross=(-DCMAKE_TOOLCHAIN_FILE="$toolchain" -DSTRATA_DEPS_PREFIX="$prefix")
  cmake -S "$src" -B "$src/_build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_POLICY_DEFAULT_CMP0074=NEW \
    -DCMAKE_INSTALL_LIBDIR=lib -DCMAKE_POSITION_INDEPENDENT_CODE=ON -DBUILD_SHARED_LIBS=OFF \
    "${cross[@]}" "$@" >/dev/null
  cmake --build "$src/_build" -j "$jobs" >/dev/null
  cmake --install "$src/_build" >/dev/null
}

CC=gcc AR=ar
if [ "$target" = mingw ]; then CC=x86_64-w64-mingw32-gcc-posix AR=x86_64-w64-mingw32-ar; fi
CFLAGS_COMMON="-O2 -fPIC"
[ "$target" = mingw ] && CFLAGS_COMMON="-O2"

pc_file() { # name, library, description
  mkdir -p "$prefix/lib/pkgconfig"
  printf 'prefix=%s\nincludedir=${prefix}/include\nlibdir=${prefix}/lib\n\nName: %s\nDescription: %s\nVersion: %s\nLibs: -L${libdir} -l%s\nCflags: -I${includedir}\n' \
    "$prefix" "$1" "$3" "$4" "$2" >"$prefix/lib/pkgconfig/$1.pc"
}

build_zlib() {
  local src
  src=$(unpack zlib)
  log "zlib"
  (cd "$src" && for f in adler32 compress crc32 deflate gzclose gzlib gzread gzwrite infback inffast inflate \
    inftrees trees uncompr zutil; do $CC $CFLAGS_COMMON -D_LARGEFILE64_SOURCE=1 -c $f.c -o $f.o; done &&
    $AR rcs libz.a ./*.o)
  install -D -m644 "$src/libz.a" "$prefix/lib/libz.a"
  install -D -m644 -t "$prefix/include" "$src/zlib.h" "$src/zconf.h"
}

build_libpng() {
  local src
  src=$(unpack libpng1.6)
  log "libpng"
  cmake_build "$src" -DPNG_SHARED=OFF -DPNG_STATIC=ON -DPNG_TESTS=OFF -DPNG_EXECUTABLES=OFF \
    -DZLIB_ROOT="$prefix" -DSKIP_INSTALL_EXECUTABLES=ON -DSKIP_INSTALL_PROGRAMS=ON
}

build_libjpeg() {
  local src
  src=$(unpack libjpeg-turbo)
  log "libjpeg-turbo"
  # Its install directories are taken relative to the build tree unless absolute.
  cmake_build "$src" -DENABLE_SHARED=OFF -DENABLE_STATIC=ON -DWITH_TURBOJPEG=OFF -DREQUIRE_SIMD=ON \
    -DCMAKE_ASM_NASM_COMPILER=nasm -DCMAKE_INSTALL_LIBDIR="$prefix/lib"
}

build_libdeflate() {
  local src
  src=$(unpack libdeflate)
  log "libdeflate"
  # Its makefile names the static library for the target's conventions.
  local lib=libdeflate.a
  [ "$target" = mingw ] && lib=libdeflatestatic.lib
  make -C "$src" -j "$jobs" CC="$CC" AR="$AR" CFLAGS="$CFLAGS_COMMON" "$lib" >/dev/null
  lib=$src/$lib
  install -D -m644 "$lib" "$prefix/lib/libdeflate.a"
  install -D -m644 -t "$prefix/include" "$src/libdeflate.h"
  pc_file libdeflate deflate "libdeflate (static)" 1.14
}

build_zstd() {
  local src
  src=$(unpack libzstd)
  log "zstd"
  cmake_build "$src/build/cmake" -DZSTD_BUILD_SHARED=OFF -DZSTD_BUILD_STATIC=ON -DZSTD_BUILD_PROGRAMS=OFF \
    -DZSTD_BUILD_TESTS=OFF -DZSTD_MULTITHREAD_SUPPORT=OFF -DZSTD_LEGACY_SUPPORT=OFF
}

build_meshoptimizer() {
  local src
  src=$(unpack meshoptimizer)
  log "meshoptimizer"
  cmake_build "$src" -DMESHOPT_BUILD_SHARED_LIBS=OFF
}

build_isal() {
  local src arch=""
  src=$(unpack libisal)
  [ "$target" = mingw ] && arch=mingw
  log "ISA-L (igzip)"
  # igzip and the CRCs it needs only, assembled by nasm (whose instruction-set
  # level ISA-L's makefile detects); arch is empty for Linux, mingw for Windows
  # (no threads: the library itself uses none).
  make -C "$src" -f Makefile.unx -j "$jobs" arch=$arch units="igzip crc" CC="$CC" AR="$AR" AS=nasm \
    CFLAGS_="-Wall -fPIC" have_threads=n lib >/dev/null
  install -D -m644 "$src/bin/isa-l.a" "$prefix/lib/libisal.a"
  install -D -m644 -t "$prefix/include/isa-l" "$src"/include/*.h
  pc_file libisal isal "ISA-L (static: igzip, crc)" 2.30.0
}

build_googletest() {
  local src
  src=$(unpack googletest)
  log "googletest"
  cmake_build "$src" -DBUILD_GMOCK=OFF -DINSTALL_GTEST=ON
}

# The header-only libraries, as Debian's -dev packages install them.
copy_headers() {
  log "header-only libraries (nlohmann-json, CLI11, TinyGLTF, Assimp's C API)"
  mkdir -p "$prefix/include" "$prefix/share/cmake"
  cp -r /usr/include/nlohmann /usr/include/CLI /usr/include/assimp /usr/include/tiny_gltf.h "$prefix/include/"
  cp -r /usr/share/cmake/nlohmann_json /usr/share/cmake/CLI11 "$prefix/share/cmake/"
}

fetch_sources
rm -rf "$prefix"
work=$(mktemp -d "$cache/build-$target.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$prefix"
start=$SECONDS
build_zlib
build_libpng
build_libjpeg
build_libdeflate
build_zstd
build_meshoptimizer
build_isal
if [ "$target" = mingw ]; then
  build_googletest
  copy_headers
fi
touch "$prefix/.complete"
log "built in $((SECONDS - start)) s: $prefix"
# Older prefixes of this target (an earlier version of this script) are stale.
for old in "$cache/$target"-*; do
  [ "$old" = "$prefix" ] || rm -rf "$old"
done
echo "$prefix"
