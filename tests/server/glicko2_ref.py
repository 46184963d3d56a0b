"""tests/server/glicko2_ref.py - Glicko-2 by hand, as the tests compute what ludexd's ratings should be
(tests/server/run, tests/server/pg_once)."""
import math


def glicko2(p, opponents):
    """One Glicko-2 period by hand (Glickman, 2013): p and each opponent (r, rd[, sigma]), with a score."""
    scale, tau = 173.7178, 0.5
    mu, phi, sigma = (p[0] - 1500) / scale, p[1] / scale, p[2]
    gs = []
    for r, rd, score in opponents:
        muj, phij = (r - 1500) / scale, rd / scale
        g = 1 / math.sqrt(1 + 3 * phij * phij / math.pi ** 2)
        gs.append((g, 1 / (1 + math.exp(-g * (mu - muj))), score))
    v = 1 / sum(g * g * e * (1 - e) for g, e, _ in gs)
    delta = v * sum(g * (sc - e) for g, e, sc in gs)
    a = math.log(sigma * sigma)

    def f(x):
        ex = math.exp(x)
        return ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2) - (x - a) / tau ** 2
    A = a
    if delta ** 2 > phi ** 2 + v:
        B = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        B = a - k * tau
    fa, fb = f(A), f(B)
    while abs(B - A) > 0.000001:
        C = A + (A - B) * fa / (fb - fa)
        fc = f(C)
        if fc * fb <= 0:
            A, fa = B, fb
        else:
            fa /= 2
        B, fb = C, fc
    sigma2 = math.exp(A / 2)
    phistar = math.sqrt(phi ** 2 + sigma2 ** 2)
    phi2 = 1 / math.sqrt(1 / phistar ** 2 + 1 / v)
    mu2 = mu + phi2 ** 2 * sum(g * (sc - e) for g, e, sc in gs)
    return (scale * mu2 + 1500, scale * phi2, sigma2)
