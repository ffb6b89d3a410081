#include "auth/accounts.hpp"

#include <chrono>

#include "auth/token.hpp"
#include "auth/username.hpp"

namespace kibitz::server::auth {

accounts::accounts(store& s, accounts_options o)
    : store_(s), options_(std::move(o)), pool_(options_.hash_threads) {
    init_sodium();
}

accounts::~accounts() {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [&] { return in_flight_ == 0; });
}

// Wraps a caller's handler so the destructor can wait for it to have run.
template <class T>
handler<T> accounts::track(handler<T> h) {
    {
        std::lock_guard lock(mutex_);
        ++in_flight_;
    }
    return [this, h = std::move(h)](core::result<T> r) {
        if (h) h(std::move(r));
        std::lock_guard lock(mutex_);
        if (--in_flight_ == 0) idle_.notify_all();
    };
}

std::int64_t accounts::now() const { return options_.clock.now_ms(); }

void accounts::issue_session(player who, handler<session> h) {
    std::string token = new_token();
    store_.create_session(token_hash(token), who.id, now(),
                          [h = std::move(h), token, who](core::result<bool> r) {
                              if (!r) h(core::error{r.reason()});
                              else h(session{token, who});
                          });
}

void accounts::store_guest(std::string name, std::string token, handler<session> h) {
    h = track(std::move(h));
    store_.create_guest(std::move(name), now(),
                        [this, token = std::move(token), h](core::result<player> p) {
                            if (!p) return h(core::error{p.reason()});
                            auto who = p.value();
                            store_.create_session(token_hash(token), who.id, now(),
                                                  [h, token, who](core::result<bool> r) {
                                                      if (!r) h(core::error{r.reason()});
                                                      else h(session{token, who});
                                                  });
                        });
}

void accounts::register_account(std::string username, std::string password, std::string address,
                                std::optional<std::string> guest_token, handler<session> h) {
    h = track(std::move(h));
    // Every attempt counts, valid or not.
    limiter_.attempt(
        {{"reg:" + address, options_.registrations_per_address}}, now(),
        [this, username = std::move(username), password = std::move(password),
         guest_token = std::move(guest_token), h](std::int64_t wait) mutable {
            if (wait > 0)
                return h(core::error{"too many sign-ups from this address; try again in " +
                                     std::to_string((wait + 999) / 1000) + " s"});
            checked_register(std::move(username), std::move(password), std::move(guest_token), h);
        });
}

void accounts::checked_register(std::string username, std::string password,
                                std::optional<std::string> guest_token, handler<session> h) {
    auto name = validate_username(username);
    if (!name) return h(core::error{name.reason()});
    auto pw = validate_password(password);
    if (!pw) return h(core::error{pw.reason()});
    if (!guest_token) return finish_register(std::move(username), std::move(password), {}, h);
    // A stale or unknown guest token just means a fresh account; a token that
    // already belongs to an account is refused (that is a log-in, not a guest).
    store_.find_session(token_hash(*guest_token), now(),
                        [this, username, password, h](core::result<std::optional<player>> who) {
                            std::optional<player_id> guest;
                            if (who && who.value()) {
                                if (!who.value()->guest())
                                    return h(core::error{"you are already logged in to an account"});
                                guest = who.value()->id;
                            }
                            finish_register(username, password, guest, h);
                        });
}

void accounts::finish_register(std::string username, std::string password,
                               std::optional<player_id> guest, handler<session> h) {
    if (pool_.queued() >= options_.max_queued_hashes)
        return h(core::error{"the server is busy; try again in a moment"});
    pool_.post([this, username = std::move(username), password = std::move(password), guest, h] {
        auto hash = hash_password(password, options_.cost);
        if (!hash) return h(core::error{hash.reason()});
        store_.create_account(username, hash.value(), guest, now(),
                              [this, h](core::result<player> p) {
                                  if (!p) return h(core::error{p.reason()});
                                  issue_session(p.value(), h);
                              });
    });
}

void accounts::login(std::string username, std::string password, std::string address,
                     handler<session> h) {
    h = track(std::move(h));
    // No account has such a name or password: refused before anything is
    // counted, so junk cannot fill the limiter's table (review F3).
    if (username.size() > 64 || password.size() > 256)
        return h(core::error{"wrong username or password"});
    const auto folded = fold_username(username);
    failure_keys keys{"user:" + folded + "@" + address, "ip:" + address, "login:" + folded,
                      "login-ip:" + address};
    // Counted as failed up front; success forgives it below. Checking first
    // and counting later would let many parallel guesses all pass the check.
    limiter_.attempt({{keys.user_at_address, options_.per_username_and_address},
                      {keys.address, options_.per_address},
                      {keys.every_user, options_.logins_per_username},
                      {keys.every_address, options_.logins_per_address}},
                     now(),
                     [this, username = std::move(username), password = std::move(password), keys,
                      h](std::int64_t wait) mutable {
                         if (wait > 0)
                             return h(core::error{"too many failed log-in attempts; try again in " +
                                                  std::to_string((wait + 999) / 1000) + " s"});
                         checked_login(std::move(username), std::move(password), keys, h);
                     });
}

void accounts::checked_login(std::string username, std::string password, failure_keys keys,
                             handler<session> h) {
    if (pool_.queued() >= options_.max_queued_hashes) {
        limiter_.forgive_one(keys.user_at_address);
        limiter_.forgive_one(keys.address);
        limiter_.forgive_one(keys.every_user);
        limiter_.forgive_one(keys.every_address);
        return h(core::error{"the server is busy; try again in a moment"});
    }
    store_.find_login(username, [this, password, keys,
                                 h](core::result<std::optional<account_login>> found) {
        if (!found) return h(core::error{found.reason()});
        pool_.post([this, password, keys, h, found = std::move(found.value())] {
            // Hash even for an unknown name, so timing does not reveal which names exist.
            static const std::string dummy = [&] {
                auto d = hash_password("not a password", options_.cost);
                return d ? d.value() : std::string();
            }();
            bool ok = verify_password(found ? found->password_hash : dummy, password) && found;
            if (!ok) return h(core::error{"wrong username or password"});  // already counted
            limiter_.clear(keys.user_at_address);
            limiter_.forgive_one(keys.address);
            issue_session(found->who, h);
        });
    });
}

void accounts::spend_challenge(player_id from, std::string_view to,
                               std::function<void(std::int64_t)> done) {
    const auto by = "challenge:" + std::to_string(from), them = "challenged:" + fold_username(to);
    limiter_.attempt({{by, options_.challenges_made},
                      {by + ">" + fold_username(to), options_.challenges_to_one},
                      {them, options_.challenges_received}},
                     now(), std::move(done));
}

void accounts::logout(std::string token, handler<bool> h) {
    h = track(std::move(h));
    store_.delete_session(token_hash(token), [this, token, h](core::result<bool> r) {
        if (r && session_ended_) session_ended_(token);
        h(std::move(r));
    });
}

void accounts::resolve(std::string token, handler<std::optional<player>> h) {
    store_.find_session(token_hash(token), now(), track(std::move(h)));
}

}  // namespace kibitz::server::auth
