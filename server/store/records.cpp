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

}  // namespace kibitz::server::storage
