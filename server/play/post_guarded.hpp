#pragma once
// How a room or the lobby runs work on its own strand: the object is kept
// alive until the work has run, and an exception is logged there instead of
// escaping onto an I/O thread (nothing thrown crosses an async boundary).
#include <exception>
#include <memory>
#include <utility>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

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

}  // namespace kibitz::server
