#pragma once
// One connection to Redis (hiredis's async API) driven by Asio, without a
// thread of its own and without ever blocking an I/O thread: hiredis's socket
// is wrapped in a posix::stream_descriptor, hiredis's addRead/addWrite hooks
// arm async_wait on it, and readiness calls redisAsyncHandleRead/Write. Every
// hiredis call runs on this link's strand, so the (not thread-safe) context is
// only ever touched from one thread at a time. We chose this over a thread of
// its own for Redis because the hand-off would cost two queue hops per frame
// relayed, and the adapter is ~100 lines (the shape of hiredis's own libuv and
// libev adapters). hiredis owns the socket: the descriptor is released, never
// closed, when hiredis lets go of it.
//
// A lost connection is reconnected every `retry`; commands made while it is
// down fail at once (their callback gets null). A subscriber link subscribes
// again after each reconnect.
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

struct redisAsyncContext;
struct redisReply;

namespace kibitz::server::cluster {

class redis_link : public std::enable_shared_from_this<redis_link> {
public:
    // A reply (null: not connected or the connection dropped); on the strand,
    // valid only during the call.
    using reply_fn = std::function<void(const redisReply*)>;
    // A pub/sub message: channel, payload; on the strand.
    using message_fn = std::function<void(const std::string&, const std::string&)>;

    redis_link(boost::asio::io_context& ioc, std::string host, int port, std::string name);
    ~redis_link();

    // Starts connecting (and reconnecting when lost). Commands may be made at
    // once: hiredis buffers them until the connection is up.
    void start();
    void stop();  // closes; pending callbacks get null
    // Any command, as separate arguments (binary-safe). `done` may be empty.
    void command(std::vector<std::string> args, reply_fn done = {});
    // Makes this a subscriber link: `channels` now and after every reconnect.
    void subscribe(std::vector<std::string> channels, message_fn on_message);
    bool connected() const { return up_; }
    // Every time the connection comes up (the first time included); on the strand.
    void on_up(std::function<void()> f) { on_up_ = std::move(f); }
    // Every time a connection that was up is lost; on the strand. Set both before start().
    void on_down(std::function<void()> f) { on_down_ = std::move(f); }
    // A subscriber link: every time Redis has confirmed every channel (the
    // first time and after each reconnect): from then on nothing published
    // to them is missed. On the strand; set before subscribe().
    void on_subscribed(std::function<void()> f) { on_subscribed_ = std::move(f); }

private:
    void connect();
    void attach();  // the hooks and the descriptor for a new context
    void arm_read();
    void arm_write();
    void lost();    // the context is gone: schedule a reconnect
    static void on_connect(const redisAsyncContext* c, int status);
    static void on_disconnect(const redisAsyncContext* c, int status);
    static void on_reply(redisAsyncContext* c, void* reply, void* privdata);
    static void on_sub_reply(redisAsyncContext* c, void* reply, void* privdata);
    void send_subscribe();

    boost::asio::io_context& ioc_;
    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
    std::string host_;
    int port_;
    std::string name_;  // for logs: "bus", "sub"
    redisAsyncContext* ctx_ = nullptr;
    boost::asio::posix::stream_descriptor fd_;
    bool want_read_ = false, want_write_ = false;
    bool reading_ = false, writing_ = false;  // an async_wait is pending
    std::uint64_t generation_ = 0;            // bumped per context: stale waits drop
    std::atomic<bool> up_{false};  // read from any thread (connected())
    bool stopped_ = false;
    boost::asio::steady_timer retry_;
    std::vector<std::string> channels_;
    message_fn on_message_;
    std::function<void()> on_up_, on_down_, on_subscribed_;
};

}  // namespace kibitz::server::cluster
