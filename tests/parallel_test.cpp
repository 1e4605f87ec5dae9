// The process-wide thread budget (strata/parallel.h): parallelFor runs every
// task once, never more threads than the budget, none beyond the calling one
// while a reservation holds the rest, and rethrows the lowest task's error.
#include "strata/error.h"
#include "strata/parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

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
