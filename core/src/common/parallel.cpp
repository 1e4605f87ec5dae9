#include "strata/parallel.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else
#include <pthread.h>
#include <sched.h>
#endif

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace strata {
namespace {

std::atomic<unsigned> budget{coreCount()};
// Threads beyond the first (the program's own) that nobody holds.
std::atomic<int> spare{int(coreCount()) - 1};

// How long a helper with nothing to do, and a caller waiting for its
// helpers, look for what they wait on before they sleep. A thread woken
// from sleep, or started, waited up to 4.5 ms for a core of a two-vCPU
// virtual machine that had been idle (docs/performance.md); the stretches
// on one thread between a convert's parallel parts are 0.3-2 ms.
constexpr auto kLookFor = std::chrono::milliseconds(2);

void pause() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#else
  std::this_thread::yield();
#endif
}

// Polls `ready` until it is true or kLookFor has passed; whether it is.
template <class Ready> bool lookFor(Ready ready) {
  const auto until = std::chrono::steady_clock::now() + kLookFor;
  for (unsigned n = 1;; ++n) {
    if (ready()) return true;
    pause();
    if (n % 64 == 0 && std::chrono::steady_clock::now() > until) return ready();
  }
}

// One parallelForRuns: what its helpers run, and how many have not finished.
struct Job {
  const std::function<void()>* work = nullptr;
  std::atomic<unsigned> pending{0};
  std::mutex m; // a helper counts itself done under it (see helperLoop)
  std::condition_variable done;
};

// A thread that runs the jobs it is given, one at a time, for as long as the
// process lives; idle in the pool between them.
struct Helper {
  std::atomic<Job*> job{nullptr};
  std::mutex m;
  std::condition_variable given;
};

struct Pool {
  std::mutex m;
  std::vector<Helper*> idle; // guarded by m
};

// Never destroyed: its helpers outlive static destructors. A forked child
// has none of them, so it starts an empty pool (the parent's is left).
Pool* pool = new Pool;
#ifndef _WIN32
std::once_flag forkHandler;
#endif

Job* nextJob(Helper& h) {
  if (!lookFor([&] { return h.job.load(std::memory_order_acquire) != nullptr; })) {
    std::unique_lock<std::mutex> lock(h.m);
    h.given.wait(lock, [&] { return h.job.load(std::memory_order_acquire) != nullptr; });
  }
  return h.job.exchange(nullptr, std::memory_order_acq_rel);
}

void helperLoop(Helper* h) {
  for (;;) {
    Job* job = nextJob(*h);
    (*job->work)();
    {
      // Idle again before the job counts it done: the caller's next job
      // then finds it, rather than starting another thread.
      std::lock_guard<std::mutex> lock(pool->m);
      pool->idle.push_back(h);
    }
    // Under the job's mutex, which the caller takes before it returns: the
    // job (on its stack) is not touched after that.
    std::lock_guard<std::mutex> lock(job->m);
    if (job->pending.fetch_sub(1, std::memory_order_acq_rel) == 1) job->done.notify_all();
  }
}

// An idle helper, or a new one; null when no thread can be started.
Helper* takeHelper() {
#ifndef _WIN32 // Windows has no fork
  std::call_once(forkHandler, [] { pthread_atfork(nullptr, nullptr, [] { pool = new Pool; }); });
#endif
  {
    std::lock_guard<std::mutex> lock(pool->m);
    if (!pool->idle.empty()) {
      Helper* h = pool->idle.back();
      pool->idle.pop_back();
      return h;
    }
  }
  auto* h = new Helper;
  try {
    std::thread(helperLoop, h).detach();
  } catch (const std::system_error&) {
    delete h;
    return nullptr;
  }
  return h;
}

void give(Helper& h, Job& job) {
  h.job.store(&job, std::memory_order_release);
  std::lock_guard<std::mutex> lock(h.m);
  h.given.notify_one();
}

} // namespace

unsigned coreCount() {
#ifdef _WIN32
  // Every processor group's, where hardware_concurrency counts one group's.
  const DWORD n = ::GetActiveProcessorCount(ALL_PROCESSOR_GROUPS);
  if (n > 0) return unsigned(n);
#elif defined(__linux__)
  // The cores this process may run on (taskset, a container's cpuset).
  cpu_set_t set;
  if (::sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return unsigned(CPU_COUNT(&set));
#endif
  return std::max(1u, std::thread::hardware_concurrency());
}

void setThreadBudget(unsigned threads) {
  threads = std::max(1u, threads);
  spare += int(threads) - int(budget.exchange(threads));
}

unsigned threadBudget() {
  return budget;
}

void startHelperThreads() {
  std::vector<Helper*> started;
  for (unsigned t = 1; t < threadBudget(); ++t)
    if (Helper* h = takeHelper()) started.push_back(h);
  std::lock_guard<std::mutex> lock(pool->m);
  pool->idle.insert(pool->idle.end(), started.begin(), started.end());
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
  const std::function<void()> work = [&] {
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
  Job job;
  job.work = &work;
  for (unsigned t = 0; t < helpers.count(); ++t) {
    Helper* h = takeHelper();
    if (!h) break; // no more threads to be had: the ones running (and this one) do it all
    job.pending.fetch_add(1, std::memory_order_relaxed);
    give(*h, job);
  }
  work();
  lookFor([&] { return job.pending.load(std::memory_order_acquire) == 0; });
  {
    std::unique_lock<std::mutex> lock(job.m);
    job.done.wait(lock, [&] { return job.pending.load(std::memory_order_acquire) == 0; });
  }
  if (failure) std::rethrow_exception(failure);
}

} // namespace strata
