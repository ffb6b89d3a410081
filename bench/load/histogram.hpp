#pragma once
// Latency histogram in microseconds with fixed storage: exact below 1024 us,
// then 64 sub-buckets per power of two (under 1.6% relative error). Recording
// is an index computation and an increment: no allocation on the hot path.
#include <array>
#include <bit>
#include <cstdint>

namespace kibitz::bench {

class histogram {
public:
    void record(std::uint64_t us) {
        ++counts_[index(us)];
        ++total_;
        if (us > max_) max_ = us;
    }
    void merge(const histogram& o) {
        for (std::size_t i = 0; i < counts_.size(); ++i) counts_[i] += o.counts_[i];
        total_ += o.total_;
        if (o.max_ > max_) max_ = o.max_;
    }
    void clear() { *this = histogram{}; }
    std::uint64_t count() const { return total_; }
    std::uint64_t max() const { return max_; }
    // The value below which fraction q of the samples lie (bucket upper bound).
    std::uint64_t quantile(double q) const {
        if (total_ == 0) return 0;
        auto want = static_cast<std::uint64_t>(q * static_cast<double>(total_) + 0.5);
        if (want == 0) want = 1;
        std::uint64_t seen = 0;
        for (std::size_t i = 0; i < counts_.size(); ++i) {
            seen += counts_[i];
            if (seen >= want) {
                auto v = upper(i);
                return v < max_ ? v : max_;
            }
        }
        return max_;
    }

private:
    static constexpr int sub_bits = 6;  // 64 sub-buckets per octave
    static constexpr std::size_t linear = 1024;
    static constexpr std::size_t octaves = 30;  // up to ~2^40 us
    static std::size_t index(std::uint64_t v) {
        if (v < linear) return static_cast<std::size_t>(v);
        int msb = 63 - std::countl_zero(v);               // >= 10
        int shift = msb - sub_bits;                       // keep 6 bits under the top one
        std::size_t sub = static_cast<std::size_t>((v >> shift) & ((1u << sub_bits) - 1));
        std::size_t i = linear + static_cast<std::size_t>(msb - 10) * (1u << sub_bits) + sub;
        return i < linear + octaves * (1u << sub_bits) ? i : linear + octaves * (1u << sub_bits) - 1;
    }
    static std::uint64_t upper(std::size_t i) {
        if (i < linear) return i;
        std::size_t j = i - linear;
        int msb = static_cast<int>(j >> sub_bits) + 10;
        std::uint64_t sub = j & ((1u << sub_bits) - 1);
        int shift = msb - sub_bits;
        return (((std::uint64_t{1} << sub_bits) | sub) + 1) << shift;
    }
    std::array<std::uint64_t, linear + octaves * (1u << sub_bits)> counts_{};
    std::uint64_t total_ = 0;
    std::uint64_t max_ = 0;
};

}  // namespace kibitz::bench
