#include "load_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/beast/core/bind_handler.hpp>

namespace kibitz::bench {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

load_client::load_client(shard& s, role r, game_pair* pair, int seat_slot)
    : sh_(s), role_(r), pair_(pair), slot_(seat_slot), ws_(s.ioc), ring_(4) {}

void load_client::start() {
    ws_.next_layer().async_connect(sh_.endpoint, beast::bind_front_handler(&load_client::on_connect, this));
}

void load_client::on_connect(beast::error_code ec) {
    if (ec) {
        ++sh_.stats.connect_failures;
        ++sh_.failed;
        done_ = true;
        return sh_.connection_done();
    }
    // Latency is what is measured: never let Nagle hold a small frame back.
    ws_.next_layer().set_option(tcp::no_delay(true), ec);
    ws_.read_message_max(1 << 22);  // room.state with a full board can be large
    // No permessage-deflate: it costs the server CPU and the protocol does not need it.
    ws_.async_handshake("127.0.0.1", "/ws", beast::bind_front_handler(&load_client::on_handshake, this));
}

void load_client::on_handshake(beast::error_code ec) {
    if (ec) {
        ++sh_.stats.connect_failures;
        ++sh_.failed;
        done_ = true;
        return sh_.connection_done();
    }
    open_ = true;
    ++sh_.open;
    ws_.text(true);
    next_frame() = R"({"t":"hello"})";
    commit();
    do_read();
}

void load_client::do_read() {
    ws_.async_read(in_, beast::bind_front_handler(&load_client::on_read, this));
}

void load_client::on_read(beast::error_code ec, std::size_t n) {
    if (ec) return lost("read", ec);
    ++sh_.stats.frames_in;
    sh_.stats.bytes_in += n;
    auto d = in_.cdata();
    on_message(std::string_view(static_cast<const char*>(d.data()), d.size()));
    in_.consume(in_.size());
    do_read();
}

std::string& load_client::next_frame() {
    if (count_ == ring_.size()) {
        // Rare: grow the ring, keeping queued frames in order.
        std::vector<std::string> bigger(ring_.size() * 2);
        for (std::size_t i = 0; i < count_; ++i) bigger[i] = std::move(ring_[(head_ + i) % ring_.size()]);
        ring_ = std::move(bigger);
        head_ = 0;
    }
    auto& s = ring_[(head_ + count_) % ring_.size()];
    s.clear();  // keeps its capacity
    return s;
}

void load_client::commit() {
    ++count_;
    ++sh_.stats.frames_out;
    if (!writing_ && open_) do_write();
}

void load_client::do_write() {
    writing_ = true;
    ws_.async_write(net::buffer(ring_[head_]), beast::bind_front_handler(&load_client::on_write, this));
}

void load_client::on_write(beast::error_code ec, std::size_t) {
    writing_ = false;
    if (ec) return lost("write", ec);
    head_ = (head_ + 1) % ring_.size();
    --count_;
    if (count_ > 0 && !closing_) do_write();
    else if (closing_ && count_ == 0) shutdown();
}

void load_client::shutdown() {
    if (done_ || !open_) return;
    closing_ = true;
    if (writing_) return;  // on_write comes back here: Beast allows one write at a time
    count_ = 0;
    ws_.async_close(websocket::close_code::normal, [this](beast::error_code) {
        // The pending read completes with `closed` when the server answers.
    });
}

void load_client::lost(const char* what, beast::error_code ec) {
    if (done_) return;
    done_ = true;
    if (!closing_) {
        ++sh_.stats.closed_early;
        std::string why = std::string(what) + ": " + ec.message();
        if (ec == websocket::error::closed) {
            auto r = ws_.reason();
            why = "server closed " + std::to_string(r.code) + " " + std::string(r.reason.c_str());
        }
        ++sh_.stats.close_reasons[why];
    }
    if (open_) {
        open_ = false;
        sh_.closed_one();
    }
    if (!welcomed_) {
        ++sh_.failed;
        sh_.connection_done();
    }
}

}  // namespace kibitz::bench
