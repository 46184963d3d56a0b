/* service/pairing_roundrobin.c - round-robin rounds from FIDE's Berger tables.
 *
 * For m players (n, or n + 1 with a missing player when n is odd), numbered 1..m in the
 * tables, round r (1-based) of one cycle is: the table's last player m against
 * a = (r - 1) * m/2 mod (m - 1) + 1 (a moves first in odd rounds, m in even ones), and the
 * others in pairs a + k (first) against a - k, k = 1 .. m/2 - 1, counted round 1..m-1.  This
 * gives FIDE's tables exactly (6 players, round 2: 6-4, 5-3, 1-2) and colours that alternate
 * for everyone but where the table cannot.  A second cycle plays the first again with
 * colours swapped.  Knows nothing of games or clocks; see pairing.h. */
#include "service/pairing.h"

int roundrobin_rounds(int n, int cycles)
{
    if (n < 2 || cycles < 1)
        return 0;
    int m = n + (n & 1);
    return (m - 1) * cycles;
}

/* x taken into 1..mod */
static int wrap(int x, int mod)
{
    return ((x - 1) % mod + mod) % mod + 1;
}

/* The table's player p (1-based) as an entrant: the missing player m of an odd n is the bye. */
static int entrant(int p, int n)
{
    return p > n ? PAIRING_BYE : p - 1;
}

/* One board of the table into out, a bye written as (the present player, PAIRING_BYE). */
static void board(int first, int second, int n, int swap, pairing_game *out)
{
    int f = entrant(first, n), s = entrant(second, n);
    if (f == PAIRING_BYE) {
        out->first = s;
        out->second = PAIRING_BYE;
    } else if (s == PAIRING_BYE) {
        out->first = f;
        out->second = PAIRING_BYE;
    } else {
        out->first = swap ? s : f;
        out->second = swap ? f : s;
    }
}

int roundrobin_round(int n, int cycles, int round, pairing_game *out)
{
    int total = roundrobin_rounds(n, cycles);
    if (round < 0 || round >= total)
        return 0;
    int m = n + (n & 1), per_cycle = m - 1;
    int r = round % per_cycle + 1, swap = round >= per_cycle;
    int a = (r - 1) * (m / 2) % per_cycle + 1;
    int nb = 0, bye = -1;
    pairing_game boards[1];
    for (int k = 0; k < m / 2; k++) {
        int first, second;
        if (k == 0) {
            first = (r & 1) ? a : m;
            second = (r & 1) ? m : a;
        } else {
            first = wrap(a + k, per_cycle);
            second = wrap(a - k, per_cycle);
        }
        board(first, second, n, swap, k == 0 && (n & 1) ? boards : out + nb);
        if (k == 0 && (n & 1))
            bye = 1;   /* the table's last player is the missing one: a bye, written last */
        else
            nb++;
    }
    if (bye > 0)
        out[nb++] = boards[0];
    return nb;
}
