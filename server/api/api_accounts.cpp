// POST /api/register, /api/login, /api/logout on top of auth::accounts, which
// validates names and passwords, hashes off the I/O threads and rate-limits.
#include <spdlog/spdlog.h>

#include "api/api_internal.hpp"
#include "auth/accounts.hpp"

namespace kibitz::server::api {

namespace {

// A string field of the body: absent and null give "", any other type or an
// oversize value is refused (the caller answers 400).
std::optional<std::string> string_field(const json& body, const char* key, std::size_t max) {
    auto it = body.find(key);
    if (it == body.end() || it->is_null()) return std::string();
    if (!it->is_string()) return std::nullopt;
    const auto& s = it->get_ref<const std::string&>();
    if (s.size() > max) return std::nullopt;
    return s;
}

// accounts reports failures as sentences; the API gives each a status and a
// stable code. Matching on the sentences keeps auth free of HTTP; an unknown
// one is a 500 (and is logged) rather than a guess.
api_response account_error(const std::string& reason) {
    auto has = [&](std::string_view s) { return reason.find(s) != std::string::npos; };
    if (has("too many")) return error_response(429, "rate_limited", reason);
    if (has("busy")) return error_response(503, "busy", reason);
    if (has("wrong username or password")) return error_response(401, "bad_login", reason);
    if (has("username is taken")) return error_response(409, "name_taken", reason);
    if (has("already logged in")) return error_response(409, "already_registered", reason);
    if (has("a username") || has("username is reserved"))
        return error_response(400, "bad_username", reason);
    if (has("a password")) return error_response(400, "weak_password", reason);
    spdlog::error("api accounts: {}", reason);
    return error_response(500, "internal", "the request could not be completed");
}

storage::handler<auth::session> session_reply(api_reply reply) {
    return [reply = std::move(reply)](core::result<auth::session> s) {
        if (!s) return reply(account_error(s.reason()));
        reply(json_response(200, {{"token", s.value().token}, {"user", user_json(s.value().who)}}));
    };
}

}  // namespace

// The bearer token of an Authorization header, or "".
std::string bearer(std::string_view header) {
    constexpr std::string_view prefix = "Bearer ";
    if (header.size() <= prefix.size()) return {};
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(header[i])) !=
            std::tolower(static_cast<unsigned char>(prefix[i])))
            return {};
    auto t = header.substr(prefix.size());
    while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
    while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
    return std::string(t);
}

void post_register(const api_request& req, const json& body, api_context& ctx, api_reply reply) {
    // Sizes: accounts gives the precise reasons; these caps only bound work.
    auto user = string_field(body, "username", 256);
    auto pass = string_field(body, "password", 1024);
    auto guest = string_field(body, "guest_token", 256);
    if (!user || !pass || !guest)
        return reply(error_response(400, "bad_request",
                                    "username and password are strings; guest_token a string or null"));
    std::optional<std::string> guest_token;
    if (!guest->empty()) guest_token = *guest;
    ctx.accounts->register_account(std::move(*user), std::move(*pass), req.address,
                                   std::move(guest_token), session_reply(std::move(reply)));
}

void post_login(const api_request& req, const json& body, api_context& ctx, api_reply reply) {
    auto user = string_field(body, "username", 256);
    auto pass = string_field(body, "password", 1024);
    if (!user || !pass)
        return reply(error_response(400, "bad_request", "username and password are strings"));
    // Empty fields go through accounts too, so they count against the rate limit.
    ctx.accounts->login(std::move(*user), std::move(*pass), req.address,
                        session_reply(std::move(reply)));
}

void post_logout(const api_request& req, const json& body, api_context& ctx, api_reply reply) {
    auto token = string_field(body, "token", 256);
    if (!token) return reply(error_response(400, "bad_request", "token is a string"));
    std::string t = token->empty() ? bearer(req.authorization) : *token;
    if (t.empty() || t.size() > 256)
        return reply(error_response(400, "missing_token",
                                    "send the session token as Authorization: Bearer <token>"));
    ctx.accounts->logout(std::move(t), [reply = std::move(reply)](core::result<bool> r) {
        if (!r) {
            spdlog::error("api logout: {}", r.reason());
            return reply(error_response(500, "internal", "the session could not be ended"));
        }
        // Logging out twice (or with a stale token) is not an error: the
        // session is gone either way. "ended" says whether there was one.
        reply(json_response(200, {{"ended", r.value()}}));
    });
}

}  // namespace kibitz::server::api
