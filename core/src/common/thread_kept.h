#pragma once
// An object each thread keeps from one call to the next (compressors,
// buffers reused from one mesh to the next): threadKept<T, Site>() is the
// calling thread's T for that call site (Site: any type of the site's own),
// made on first use.
//
// With MinGW (Windows) a thread_local with a destructor is not safe: GCC's
// emulated TLS frees a thread's storage before those destructors run
// (winpthreads runs its keys' destructors in the order they were made, the
// emulated TLS's first), so the destructors work on freed memory (a batch's
// worker thread crashed as it exited, under Wine). There the object lives on
// the heap and is never destroyed: a thread that exits leaves its own behind
// (a batch's workers, once per run; the helper threads never exit).
namespace strata {

template <class T, class Site> T& threadKept() {
#ifdef _WIN32
  thread_local T* kept = nullptr;
  if (!kept) kept = new T();
  return *kept;
#else
  thread_local T kept;
  return kept;
#endif
}

} // namespace strata
