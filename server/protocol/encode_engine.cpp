// The codec's encoders of the engine's answers (out_engine.hpp).
#include "protocol/envelope.hpp"
#include "protocol/out_engine.hpp"

namespace kibitz::server {

namespace {

json to_json(const engine_score& s) {
    json j = {{"cp", s.cp}};
    if (s.end_in) j["end_in"] = *s.end_in;
    if (s.winner) j["winner"] = *s.winner;
    if (s.table_lead) {
        const int lead = *s.table_lead;
        j["table"] = {{"lead", lead}, {"winner", lead == 0 ? json() : json(lead > 0 ? 0 : 1)}};
    }
    return j;
}

}  // namespace

frame encode(const analysis_info_msg& m) {
    return make_frame("analysis.info", {{"id", m.id},
                                        {"depth", m.depth},
                                        {"score", to_json(m.score)},
                                        {"nodes", m.nodes},
                                        {"time_ms", m.time_ms},
                                        {"pv", m.pv}});
}

frame encode(const analysis_done_msg& m) {
    json d = {{"id", m.id}};
    if (m.found) {
        d["best"] = m.found->best;
        d["depth"] = m.found->depth;
        d["score"] = to_json(m.found->score);
    } else {
        d["stopped"] = m.stopped;
    }
    return make_frame("analysis.done", d);
}

frame encode(const review_progress_msg& m) {
    return make_frame("review.progress", {{"id", m.id}, {"done", m.done}, {"total", m.total}});
}

frame encode(const review_done_msg& m) {
    return make_frame("review.done",
                      {{"id", m.id}, {"analysis", m.analysis}, {"cached", m.cached}});
}

}  // namespace kibitz::server
