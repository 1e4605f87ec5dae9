#include "progress.h"

#include <cstdio>
#include <unistd.h>

namespace strata::cli {

Progress::Progress(std::string label) : label_(std::move(label)), tty_(isatty(STDERR_FILENO)) {}

Progress::~Progress() {
  finish();
}

void Progress::update(size_t done, size_t total) {
  if (!tty_ || total == 0) return;
  std::lock_guard<std::mutex> lock(mutex_);
  int percent = int(done * 100 / total);
  if (percent == lastPercent_) return;
  lastPercent_ = percent;
  const int width = 30;
  int filled = percent * width / 100;
  std::fprintf(stderr, "\r%s [%.*s%*s] %3d%% (%zu/%zu)", label_.c_str(), filled,
               "##############################", width - filled, "", percent, done, total);
  std::fflush(stderr);
  drawn_ = true;
}

void Progress::finish() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (drawn_) std::fprintf(stderr, "\r\033[K");
  drawn_ = false;
}

} // namespace strata::cli
