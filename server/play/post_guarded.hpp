#pragma once
// How a room, the lobby or the live games run work on their own strand: the
// object is kept alive until the work has run, and an exception is logged
// there instead of escaping onto an I/O thread (nothing thrown crosses an
// async boundary).
#include <exception>
#include <memory>
#include <utility>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <boost/system/error_code.hpp>

namespace kibitz::server {

// Posts `f` to `strand` holding `self`; on an exception logs "<label(*self)>: <what>".
// `label` is only called then, so a hot path pays nothing for it.
template <class Strand, class Self, class F, class Label>
void post_guarded(Strand& strand, std::shared_ptr<Self> self, F&& f, Label label) {
    boost::asio::post(strand, [self = std::move(self), f = std::forward<F>(f), label]() mutable {
        try {
            f();
        } catch (const std::exception& e) {
            spdlog::error("{}: {}", label(*self), e.what());
        }
    });
}

// Runs `f` when `timer` expires `after` from now, holding `self` (not when
// the timer is cancelled); on an exception logs "<label>: <what>". For the
// periodic work of a strand (the timer is bound to it).
template <class Timer, class Self, class F>
void after_guarded(Timer& timer, typename Timer::duration after, std::shared_ptr<Self> self, F f,
                   const char* label) {
    timer.expires_after(after);
    timer.async_wait(
        [self = std::move(self), f = std::move(f), label](boost::system::error_code ec) {
            if (ec) return;
            try {
                f();
            } catch (const std::exception& e) {
                spdlog::error("{}: {}", label, e.what());
            }
        });
}

}  // namespace kibitz::server
