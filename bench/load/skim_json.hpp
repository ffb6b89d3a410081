#pragma once
// Zero-allocation navigation of one JSON text: find a member of an object,
// walk an array, read a string or an integer, all as views into the frame.
// The load generator reads only a few fields of each server message, so it
// skips the rest instead of building a DOM (nlohmann is kept for rare frames).
// Input is trusted to be the server's JSON; malformed text yields "not found".
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>

namespace kibitz::bench {

// Past the value starting at p (after whitespace), or nullptr if malformed.
const char* skip_value(const char* p, const char* end);

// The raw text of member `key` of the object `obj` (which starts with '{').
std::optional<std::string_view> member(std::string_view obj, std::string_view key);

// Follows a path of keys through nested objects.
inline std::optional<std::string_view> path(std::string_view obj,
                                            std::initializer_list<std::string_view> keys) {
    std::optional<std::string_view> v = obj;
    for (auto k : keys) {
        v = member(*v, k);
        if (!v) break;
    }
    return v;
}

// The characters of a JSON string value without its quotes (escapes kept as
// written: the fields read here never contain any).
std::optional<std::string_view> as_string(std::optional<std::string_view> v);
std::optional<std::int64_t> as_int(std::optional<std::string_view> v);

// Calls f(element) for each element of the array `arr` (starts with '[').
// Stops early when f returns false.
template <class F>
void for_each_element(std::string_view arr, F&& f) {
    const char* p = arr.data();
    const char* e = p + arr.size();
    if (p == e || *p != '[') return;
    ++p;
    for (;;) {
        while (p < e && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) ++p;
        if (p >= e || *p == ']') return;
        const char* q = skip_value(p, e);
        if (!q) return;
        if (!f(std::string_view(p, static_cast<std::size_t>(q - p)))) return;
        p = q;
        while (p < e && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) ++p;
        if (p < e && *p == ',') ++p;
    }
}

// Calls f(key, raw value) for each member of the object `obj`, in one pass
// (cheaper than several member() calls, which each scan from the start).
template <class F>
void for_each_member(std::string_view obj, F&& f) {
    const char* p = obj.data();
    const char* e = p + obj.size();
    auto ws = [&] { while (p < e && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) ++p; };
    ws();
    if (p >= e || *p != '{') return;
    ++p;
    for (;;) {
        ws();
        if (p >= e || *p != '"') return;
        const char* k = ++p;
        while (p < e && *p != '"') p += (*p == '\\') ? 2 : 1;
        if (p >= e) return;
        std::string_view key(k, static_cast<std::size_t>(p - k));
        ++p;
        ws();
        if (p >= e || *p != ':') return;
        ++p;
        ws();
        const char* v = p;
        p = skip_value(p, e);
        if (!p) return;
        f(key, std::string_view(v, static_cast<std::size_t>(p - v)));
        ws();
        if (p < e && *p == ',') ++p;
        else return;
    }
}

}  // namespace kibitz::bench
