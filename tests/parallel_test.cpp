// The process-wide thread budget (strata/parallel.h): parallelFor runs every
// task once, never more threads than the budget, none beyond the calling one
// while a reservation holds the rest, and rethrows the lowest task's error;
// parallelForRuns the same, a run of neighbouring indices to a thread; a cap
// keeps a parallelFor to its threads; indices are claimed in ascending order;
// writeInOrder writes every result once, in order, within its bound.
#include "strata/error.h"
#include "strata/parallel.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <set>
#include <thread>
#include <utility>
#include <vector>

#include <csignal>
#ifndef _WIN32
#include <sys/wait.h>
#include <unistd.h>
#endif

using namespace strata;

namespace {

// How many tasks ran at once at most, each task holding its thread a moment.
unsigned peakConcurrency(size_t tasks) {
  std::atomic<unsigned> now{0}, peak{0};
  parallelFor(tasks, [&](size_t) {
    const unsigned n = ++now;
    for (unsigned p = peak; n > p && !peak.compare_exchange_weak(p, n);) {
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    --now;
  });
  return peak;
}

// The threads of this process (Linux: /proc/self/task).
size_t processThreads() {
  size_t n = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator("/proc/self/task")) ++n;
  return n;
}

// The threads other than the caller's that ran tasks of one parallelFor.
std::set<std::thread::id> helpersOf(size_t tasks) {
  std::mutex m;
  std::set<std::thread::id> ids;
  const std::thread::id caller = std::this_thread::get_id();
  parallelFor(tasks, [&](size_t) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    std::lock_guard<std::mutex> lock(m);
    if (std::this_thread::get_id() != caller) ids.insert(std::this_thread::get_id());
  });
  return ids;
}

struct BudgetRestore {
  unsigned saved = threadBudget();
  ~BudgetRestore() { setThreadBudget(saved); }
};

} // namespace

TEST(Parallel, EveryTaskRunsOnce) {
  BudgetRestore restore;
  setThreadBudget(4);
  std::vector<std::atomic<int>> runs(1000);
  parallelFor(runs.size(), [&](size_t i) { ++runs[i]; });
  for (size_t i = 0; i < runs.size(); ++i) ASSERT_EQ(runs[i].load(), 1) << i;
  parallelFor(0, [](size_t) { FAIL() << "no task to run"; });
}

TEST(Parallel, StaysWithinTheBudget) {
  BudgetRestore restore;
  setThreadBudget(3);
  EXPECT_LE(peakConcurrency(24), 3u);
  EXPECT_GE(peakConcurrency(24), 2u); // the helpers did start
  setThreadBudget(1);
  EXPECT_EQ(peakConcurrency(8), 1u);
}

TEST(Parallel, ReservedThreadsAreNotTakenAgain) {
  BudgetRestore restore;
  setThreadBudget(4);
  {
    ThreadReservation batch(3); // a batch's other three workers
    EXPECT_EQ(batch.count(), 3u);
    ThreadReservation more(2);
    EXPECT_EQ(more.count(), 0u);
    EXPECT_EQ(peakConcurrency(8), 1u); // only the calling thread
  }
  ThreadReservation after(5);
  EXPECT_EQ(after.count(), 3u); // all given back; the caller keeps its own
}

TEST(Parallel, LowestFailingTaskIsRethrownAfterAllRan) {
  BudgetRestore restore;
  setThreadBudget(4);
  std::atomic<int> ran{0};
  try {
    parallelFor(200, [&](size_t i) {
      ++ran;
      if (i == 150 || i == 37 || i == 90) throw Error("f", i, "task " + std::to_string(i));
    });
    FAIL() << "nothing thrown";
  } catch (const Error& e) {
    EXPECT_EQ(e.offset(), 37u);
  }
  EXPECT_EQ(ran.load(), 200);
}

TEST(Parallel, RunsOfNeighbouringIndicesEachGoToOneThread) {
  BudgetRestore restore;
  setThreadBudget(4);
  constexpr size_t kCount = 1003, kRun = 32; // the last run is short
  std::vector<std::atomic<int>> runs(kCount);
  std::vector<std::thread::id> by(kCount);
  parallelForRuns(kCount, kRun, [&](size_t i) {
    ++runs[i];
    by[i] = std::this_thread::get_id();
    // The first run is held until another thread has taken the second (or
    // the wait gives up), so whether the runs spread does not depend on how
    // soon the host starts a thread (under Wine helpers start late).
    const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (i == 0 && !runs[kRun] && std::chrono::steady_clock::now() < giveUp)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  });
  for (size_t i = 0; i < kCount; ++i) {
    ASSERT_EQ(runs[i].load(), 1) << i;
    if (i % kRun) { // within a run, one thread
      ASSERT_EQ(by[i], by[i - 1]) << i;
    }
  }
  size_t threads = 1;
  for (size_t i = kRun; i < kCount; i += kRun) threads += by[i] != by[i - kRun];
  EXPECT_GT(threads, 1u); // the runs did spread
  size_t one = 0;
  parallelForRuns(5, 0, [&](size_t) { ++one; }); // a run of 0 is a run of 1
  EXPECT_EQ(one, 5u);
}

