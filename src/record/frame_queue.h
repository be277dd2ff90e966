// A bounded queue between the stages of a clip's pipeline (decode -> GPU -> encode), each on a
// thread of its own: a full queue holds its producer back, an empty one its consumer, and either
// side can close it to stop the other (at the end, or when it failed).
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <utility>

namespace texsort {

template <typename T>
class FrameQueue {
 public:
  explicit FrameQueue(std::size_t capacity) : capacity_(capacity) {}

  // Waits for room; false (and `value` dropped) once the queue is closed.
  bool push(T value) {
    std::unique_lock<std::mutex> lock(mutex_);
    notFull_.wait(lock, [&] { return closed_ || items_.size() < capacity_; });
    if (closed_) return false;
    items_.push_back(std::move(value));
    notEmpty_.notify_one();
    return true;
  }

  // Waits for an item; false once the queue is closed and nothing is left in it.
  bool pop(T& value) {
    std::unique_lock<std::mutex> lock(mutex_);
    notEmpty_.wait(lock, [&] { return closed_ || !items_.empty(); });
    return take(value);
  }

  // An item if one is waiting, without waiting.
  bool tryPop(T& value) {
    std::lock_guard<std::mutex> lock(mutex_);
    return take(value);
  }

  // No more pushes; what is queued can still be popped. Wakes every waiting side.
  void close() {
    std::lock_guard<std::mutex> lock(mutex_);
    closed_ = true;
    notFull_.notify_all();
    notEmpty_.notify_all();
  }

 private:
  bool take(T& value) {
    if (items_.empty()) return false;
    value = std::move(items_.front());
    items_.pop_front();
    notFull_.notify_one();
    return true;
  }

  std::size_t capacity_;
  std::mutex mutex_;
  std::condition_variable notFull_, notEmpty_;
  std::deque<T> items_;
  bool closed_ = false;
};

}  // namespace texsort
