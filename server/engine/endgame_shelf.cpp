#include "engine/endgame_shelf.hpp"

#include <chrono>
#include <filesystem>
#include <fstream>

#include <spdlog/spdlog.h>

#include "kibitz/core/registry.hpp"

namespace kibitz::server {

namespace {

std::vector<std::int8_t> read_table(const std::filesystem::path& path) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) return {};
    std::vector<std::int8_t> bytes(size);
    std::ifstream in(path, std::ios::binary);
    if (!in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size)))
        return {};
    return bytes;
}

}  // namespace

std::span<const std::int8_t> endgame_shelf::table(std::string_view id) {
    std::lock_guard lock(mu_);
    if (auto it = tables_.find(id); it != tables_.end()) return it->second;
    auto& bytes = tables_[std::string(id)];
    const auto* info = core::find_game(id);
    if (!info || !info->endgame.build) return bytes;  // no tables for this game
    const auto path = std::filesystem::path(dir_) / (std::string(id) + ".egdb");
    const auto start = std::chrono::steady_clock::now();
    bytes = read_table(path);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - start)
                        .count();
    if (bytes.empty())
        spdlog::warn("endgame table {}: not read (make it with kibitz-cli endgame {} --out {})",
                     path.string(), id, path.string());
    else spdlog::info("endgame table {}: {} bytes read in {} ms", path.string(), bytes.size(), ms);
    return bytes;
}

}  // namespace kibitz::server