TEST(Parallel, LowestFailingIndexOfARunIsRethrownAfterAllRan) {
  BudgetRestore restore;
  setThreadBudget(4);
  std::atomic<int> ran{0};
  try {
    parallelForRuns(200, 16, [&](size_t i) {
      ++ran;
      if (i == 150 || i == 41 || i == 37) throw Error("f", i, "task " + std::to_string(i));
    });
    FAIL() << "nothing thrown";
  } catch (const Error& e) {
    EXPECT_EQ(e.offset(), 37u);
  }
  EXPECT_EQ(ran.load(), 200); // the rest of a run goes on after one fails
}

TEST(Parallel, HelperThreadsAreKeptFromOneCallToTheNext) {
  BudgetRestore restore;
  setThreadBudget(3);
  startHelperThreads();
  const size_t threads = processThreads(); // the two helpers among them
  const std::set<std::thread::id> first = helpersOf(24);
  ASSERT_FALSE(first.empty()); // the helpers did run tasks
  EXPECT_LE(first.size(), 2u);
  for (int call = 0; call < 20; ++call) {
    std::atomic<size_t> most{0}; // threads seen while the call runs
    parallelFor(6, [&](size_t) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      const size_t n = processThreads();
      for (size_t m = most; n > m && !most.compare_exchange_weak(m, n);) {
      }
    });
    EXPECT_EQ(most.load(), threads) << call; // none started for it
    for (const std::thread::id& id : helpersOf(12)) EXPECT_TRUE(first.count(id)) << call;
  }
}

TEST(Parallel, ATaskMayRunAParallelForOfItsOwn) {
  BudgetRestore restore;
  setThreadBudget(4);
  std::vector<std::atomic<int>> runs(64 * 50);
  parallelFor(64, [&](size_t outer) {
    parallelFor(50, [&](size_t inner) { ++runs[outer * 50 + inner]; });
  });
  for (size_t i = 0; i < runs.size(); ++i) ASSERT_EQ(runs[i].load(), 1) << i;
}

#ifndef _WIN32 // Windows has no fork
TEST(Parallel, AForkedChildStartsHelpersOfItsOwn) {
  BudgetRestore restore;
  setThreadBudget(3);
  ASSERT_FALSE(helpersOf(24).empty()); // the parent's helpers exist, idle
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // The parent's helpers are not in this process: given work, they would
    // never run it, and this would hang.
    std::atomic<int> ran{0};
    const std::set<std::thread::id> helpers = [&] {
      std::mutex m;
      std::set<std::thread::id> ids;
      parallelFor(24, [&](size_t) {
        ++ran;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        std::lock_guard<std::mutex> lock(m);
        ids.insert(std::this_thread::get_id());
      });
      return ids;
    }();
    _exit(ran == 24 && helpers.size() > 1 ? 0 : 1);
  }
  // A child that hangs fails the test, after 20 s, rather than hanging it.
  int status = 0;
  pid_t got = 0;
  for (int waited = 0; (got = waitpid(child, &status, WNOHANG)) == 0 && waited < 2000; ++waited)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  if (got == 0) {
    kill(child, SIGKILL);
    waitpid(child, &status, 0);
    FAIL() << "the forked child's parallelFor did not finish";
  }
  ASSERT_EQ(got, child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}
#endif

TEST(Parallel, IndicesAreClaimedInAscendingOrder) {
  BudgetRestore restore;
  setThreadBudget(4);
  constexpr size_t kCount = 400;
  std::vector<std::atomic<bool>> started(kCount);
  std::atomic<size_t> outOfOrder{0};
  // An index claimed before i may not have set its flag yet: its thread can
  // be preempted between the claim and the flag (as under Wine), so i waits
  // for it. One claimed after i could only start once a thread is free, and
  // the wait runs out: the first such wait ends the waiting.
  parallelFor(kCount, [&](size_t i) {
    started[i] = true;
    for (size_t j = 0; j < i && !outOfOrder; ++j) {
      const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(5);
      while (!started[j] && std::chrono::steady_clock::now() < giveUp) std::this_thread::yield();
      outOfOrder += !started[j];
    }
    std::this_thread::sleep_for(std::chrono::microseconds(50 * (i % 7)));
  });
  EXPECT_EQ(outOfOrder.load(), 0u);
}

TEST(Parallel, AThreadCapKeepsToItsThreads) {
  BudgetRestore restore;
  setThreadBudget(4);
  auto peakWith = [](unsigned cap) {
    std::atomic<unsigned> now{0}, peak{0};
    std::mutex m;
    std::set<std::thread::id> ids;
    parallelFor(24, cap, [&](size_t) {
      const unsigned n = ++now;
      for (unsigned p = peak; n > p && !peak.compare_exchange_weak(p, n);) {
      }
      {
        std::lock_guard<std::mutex> lock(m);
        ids.insert(std::this_thread::get_id());
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(3));
      --now;
    });
    return std::make_pair(peak.load(), ids.size());
  };
  EXPECT_EQ(peakWith(1), std::make_pair(1u, size_t(1))); // the calling thread alone
  const auto two = peakWith(2);
  EXPECT_LE(two.first, 2u);
  EXPECT_LE(two.second, 2u);
  EXPECT_LE(peakWith(0).first, 4u); // no cap: the budget's
}

