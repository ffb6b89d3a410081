#include "relation/blocks.hpp"

#include <future>
#include <string>

#include <spdlog/spdlog.h>

namespace kibitz::server::relation {

blocks::blocks(storage::relation_store& store, block_list& list, block_rules rules,
               wall_clock clock)
    : store_(store), list_(list), rules_(rules), clock_(clock) {}

bool blocks::load() {
    std::promise<bool> loaded;
    store_.all_blocks([&](core::result<std::vector<storage::block_pair>> r) {
        if (!r) {
            spdlog::error("blocks: could not be loaded: {}", r.reason());
            return loaded.set_value(false);
        }
        list_.replace_all(r.value());
        loaded.set_value(true);
    });
    return loaded.get_future().get();
}

std::int64_t blocks::spend(storage::player_id who) {
    auto key = std::to_string(who);
    auto now = clock_.now_ms();
    if (auto wait = changes_.wait_ms(key, rules_.changes, now)) return wait;
    changes_.failure(key, rules_.changes, now);  // counted as a try, whatever it comes to
    return 0;
}

void blocks::block(storage::player_id who, std::string name, done then) {
    if (auto wait = spend(who)) return then({"too_many_changes", wait, {}, false});
    store_.block(who, std::move(name), rules_.max_blocks, clock_.now_ms(),
                 [this, who, then = std::move(then)](core::result<storage::block_answer> r) {
                     if (!r) {
                         spdlog::error("block: {}", r.reason());
                         return then({"internal", 0, {}, false});
                     }
                     const auto& a = r.value();
                     switch (a.outcome) {
                     case storage::block_outcome::unknown:
                         return then({"unknown_user", 0, {}, false});
                     case storage::block_outcome::self:
                         return then({"own_block", 0, {}, false});
                     case storage::block_outcome::full:
                         return then({"too_many_blocks", 0, {}, false});
                     case storage::block_outcome::already:
                         return then({"", 0, a.who, false});
                     case storage::block_outcome::blocked:
                         break;
                     }
                     list_.add(who, a.who.id);
                     then({"", 0, a.who, true});
                 });
}

void blocks::unblock(storage::player_id who, std::string name, done then) {
    if (auto wait = spend(who)) return then({"too_many_changes", wait, {}, false});
    store_.unblock(
        who, std::move(name),
        [this, who, then = std::move(then)](core::result<std::optional<storage::player>> r) {
            if (!r) {
                spdlog::error("unblock: {}", r.reason());
                return then({"internal", 0, {}, false});
            }
            if (!r.value()) return then({"", 0, {}, false});  // was not blocked
            list_.remove(who, r.value()->id);
            then({"", 0, *r.value(), true});
        });
}

void blocks::list(storage::player_id who, storage::handler<std::vector<storage::player>> then) {
    store_.blocks_of(who, std::move(then));
}

}  // namespace kibitz::server::relation
