#pragma once
// UTF-8 (RFC 3629) as every door checks it: WebSocket text frames, URL paths
// and whatever a person types. Pure, header-only: below every layer.
#include <cstdint>
#include <cstring>
#include <string_view>

namespace kibitz::server {

// Well-formed UTF-8: no overlong forms, surrogates, or code points past U+10FFFF.
inline bool valid_utf8(std::string_view s) {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const auto* end = p + s.size();
    while (p < end) {
        // Protocol frames are ASCII almost always: skip it eight bytes at a time.
        while (end - p >= 8) {
            std::uint64_t v;
            std::memcpy(&v, p, 8);
            if (v & 0x8080808080808080ULL) break;
            p += 8;
        }
        if (p == end) break;
        unsigned c = *p;
        if (c < 0x80) {
            ++p;
            continue;
        }
        int extra;
        unsigned lo = 0x80, hi = 0xBF;  // allowed range of the second byte
        if (c >= 0xC2 && c <= 0xDF) {
            extra = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            extra = 2;
            if (c == 0xE0) lo = 0xA0;       // overlong
            if (c == 0xED) hi = 0x9F;       // surrogates
        } else if (c >= 0xF0 && c <= 0xF4) {
            extra = 3;
            if (c == 0xF0) lo = 0x90;       // overlong
            if (c == 0xF4) hi = 0x8F;       // above U+10FFFF
        } else {
            return false;
        }
        if (end - p <= extra) return false;
        if (p[1] < lo || p[1] > hi) return false;
        for (int k = 2; k <= extra; ++k)
            if ((p[k] & 0xC0) != 0x80) return false;
        p += extra + 1;
    }
    return true;
}

}  // namespace kibitz::server
