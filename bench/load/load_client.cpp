#include "load_client.hpp"

#include <atomic>

#include <boost/asio/write.hpp>
#include <cstring>

#include "net/ws_frame.hpp"

namespace kibitz::bench {

namespace net = boost::asio;
namespace ws = server::ws;
using tcp = net::ip::tcp;

namespace {

constexpr std::size_t max_message = 1 << 22;   // room.state with a full board can be large
constexpr std::size_t max_response = 8192;     // the server's 101 response headers
constexpr std::size_t initial_in = 4096;       // 10,000 idle connections: keep it small
constexpr std::size_t min_read = 1024;         // never read into less room than this

}  // namespace

load_client::load_client(shard& s, role r, game_pair* pair, int seat_slot)
    : sh_(s), role_(r), pair_(pair), slot_(seat_slot), sock_(s.ioc),
      mask_state_(static_cast<std::uint32_t>(s.rand() >> 32) | 1) {}

std::array<std::uint8_t, 4> load_client::next_mask() {  // xorshift32: the key only has to vary (RFC 6455 §5.3)
    mask_state_ ^= mask_state_ << 13;
    mask_state_ ^= mask_state_ >> 17;
    mask_state_ ^= mask_state_ << 5;
    std::array<std::uint8_t, 4> key;
    std::memcpy(key.data(), &mask_state_, 4);
    return key;
}

void load_client::start() {
    // --source-addresses N: connections spread over 127.0.0.2 .. 127.0.0.(N+1),
    // each its own ephemeral-port range (about 28,000 per source address).
    if (int n = sh_.opt.source_addresses; n > 0) {
        static std::atomic<std::uint32_t> next{0};
        const auto k = next.fetch_add(1, std::memory_order_relaxed) % static_cast<std::uint32_t>(n);
        error_code ec;
        sock_.open(tcp::v4(), ec);
        if (!ec) sock_.bind(tcp::endpoint(boost::asio::ip::address_v4(0x7F000002u + k), 0), ec);
        if (ec) return handshake_failed();
    }
    // --spectator-port: spectators on another node (a cluster's relayed path).
    auto ep = sh_.endpoint;
    if (role_ == role::spectator && sh_.opt.spectator_port != 0) ep.port(sh_.opt.spectator_port);
    sock_.async_connect(ep, [this](error_code ec) { on_connect(ec); });
}

void load_client::on_connect(error_code ec) {
    if (ec) return handshake_failed();
    // Latency is what is measured: never let Nagle hold a small frame back.
    sock_.set_option(tcp::no_delay(true), ec);
    // The opening handshake (RFC 6455 §4.1). No permessage-deflate offered: it
    // costs the server CPU and the protocol does not need it.
    std::array<std::uint8_t, 16> key;
    for (int i = 0; i < 16; i += 8) {
        std::uint64_t r = sh_.rand();
        std::memcpy(key.data() + i, &r, 8);
    }
    out_ = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(sh_.endpoint.port()) +
           "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: " + ws::client_key(key) +
           "\r\nSec-WebSocket-Version: 13\r\n\r\n";
    writing_ = true;
    net::async_write(sock_, net::buffer(out_), [this](error_code e, std::size_t n) { on_write(e, n); });
    in_.resize(initial_in);
    do_read();
}

void load_client::handshake_failed() {
    if (done_) return;
    ++sh_.stats.connect_failures;
    ++sh_.failed;
    done_ = true;
    error_code ignored;
    sock_.close(ignored);
    sh_.connection_done();
}

// Called after each read while handshaking: waits for the end of the response
// headers, requires 101, and leaves whatever follows them as frames.
bool load_client::on_handshake_bytes() {
    std::string_view got(in_.data(), in_tail_);
    auto end = got.find("\r\n\r\n");
    if (end == std::string_view::npos) {
        if (in_tail_ >= max_response) return handshake_failed(), false;
        return true;
    }
    auto status = got.substr(0, got.find("\r\n"));
    if (status.size() < 12 || status.substr(0, 5) != "HTTP/" || status.substr(9, 3) != "101")
        return handshake_failed(), false;
    handshaking_ = false;
    in_head_ = end + 4;
    open_ = true;
    ++sh_.open;
    next_frame() = R"({"t":"hello"})";
    commit();
    return true;
}

void load_client::do_read() {
    // Room for the frame being waited for (or at least min_read bytes): move the
    // unread bytes to the front first, grow only when that is not enough.
    std::size_t unread = in_tail_ - in_head_;
    std::size_t want = std::max(in_need_, unread + min_read);
    if (in_.size() - in_head_ < want || in_.size() - in_tail_ < min_read) {
        if (in_head_ > 0) {
            std::memmove(in_.data(), in_.data() + in_head_, unread);
            in_head_ = 0;
            in_tail_ = unread;
        }
        if (in_.size() < want) in_.resize(std::max(want, in_.size() * 2));
    }
    sock_.async_read_some(net::buffer(in_.data() + in_tail_, in_.size() - in_tail_),
                          [this](error_code ec, std::size_t n) { on_read(ec, n); });
}

void load_client::on_read(error_code ec, std::size_t n) {
    if (done_) return;
    if (ec) {
        if (handshaking_) return handshake_failed();
        return lost("read", ec);
    }
    in_tail_ += n;
    if (handshaking_ && !on_handshake_bytes()) return;
    if (!handshaking_ && !take_frames()) return;
    if (in_head_ == in_tail_) in_head_ = in_tail_ = 0;
    do_read();
}

// Every complete frame in the buffer, in order; a partial one stays for the next read.
bool load_client::take_frames() {
    for (;;) {
        const std::size_t avail = in_tail_ - in_head_;
        ws::parsed_header f;
        auto r = ws::parse_header(reinterpret_cast<const std::uint8_t*>(in_.data() + in_head_), avail,
                                  max_message, f, ws::sender::server);
        if (r == ws::parse_result::protocol_error || r == ws::parse_result::too_big) {
            end("protocol error from the server");
            return false;
        }
        if (r == ws::parse_result::need_more || !ws::frame_complete(f, avail)) {
            in_need_ = r == ws::parse_result::ok ? f.header_size + f.payload_size : 0;
            return true;
        }
        in_need_ = 0;
        std::string_view payload(in_.data() + in_head_ + f.header_size, f.payload_size);
        in_head_ += f.header_size + f.payload_size;
        switch (f.op) {
        case ws::opcode::text:
        case ws::opcode::binary:
            if (in_fragment_) return end("protocol error: new message inside a fragmented one"), false;
            if (!f.fin) {
                frag_.assign(payload);
                in_fragment_ = true;
                break;
            }
            ++sh_.stats.frames_in;
            sh_.stats.bytes_in += payload.size();
            on_message(payload);
            break;
        case ws::opcode::continuation:
            if (!in_fragment_) return end("protocol error: continuation without a message"), false;
            if (frag_.size() + payload.size() > max_message) return end("message too big"), false;
            frag_.append(payload);
            if (f.fin) {
                in_fragment_ = false;
                ++sh_.stats.frames_in;
                sh_.stats.bytes_in += frag_.size();
                on_message(frag_);
            }
            break;
        case ws::opcode::ping:
            queue_control(ws::opcode::pong, payload);
            break;
        case ws::opcode::pong:
            break;
        case ws::opcode::close:
            on_close_frame(payload);
            return false;
        }
        if (done_) return false;
    }
}

void load_client::on_close_frame(std::string_view payload) {
    if (closing_) {  // the answer to our close: done
        end("");
        return;
    }
    // The server closed first: answer it (RFC 6455 §5.5.1), echoing its code,
    // and close the socket once that has been written.
    std::string why = "server closed";
    if (payload.size() >= 2) {
        unsigned code = (static_cast<unsigned char>(payload[0]) << 8) | static_cast<unsigned char>(payload[1]);
        why += " " + std::to_string(code) + " " + std::string(payload.substr(2));
        payload = payload.substr(0, 2);
    } else {
        why += " 1005 ";  // no status code received (what Beast reported too)
        payload = {};
    }
    queued_.clear();
    ws::append_client_frame(queued_, ws::opcode::close, payload, next_mask());
    close_after_write_ = true;
    if (!writing_) do_write();
    end(why, true);
}

void load_client::queue_control(ws::opcode op, std::string_view payload) {
    if (closing_) return;  // after our close frame nothing more may be sent
    ws::append_client_frame(queued_, op, payload, next_mask());
    if (!writing_ && open_) do_write();
}

std::string& load_client::next_frame() {
    frame_.clear();  // keeps its capacity
    return frame_;
}

void load_client::commit() {
    if (closing_ || done_) return;
    ws::append_client_frame(queued_, ws::opcode::text, frame_, next_mask());
    ++sh_.stats.frames_out;
    if (!writing_ && open_) do_write();
}

void load_client::do_write() {
    // Everything queued leaves in one write; the buffers swap, keeping both capacities.
    out_.swap(queued_);
    queued_.clear();
    writing_ = true;
    net::async_write(sock_, net::buffer(out_), [this](error_code e, std::size_t n) { on_write(e, n); });
}

void load_client::on_write(error_code ec, std::size_t) {
    writing_ = false;
    out_.clear();
    if (ec) {
        if (handshaking_) return handshake_failed();
        lost("write", ec);
        error_code ignored;
        sock_.close(ignored);  // also when the read side had already ended
        return;
    }
    // After the server's close only our answer is queued; close once it is out.
    if (!queued_.empty() && (open_ || closing_ || close_after_write_)) return do_write();
    if (close_after_write_) {
        error_code ignored;
        sock_.close(ignored);
    }
}

void load_client::shutdown() {
    if (done_ || !open_ || closing_) return;
    closing_ = true;
    // Frames not yet written are dropped; the close frame goes after the write in
    // flight, and the read loop ends on the server's answer.
    queued_.clear();
    static constexpr char normal[2] = {0x03, static_cast<char>(0xe8)};  // 1000
    ws::append_client_frame(queued_, ws::opcode::close, std::string_view(normal, 2), next_mask());
    if (!writing_) do_write();
}

void load_client::lost(const char* what, error_code ec) {
    if (done_) return;
    end(closing_ ? std::string() : std::string(what) + ": " + ec.message());
}

void load_client::end(const std::string& why, bool keep_socket) {
    if (done_) return;
    done_ = true;
    if (!closing_) {
        ++sh_.stats.closed_early;
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
    if (!keep_socket) {
        error_code ignored;
        sock_.close(ignored);
    }
}

}  // namespace kibitz::bench
