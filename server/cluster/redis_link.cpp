#include "cluster/redis_link.hpp"

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>
#include <hiredis/async.h>
#include <hiredis/hiredis.h>
#include <spdlog/spdlog.h>

namespace kibitz::server::cluster {

namespace net = boost::asio;

redis_link::redis_link(net::io_context& ioc, std::string host, int port, std::string name)
    : ioc_(ioc),
      strand_(net::make_strand(ioc)),
      host_(std::move(host)),
      port_(port),
      name_(std::move(name)),
      fd_(strand_),
      retry_(strand_) {}

redis_link::~redis_link() {
    if (ctx_) {
        auto* c = ctx_;
        ctx_ = nullptr;
        c->data = nullptr;
        redisAsyncFree(c);  // its cleanup hook releases the descriptor
    }
}

void redis_link::start() {
    net::post(strand_, [self = shared_from_this()] { self->connect(); });
}

void redis_link::stop() {
    net::post(strand_, [self = shared_from_this()] {
        self->stopped_ = true;
        self->retry_.cancel();
        if (auto* c = self->ctx_) {
            self->ctx_ = nullptr;
            self->up_ = false;
            redisAsyncFree(c);  // pending callbacks get null
        }
    });
}

void redis_link::connect() {
    if (stopped_) return;
    ctx_ = redisAsyncConnect(host_.c_str(), port_);
    if (!ctx_ || ctx_->err) {
        spdlog::warn("cluster: redis {} {}:{}: {}", name_, host_, port_,
                     ctx_ ? ctx_->errstr : "out of memory");
        if (ctx_) redisAsyncFree(ctx_);
        ctx_ = nullptr;
        return lost();
    }
    ctx_->data = this;
    attach();
    // After attach: hiredis arms the first write (connection established) here.
    redisAsyncSetConnectCallback(ctx_, &redis_link::on_connect);
    redisAsyncSetDisconnectCallback(ctx_, &redis_link::on_disconnect);
    if (!channels_.empty()) send_subscribe();  // buffered until connected
}

void redis_link::attach() {
    ++generation_;
    want_read_ = want_write_ = reading_ = writing_ = false;
    boost::system::error_code ec;
    fd_.assign(ctx_->c.fd, ec);
    if (ec) spdlog::error("cluster: redis {}: {}", name_, ec.message());
    ctx_->ev.data = this;
    ctx_->ev.addRead = [](void* p) {
        auto* l = static_cast<redis_link*>(p);
        l->want_read_ = true;
        l->arm_read();
    };
    ctx_->ev.delRead = [](void* p) { static_cast<redis_link*>(p)->want_read_ = false; };
    ctx_->ev.addWrite = [](void* p) {
        auto* l = static_cast<redis_link*>(p);
        l->want_write_ = true;
        l->arm_write();
    };
    ctx_->ev.delWrite = [](void* p) { static_cast<redis_link*>(p)->want_write_ = false; };
    ctx_->ev.cleanup = [](void* p) {
        // hiredis is freeing the context and will close the socket itself.
        auto* l = static_cast<redis_link*>(p);
        l->want_read_ = l->want_write_ = false;
        ++l->generation_;
        boost::system::error_code ignored;
        l->fd_.cancel(ignored);
        l->fd_.release();
    };
}

void redis_link::arm_read() {
    if (reading_ || !ctx_) return;
    reading_ = true;
    fd_.async_wait(net::posix::stream_descriptor::wait_read,
                   net::bind_executor(strand_, [self = shared_from_this(), gen = generation_](
                                                   boost::system::error_code ec) {
                       if (gen != self->generation_) return;  // a freed context's wait
                       self->reading_ = false;
                       if (ec || !self->ctx_ || !self->want_read_) return;
                       redisAsyncHandleRead(self->ctx_);  // may free the context
                       if (gen == self->generation_ && self->want_read_) self->arm_read();
                   }));
}

void redis_link::arm_write() {
    if (writing_ || !ctx_) return;
    writing_ = true;
    fd_.async_wait(net::posix::stream_descriptor::wait_write,
                   net::bind_executor(strand_, [self = shared_from_this(), gen = generation_](
                                                   boost::system::error_code ec) {
                       if (gen != self->generation_) return;
                       self->writing_ = false;
                       if (ec || !self->ctx_ || !self->want_write_) return;
                       redisAsyncHandleWrite(self->ctx_);
                       if (gen == self->generation_ && self->want_write_) self->arm_write();
                   }));
}

void redis_link::on_connect(const redisAsyncContext* c, int status) {
    auto* l = static_cast<redis_link*>(c->data);
    if (!l) return;
    if (status != REDIS_OK) {
        spdlog::warn("cluster: redis {} {}:{}: {}", l->name_, l->host_, l->port_, c->errstr);
        l->ctx_ = nullptr;  // hiredis frees it on return
        return l->lost();
    }
    l->up_ = true;
    spdlog::info("cluster: redis {} connected to {}:{}", l->name_, l->host_, l->port_);
    if (l->on_up_) l->on_up_();
}

void redis_link::on_disconnect(const redisAsyncContext* c, int status) {
    auto* l = static_cast<redis_link*>(c->data);
    if (!l) return;
    l->ctx_ = nullptr;  // hiredis frees it on return
    if (l->stopped_) {
        l->up_ = false;
        return;
    }
    spdlog::warn("cluster: redis {} lost ({}); reconnecting", l->name_,
                 status == REDIS_OK ? "closed" : c->errstr);
    l->lost();
}

void redis_link::lost() {
    const bool was_up = up_.exchange(false);
    if (stopped_) return;
    if (was_up && on_down_) on_down_();
    retry_.expires_after(std::chrono::milliseconds(500));
    retry_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
        if (!ec && !self->ctx_) self->connect();
    });
}

