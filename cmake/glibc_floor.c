/* The two glibc functions newer than 2.34 that Debian 12's static GCC
 * runtime refers to, defined here so that the Linux packages (libstrata.so
 * and strata, STRATA_STATIC_DEPS) need no glibc newer than 2.34
 * (docs/packaging.md):
 * - arc4random (GLIBC_2.36): libstdc++.a's random.o, which every program
 *   throwing std::runtime_error pulls in through cow-string-inst.o, refers to
 *   it for std::random_device, which Strata never uses.
 * - _dl_find_object (GLIBC_2.35): libgcc_eh.a's unwinder finds a frame's
 *   exception tables with it; this one walks the loaded objects with
 *   dl_iterate_phdr (GLIBC_2.2.5), as libgcc did before glibc 2.35.
 * Each is local to the binary (the library's version script, an
 * executable's unexported symbols): nothing else resolves to them. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/random.h>

uint32_t arc4random(void) {
  uint32_t value = 0;
  while (getrandom(&value, sizeof value, 0) != (ssize_t)sizeof value) {
  }
  return value;
}

struct strata_find {
  uintptr_t pc;
  struct dl_find_object* result;
  int found;
};

static int strata_find_in(struct dl_phdr_info* info, size_t size, void* data) {
  struct strata_find* find = data;
  uintptr_t start = UINTPTR_MAX, end = 0;
  const ElfW(Phdr)* frames = NULL;
  int inside = 0;
  (void)size;
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)* p = &info->dlpi_phdr[i];
    if (p->p_type == PT_LOAD) {
      const uintptr_t from = info->dlpi_addr + p->p_vaddr, to = from + p->p_memsz;
      if (find->pc >= from && find->pc < to) inside = 1;
      if (from < start) start = from;
      if (to > end) end = to;
    } else if (p->p_type == DLFO_EH_SEGMENT_TYPE) {
      frames = p;
    }
  }
  if (!inside) return 0;
  find->result->dlfo_flags = 0;
  find->result->dlfo_map_start = (void*)start;
  find->result->dlfo_map_end = (void*)end;
  find->result->dlfo_link_map = NULL;
  find->result->dlfo_eh_frame = frames ? (void*)(info->dlpi_addr + frames->p_vaddr) : NULL;
#if DLFO_STRUCT_HAS_EH_DBASE
  find->result->dlfo_eh_dbase = NULL;
#endif
  find->found = 1;
  return 1;
}

int _dl_find_object(void* address, struct dl_find_object* result) {
  struct strata_find find = {(uintptr_t)address, result, 0};
  dl_iterate_phdr(strata_find_in, &find);
  return find.found ? 0 : -1;
}
