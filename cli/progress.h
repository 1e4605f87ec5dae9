#pragma once
// Progress on stderr while it is a terminal, nothing otherwise: for one large
// input its phase ("reading", "building 12/64 chunks", "writing"), for a batch
// files, bytes and an estimate of the time left. Lines printed through
// print() clear the bar first, so they never mix with it.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>

namespace strata::cli {

class Progress {
public:
  // A batch of `files` inputs holding `bytes` bytes; 0, 0 for one input.
  Progress(std::string label, uint64_t files = 0, uint64_t bytes = 0);
  ~Progress();
  bool terminal() const { return tty_; }
  // One input: the phase it is in, and the counts within it (0, 0: none).
  void phase(const std::string& name);
  void update(size_t done, size_t total);
  // A batch: one more input done, of `bytes` bytes.
  void fileDone(uint64_t bytes);
  // Prints `text` (one or more whole lines) on `stream` without mixing it with the bar.
  void print(std::FILE* stream, const std::string& text);
  void finish();

private:
  void draw(bool force); // mutex_ held
  std::string label_, phase_;
  bool tty_;
  bool drawn_ = false;
  size_t done_ = 0, total_ = 0;
  uint64_t files_, bytes_, filesDone_ = 0, bytesDone_ = 0;
  std::chrono::steady_clock::time_point start_, lastDraw_;
  std::mutex mutex_;
};

// "12.3 KiB", "4.0 MiB": sizes in summaries and progress.
std::string humanBytes(uint64_t bytes);

} // namespace strata::cli
