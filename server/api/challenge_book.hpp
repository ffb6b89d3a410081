#pragma once
// The challenges made through the bot API (invites addressed to one account),
// by code, while they are open: whom each was made for, so that when its
// creator cancels it the account it was for hears `challenge.canceled`.
// An accept or a decline takes it out. Bounded: past `limit` open ones the
// oldest are forgotten (their cancel then tells nobody; the invite itself
// lives on in the lobby). Thread-safe: the API calls it from the store's
// threads and from the play layer's answers.
#include <cstddef>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "protocol/out_lobby.hpp"

namespace kibitz::server::api {

class challenge_book {
public:
    struct entry {
        std::string for_key;              // the challenged player's key (player::key)
        challenge_canceled_msg withdrawn; // what they are told on a cancel
    };

    explicit challenge_book(std::size_t limit = 10000) : limit_(limit) {}
    void add(const std::string& code, entry e);
    // The open challenge under `code`, taken out; none if not (or no longer) known.
    std::optional<entry> take(const std::string& code);
    std::size_t size() const;

private:
    mutable std::mutex mu_;
    std::size_t limit_;
    std::map<std::string, entry> open_;
    std::deque<std::string> order_;  // codes, oldest first (some perhaps taken since)
};

}  // namespace kibitz::server::api
