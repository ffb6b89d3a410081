#pragma once
// The push sender's test rig, shared by the delivery suites: a store with one
// account subscribed at a local push service (push_endpoint.hpp), and the
// sender on its own io_context thread, as the server runs it.
#include <future>
#include <optional>
#include <thread>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "push/base64url.hpp"
#include "push/push_sender.hpp"
#include "push_browser.hpp"
#include "push_endpoint.hpp"
#include "store/sqlite_store.hpp"
#include "store_helpers.hpp"

namespace kibitz::test {

template <class T, class F>
T must(F&& call) {
    std::promise<kibitz::core::result<T>> p;
    call([&](kibitz::core::result<T> r) { p.set_value(std::move(r)); });
    auto r = p.get_future().get();
    REQUIRE_MESSAGE(r, r.reason());
    return r.value();
}

// The sender on its own io_context thread, over a store with one account
// subscribed at the local push service.
struct rig {
    temp_dir dir;
    std::string db = dir.file("kibitz.db");
    registered ada = register_account(db, "ada", "long enough password");
    std::unique_ptr<server::storage::sqlite_store> store;
    push_endpoint service;  // before `rig(…)` reads its url
    browser ua;
    server::push::p256_key vapid = *server::push::p256_key::generate();
    boost::asio::io_context ioc;
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work =
        boost::asio::make_work_guard(ioc);
    std::thread thread;
    std::shared_ptr<server::push::push_sender> sender;

    // `tls`: the service serves HTTPS with that certificate (the sender
    // trusts it only if cfg.ca_file says so); none: plain HTTP, allowed.
    explicit rig(server::push::push_sender_config cfg = {},
                 std::optional<cert_files> tls = std::nullopt)
        : service(std::move(tls)) {
        server::storage::store_options o;
        o.path = db;
        auto opened = server::storage::sqlite_store::open(o);
        REQUIRE(opened);
        store = std::move(opened.value());
        must<server::storage::push_subscription>([&](auto h) {
            store->add_push_subscription(
                {0, ada.row, service.url("/push/ada"), ua.p256dh(), ua.auth, 1}, h);
        });
        // The local service's hosts; a test of the address rules names its own.
        if (cfg.rules.http_hosts.empty()) cfg.rules.http_hosts = {"127.0.0.1", "localhost"};
        sender = std::make_shared<server::push::push_sender>(ioc, *store, vapid, cfg);
        thread = std::thread([this] { ioc.run(); });
    }
    ~rig() {
        sender->stop();
        work.reset();
        ioc.stop();
        thread.join();
        store.reset();  // drained while the io_context its handlers post to still exists
    }
    std::size_t subscriptions() {
        return must<std::vector<server::storage::push_subscription>>(
                   [&](auto h) { store->push_subscriptions_of(ada.row, h); })
            .size();
    }
};

}  // namespace kibitz::test
