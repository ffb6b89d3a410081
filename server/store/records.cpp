#include "store/records.hpp"

namespace kibitz::server::storage {

const char* to_string(game_status s) {
    switch (s) {
    case game_status::playing:
        return "playing";
    case game_status::finished:
        return "finished";
    case game_status::aborted:
        return "aborted";
    }
    return "playing";
}

game_status parse_status(std::string_view s) {
    if (s == "finished") return game_status::finished;
    if (s == "aborted") return game_status::aborted;
    return game_status::playing;
}

}  // namespace kibitz::server::storage
