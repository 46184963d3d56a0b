/* service/standings.c - a tournament's standings from its finished games (pairing.h).
 *
 * Points: a win 1, a draw 1/2, a bye what the format gives it.  Round robin: Sonneborn-Berger
 * (each game's score times the opponent's points, summed), then head-to-head (the points
 * scored against the others level on points and Sonneborn-Berger), then rating.  Swiss:
 * Buchholz (the opponents' points summed, a bye an opponent with 0), then median Buchholz
 * (without the highest and the lowest, from 3 opponents up), then rating.  Rows that are
 * equal in all of these share a rank. */
#include <stdlib.h>

#include "service/pairing.h"

static int valid_player(int p, int n)
{
    return p >= 0 && p < n;
}

static void add_points(int n, const standings_game *g, size_t ng, standings_row *row)
{
    for (size_t i = 0; i < ng; i++) {
        if (!valid_player(g[i].first, n))
            continue;
        row[g[i].first].points += g[i].first_score;
        if (g[i].second == PAIRING_BYE || !valid_player(g[i].second, n))
            continue;
        row[g[i].second].points += 1.0 - g[i].first_score;
        row[g[i].first].games++;
        row[g[i].second].games++;
    }
}

static void sonneborn_berger(int n, const standings_game *g, size_t ng, standings_row *row)
{
    for (size_t i = 0; i < ng; i++) {
        int a = g[i].first, b = g[i].second;
        if (!valid_player(a, n) || !valid_player(b, n))
            continue;
        row[a].tiebreak[0] += g[i].first_score * row[b].points;
        row[b].tiebreak[0] += (1.0 - g[i].first_score) * row[a].points;
    }
}

/* Head-to-head: the points each scored in games between two players level on points and SB. */
static void head_to_head(int n, const standings_game *g, size_t ng, standings_row *row)
{
    for (size_t i = 0; i < ng; i++) {
        int a = g[i].first, b = g[i].second;
        if (!valid_player(a, n) || !valid_player(b, n))
            continue;
        if (row[a].points != row[b].points || row[a].tiebreak[0] != row[b].tiebreak[0])
            continue;
        row[a].tiebreak[1] += g[i].first_score;
        row[b].tiebreak[1] += 1.0 - g[i].first_score;
    }
}

/* Buchholz and median Buchholz: each player's opponents' points, a bye's 0 among them. */
static int buchholz(int n, const standings_game *g, size_t ng, standings_row *row)
{
    int *count = calloc((size_t)n + 1, sizeof *count);
    double *hi = malloc(sizeof *hi * ((size_t)n + 1)), *lo = malloc(sizeof *lo * ((size_t)n + 1));
    if (!count || !hi || !lo) {
        free(count);
        free(hi);
        free(lo);
        return -1;
    }
    for (size_t i = 0; i < ng; i++) {
        int side[2] = {g[i].first, g[i].second};
        for (int k = 0; k < 2; k++) {
            int p = side[k], o = side[1 - k];
            if (!valid_player(p, n) || (o != PAIRING_BYE && !valid_player(o, n)))
                continue;
            double op = o == PAIRING_BYE ? 0.0 : row[o].points;
            row[p].tiebreak[0] += op;
            if (count[p] == 0 || op > hi[p])
                hi[p] = op;
            if (count[p] == 0 || op < lo[p])
                lo[p] = op;
            count[p]++;
        }
    }
    for (int p = 0; p < n; p++)
        row[p].tiebreak[1] = row[p].tiebreak[0] - (count[p] >= 3 ? hi[p] + lo[p] : 0.0);
    free(count);
    free(hi);
    free(lo);
    return 0;
}

/* rows by points, tie-breaks, rating, then seed: <0 when a comes first */
static int compare_keys(const standings_row *a, const standings_row *b)
{
    if (a->points != b->points)
        return a->points > b->points ? -1 : 1;
    for (int k = 0; k < STANDINGS_TIEBREAKS; k++)
        if (a->tiebreak[k] != b->tiebreak[k])
            return a->tiebreak[k] > b->tiebreak[k] ? -1 : 1;
    if (a->rating != b->rating)
        return a->rating > b->rating ? -1 : 1;
    return 0;
}

static int compare_rows(const void *x, const void *y)
{
    const standings_row *a = x, *b = y;
    int c = compare_keys(a, b);
    return c ? c : (a->player > b->player) - (a->player < b->player);
}

static void sort_and_rank(int n, standings_row *row)
{
    qsort(row, (size_t)n, sizeof *row, compare_rows);
    for (int i = 0; i < n; i++)
        row[i].rank = i > 0 && compare_keys(&row[i], &row[i - 1]) == 0 ? row[i - 1].rank : i + 1;
}

int standings_compute(standings_kind kind, int n, const double *rating, const standings_game *games,
                      size_t ngames, standings_row *out)
{
    for (int p = 0; p < n; p++) {
        standings_row r = {.player = p, .rating = rating ? rating[p] : 0.0};
        out[p] = r;
    }
    add_points(n, games, ngames, out);
    if (kind == STANDINGS_ROUNDROBIN) {
        sonneborn_berger(n, games, ngames, out);
        head_to_head(n, games, ngames, out);
    } else if (buchholz(n, games, ngames, out) < 0) {
        return -1;
    }
    sort_and_rank(n, out);
    return 0;
}
