#pragma once
// Work spread over the cores within one process-wide budget of threads, so a
// batch (`convert --jobs N`: N files at once) and the work inside each file
// (chunks, images) never run more than N threads together: whatever the
// batch's workers hold, a file's parallelFor cannot take.
#include <cstddef>
#include <cstdint>
#include <functional>

namespace strata {

// The cores this process may run on (its affinity on Linux, every processor
// group on Windows); at least 1.
unsigned coreCount();

// The jobs `--jobs N` asks for: N, or, when N is 0 or less (not given), the
// default of one per core. The one place that default is set: the thread
// budget starts at it, and the CLI's batches and tilesets run that many.
unsigned requestedJobs(int n);

// The most threads Strata runs at once, counting the calling thread (the
// CLI's --jobs). Default: requestedJobs(0). Set it before any work starts.
void setThreadBudget(unsigned threads);
unsigned threadBudget();

// Starts the threads beyond the calling one that the budget allows, so that
// the first parallelFor finds them running (each looks for work for 2 ms,
// then sleeps until it is given some). Optional: parallelFor starts what it
// needs; the threads it starts stay for the next one.
void startHelperThreads();

// Takes up to `wanted` threads of the budget that nothing else holds (maybe
// none) and gives them back when it goes out of scope.
class ThreadReservation {
public:
  explicit ThreadReservation(unsigned wanted);
  ~ThreadReservation();
  ThreadReservation(const ThreadReservation&) = delete;
  ThreadReservation& operator=(const ThreadReservation&) = delete;
  unsigned count() const { return count_; }

private:
  unsigned count_;
};

// Runs task(i) for every i in [0, count) on the calling thread and on as many
// more as the budget has free (threads kept from one call to the next), and
// returns when all are done. Every task runs; if any throws, the exception
// of the lowest i is rethrown, so which error a caller sees never depends on
// timing. Indices are claimed in ascending order: when a thread claims index
// i, every index below i has been claimed by a thread that runs it without
// waiting for any later index (writeInOrder relies on it). A task
// may run a parallelFor of its own, within what the budget has left.
void parallelFor(size_t count, const std::function<void(size_t)>& task);

// The same on at most `threads` threads, the calling one counted (0: as many
// as the budget has free): a batch of `--jobs N` files, an encoder told to
// keep to one thread.
void parallelFor(size_t count, unsigned threads, const std::function<void(size_t)>& task);

// The same, a thread taking `run` neighbouring indices at a time: for tasks
// each writing its item's small result next to its neighbours', which two
// threads taking every other index write into the same cache lines.
void parallelForRuns(size_t count, size_t run, const std::function<void(size_t)>& task);

// Results made on every thread the budget gives and written strictly in
// order, never all held at once: the GLB's binary chunk batch by batch.
struct InOrder {
  // Makes result i and keeps it where write(i) finds it. Runs on any of the
  // threads, several at once, in any order.
  std::function<void(size_t)> make;
  // Writes result i: once for every i whose make returned, in increasing i,
  // one call at a time, each after the one before has returned, on one of
  // the threads making results.
  std::function<void(size_t)> write;
  // Optional: runs on the thread that made i once it has written every
  // result that was ready in turn (what making i needed can be let go there
  // without holding back the writes).
  std::function<void(size_t)> then;
  // Optional: the bytes result i holds from the start of its make to the end
  // of its write. make(i) waits to start while what is held and size(i) come
  // to more than maxHeld, unless i is the next to be written: the results
  // held never exceed maxHeld by more than one result's size.
  std::function<uint64_t(size_t)> size;
  uint64_t maxHeld = UINT64_MAX;
  unsigned threads = 0; // as parallelFor's
};

// Runs `work` for results [0, count). It never waits forever: the result
// whose turn it is to be written never waits to be made, and every result
// before one that waits has been claimed by a thread that makes it without
// waiting for any later result (parallelFor's ascending claims).
// If make(i) throws, write(i) is not called; after a write that throws, no
// write is. Every result is still made, and the exception of the lowest i
// whose make or write threw is rethrown at the end.
void writeInOrder(size_t count, const InOrder& work);

} // namespace strata
