#include "play/room/computer_seat.hpp"

namespace kibitz::server {

std::uint64_t computer_seat::ask(std::shared_ptr<std::atomic<bool>> stop) {
    stop_ = std::move(stop);
    return ++turn_;
}

void computer_seat::cancel() {
    ++turn_;
    if (stop_) stop_->store(true);
    stop_.reset();
}

void computer_seat::heard(int depth, int score) {
    if (depth > 0) score_ = score;
}

}  // namespace kibitz::server
