#pragma once
// tournament_service (tournament_service.hpp) in a cluster (docs/cluster.md,
// "Tournaments"): the node that leads the lobby runs every event; the others
// keep none. Taking the lead loads the unfinished events from the store, as
// a restart does (results of games that ended meanwhile are applied from
// the stored games), once the store's fence names this node; losing it
// forgets them. What arrives while the events
// load waits for them. Included by tournament_service_impl.hpp only.
#include <spdlog/spdlog.h>

#include "play/hub.hpp"
#include "tournament/tournament_service.hpp"

namespace kibitz::server::tournament {

template <class Event>
void tournament_service<Event>::lead(bool on, std::chrono::steady_clock::time_point until) {
    on_strand([this, on, until] {
        lead_until_ = until;
        if (on == leading_) return;
        if (on) return take_lead();
        drop_lead();
    });
}

template <class Event>
void tournament_service<Event>::take_lead() {
    leading_ = loading_ = true;
    const int epoch = ++lead_epoch_;
    spdlog::info("{}: this node runs the events now", log_);
    // The store's fence first (PostgreSQL): from the claim on, a node that
    // led before and stalled past its lease can write no pairing or result,
    // and the events read after it hold every one it committed.
    store_.claim_tournaments(
        [self = this->shared_from_this(), epoch](core::result<std::int64_t> c) {
            self->on_strand([self, epoch, c = std::move(c)] {
                if (epoch != self->lead_epoch_ || !self->leading_) return;
                if (!c) {  // tried again at the next word from the lease
                    spdlog::warn("{}: claiming the lead in the store: {}", self->log_, c.reason());
                    self->leading_ = self->loading_ = false;
                    return;
                }
                self->load_events(epoch);
            });
        });
}

template <class Event>
void tournament_service<Event>::load_events(int epoch) {
    store_.unfinished_tournaments([self = this->shared_from_this(),
                                   epoch](core::result<std::vector<storage::tournament_record>> r) {
        self->on_strand([self, epoch, r = std::move(r)]() mutable {
            if (epoch != self->lead_epoch_ || !self->leading_) return;
            if (!r) {  // tried again at the next word from the lease
                spdlog::warn("{}: loading the events: {}", self->log_, r.reason());
                self->leading_ = self->loading_ = false;
                return;
            }
            self->restore_all(r.value());
            self->loading_ = false;
                // Pairs from a lease on: every node tells it its players' pages first.
            self->quiet_until_ = self->lead_until_;
            auto held = std::move(self->held_);
            self->held_.clear();
            for (auto& f : held) f();
            self->arm();
        });
    });
}

template <class Event>
void tournament_service<Event>::drop_lead() {
    spdlog::info("{}: another node runs the events now", log_);
    leading_ = loading_ = false;
    ++lead_epoch_;
    timer_.cancel();
    held_.clear();
    events_.clear();
    rooms_.clear();
    conns_.clear();
    told_.clear();
    chats_.clear();
}

template <class Event>
bool tournament_service<Event>::held(std::function<void()> f) {
    if (!loading_) return false;
    held_.push_back(std::move(f));
    return true;
}

template <class Event>
void tournament_service<Event>::adopt(storage::tournament_row row) {
    if (!leading_) {  // the node that leads serves it from the store
        if (auto* desk = hub_->deps().tournaments) desk->load(row.public_id);
        return;
    }
    if (held([this, row] { adopt(row); })) return;
    if (!find(row.public_id)) add(std::move(row));
}

template <class Event>
void tournament_service<Event>::load(const std::string& id) {
    on_strand([this, id] {
        if (!leading_) return;  // a node that takes the lead loads every event
        if (held([this, id] { load(id); })) return;
        store_.tournament(id, [self = this->shared_from_this(), epoch = lead_epoch_](
                                  core::result<std::optional<storage::tournament_record>> r) {
            if (!r || !r.value() || r.value()->row.status == "finished") return;
            std::vector<storage::tournament_record> one{std::move(*r.value())};
            self->on_strand([self, epoch, one = std::move(one)] {
                if (epoch == self->lead_epoch_ && self->leading_)
                    self->restore_all(one);  // unless known already
            });
        });
    });
}

}  // namespace kibitz::server::tournament
