#pragma once
// The endgame tables the server's computer may probe: DIR/<game id>.egdb, as
// `kibitz-cli endgame` writes them. Each file is read on first use (by the
// engine pool's thread that needs it, so start-up never waits for it) and kept
// for the shelf's life, resident once read: 17 MB to 151 MB a table as
// docs/engine.md measures them. A missing or unreadable file is tried once,
// logged, and probes nothing. The shelf never builds a table (a minute or two
// and up to 260 MB): people generate them with the command. Thread-safe;
// owned by the engine pool.
#include <cstdint>
#include <map>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kibitz::server {

class endgame_shelf {
public:
    explicit endgame_shelf(std::string dir) : dir_(std::move(dir)) {}

    // The table of the game `id`, empty when that game has none (or no file).
    // Valid for the shelf's life.
    std::span<const std::int8_t> table(std::string_view id);

private:
    std::string dir_;
    std::mutex mu_;  // held while a file is read: another thread waits for it, once
    std::map<std::string, std::vector<std::int8_t>, std::less<>> tables_;  // tried ids
};

}  // namespace kibitz::server
