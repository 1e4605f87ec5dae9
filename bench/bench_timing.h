#pragma once
// The benchmarks' one timing rule: the best wall time of several runs (the
// least disturbed by the other work on a shared machine).
#include <algorithm>
#include <chrono>
#include <functional>

namespace bench {

inline double bestSeconds(int runs, const std::function<void()>& f) {
  double best = 1e30;
  for (int i = 0; i < runs; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    best = std::min(best,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

} // namespace bench
