#pragma once
// Work spread over the cores within one process-wide budget of threads, so a
// batch (`convert --jobs N`: N files at once) and the work inside each file
// (chunks, images) never run more than N threads together: whatever the
// batch's workers hold, a file's parallelFor cannot take.
#include <cstddef>
#include <functional>

namespace strata {

// The cores this process may run on (its affinity on Linux, every processor
// group on Windows); at least 1.
unsigned coreCount();

// The most threads Strata runs at once, counting the calling thread (the
// CLI's --jobs). Default: one per core. Set it before any work starts.
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
// returns when all are done. Every task
// runs; if any throws, the exception of the lowest i is rethrown, so which
// error a caller sees never depends on timing.
void parallelFor(size_t count, const std::function<void(size_t)>& task);

// The same, a thread taking `run` neighbouring indices at a time: for tasks
// each writing its item's small result next to its neighbours', which two
// threads taking every other index write into the same cache lines.
void parallelForRuns(size_t count, size_t run, const std::function<void(size_t)>& task);

} // namespace strata
