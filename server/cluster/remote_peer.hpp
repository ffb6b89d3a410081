#pragma once
// A connection on another node, as a room on this node sees it: a peer whose
// frames go over Redis to that node (node::relay), which hands them to the
// connection there. Its conn_id is this node's own number for it, from a
// range local connections never reach, so the room's maps keep them apart.
#include <memory>
#include <string>

#include "play/peer.hpp"

namespace kibitz::server::cluster {

class node;

class remote_peer final : public peer {
public:
    // Local connection ids count up from 1; remote ones start far above.
    static constexpr std::uint64_t first_conn = std::uint64_t{1} << 62;

    remote_peer(std::weak_ptr<node> via, std::string node_name, std::uint64_t their_conn,
                std::uint64_t conn)
        : via_(std::move(via)), node_(std::move(node_name)), their_conn_(their_conn), conn_(conn) {}

    void send(std::shared_ptr<const std::string> frame) override;
    std::uint64_t conn_id() const override { return conn_; }
    const std::string& node_name() const { return node_; }  // the node the connection is on
    std::uint64_t their_conn() const { return their_conn_; }  // its id there
    // A session that ended is closed on the node the connection is on (its
    // own session registry); nothing to do from here.
    void end_connection(const std::string&) override {}

private:
    std::weak_ptr<node> via_;
    std::string node_;
    std::uint64_t their_conn_;
    std::uint64_t conn_;
};

}  // namespace kibitz::server::cluster