void redis_link::on_reply(redisAsyncContext*, void* reply, void* privdata) {
    auto* f = static_cast<reply_fn*>(privdata);
    if (*f) (*f)(static_cast<const redisReply*>(reply));
    delete f;
}

void redis_link::command(std::vector<std::string> args, reply_fn done) {
    net::post(strand_, [self = shared_from_this(), args = std::move(args),
                        done = std::move(done)]() mutable {
        if (!self->ctx_) {
            if (done) done(nullptr);
            return;
        }
        std::vector<const char*> argv;
        std::vector<size_t> lens;
        for (const auto& a : args) {
            argv.push_back(a.data());
            lens.push_back(a.size());
        }
        auto* f = new reply_fn(std::move(done));
        if (redisAsyncCommandArgv(self->ctx_, &redis_link::on_reply, f, static_cast<int>(argv.size()),
                                  argv.data(), lens.data()) != REDIS_OK) {
            if (*f) (*f)(nullptr);
            delete f;
        }
    });
}

void redis_link::subscribe(std::vector<std::string> channels, message_fn on_message) {
    net::post(strand_, [self = shared_from_this(), channels = std::move(channels),
                        on_message = std::move(on_message)]() mutable {
        self->channels_ = std::move(channels);
        self->on_message_ = std::move(on_message);
        if (self->ctx_) self->send_subscribe();
    });
}

void redis_link::send_subscribe() {
    std::vector<const char*> argv{"SUBSCRIBE"};
    std::vector<size_t> lens{9};
    for (const auto& c : channels_) {
        argv.push_back(c.data());
        lens.push_back(c.size());
    }
    redisAsyncCommandArgv(ctx_, &redis_link::on_sub_reply, this, static_cast<int>(argv.size()),
                          argv.data(), lens.data());
}

void redis_link::on_sub_reply(redisAsyncContext*, void* reply, void* privdata) {
    auto* l = static_cast<redis_link*>(privdata);
    auto* r = static_cast<const redisReply*>(reply);
    if (!r || r->type != REDIS_REPLY_ARRAY || r->elements != 3) return;
    auto* kind = r->element[0];
    if (kind->type != REDIS_REPLY_STRING) return;
    if (std::string_view(kind->str, kind->len) == "subscribe") {
        // One confirmation per channel, each with the count subscribed so far.
        if (r->element[2]->type == REDIS_REPLY_INTEGER && l->on_subscribed_ &&
            r->element[2]->integer == static_cast<long long>(l->channels_.size()))
            l->on_subscribed_();
        return;
    }
    if (std::string_view(kind->str, kind->len) != "message") return;
    if (l->on_message_)
        l->on_message_(std::string(r->element[1]->str, r->element[1]->len),
                       std::string(r->element[2]->str, r->element[2]->len));
}

}  // namespace kibitz::server::cluster
