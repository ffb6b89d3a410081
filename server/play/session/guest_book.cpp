#include "play/session/guest_book.hpp"

#include "auth/token.hpp"
#include "auth/username.hpp"
#include "play/ids.hpp"

namespace kibitz::server {

player_ptr guest_book::make() {
    auto p = std::make_shared<player>();
    p->token = auth::new_token();
    // Never all digits, so never the same as a stored guest's "g-<row>".
    p->id = "g-" + random_string(1, "abcdef") + random_string(7, hex_digits);
    p->name = auth::guest_name();
    auto t = now();
    std::lock_guard lock(mu_);
    sweep(t);
    by_token_[p->token] = entry{p, 0, t};  // idle until its connection says opened()
    idle_.emplace_back(t, p->token);
    ++idle_count_;
    return p;
}

player_ptr guest_book::add(player_ptr guest) {
    auto t = now();
    std::lock_guard lock(mu_);
    sweep(t);
    auto [it, added] = by_token_.try_emplace(guest->token, entry{guest, 0, t});
    if (added) {
        idle_.emplace_back(t, guest->token);
        ++idle_count_;
    }
    return it->second.who;
}

player_ptr guest_book::find(const std::string& token) const {
    std::lock_guard lock(mu_);
    auto it = by_token_.find(token);
    return it == by_token_.end() ? nullptr : it->second.who;
}

bool guest_book::opened(const std::string& token) {
    std::lock_guard lock(mu_);
    auto it = by_token_.find(token);
    if (it == by_token_.end()) return false;
    if (it->second.connections++ == 0) --idle_count_;
    return true;
}

void guest_book::closed(const std::string& token) {
    auto t = now();
    std::lock_guard lock(mu_);
    auto it = by_token_.find(token);
    if (it != by_token_.end() && it->second.connections > 0 && --it->second.connections == 0) {
        it->second.idle_since = t;
        idle_.emplace_back(t, token);
        ++idle_count_;
    }
    sweep(t);
}

void guest_book::forget(const std::string& token) {
    std::lock_guard lock(mu_);
    auto it = by_token_.find(token);
    if (it == by_token_.end()) return;
    if (it->second.connections == 0) --idle_count_;
    by_token_.erase(it);
}

void guest_book::sweep(clock::time_point now) {
    // A token that keeps coming back leaves one stale item per visit: rebuild
    // the queue from the live items before the stale ones could pile up.
    if (idle_.size() > 2 * idle_count_ + 1024) {
        std::deque<std::pair<clock::time_point, std::string>> live;
        for (auto& item : idle_) {
            auto it = by_token_.find(item.second);
            if (it != by_token_.end() && it->second.connections == 0 &&
                it->second.idle_since == item.first)
                live.push_back(std::move(item));
        }
        idle_ = std::move(live);
    }
    while (!idle_.empty()) {
        auto& [since, token] = idle_.front();
        if (now - since < limits_.idle_ttl && idle_count_ <= limits_.max_idle) break;
        auto it = by_token_.find(token);
        if (it != by_token_.end() && it->second.connections == 0 &&
            it->second.idle_since == since) {
            by_token_.erase(it);
            --idle_count_;
        }
        idle_.pop_front();
    }
}

void guest_book::keep(const player_ptr& guest, const storer& store, stored_handler done) {
    {
        std::unique_lock lock(mu_);
        auto it = by_token_.find(guest->token);
        if (it != by_token_.end() && it->second.who->row) {
            auto who = it->second.who;
            lock.unlock();
            return done(std::move(who));
        }
        auto& waiting = storing_[guest->token];
        waiting.push_back(std::move(done));
        if (waiting.size() > 1) return;  // a store is under way: its answer is ours
    }
    store([this, token = guest->token](core::result<player_ptr> r) {
        std::vector<stored_handler> waiting;
        {
            std::lock_guard lock(mu_);
            if (auto it = by_token_.find(token); r && it != by_token_.end())
                it->second.who = r.value();
            if (auto s = storing_.find(token); s != storing_.end()) {
                waiting = std::move(s->second);
                storing_.erase(s);
            }
        }
        for (auto& w : waiting) w(r);
    });
}

std::size_t guest_book::size() const {
    std::lock_guard lock(mu_);
    return by_token_.size();
}

}  // namespace kibitz::server
