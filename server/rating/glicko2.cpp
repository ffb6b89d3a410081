#include "rating/glicko2.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace kibitz::server::glicko2 {

namespace {
constexpr double scale = 173.7178;  // Glicko to Glicko-2 scale (step 2)
constexpr double epsilon = 0.000001;  // convergence of the volatility iteration (step 5)
// A cap on RD so that long inactivity never makes a rating more uncertain than a new one.
constexpr double max_rd = 350;

double g(double phi) { return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi)); }
double e(double mu, double mu_j, double phi_j) { return 1 / (1 + std::exp(-g(phi_j) * (mu - mu_j))); }
}  // namespace

rating update(const rating& player, std::span<const outcome> results, double tau) {
    double mu = (player.r - 1500) / scale;
    double phi = player.rd / scale;
    double sigma = player.vol;
    if (results.empty()) {
        double phi_star = std::sqrt(phi * phi + sigma * sigma);
        return {player.r, std::min(phi_star * scale, max_rd), sigma};
    }
    // Step 3 and 4: estimated variance v and improvement delta.
    double v_inv = 0, delta_sum = 0;
    for (const auto& o : results) {
        double mu_j = (o.opponent.r - 1500) / scale, phi_j = o.opponent.rd / scale;
        double gj = g(phi_j), ej = e(mu, mu_j, phi_j);
        v_inv += gj * gj * ej * (1 - ej);
        delta_sum += gj * (o.score - ej);
    }
    double v = 1 / v_inv;
    double delta = v * delta_sum;

    // Step 5: new volatility by the Illinois algorithm.
    double a = std::log(sigma * sigma);
    auto f = [&](double x) {
        double ex = std::exp(x);
        double d = phi * phi + v + ex;
        return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
    };
    double A = a, B;
    if (delta * delta > phi * phi + v) {
        B = std::log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (f(a - k * tau) < 0) ++k;
        B = a - k * tau;
    }
    double fA = f(A), fB = f(B);
    for (int guard = 0; std::fabs(B - A) > epsilon && guard < 1000; ++guard) {
        double C = A + (A - B) * fA / (fB - fA);
        double fC = f(C);
        if (fC * fB <= 0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2;
        }
        B = C;
        fB = fC;
    }
    double sigma_new = std::exp(A / 2);

    // Steps 6 to 8: new RD and rating, back on the Glicko scale.
    double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
    double phi_new = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v);
    double mu_new = mu + phi_new * phi_new * delta_sum;
    return {mu_new * scale + 1500, std::min(phi_new * scale, max_rd), sigma_new};
}

pair_result update_game(const rating& a, const rating& b, double score_a, double tau) {
    outcome for_a{b, score_a}, for_b{a, 1 - score_a};
    return {update(a, std::span(&for_a, 1), tau), update(b, std::span(&for_b, 1), tau)};
}

}  // namespace kibitz::server::glicko2
