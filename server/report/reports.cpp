#include "report/reports.hpp"

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "domain/utf8.hpp"

namespace kibitz::server::report {

namespace {
// Characters, not bytes (the text is valid UTF-8 here): every byte but a continuation.
std::size_t characters(const std::string& s) {
    std::size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

bool known_reason(const std::string& r) {
    return r == "cheat" || r == "chat" || r == "stall" || r == "other";
}
}  // namespace

reports::reports(storage::relation_store& store, report_rules rules, wall_clock clock)
    : store_(store), rules_(rules), clock_(clock) {}

std::string reports::evidence(const std::string& reason, storage::player_id reported,
                              const std::vector<storage::chat_record>& chat,
                              const report_rules& rules) {
    nlohmann::json lines = nlohmann::json::array();
    if (reason != "chat") return lines.dump();
    // Each line of theirs with `lines_around` on both sides, once each.
    std::vector<bool> keep(chat.size(), false);
    for (std::size_t i = 0; i < chat.size(); ++i) {
        if (chat[i].who != reported) continue;
        auto from = i > rules.lines_around ? i - rules.lines_around : 0;
        auto to = std::min(chat.size() - 1, i + rules.lines_around);
        for (auto j = from; j <= to; ++j) keep[j] = true;
    }
    for (std::size_t i = 0; i < chat.size(); ++i) {
        if (!keep[i]) continue;
        lines.push_back({{"name", chat[i].name},
                         {"channel", chat[i].channel},
                         {"text", chat[i].text},
                         {"at_ms", chat[i].at_ms},
                         {"reported", chat[i].who == reported}});
    }
    // The latest lines when there are many: what led to the report.
    while (lines.size() > rules.max_evidence_lines) lines.erase(lines.begin());
    return lines.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void reports::file(report_request r, done then) {
    if (!known_reason(r.reason)) return then({"bad_reason", false});
    if (!valid_utf8(r.text) || characters(r.text) > rules_.max_text)
        return then({"bad_text", false});
    if (r.player.empty() || r.player.size() > 64) return then({"unknown_user", false});
    if (r.game.size() > 64) r.game.clear();
    storage::report_record rec{r.reporter,        std::move(r.player), r.reason,
                               std::move(r.text), std::move(r.game),   clock_.now_ms()};
    auto rules = rules_;
    auto evidence_of = [rules, reason = r.reason](storage::player_id reported,
                                                  const std::vector<storage::chat_record>& chat) {
        return evidence(reason, reported, chat, rules);
    };
    store_.file_report(std::move(rec), rules_.per_day, std::move(evidence_of),
                       [then = std::move(then)](core::result<storage::report_answer> a) {
                           if (!a) {
                               spdlog::error("report: {}", a.reason());
                               return then({"internal", false});
                           }
                           switch (a.value().outcome) {
                           case storage::report_outcome::stored:
                               return then({"", true});
                           case storage::report_outcome::repeated:
                               return then({"", false});
                           case storage::report_outcome::unknown:
                               return then({"unknown_user", false});
                           case storage::report_outcome::self:
                               return then({"own_report", false});
                           case storage::report_outcome::too_many:
                               return then({"too_many_reports", false});
                           }
                           then({"internal", false});
                       });
}

}  // namespace kibitz::server::report
