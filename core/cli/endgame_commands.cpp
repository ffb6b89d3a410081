// endgame: builds a game's endgame table into a file; and the loading of one
// for bestmove (--endgame-dir DIR reads DIR/GAME.egdb, building it first if it
// is not there). The file is the table's bytes as the core hands them out.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "commands.hpp"

namespace kibitz::cli {

namespace {

bool write_file(const std::string& path, const std::vector<std::int8_t>& bytes) {
    // Written aside and renamed, so a reader never sees half a table.
    const std::string part = path + ".part";
    {
        std::ofstream out(part, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        if (!out) return false;
    }
    std::error_code ec;
    std::filesystem::rename(part, path, ec);
    return !ec;
}

std::vector<std::int8_t> build_timed(const core::game_info& info, int units) {
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::int8_t> bytes = info.endgame.build(units);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::fprintf(stderr, "endgame %s: %d units, %zu positions, %zu bytes, built in %.1f s\n",
                 std::string(info.id).c_str(), units, bytes.size(), bytes.size(), s);
    return bytes;
}

}  // namespace

int run_endgame(const options& o, const core::game_info& info) {
    if (!info.endgame.build) return usage("no endgame tables for " + std::string(info.id));
    long long units = info.endgame.default_units;
    std::string why;
    // Oware's tables count seeds, checkers' pieces: either flag names the size.
    if (!number_flag(o, "seeds", 0, 20, units, why) || !number_flag(o, "pieces", 2, 6, units, why))
        return usage(why);
    const std::string* out = o.get("out");
    if (!out) return usage("endgame needs --out FILE");
    if (!write_file(*out, build_timed(info, int(units)))) {
        std::cerr << "endgame: cannot write " << *out << '\n';
        return 2;
    }
    return 0;
}

bool load_endgame(const options& o, const core::game_info& info, std::vector<std::int8_t>& bytes) {
    const std::string* dir = o.get("endgame-dir");
    if (!dir || !info.endgame.build) return true;
    const std::string path = *dir + "/" + std::string(info.id) + ".egdb";
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        bytes = build_timed(info, info.endgame.default_units);
        std::filesystem::create_directories(*dir);
        if (!write_file(path, bytes)) std::cerr << "endgame: cannot write " << path << '\n';
        return true;
    }
    in.seekg(0, std::ios::end);
    bytes.resize(std::size_t(in.tellg()));
    in.seekg(0);
    in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size()));
    if (!in) {
        std::cerr << "endgame: cannot read " << path << '\n';
        return false;
    }
    return true;
}

}  // namespace kibitz::cli
