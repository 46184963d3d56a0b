/* service/glicko2.c - one Glicko-2 rating period (see glicko2.h). */
#include <math.h>

#include "service/glicko2.h"

#define GLICKO2_SCALE 173.7178
#define GLICKO2_EPSILON 0.000001

static double g_of(double phi) { return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (M_PI * M_PI)); }

static double expected(double mu, double mu_j, double phi_j) { return 1.0 / (1.0 + exp(-g_of(phi_j) * (mu - mu_j))); }

/* The function whose zero is the new volatility's log-square (step 5 of the paper). */
static double vol_f(double x, double delta, double phi, double v, double a, double tau)
{
    double ex = exp(x), d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

/* Step 5: the new volatility, by the Illinois algorithm. */
static double new_volatility(double sigma, double phi, double v, double delta, double tau)
{
    double a = log(sigma * sigma), A = a, B;
    if (delta * delta > phi * phi + v) {
        B = log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (vol_f(a - k * tau, delta, phi, v, a, tau) < 0 && k < 1000)
            k++;
        B = a - k * tau;
    }
    double fA = vol_f(A, delta, phi, v, a, tau), fB = vol_f(B, delta, phi, v, a, tau);
    for (int i = 0; fabs(B - A) > GLICKO2_EPSILON && i < 1000; i++) {
        double C = A + (A - B) * fA / (fB - fA), fC = vol_f(C, delta, phi, v, a, tau);
        if (fC * fB <= 0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2.0;
        }
        B = C;
        fB = fC;
    }
    return exp(A / 2.0);
}

glicko2_rating glicko2_update(glicko2_rating p, const glicko2_result *res, size_t n, double tau)
{
    double mu = (p.r - 1500.0) / GLICKO2_SCALE, phi = p.rd / GLICKO2_SCALE;
    if (n == 0) { /* no games: only the deviation grows (step 6 alone) */
        double phi_star = sqrt(phi * phi + p.sigma * p.sigma);
        return (glicko2_rating){p.r, phi_star * GLICKO2_SCALE, p.sigma};
    }
    double inv_v = 0.0, sum = 0.0;
    for (size_t j = 0; j < n; j++) {
        double mu_j = (res[j].r - 1500.0) / GLICKO2_SCALE, phi_j = res[j].rd / GLICKO2_SCALE;
        double g = g_of(phi_j), e = expected(mu, mu_j, phi_j);
        inv_v += g * g * e * (1.0 - e);
        sum += g * (res[j].score - e);
    }
    double v = 1.0 / inv_v, delta = v * sum;
    double sigma = new_volatility(p.sigma, phi, v, delta, tau);
    double phi_star = sqrt(phi * phi + sigma * sigma);
    double phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    double mu_new = mu + phi_new * phi_new * sum;
    return (glicko2_rating){GLICKO2_SCALE * mu_new + 1500.0, GLICKO2_SCALE * phi_new, sigma};
}
