#pragma once
// A streamed API answer (schema/bot_api.md): the play layer's frames for one
// subscriber, turned into lines of JSON. The HTTP layer (net/stream_session)
// owns the connection and is the subscriber (a peer); the feed says what to
// subscribe to and what each frame becomes. Its calls all come on the
// stream's strand, in order.
//
// stream_caps bounds how many streams are open, per account and in total;
// a feed holds its place (a stream_slot) until it is destroyed. Thread-safe.
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "play/peer.hpp"

namespace kibitz::server::api {

class line_feed {
public:
    virtual ~line_feed() = default;
    // Subscribes `self` (the stream) under its connection id. Once, first.
    virtual void attach(peer_ref self, std::uint64_t conn) = 0;
    // What a frame sent to the stream becomes: lines without their newline
    // (often none). Sets `end` when the stream has said all it will.
    virtual std::vector<std::string> lines(const std::string& frame, bool& end) = 0;
    // The stream closed (either end, or the server stops): unsubscribes.
    virtual void detach() = 0;
};

class stream_caps;

// One open stream's place under the caps; given back when destroyed.
class stream_slot {
public:
    stream_slot(std::shared_ptr<stream_caps> caps, std::int64_t account, std::string address);
    ~stream_slot();
    stream_slot(const stream_slot&) = delete;
    stream_slot& operator=(const stream_slot&) = delete;

private:
    std::shared_ptr<stream_caps> caps_;
    std::int64_t account_;
    std::string address_;
};

// Open streams per account, per client address (its budget key) and in all:
// a share per address, so that many accounts from a few addresses cannot
// take every place from an honest bot (security review F7).
class stream_caps : public std::enable_shared_from_this<stream_caps> {
public:
    stream_caps(std::size_t per_account = 16, std::size_t total = 5000,
                std::size_t per_address = 32)
        : per_account_(per_account), per_address_(per_address), total_(total) {}
    // A place for one more stream of `account` from `address`, or none when a cap is reached.
    std::unique_ptr<stream_slot> take(std::int64_t account, const std::string& address);
    void set_limits(std::size_t per_account, std::size_t total, std::size_t per_address = 32);
    std::size_t open() const;

private:
    friend class stream_slot;
    void give_back(std::int64_t account, const std::string& address);

    mutable std::mutex mu_;
    std::size_t per_account_, per_address_, total_, open_ = 0;
    std::map<std::int64_t, std::size_t> by_account_;
    std::map<std::string, std::size_t> by_address_;
};

}  // namespace kibitz::server::api
