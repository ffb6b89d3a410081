#include "store/pg_dialect.hpp"

namespace kibitz::server::storage {

std::int64_t pg_dialect::reserve_block(pg_db& db) {
    auto r = db.query("SELECT nextval('game_key_blocks')");
    return r.i64(0, 0);
}

void pg_dialect::started(pg_db& db, game_key game) {
    if (fence_node_.empty()) return;
    db.query("INSERT INTO game_owner(game, node, epoch) VALUES ($1,$2,1)", game, fence_node_);
    epochs_[game] = 1;
}

void pg_dialect::guard(pg_db& db, game_key game) {
    if (fence_node_.empty()) return;
    auto held = epochs_.find(game);
    auto r = db.query("SELECT node, epoch FROM game_owner WHERE game = $1 FOR SHARE", game);
    if (held == epochs_.end() || r.empty() || r.text(0, 0) != fence_node_ ||
        r.i64(0, 1) != held->second)
        throw db_error("game " + std::to_string(game) + " is owned by another node (" +
                       (r.empty() ? std::string("none") : r.text(0, 0)) + "): write refused");
}

std::int64_t pg_dialect::claim(pg_db& db, game_key game) {
    if (fence_node_.empty()) throw db_error("claim_game needs a fence (cluster mode)");
    auto r = db.query(
        "INSERT INTO game_owner(game, node, epoch) VALUES ($1,$2,1) "
        "ON CONFLICT (game) DO UPDATE SET node = excluded.node, "
        "epoch = game_owner.epoch + 1 RETURNING epoch",
        game, fence_node_);
    epochs_[game] = r.i64(0, 0);
    return epochs_[game];
}

std::int64_t pg_dialect::claim_lead(pg_db& db) {
    if (fence_node_.empty()) return 0;
    auto r = db.query(
        "INSERT INTO tournament_lead(one, node, epoch) VALUES (1,$1,1) "
        "ON CONFLICT (one) DO UPDATE SET node = excluded.node, "
        "epoch = tournament_lead.epoch + 1 RETURNING epoch",
        fence_node_);
    lead_epoch_ = r.i64(0, 0);
    return lead_epoch_;
}

void pg_dialect::lead_guard(pg_db& db) {
    if (fence_node_.empty()) return;
    auto r = db.query("SELECT node, epoch FROM tournament_lead WHERE one = 1 FOR SHARE");
    if (lead_epoch_ == 0 || r.empty() || r.text(0, 0) != fence_node_ || r.i64(0, 1) != lead_epoch_)
        throw db_error("the tournaments are led by another node (" +
                       (r.empty() ? std::string("none") : r.text(0, 0)) + "): write refused");
}

}  // namespace kibitz::server::storage