namespace {

// writeInOrder over `sizes.size()` results, each made in a random time:
// the order they were written in, and the most bytes and results held at once.
// With `firstWaitsFor` set, result 0 is not finished until that many results
// after it are held (or the wait gives up), so the bound, not how the host
// schedules threads, decides how far ahead results are made.
struct Written {
  std::vector<size_t> order;
  uint64_t peakHeld = 0;
  size_t peakResults = 0;
};

Written writeAll(const std::vector<uint64_t>& sizes, uint64_t maxHeld, size_t failAt = SIZE_MAX,
                 size_t firstWaitsFor = 0) {
  Written w;
  std::mutex m;
  uint64_t held = 0;
  size_t results = 0;
  std::vector<std::atomic<int>> made(sizes.size());
  InOrder work;
  work.size = [&](size_t i) { return sizes[i]; };
  work.maxHeld = maxHeld;
  work.make = [&](size_t i) {
    {
      std::lock_guard<std::mutex> lock(m);
      held += sizes[i];
      w.peakHeld = std::max(w.peakHeld, held);
      w.peakResults = std::max(w.peakResults, ++results);
    }
    ++made[i];
    const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (i == 0 && firstWaitsFor && std::chrono::steady_clock::now() < giveUp) {
      {
        std::lock_guard<std::mutex> lock(m);
        if (results > firstWaitsFor) break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    std::this_thread::sleep_for(std::chrono::microseconds((i * 7919) % 300));
    if (failAt != SIZE_MAX && (i == failAt || i == failAt + 5))
      throw Error("f", i, "result " + std::to_string(i));
  };
  work.write = [&](size_t i) {
    std::lock_guard<std::mutex> lock(m);
    w.order.push_back(i);
    held -= sizes[i];
    --results;
  };
  try {
    writeInOrder(sizes.size(), work);
  } catch (...) {
    for (size_t i = 0; i < made.size(); ++i) EXPECT_EQ(made[i].load(), 1) << i;
    throw;
  }
  for (size_t i = 0; i < made.size(); ++i) EXPECT_EQ(made[i].load(), 1) << i;
  return w;
}

} // namespace

TEST(Parallel, WriteInOrderWritesEachResultOnceInOrder) {
  BudgetRestore restore;
  setThreadBudget(4);
  std::vector<uint64_t> sizes(300);
  for (size_t i = 0; i < sizes.size(); ++i) sizes[i] = 1 + (i * 31) % 10;
  const Written w = writeAll(sizes, UINT64_MAX);
  ASSERT_EQ(w.order.size(), sizes.size());
  for (size_t i = 0; i < w.order.size(); ++i) ASSERT_EQ(w.order[i], i);
}

TEST(Parallel, WriteInOrderHoldsNoMoreThanItsBoundAndOneResult) {
  BudgetRestore restore;
  setThreadBudget(4);
  std::vector<uint64_t> sizes(300);
  for (size_t i = 0; i < sizes.size(); ++i) sizes[i] = 1 + (i * 31) % 10; // 1..10
  const Written w = writeAll(sizes, 12, SIZE_MAX, 2);
  ASSERT_EQ(w.order.size(), sizes.size());
  for (size_t i = 0; i < w.order.size(); ++i) ASSERT_EQ(w.order[i], i);
  EXPECT_LE(w.peakHeld, 12u + 10u);
  EXPECT_GE(w.peakResults, 3u); // results 1 and 2 (2 + 3 bytes) were made while 0 waited
  // A bound below one result: each is made in its turn, one at a time.
  EXPECT_EQ(writeAll(sizes, 0).peakHeld, 10u);
  setThreadBudget(1); // one thread: no result ever waits for another
  EXPECT_EQ(writeAll(sizes, 0).order.size(), sizes.size());
}

TEST(Parallel, WriteInOrderSkipsAFailedResultAndRethrowsTheLowest) {
  BudgetRestore restore;
  setThreadBudget(4);
  std::vector<uint64_t> sizes(120, 4);
  try {
    writeAll(sizes, 16, 40); // results 40 and 45 fail
    FAIL() << "nothing thrown";
  } catch (const Error& e) {
    EXPECT_EQ(e.offset(), 40u);
  }
  // The results around the failed ones are still written, in order.
  InOrder work;
  std::vector<size_t> order;
  work.make = [](size_t i) {
    if (i == 3) throw Error("f", i, "three");
  };
  work.write = [&](size_t i) {
    order.push_back(i);
    if (i == 6) throw Error("f", i, "six");
  };
  try {
    writeInOrder(10, work);
    FAIL() << "nothing thrown";
  } catch (const Error& e) {
    EXPECT_EQ(e.offset(), 3u);
  }
  EXPECT_EQ(order, (std::vector<size_t>{0, 1, 2, 4, 5, 6})); // nothing after a write that threw
}
