#pragma once
// A progress bar on stderr when it is a terminal; silent otherwise.
#include <cstddef>
#include <mutex>
#include <string>

namespace strata::cli {

class Progress {
public:
  explicit Progress(std::string label);
  ~Progress();
  void update(size_t done, size_t total);
  void finish();

private:
  std::string label_;
  bool tty_;
  bool drawn_ = false;
  int lastPercent_ = -1;
  std::mutex mutex_;
};

} // namespace strata::cli
