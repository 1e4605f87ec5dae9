#include "strata/parallel.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace strata {
namespace {

unsigned cores() {
  return std::max(1u, std::thread::hardware_concurrency());
}

std::atomic<unsigned> budget{cores()};
// Threads beyond the first (the program's own) that nobody holds.
std::atomic<int> spare{int(cores()) - 1};

} // namespace

void setThreadBudget(unsigned threads) {
  threads = std::max(1u, threads);
  spare += int(threads) - int(budget.exchange(threads));
}

unsigned threadBudget() {
  return budget;
}

ThreadReservation::ThreadReservation(unsigned wanted) : count_(0) {
  int have = spare.load();
  while (wanted > 0 && have > 0) {
    const int take = std::min(have, int(wanted));
    if (spare.compare_exchange_weak(have, have - take)) {
      count_ = unsigned(take);
      break;
    }
  }
}

ThreadReservation::~ThreadReservation() {
  spare += int(count_);
}

void parallelFor(size_t count, const std::function<void(size_t)>& task) {
  parallelForRuns(count, 1, task);
}

void parallelForRuns(size_t count, size_t run, const std::function<void(size_t)>& task) {
  if (count == 0) return;
  run = std::max<size_t>(run, 1);
  const size_t runs = (count + run - 1) / run;
  ThreadReservation helpers(unsigned(std::min<size_t>(runs - 1, threadBudget())));
  std::atomic<size_t> next{0};
  std::mutex failMutex;
  size_t failedAt = count;
  std::exception_ptr failure;
  auto work = [&] {
    for (size_t first; (first = next.fetch_add(run)) < count;)
      for (size_t i = first; i < std::min(count, first + run); ++i) {
        try {
          task(i);
        } catch (...) {
          std::lock_guard<std::mutex> lock(failMutex);
          if (i < failedAt) failedAt = i, failure = std::current_exception();
        }
      }
  };
  std::vector<std::thread> threads;
  try {
    for (unsigned t = 0; t < helpers.count(); ++t) threads.emplace_back(work);
  } catch (const std::system_error&) {
    // no more threads to be had: the ones running (and this one) do it all
  }
  work();
  for (std::thread& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
}

} // namespace strata
