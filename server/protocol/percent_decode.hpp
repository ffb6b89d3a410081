#pragma once
// Percent-decoding of a URL path or path segment, shared by the HTTP layer
// (static files) and the API. Pure; safe on any executor.
#include <optional>
#include <string>
#include <string_view>

namespace kibitz::server {

// The decoded text; empty optional on a malformed escape ("%4", "%zz"), a
// NUL, literal or escaped (no path or name of ours may contain one), or
// bytes that are not UTF-8 (security review F10).
std::optional<std::string> percent_decode(std::string_view s);

}  // namespace kibitz::server
