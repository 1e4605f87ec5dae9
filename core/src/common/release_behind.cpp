#include "common/release_behind.h"

namespace strata {

ReleaseBehind::ReleaseBehind(const FileBytes* source, std::vector<uint64_t> starts, uint64_t size,
                             uint64_t span)
    : source_(source), starts_(std::move(starts)), size_(size), span_(span),
      done_(source ? starts_.size() : 0, 0) {}

void ReleaseBehind::done(size_t n) {
  if (!source_) return;
  uint64_t from = 0, to = 0; // the span this piece lets go, if any
  {
    std::lock_guard<std::mutex> lock(m_);
    done_[n] = 1;
    while (firstUnread_ < starts_.size() && done_[firstUnread_]) ++firstUnread_;
    const uint64_t readTo = firstUnread_ < starts_.size() ? starts_[firstUnread_] : size_;
    if (readTo - releasedTo_ >= span_ || readTo == size_) {
      from = releasedTo_;
      to = readTo;
      releasedTo_ = readTo;
    }
  }
  // Spans never overlap, so each is given back outside the lock: inside it,
  // a thread finishing a piece would sleep until the page tables are let go.
  if (to > from) source_->release(size_t(from), size_t(to - from));
}

} // namespace strata
