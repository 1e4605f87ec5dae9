#include "progress.h"

#include "strata/platform.h"

namespace strata::cli {

using Clock = std::chrono::steady_clock;

std::string humanBytes(uint64_t bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = double(bytes);
  int u = 0;
  while (v >= 1024 && u < 4) v /= 1024, ++u;
  char buf[32];
  std::snprintf(buf, sizeof buf, u ? "%.1f %s" : "%.0f %s", v, units[u]);
  return buf;
}

Progress::Progress(std::string label, uint64_t files, uint64_t bytes)
    : label_(std::move(label)), tty_(platform::stderrIsTerminal()), files_(files), bytes_(bytes),
      start_(Clock::now()), lastDraw_(start_) {}

Progress::~Progress() {
  finish();
}

void Progress::phase(const std::string& name) {
  std::lock_guard<std::mutex> lock(mutex_);
  phase_ = name;
  done_ = total_ = 0;
  draw(files_ == 0); // a batch's line shows files, not one input's phases
}

void Progress::update(size_t done, size_t total) {
  std::lock_guard<std::mutex> lock(mutex_);
  done_ = done;
  total_ = total;
  draw(done == total);
}

void Progress::fileDone(uint64_t bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  ++filesDone_;
  bytesDone_ += bytes;
  draw(filesDone_ == files_);
}

void Progress::print(std::FILE* stream, const std::string& text) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (drawn_) std::fprintf(stderr, "\r\033[K");
  drawn_ = false;
  std::fputs(text.c_str(), stream);
  std::fflush(stream);
  draw(true);
}

void Progress::draw(bool force) {
  if (!tty_) return;
  const Clock::time_point now = Clock::now();
  // Ten redraws a second at most: a batch of small files must not spend its
  // time on the terminal.
  if (!force && now - lastDraw_ < std::chrono::milliseconds(100)) return;
  lastDraw_ = now;
  std::string line = label_;
  if (files_) {
    const double fraction =
        bytes_ ? double(bytesDone_) / double(bytes_) : double(filesDone_) / double(files_);
    const int width = 24, filled = int(fraction * width);
    line += " [" + std::string(size_t(filled), '#') + std::string(size_t(width - filled), ' ') +
            "] " + std::to_string(filesDone_) + "/" + std::to_string(files_) + " files, " +
            humanBytes(bytesDone_) + " of " + humanBytes(bytes_);
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    if (fraction > 0 && fraction < 1) {
      const long left = long(elapsed * (1 - fraction) / fraction + 0.5);
      char eta[32];
      std::snprintf(eta, sizeof eta, ", ETA %ld:%02ld", left / 60, left % 60);
      line += eta;
    }
  } else if (!phase_.empty()) {
    line += ": " + phase_;
    if (total_) line += " " + std::to_string(done_) + "/" + std::to_string(total_);
  }
  std::fprintf(stderr, "\r\033[K%s", line.c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void Progress::finish() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (drawn_) std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  drawn_ = false;
}

} // namespace strata::cli
