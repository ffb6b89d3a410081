#pragma once
// One WebSocket connection of the generator: a player, a player against the
// computer, a spectator, or an idle connection that only says hello. Runs on
// its shard's io_context (one thread, so no strand). The WebSocket layer is
// the server's own framing library (server/net/ws_frame.hpp, the client's end), not Beast's websocket::stream, which cost about
// twice the CPU per move: frames are masked straight into an output buffer, and
// every frame committed while a write is in flight leaves in the next single
// write; reads land in one flat buffer and each read takes every complete frame
// in it, a split frame waiting for the next read. Buffers are reused: no
// per-message allocation once they have grown.
#include <boost/asio/ip/tcp.hpp>
#include <boost/system/error_code.hpp>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "net/ws_frame.hpp"
#include "shard.hpp"

namespace kibitz::bench {

class load_client {
public:
    // computer_player: plays like a player, but against the server's computer
    // (computer.play), with no pair; its moves are counted apart from the players'.
    enum class role { player, computer_player, spectator, idle };
    load_client(shard& s, role r, game_pair* pair, int seat_slot);

    void start();                      // connect, handshake, hello, read loop
    void shutdown();                   // send a close frame; the read loop ends on the reply
    bool is_welcomed() const { return welcomed_; }
    void seek_offered(std::string_view id);  // partner created a seek: accept it
    void follow(std::string_view room);      // spectator: watch this room next
    void create_seek();                      // player 0 of a pair: open a seek
    void play_computer();                    // computer_player: start a game against it
    void join_tournament();  // arena mode: enter --tournament

private:
    using error_code = boost::system::error_code;
    void on_connect(error_code ec);
    bool on_handshake_bytes();  // false: the connection failed
    void handshake_failed();
    void do_read();
    void on_read(error_code ec, std::size_t n);
    bool take_frames();         // false: stop reading
    void on_close_frame(std::string_view payload);
    void queue_control(server::ws::opcode op, std::string_view payload);
    void do_write();
    void on_write(error_code ec, std::size_t n);
    void lost(const char* what, error_code ec);
    void end(const std::string& why, bool keep_socket = false);
    std::array<std::uint8_t, 4> next_mask();

    std::string& next_frame();  // the payload to fill; framed and queued by commit()
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
    bool plays() const { return role_ == role::player || role_ == role::computer_player; }

    shard& sh_;
    role role_;
    game_pair* pair_;
    int slot_;
    boost::asio::ip::tcp::socket sock_;
    std::vector<char> in_;             // unread bytes are in_[in_head_, in_tail_)
    std::size_t in_head_ = 0, in_tail_ = 0;
    std::size_t in_need_ = 0;          // bytes the frame at in_head_ needs, once known
    std::string frag_;                 // a fragmented message being reassembled
    std::string ended_room_;           // the last room whose end was counted
    std::string deferred_moves_;       // --await-ack: legal moves to pick from once acked
    bool in_fragment_ = false;
    std::string frame_;                // payload being built (next_frame)
    std::string out_;                  // bytes of the write in flight
    std::string queued_;               // frames waiting for the next write
    std::uint32_t mask_state_;         // xorshift32 for the mask keys
    bool handshaking_ = true, writing_ = false, open_ = false, welcomed_ = false, closing_ = false,
         done_ = false, close_after_write_ = false;

    std::string room_;
    std::string pending_seek_;
    int seat_ = -1;
    std::int64_t ply_ = 0;            // plies played in the current game
    bool over_ = true;
    std::uint32_t next_ack_ = 1;
    bool move_pending_ = false;
    std::int64_t pending_ply_ = 0;
    // A move's ack comes once the store has made it durable (group commit), so
    // many of our moves can await theirs: each is timed by its ack number.
    // Allocated by the first move (idle connections and spectators never need it).
    struct sent_move {
        std::uint32_t ack = 0;
        clock_type::time_point at;
    };
    std::vector<sent_move> sent_;
};

}  // namespace kibitz::bench
