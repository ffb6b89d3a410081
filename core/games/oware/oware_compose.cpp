// Oware and Ouril from the position editor: a seed count for each of the 12
// pits and the two stores (a cell left out holds none; the owner is the
// cell's), written as a position text and loaded, so parse_position's check
// that the seeds add up to 48 decides what is refused.
#include "kibitz/core/composition.hpp"
#include "oware/oware.hpp"
#include "oware/oware_description.hpp"

namespace kibitz::core::oware {

namespace {

result<std::unique_ptr<game>> compose(const composition& c, const game_description& d,
                                      result<std::unique_ptr<game>> (*load)(std::string_view)) {
    if (auto why = check_composition(c, new_oware()->view(), d); !why.empty()) return error{why};
    auto count = [&](const std::string& at) {
        const piece* p = piece_at(c, at);
        return std::to_string(p ? p->count : 0);
    };
    std::string text = c.to_move == 0 ? "S:" : "N:";
    for (int i = 0; i < pit_count; ++i)
        text += (i ? "," : "") + count(std::string(1, pit_letter(i)));
    text += ":" + count("store-south") + "," + count("store-north");
    return load(text);
}

}  // namespace

result<std::unique_ptr<game>> oware_compose(const composition& c) {
    return compose(c, oware_description, &oware_from_position);
}

result<std::unique_ptr<game>> ouril_compose(const composition& c) {
    return compose(c, ouril_description, &ouril_from_position);
}

}  // namespace kibitz::core::oware
