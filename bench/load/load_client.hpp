#pragma once
// One WebSocket connection of the generator: a player, a spectator, or an idle
// connection that only says hello. Runs on its shard's io_context (one thread,
// so no strand). One write in flight at a time, queued frames in a small ring
// of reused strings; reads reuse one flat_buffer: no per-message allocation
// once the buffers have grown.
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "shard.hpp"

namespace kibitz::bench {

class load_client {
public:
    enum class role { player, spectator, idle };
    load_client(shard& s, role r, game_pair* pair, int seat_slot);

    void start();                      // connect, handshake, hello, read loop
    void shutdown();                   // send a close frame; the read loop ends on the reply
    bool is_welcomed() const { return welcomed_; }
    void seek_offered(std::string_view id);  // partner created a seek: accept it
    void follow(std::string_view room);      // spectator: watch this room next
    void create_seek();                      // player 0 of a pair: open a seek

private:
    void on_connect(boost::beast::error_code ec);
    void on_handshake(boost::beast::error_code ec);
    void do_read();
    void on_read(boost::beast::error_code ec, std::size_t n);
    void do_write();
    void on_write(boost::beast::error_code ec, std::size_t n);
    void lost(const char* what, boost::beast::error_code ec);

    std::string& next_frame();  // a ring slot to fill; queued by commit()
    void commit();

    // protocol (client_play.cpp)
    void on_message(std::string_view text);
    void on_welcome();
    void on_found(std::string_view d);
    void on_state(std::string_view d);
    void on_move_event(std::string_view d);
    void on_ack(std::string_view d);
    void on_end(std::string_view d);
    void on_error(std::string_view d);
    void play_from(std::string_view moves);
    void send_room_cmd(std::string_view type, std::string_view room);

    shard& sh_;
    role role_;
    game_pair* pair_;
    int slot_;
    boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws_;
    boost::beast::flat_buffer in_;
    std::vector<std::string> ring_;
    std::size_t head_ = 0, count_ = 0;
    bool writing_ = false, open_ = false, welcomed_ = false, closing_ = false, done_ = false;

    std::string room_;
    std::string pending_seek_;
    int seat_ = -1;
    std::int64_t ply_ = 0;            // plies played in the current game
    bool over_ = true;
    std::uint32_t next_ack_ = 1;
    bool move_pending_ = false;
    std::int64_t pending_ply_ = 0;
    clock_type::time_point move_sent_at_;
};

}  // namespace kibitz::bench
