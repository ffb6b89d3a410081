#include "net/static_files.hpp"

#include <filesystem>

#include "protocol/percent_decode.hpp"

namespace kibitz::server {

namespace fs = std::filesystem;

std::variant<std::string, static_reject> resolve_static(const std::string& web_root,
                                                        std::string_view target) {
    auto q = target.find_first_of("?#");
    std::string_view raw = target.substr(0, q);
    if (raw.empty() || raw.front() != '/') return static_reject{400, "path must start with /"};
    auto decoded = percent_decode(raw);
    if (!decoded) return static_reject{400, "bad percent-encoding or NUL"};
    // Decoded, so "%2e%2e" and "%2f" are checked like their plain forms.
    std::string path = std::move(*decoded);
    if (path.find('\\') != std::string::npos) return static_reject{400, "backslash in path"};
    if (path.find("//") != std::string::npos) return static_reject{400, "empty path segment"};
    for (std::size_t start = 1; start <= path.size();) {
        auto end = path.find('/', start);
        if (end == std::string::npos) end = path.size();
        std::string_view seg(path.data() + start, end - start);
        if (seg == ".." || seg == ".") return static_reject{400, "dot segment in path"};
        start = end + 1;
    }
    if (path.back() == '/') path += "index.html";

    std::error_code ec;
    fs::path root = fs::canonical(web_root, ec);
    if (ec) return static_reject{404, "no web root"};
    fs::path file = fs::weakly_canonical(root / fs::path(path).relative_path(), ec);
    if (ec) return static_reject{404, "not found"};
    // Symlinks inside the root must not lead out of it either.
    auto rel = file.lexically_relative(root);
    if (rel.empty() || *rel.begin() == "..") return static_reject{400, "outside the web root"};
    if (fs::is_directory(file, ec)) file /= "index.html";
    if (!fs::is_regular_file(file, ec)) return static_reject{404, "not found"};
    return file.string();
}

std::string_view mime_type(std::string_view path) {
    auto dot = path.rfind('.');
    std::string_view ext = dot == std::string_view::npos ? "" : path.substr(dot);
    if (ext == ".html" || ext == ".htm") return "text/html; charset=utf-8";
    if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
    if (ext == ".css") return "text/css; charset=utf-8";
    if (ext == ".json" || ext == ".map") return "application/json";
    if (ext == ".svg") return "image/svg+xml";
    if (ext == ".png") return "image/png";
    if (ext == ".jpg" || ext == ".jpeg") return "image/jpeg";
    if (ext == ".gif") return "image/gif";
    if (ext == ".ico") return "image/x-icon";
    if (ext == ".webp") return "image/webp";
    if (ext == ".woff2") return "font/woff2";
    if (ext == ".woff") return "font/woff";
    if (ext == ".wasm") return "application/wasm";
    if (ext == ".txt" || ext == ".md") return "text/plain; charset=utf-8";
    if (ext == ".webmanifest") return "application/manifest+json";
    return "application/octet-stream";
}

}  // namespace kibitz::server
