#include "strata/parallel.h"

#include "common/platform.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace strata {
namespace {

std::atomic<unsigned> budget{requestedJobs(0)};
// Threads beyond the first (the program's own) that nobody holds.
std::atomic<int> spare{int(requestedJobs(0)) - 1};

// How long a helper with nothing to do, and a caller waiting for its
// helpers, look for what they wait on before they sleep: longer than the
// stretches on one thread between a convert's parallel parts, since a thread
// woken from sleep can wait milliseconds for a core of a virtual machine
// (docs/performance.md).
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
std::once_flag forkHandler;

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
  std::call_once(forkHandler, [] { platform::atForkChild([] { pool = new Pool; }); });
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
  const unsigned n = platform::processorCount();
  return n ? n : std::max(1u, std::thread::hardware_concurrency());
}

unsigned requestedJobs(int n) {
  return n > 0 ? unsigned(n) : coreCount();
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

namespace {

// parallelFor's body: runs of `run` indices, on at most `threads` threads
// (0: the budget's).
void spread(size_t count, size_t run, unsigned threads, const std::function<void(size_t)>& task) {
  if (count == 0) return;
  run = std::max<size_t>(run, 1);
  const size_t runs = (count + run - 1) / run;
  size_t wanted = std::min<size_t>(runs - 1, threadBudget());
  if (threads > 0) wanted = std::min<size_t>(wanted, threads - 1);
  ThreadReservation helpers{unsigned(wanted)};
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

// writeInOrder's state, shared by the threads making the results.
class Writer {
public:
  Writer(size_t count, const InOrder& work)
      : work_(work), state_(count, kMaking), sizes_(count, 0), errors_(count) {}

  void task(size_t i) {
    const uint64_t size = work_.size ? work_.size(i) : 0;
    {
      std::unique_lock<std::mutex> lock(m_);
      turn_.wait(lock, [&] { return i == next_ || held_ + size <= work_.maxHeld; });
      held_ += size;
      sizes_[i] = size;
    }
    bool made = true;
    try {
      work_.make(i);
    } catch (...) {
      errors_[i] = std::current_exception();
      made = false;
    }
    {
      std::unique_lock<std::mutex> lock(m_);
      state_[i] = made ? kMade : kFailed;
      drain(lock);
    }
    if (work_.then) work_.then(i);
  }

  void rethrow() const {
    for (const std::exception_ptr& e : errors_)
      if (e) std::rethrow_exception(e);
  }

private:
  enum State : char { kMaking, kMade, kFailed };
  const InOrder& work_;
  std::mutex m_; // guards everything below but errors_ (each written by one thread)
  std::condition_variable turn_;
  std::vector<State> state_;
  std::vector<uint64_t> sizes_;
  std::vector<std::exception_ptr> errors_;
  size_t next_ = 0;      // the next result to write
  uint64_t held_ = 0;    // bytes of the results being made or waiting to be written
  bool writing_ = false; // a thread is in drain's loop
  bool stopped_ = false; // a write threw: nothing more is written

  // Writes the results ready from next_ on, one thread at a time; `lock` is
  // held on entry and exit, let go around each write.
  void drain(std::unique_lock<std::mutex>& lock) {
    if (writing_) return; // that thread writes this one too when its turn comes
    writing_ = true;
    while (next_ < state_.size() && state_[next_] != kMaking) {
      const size_t i = next_;
      if (state_[i] == kMade && !stopped_) {
        lock.unlock();
        try {
          work_.write(i);
        } catch (...) {
          errors_[i] = std::current_exception();
          lock.lock();
          stopped_ = true;
          lock.unlock();
        }
        lock.lock();
      }
      held_ -= sizes_[i];
      ++next_;
      turn_.notify_all();
    }
    writing_ = false;
  }
};

} // namespace

void parallelFor(size_t count, const std::function<void(size_t)>& task) {
  spread(count, 1, 0, task);
}

void parallelFor(size_t count, unsigned threads, const std::function<void(size_t)>& task) {
  spread(count, 1, threads, task);
}

void parallelForRuns(size_t count, size_t run, const std::function<void(size_t)>& task) {
  spread(count, run, 0, task);
}

void writeInOrder(size_t count, const InOrder& work) {
  Writer writer(count, work);
  spread(count, 1, work.threads, [&](size_t i) { writer.task(i); });
  writer.rethrow();
}

} // namespace strata
