#pragma once
// The JSON examples of schema/protocol.md, in order: what the codec tests
// (test_codec.cpp, test_server_msgs.cpp) check both directions against.
#include <doctest/doctest.h>

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

inline std::vector<nlohmann::json> protocol_examples() {
    std::ifstream in(std::string(KIBITZ_SOURCE_DIR) + "/schema/protocol.md");
    REQUIRE(in.good());
    std::vector<nlohmann::json> out;
    std::string line, block;
    bool inside = false;
    while (std::getline(in, line)) {
        if (line.rfind("```json", 0) == 0) {
            inside = true;
            block.clear();
            continue;
        }
        if (inside && line.rfind("```", 0) == 0) {
            inside = false;
            auto j = nlohmann::json::parse(block, nullptr, false);
            CHECK_MESSAGE(!j.is_discarded(), "example is not JSON: " << block);
            if (!j.is_discarded()) out.push_back(j);
            continue;
        }
        if (inside) block += line + "\n";
    }
    return out;
}
