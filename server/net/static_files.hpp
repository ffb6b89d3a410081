#pragma once
// Safe mapping from a request target to a file under the web root, and content
// types. Pure functions; safe on any thread.
#include <string>
#include <string_view>
#include <variant>

namespace kibitz::server {

struct static_reject {
    int status;          // 400 for hostile or malformed paths, 404 for missing files
    std::string reason;
};

// The file to serve for `target` ("/js/app.js?x=1"). Rejects "..", percent-encoded
// traversal, backslashes, NUL, targets that are not origin-form paths, and any
// path that resolves (through symlinks too) outside `web_root`.
std::variant<std::string, static_reject> resolve_static(const std::string& web_root,
                                                        std::string_view target);
std::string_view mime_type(std::string_view path);
// The Cache-Control of a static file. "no-cache" (use a stored copy only after
// asking the server) for every file: the files carry no version in their
// names, so a longer lifetime would keep an old client (and above all an old
// service worker, /sw.js) in browsers after an update; offline start is the
// service worker's job, not the HTTP cache's.
inline constexpr std::string_view static_cache_control = "no-cache";

}  // namespace kibitz::server
