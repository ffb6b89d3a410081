#pragma once
// SplitMix64 (Steele, Lea and Flood, 2014): the one small generator and bit
// mixer of the core. Its sequence is fixed by its definition, identical on
// every platform and compiler, which the Zobrist keys, the engine's hashes,
// its level randomness and the golden playthroughs all rely on: changing a
// constant here changes all of them.
#include <cstdint>

namespace kibitz::core {

// The finaliser alone: a well-mixed 64-bit function of z (a hash of a word).
constexpr std::uint64_t splitmix64_mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// The step between successive states: the golden ratio's 64 fractional bits.
inline constexpr std::uint64_t splitmix64_gamma = 0x9E3779B97F4A7C15ull;

// The generator: each next() advances the state by the gamma and mixes it.
struct splitmix64 {
    std::uint64_t state = 0;
    constexpr std::uint64_t next() { return splitmix64_mix(state += splitmix64_gamma); }
    // A number below n (n > 0); the small modulo bias does not matter here.
    constexpr std::uint64_t below(std::uint64_t n) { return next() % n; }
};

}  // namespace kibitz::core
