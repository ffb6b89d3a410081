#pragma once
// A value or a human-readable reason why there is none. Everything that parses
// untrusted text (moves, positions) returns one of these instead of throwing.
#include <string>
#include <utility>
#include <variant>

namespace kibitz::core {

struct error {
    std::string reason;
};

template <class T>
class result {
public:
    result(T value) : v_(std::move(value)) {}
    result(error e) : v_(std::move(e)) {}

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() & { return std::get<0>(v_); }
    const T& value() const& { return std::get<0>(v_); }
    T&& value() && { return std::get<0>(std::move(v_)); }
    const std::string& reason() const { return std::get<1>(v_).reason; }

private:
    std::variant<T, error> v_;
};

}  // namespace kibitz::core
