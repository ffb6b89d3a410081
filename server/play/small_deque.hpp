#pragma once
// A first-in first-out list on a vector, for the short lists every room keeps
// (its event log, its chats, its moves awaiting the store). libstdc++'s
// std::deque allocates a map and a 512-byte block as soon as it is
// constructed, so each empty one costs ~600 bytes; this allocates nothing
// until the first push, and popping from the front only moves an index (the
// space is compacted now and then). Unlike std::deque, a push may move the
// elements: hold no reference to one across a push.
#include <cstddef>
#include <utility>
#include <vector>

namespace kibitz::server {

template <class T>
class small_deque {
public:
    bool empty() const { return head_ == items_.size(); }
    std::size_t size() const { return items_.size() - head_; }
    T& front() { return items_[head_]; }
    const T& front() const { return items_[head_]; }
    T& back() { return items_.back(); }
    const T& back() const { return items_.back(); }
    T& operator[](std::size_t i) { return items_[head_ + i]; }
    const T& operator[](std::size_t i) const { return items_[head_ + i]; }
    auto begin() { return items_.begin() + static_cast<std::ptrdiff_t>(head_); }
    auto end() { return items_.end(); }
    auto begin() const { return items_.begin() + static_cast<std::ptrdiff_t>(head_); }
    auto end() const { return items_.end(); }

    void push_back(T v) {
        // Popped slots are reused before the vector grows: a log at its cap
        // stays within one power of two of what it holds.
        if (head_ > 0 && items_.size() == items_.capacity()) compact();
        items_.push_back(std::move(v));
    }
    void pop_front() {
        items_[head_] = T();  // let go of what it holds now
        if (++head_ == items_.size()) clear();
    }
    void clear() {
        items_.clear();
        head_ = 0;
    }
    void shrink_to_fit() {
        compact();
        items_.shrink_to_fit();
    }

private:
    void compact() {
        items_.erase(items_.begin(), begin());
        head_ = 0;
    }

    std::vector<T> items_;
    std::size_t head_ = 0;  // items_[0, head_) are popped
};

}  // namespace kibitz::server
