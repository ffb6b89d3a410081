#include "cluster/redis_limits.hpp"

#include <hiredis/hiredis.h>
#include <spdlog/spdlog.h>
#include <boost/asio/steady_timer.hpp>

namespace kibitz::server::cluster {

namespace {
// KEYS: the limited keys. ARGV: each key's most attempts and window (ms),
// then a name for this attempt. Returns 0 (counted on every key) or the ms
// until the fullest key allows one (counted nowhere): rate_limiter's
// sliding window, on Redis's clock.
const char* attempt_script = R"(
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local wait = 0
for i, k in ipairs(KEYS) do
  local most, window = tonumber(ARGV[2 * i - 1]), tonumber(ARGV[2 * i])
  redis.call('ZREMRANGEBYSCORE', k, '-inf', now - window)
  local n = redis.call('ZCARD', k)
  if n >= most then
    local oldest = redis.call('ZRANGE', k, n - most, n - most, 'WITHSCORES')
    wait = math.max(wait, tonumber(oldest[2]) + window - now)
  end
end
if wait > 0 then return wait end
for i, k in ipairs(KEYS) do
  local most, window = tonumber(ARGV[2 * i - 1]), tonumber(ARGV[2 * i])
  redis.call('ZADD', k, now, ARGV[#ARGV])
  redis.call('ZREMRANGEBYRANK', k, 0, -most - 1)
  redis.call('PEXPIRE', k, window)
end
return 0)";

std::string redis_key(const std::string& key) { return "kibitz:limit:" + key; }
}  // namespace

redis_limits::redis_limits(boost::asio::io_context& ioc, std::shared_ptr<redis_link> link,
                           std::string node, std::chrono::milliseconds timeout)
    : ioc_(ioc), link_(std::move(link)), node_(std::move(node)), timeout_(timeout) {}

auth::shared_limits::answer redis_limits::take(std::uint64_t id) {
    std::lock_guard lock(mu_);
    auto it = waiting_.find(id);
    if (it == waiting_.end()) return {};
    auto done = std::move(it->second);
    waiting_.erase(it);
    return done;
}

void redis_limits::attempt(std::vector<auth::limited_key> keys, answer done) {
    std::uint64_t id;
    {
        std::lock_guard lock(mu_);
        id = next_++;
        waiting_.emplace(id, std::move(done));
    }
    std::vector<std::string> args{"EVAL", attempt_script, std::to_string(keys.size())};
    for (const auto& k : keys) args.push_back(redis_key(k.key));
    for (const auto& k : keys) {
        args.push_back(std::to_string(k.limit.max_failures));
        args.push_back(std::to_string(k.limit.window_ms));
    }
    args.push_back(node_ + ":" + std::to_string(id));
    // Whichever comes first answers: Redis, or the timer (never cancelled:
    // the link's strand and the timer's handler are on different threads).
    auto timer = std::make_shared<boost::asio::steady_timer>(ioc_, timeout_);
    timer->async_wait([self = shared_from_this(), timer, id](boost::system::error_code) {
        if (auto f = self->take(id)) f(std::nullopt);
    });
    link_->command(std::move(args), [self = shared_from_this(), id](const redisReply* r) {
        auto f = self->take(id);
        if (!f) return;
        if (r && r->type == REDIS_REPLY_INTEGER) return f(r->integer);
        if (r && r->type == REDIS_REPLY_ERROR)
            spdlog::warn("cluster: a limit in Redis: {}", std::string(r->str, r->len));
        f(std::nullopt);
    });
}

void redis_limits::spend_push(std::int64_t who, int per_minute, push::shared_budget::answer done) {
    attempt({{"push:" + std::to_string(who), {per_minute, 60 * 1000}}},
            [done = std::move(done)](std::optional<std::int64_t> wait) {
                if (!wait) return done(std::nullopt);
                done(*wait == 0);
            });
}

void redis_limits::forgive_one(const std::string& key) {
    link_->command({"ZPOPMAX", redis_key(key)});
}

void redis_limits::clear(const std::string& key) { link_->command({"DEL", redis_key(key)}); }

void redis_limits::abandon() {
    std::map<std::uint64_t, answer> waiting;
    {
        std::lock_guard lock(mu_);
        waiting.swap(waiting_);
    }
    for (auto& [id, f] : waiting) f(std::nullopt);
}

}  // namespace kibitz::server::cluster
