#include "skim_json.hpp"

#include <charconv>

namespace kibitz::bench {

namespace {

const char* skip_ws(const char* p, const char* e) {
    while (p < e && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) ++p;
    return p;
}

// p at the opening quote; returns past the closing one.
const char* skip_string(const char* p, const char* e) {
    for (++p; p < e; ++p) {
        if (*p == '\\') ++p;
        else if (*p == '"') return p + 1;
    }
    return nullptr;
}

// Arrays and objects: only brackets outside strings count, so a depth counter suffices.
const char* skip_nested(const char* p, const char* e) {
    int depth = 0;
    for (; p < e; ++p) {
        char c = *p;
        if (c == '"') {
            p = skip_string(p, e);
            if (!p) return nullptr;
            --p;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (--depth == 0) return p + 1;
        }
    }
    return nullptr;
}

}  // namespace

const char* skip_value(const char* p, const char* e) {
    p = skip_ws(p, e);
    if (p >= e) return nullptr;
    if (*p == '"') return skip_string(p, e);
    if (*p == '{' || *p == '[') return skip_nested(p, e);
    // number, true, false, null
    while (p < e && *p != ',' && *p != '}' && *p != ']' && *p != ' ' && *p != '\n') ++p;
    return p;
}

std::optional<std::string_view> member(std::string_view obj, std::string_view key) {
    const char* p = obj.data();
    const char* e = p + obj.size();
    p = skip_ws(p, e);
    if (p >= e || *p != '{') return std::nullopt;
    ++p;
    for (;;) {
        p = skip_ws(p, e);
        if (p >= e || *p != '"') return std::nullopt;
        const char* k = p + 1;
        const char* ke = skip_string(p, e);
        if (!ke) return std::nullopt;
        bool match = std::string_view(k, static_cast<std::size_t>(ke - 1 - k)) == key;
        p = skip_ws(ke, e);
        if (p >= e || *p != ':') return std::nullopt;
        p = skip_ws(p + 1, e);
        const char* ve = skip_value(p, e);
        if (!ve) return std::nullopt;
        if (match) return std::string_view(p, static_cast<std::size_t>(ve - p));
        p = skip_ws(ve, e);
        if (p < e && *p == ',') ++p;
        else return std::nullopt;
    }
}

std::optional<std::string_view> as_string(std::optional<std::string_view> v) {
    if (!v || v->size() < 2 || v->front() != '"' || v->back() != '"') return std::nullopt;
    return v->substr(1, v->size() - 2);
}

std::optional<std::int64_t> as_int(std::optional<std::string_view> v) {
    if (!v || v->empty()) return std::nullopt;
    std::int64_t x = 0;
    auto [p, ec] = std::from_chars(v->data(), v->data() + v->size(), x);
    if (ec != std::errc()) return std::nullopt;
    return x;
}

}  // namespace kibitz::bench
