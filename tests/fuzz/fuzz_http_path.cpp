// libFuzzer target: the HTTP request target handling, fed any bytes as the
// target of a GET: percent_decode (server/protocol), the static-file
// resolution (server/net/static_files.*) against a small web root with a
// symlink that points out of it, and the API's own target parsing
// (server/api/api_router.*, run without a database so it answers at once).
//   - percent_decode never yields a NUL nor grows the text;
//   - a file resolve_static hands out exists and lies inside the web root;
//   - the API answers every /api target exactly once, with a status code.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <variant>

#include <unistd.h>

#include "api/api_router.hpp"
#include "net/static_files.hpp"
#include "protocol/percent_decode.hpp"

using namespace kibitz::server;
namespace fs = std::filesystem;

namespace {

void require(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "fuzz_http_path: broken: %s\n", what);
        std::abort();
    }
}

// <tmp>/kibitz-fuzz-http-<pid>/{secret.txt, web/{index.html, js/app.js, out -> ..}}
std::string make_web_root() {
    fs::path base = fs::temp_directory_path() / ("kibitz-fuzz-http-" + std::to_string(::getpid()));
    fs::create_directories(base / "web" / "js");
    std::ofstream(base / "secret.txt") << "outside the web root\n";
    std::ofstream(base / "web" / "index.html") << "<!doctype html>\n";
    std::ofstream(base / "web" / "js" / "app.js") << "export {};\n";
    std::error_code ec;
    fs::create_directory_symlink("..", base / "web" / "out", ec);
    return fs::canonical(base / "web").string();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::string web_root = make_web_root();
    std::string_view target(reinterpret_cast<const char*>(data), size);

    if (auto decoded = percent_decode(target)) {
        require(decoded->find('\0') == std::string::npos, "NUL after decoding");
        require(decoded->size() <= target.size(), "decoding grew the text");
    }

    auto found = resolve_static(web_root, target);
    if (auto* file = std::get_if<std::string>(&found)) {
        require(file->starts_with(web_root + "/"), "a file outside the web root");
        require(fs::is_regular_file(*file), "not a regular file");
    } else {
        int status = std::get<static_reject>(found).status;
        require(status == 400 || status == 404, "an unexpected refusal status");
    }

    if (api::is_api_target(target)) {
        api::api_context no_database;
        int replies = 0, status = 0;
        api::api_request req;
        req.method = "GET";
        req.target = std::string(target);
        req.address = "127.0.0.1";
        api::handle_api(std::move(req), no_database, [&](api::api_response r) {
            ++replies;
            status = r.status;
        });
        require(replies == 1, "the API answered other than once");
        require(status >= 200 && status < 600, "status code");
    }
    return 0;
}
