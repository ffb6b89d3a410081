#include "net/page_language.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>

namespace kibitz::server {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (auto& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// The catalogue for a language tag: the tag itself, else its language.
std::optional<std::string> catalogue_for(std::string_view tag,
                                         const std::vector<std::string>& shipped) {
    auto code = lower(trim(tag));
    auto has = [&](const std::string& c) {
        return std::find(shipped.begin(), shipped.end(), c) != shipped.end();
    };
    if (has(code)) return code;
    auto dash = code.find_first_of("-_");
    if (dash != std::string::npos && has(code.substr(0, dash))) return code.substr(0, dash);
    return std::nullopt;
}

std::optional<std::string> from_cookie(std::string_view header,
                                       const std::vector<std::string>& shipped) {
    while (!header.empty()) {
        auto semi = header.find(';');
        auto pair = trim(header.substr(0, semi));
        header = semi == std::string_view::npos ? std::string_view{} : header.substr(semi + 1);
        constexpr std::string_view name = "kibitz_lang=";
        if (pair.substr(0, name.size()) == name)
            return catalogue_for(pair.substr(name.size()), shipped);
    }
    return std::nullopt;
}

// RFC 9110 section 12.5.4: entries by weight, the first listed among equals;
// q=0 means "not this one".
std::optional<std::string> from_accept_language(std::string_view header,
                                                const std::vector<std::string>& shipped) {
    struct entry {
        std::string_view tag;
        int weight;  // thousandths
    };
    std::vector<entry> entries;
    while (!header.empty() && entries.size() < 32) {
        auto comma = header.find(',');
        auto item = trim(header.substr(0, comma));
        header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
        auto semi = item.find(';');
        entry e{trim(item.substr(0, semi)), 1000};
        if (semi != std::string_view::npos) {
            auto param = trim(item.substr(semi + 1));
            if (param.substr(0, 2) == "q=" || param.substr(0, 2) == "Q=") {
                auto q = param.substr(2);
                e.weight = q.substr(0, 1) == "1" ? 1000 : 0;
                if (q.size() > 2 && q[0] == '0' && q[1] == '.') {
                    int scale = 100;
                    for (char c : q.substr(2, 3)) {
                        if (c < '0' || c > '9') break;
                        e.weight += (c - '0') * scale;
                        scale /= 10;
                    }
                }
            }
        }
        if (!e.tag.empty() && e.tag != "*" && e.weight > 0) entries.push_back(e);
    }
    std::stable_sort(entries.begin(), entries.end(),
                     [](const entry& a, const entry& b) { return a.weight > b.weight; });
    for (const auto& e : entries)
        if (auto code = catalogue_for(e.tag, shipped)) return code;
    return std::nullopt;
}

}  // namespace

std::string page_language(std::string_view cookie_header, std::string_view accept_language,
                          const std::vector<std::string>& shipped) {
    if (auto c = from_cookie(cookie_header, shipped)) return *c;
    if (auto a = from_accept_language(accept_language, shipped)) return *a;
    return "en";
}

std::vector<std::string> shipped_languages(const std::string& web_root) {
    std::vector<std::string> codes;
    std::error_code ec;
    for (const auto& f :
         std::filesystem::directory_iterator(std::filesystem::path(web_root) / "i18n", ec)) {
        const auto stem = f.path().stem().string();
        const bool code =
            stem.size() >= 2 && stem.size() <= 3 &&
            std::all_of(stem.begin(), stem.end(), [](char c) { return c >= 'a' && c <= 'z'; });
        if (code && f.path().extension() == ".json" && stem != "en") codes.push_back(stem);
    }
    std::sort(codes.begin(), codes.end());
    codes.insert(codes.begin(), "en");
    return codes;
}

std::string with_page_language(std::string html, std::string_view lang) {
    constexpr std::string_view open = "<html lang=\"";
    auto at = html.find(open);
    if (at == std::string::npos) return html;
    auto from = at + open.size();
    auto to = html.find('"', from);
    if (to == std::string::npos) return html;
    return html.replace(from, to - from, lang);
}

}  // namespace kibitz::server
