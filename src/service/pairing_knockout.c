/* service/pairing_knockout.c - a knockout's bracket and the games of one of its matches.
 *
 * The bracket of P slots (P the least power of two >= the entrants) is the usual seeded one,
 * built by doubling: [1, 2] -> [1, 4, 2, 3] -> [1, 8, 4, 5, 2, 7, 3, 6]; each seed s of a
 * bracket of m is followed by m + 1 - s in the bracket of 2m, so 1 meets P, the two best
 * meet only in the final, and the seeds past the entrants (byes) fall against the top seeds.
 * A match is one game, played again with colours reversed while it is drawn, up to a limit,
 * after which the higher seed goes through.  Backgammon's match to N points is one game
 * here (the game itself is the match).  See pairing.h. */
#include "service/pairing.h"

int knockout_size(int n)
{
    int p = 1;
    while (p < n)
        p *= 2;
    return p;
}

void knockout_bracket(int n, int *slots)
{
    int size = knockout_size(n);
    slots[0] = 1;
    for (int m = 1; m < size; m *= 2)
        for (int i = m - 1; i >= 0; i--) { /* from the back: slots[i] is still the old one */
            int s = slots[i];
            slots[2 * i] = s;
            slots[2 * i + 1] = 2 * m + 1 - s;
        }
    for (int i = 0; i < size; i++)
        slots[i] = slots[i] - 1 < n ? slots[i] - 1 : PAIRING_BYE;
}

knockout_step knockout_match(int a, int b, const double *hi_scores, int played, int max_replays)
{
    knockout_step st = {0, PAIRING_BYE, {PAIRING_BYE, PAIRING_BYE}};
    if (a == PAIRING_BYE || b == PAIRING_BYE) {
        st.decided = 1;
        st.winner = a == PAIRING_BYE ? b : a;
        return st;
    }
    int hi = a < b ? a : b, lo = a < b ? b : a;
    for (int g = 0; g < played; g++)
        if (hi_scores[g] != 0.5) {
            st.decided = 1;
            st.winner = hi_scores[g] > 0.5 ? hi : lo;
            return st;
        }
    if (played > max_replays) { /* the first game and max_replays replays, all drawn */
        st.decided = 1;
        st.winner = hi;
        return st;
    }
    st.game.first = played % 2 == 0 ? hi : lo;
    st.game.second = played % 2 == 0 ? lo : hi;
    return st;
}
