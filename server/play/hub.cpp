#include "play/hub.hpp"

#include "play/lobby/lobby.hpp"
#include "play/room/review.hpp"

namespace kibitz::server {

namespace {
play_deps with_defaults(play_deps d, boost::asio::io_context& ioc, const play_config& cfg) {
    if (!d.deadlines)
        d.deadlines =
            std::make_shared<correspondence_deadlines>(ioc, cfg.clock, cfg.deadline_recheck);
    if (!d.recorder) d.recorder = std::make_shared<game_recorder>();
    if (!d.ratings) d.ratings = std::make_shared<rating_cache>();
    if (!d.blocks) d.blocks = std::make_shared<relation::block_list>();
    return d;
}
}  // namespace

hub::hub(boost::asio::io_context& ioc, play_config cfg, metrics& m, live_games& live,
         play_deps deps)
    : cfg_(cfg),
      metrics_(m),
      live_(live),
      deps_(with_defaults(std::move(deps), ioc, cfg)),
      single_node_(m),
      guests_(cfg_, deps_.cluster_limits, deps_.cluster_guests),
      rooms_(*this, deps_.cluster_rooms ? *deps_.cluster_rooms : single_node_, ioc),
      reviewer_(std::make_shared<reviewer>(*this)),
      lobby_(std::make_shared<lobby>(*this, ioc, live_)) {}

hub::~hub() = default;

void hub::start() { lobby_->start(); }

void hub::stop() {
    stopping_ = true;
    lobby_->stop();
    rooms_.stop_all();
    deps_.deadlines->stop();
}

}  // namespace kibitz::server
