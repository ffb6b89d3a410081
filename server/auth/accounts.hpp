#pragma once
// Accounts, guests and sessions on top of a `store`: the one place where
// passwords are checked and tokens issued.
//
// Owns: a blocking_pool for argon2id (never on an I/O thread) and the log-in
// rate limits (shared_limits.hpp: the cluster's too, with --cluster). Handlers
// run on a store thread, a pool thread or (in a cluster) the Redis link's
// strand; post back to your strand. Every operation calls its handler exactly once. The destructor
// waits for operations in flight, so destroy this before the store.
//
// Tokens: register/login return a fresh raw token (only its hash is
// stored). A guest who registers passing their guest token keeps their player
// row, hence their games; their old token then resolves to the account.
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>

#include "auth/blocking_pool.hpp"
#include "auth/password.hpp"
#include "auth/shared_limits.hpp"
#include "domain/wall_clock.hpp"
#include "store/store.hpp"

namespace kibitz::server::auth {

// The storage types this service speaks (kibitz::server::player is the play
// layer's own type; these are the stored ones).
using storage::account_login;
using storage::handler;
using storage::player;
using storage::player_id;
using storage::store;

struct accounts_options {
    hash_cost cost = hash_cost::interactive();
    int hash_threads = 1;
    // Wrong passwords: 5 for one name from one address lock that pair only,
    // so a stranger's guesses do not lock the owner out (review F9); 20 from
    // one address, whatever the names.
    rate_limit per_username_and_address{5, 15 * 60 * 1000};
    rate_limit per_address{20, 15 * 60 * 1000};
    // Every log-in, right or wrong, costs an argon2 hash: budgeted too, so a
    // few accounts logging in with their own passwords in a loop cannot
    // starve everyone's log-in (review F4). Per name from every address
    // together, this also caps a guesser spread over many addresses.
    rate_limit logins_per_username{20, 15 * 60 * 1000};
    rate_limit logins_per_address{60, 15 * 60 * 1000};
    // Sign-ups cost an argon2id hash each: at most 5 attempts per address an hour.
    rate_limit registrations_per_address{5, 60 * 60 * 1000};
    // Challenges: per challenger, per challenger and challenged, and received.
    rate_limit challenges_made{20, 10 * 60 * 1000};
    rate_limit challenges_to_one{10, 60 * 60 * 1000};
    rate_limit challenges_received{60, 10 * 60 * 1000};
    // Hash jobs waiting beyond this are refused ("busy") instead of queued:
    // a flood of log-ins must not grow memory or delay everyone for minutes.
    std::size_t max_queued_hashes = 64;
    wall_clock clock;  // the app's (server_config::clock); tests pass a manual one
};

struct session {
    std::string token;  // raw; give it to the client, never log it
    player who;
};

class accounts {
public:
    explicit accounts(store& s, accounts_options o = {});
    ~accounts();
    accounts(const accounts&) = delete;
    accounts& operator=(const accounts&) = delete;

    // Stores a guest that so far lived in memory only (play/session/guest_book.hpp):
    // a player row named `name` and a session for `token`, which it already
    // holds. Handlers get that same token back.
    void store_guest(std::string name, std::string token, handler<session> h);
    void register_account(std::string username, std::string password, std::string address,
                          std::optional<std::string> guest_token, handler<session> h);
    // Fails with the same reason for an unknown name and a wrong password.
    void login(std::string username, std::string password, std::string address,
               handler<session> h);
    // Ends the session; then (before `h`) tells the listener set with
    // on_session_ended, so live connections of the token are closed too.
    void logout(std::string token, handler<bool> h);
    // Set once, before any operation (app). Runs on a store thread.
    void on_session_ended(std::function<void(const std::string& token)> f) {
        session_ended_ = std::move(f);
    }
    void resolve(std::string token, handler<std::optional<player>> h);
    // Cluster mode (app, before any operation): the log-in and sign-up limits
    // are the cluster's, not this node's alone. Outlives this.
    void share_limits(shared_limits* s) { limiter_.share(s); }

    // Spends one challenge of account `from` to the account named `to`
    // (security review F5): `done(0)` when it may be made, else the ms until
    // it may. Every door that challenges an account spends here, so a flood
    // cannot bury the challenged player's bell or drop their game tab.
    void spend_challenge(player_id from, std::string_view to,
                         std::function<void(std::int64_t)> done);

private:
    template <class T>
    handler<T> track(handler<T> h);
    std::int64_t now() const;
    void issue_session(player who, handler<session> h);
    // After the rate limits allowed the attempt.
    void checked_register(std::string username, std::string password,
                          std::optional<std::string> guest_token, handler<session> h);
    // The limiter's keys a log-in counts a failure under.
    struct failure_keys {
        std::string user_at_address, address;
        std::string every_user, every_address;  // every log-in, never forgiven
    };
    void checked_login(std::string username, std::string password, failure_keys keys,
                       handler<session> h);
    void finish_register(std::string username, std::string password,
                         std::optional<player_id> guest, handler<session> h);

    store& store_;
    accounts_options options_;
    limiter limiter_;
    std::function<void(const std::string&)> session_ended_;
    std::mutex mutex_;
    std::condition_variable idle_;
    int in_flight_ = 0;
    blocking_pool pool_;  // last: destroyed first, after in-flight work is done
};

}  // namespace kibitz::server::auth
