#pragma once
// Opprimo board geometry, as data, in one place.
//
// The source rules page gives no figure we can read, so the lattice here is the
// project's reading of it (see docs/rules/opprimo.md): seven files a..g; b, d, f
// hold points on the odd ranks 1..13, a, c, e, g on the even ranks 2..12 (45
// points). Lines join vertical neighbours (same file, rank +-2) and diagonal
// neighbours (file +-1, rank +-1): 110 edges. Triangles are the triples of
// mutually adjacent points (66). If the printed board proves different, only
// the lists in this file change: everything else reads these tables.
//
// Indexing: points are numbered file-major, rank ascending (a2=0, a4=1, ...,
// b1=6, ..., g12=44), so sorting corner indices sorts them "by file, then by
// rank", which is how triangles are named (`d1-d3-e2`). Triangles are numbered
// in lexicographic order of their sorted corner indices. Seat 0 = Yellow
// (moves up the board, rank increasing), seat 1 = Red.
#include <array>
#include <cstdint>

namespace kibitz::core::opprimo {

inline constexpr int file_count = 7;
inline constexpr int point_count = 45;
inline constexpr int edge_count = 110;
inline constexpr int triangle_count = 66;
inline constexpr int no_index = -1;

// The six line directions. Yellow's forward ones are n, ne, nw; Red's se, s, sw
// (listed in direction order, which is the move-list order).
enum direction : int { dir_n, dir_ne, dir_se, dir_s, dir_sw, dir_nw };
inline constexpr std::array<int, 6> dir_file = {0, 1, 1, 0, -1, -1};
inline constexpr std::array<int, 6> dir_rank = {2, 1, -1, -2, -1, 1};
inline constexpr std::array<std::array<int, 3>, 2> forward_dirs = {{
    {dir_n, dir_ne, dir_nw},  // yellow
    {dir_se, dir_s, dir_sw},  // red
}};

struct point_info {
    int file = 0;  // 0..6 = a..g
    int rank = 0;  // 1..13
};

namespace detail {
// Files b, d, f (index 1, 3, 5) start on rank 1; the others on rank 2.
constexpr int first_rank(int file) { return file % 2 == 1 ? 1 : 2; }
constexpr int last_rank(int file) { return file % 2 == 1 ? 13 : 12; }
}  // namespace detail

inline constexpr std::array<point_info, point_count> points = [] {
    std::array<point_info, point_count> out{};
    int n = 0;
    for (int f = 0; f < file_count; ++f)
        for (int r = detail::first_rank(f); r <= detail::last_rank(f); r += 2) out[n++] = {f, r};
    return out;
}();

// Index of the point on (file, rank), or no_index off the board.
constexpr int point_at(int file, int rank) {
    if (file < 0 || file >= file_count) return no_index;
    if (rank < detail::first_rank(file) || rank > detail::last_rank(file)) return no_index;
    if ((rank - detail::first_rank(file)) % 2 != 0) return no_index;
    int base = 0;
    for (int f = 0; f < file; ++f) base += (detail::last_rank(f) - detail::first_rank(f)) / 2 + 1;
    return base + (rank - detail::first_rank(file)) / 2;
}

// neighbour[p][d]: the adjacent point in direction d, or no_index.
inline constexpr std::array<std::array<std::int8_t, 6>, point_count> neighbour = [] {
    std::array<std::array<std::int8_t, 6>, point_count> out{};
    for (int p = 0; p < point_count; ++p)
        for (int d = 0; d < 6; ++d)
            out[p][d] = static_cast<std::int8_t>(
                point_at(points[p].file + dir_file[d], points[p].rank + dir_rank[d]));
    return out;
}();

constexpr bool adjacent(int a, int b) {
    for (int d = 0; d < 6; ++d)
        if (neighbour[a][d] == b) return true;
    return false;
}

inline constexpr int computed_edge_count = [] {
    int n = 0;
    for (int a = 0; a < point_count; ++a)
        for (int b = a + 1; b < point_count; ++b) n += adjacent(a, b) ? 1 : 0;
    return n;
}();
static_assert(computed_edge_count == edge_count, "the lattice must have 110 lines");

// Triangles: every triple of mutually adjacent points, corners sorted.
inline constexpr int computed_triangle_count = [] {
    int n = 0;
    for (int a = 0; a < point_count; ++a)
        for (int b = a + 1; b < point_count; ++b) {
            // Pairs first: clang's constant evaluator gives up on the full triple loop.
            if (!adjacent(a, b)) continue;
            for (int c = b + 1; c < point_count; ++c)
                n += (adjacent(b, c) && adjacent(a, c)) ? 1 : 0;
        }
    return n;
}();
static_assert(computed_triangle_count == triangle_count, "the lattice must have 66 triangles");

inline constexpr std::array<std::array<std::int8_t, 3>, triangle_count> triangle_corners = [] {
    std::array<std::array<std::int8_t, 3>, triangle_count> out{};
    int n = 0;
    for (int a = 0; a < point_count; ++a)
        for (int b = a + 1; b < point_count; ++b) {
            if (!adjacent(a, b)) continue;
            for (int c = b + 1; c < point_count; ++c)
                if (adjacent(b, c) && adjacent(a, c))
                    out[n++] = {static_cast<std::int8_t>(a), static_cast<std::int8_t>(b),
                                static_cast<std::int8_t>(c)};
        }
    return out;
}();

inline constexpr std::array<std::uint64_t, triangle_count> triangle_mask = [] {
    std::array<std::uint64_t, triangle_count> out{};
    for (int t = 0; t < triangle_count; ++t)
        for (int c : triangle_corners[t]) out[t] |= std::uint64_t{1} << c;
    return out;
}();

// The triangle with these three corners (any order), or no_index.
constexpr int triangle_of(int a, int b, int c) {
    if (a < 0 || b < 0 || c < 0) return no_index;
    const std::uint64_t m =
        (std::uint64_t{1} << a) | (std::uint64_t{1} << b) | (std::uint64_t{1} << c);
    for (int t = 0; t < triangle_count; ++t)
        if (triangle_mask[t] == m) return t;
    return no_index;
}

// Triangles sharing a side (two corners): at most three, padded with no_index.
inline constexpr std::array<std::array<std::int8_t, 3>, triangle_count> triangle_adjacent = [] {
    std::array<std::array<std::int8_t, 3>, triangle_count> out{};
    for (int t = 0; t < triangle_count; ++t) {
        int n = 0;
        out[t] = {no_index, no_index, no_index};
        for (int u = 0; u < triangle_count; ++u) {
            const std::uint64_t shared = triangle_mask[t] & triangle_mask[u];
            if (u != t && __builtin_popcountll(shared) == 2) out[t][n++] = static_cast<std::int8_t>(u);
        }
    }
    return out;
}();

// Castles (the only triangles each King may stand on) and promotion points,
// per seat. Listed by name, as the rules page gives them.
inline constexpr std::array<std::array<int, 2>, 2> castle_triangles = {{
    {triangle_of(point_at(2, 2), point_at(3, 1), point_at(3, 3)),      // c2-d1-d3
     triangle_of(point_at(3, 1), point_at(3, 3), point_at(4, 2))},     // d1-d3-e2
    {triangle_of(point_at(2, 12), point_at(3, 11), point_at(3, 13)),   // c12-d11-d13
     triangle_of(point_at(3, 11), point_at(3, 13), point_at(4, 12))},  // d11-d13-e12
}};
static_assert(castle_triangles[0][0] >= 0 && castle_triangles[0][1] >= 0);
static_assert(castle_triangles[1][0] >= 0 && castle_triangles[1][1] >= 0);

// castle_owner[t]: 0 or 1 when triangle t is in that seat's Castle, else no_index.
inline constexpr std::array<std::int8_t, triangle_count> castle_owner = [] {
    std::array<std::int8_t, triangle_count> out{};
    out.fill(no_index);
    for (int s = 0; s < 2; ++s)
        for (int t : castle_triangles[s]) out[t] = static_cast<std::int8_t>(s);
    return out;
}();

constexpr std::uint64_t bit(int p) { return std::uint64_t{1} << p; }

// promotion_mask[s]: where seat s's Soldiers become Knights (the enemy's back points).
inline constexpr std::array<std::uint64_t, 2> promotion_mask = {
    bit(point_at(1, 13)) | bit(point_at(3, 13)) | bit(point_at(5, 13)),  // yellow: b13 d13 f13
    bit(point_at(1, 1)) | bit(point_at(3, 1)) | bit(point_at(5, 1)),     // red: b1 d1 f1
};

}  // namespace kibitz::core::opprimo
