/* fuzz_tournament.c - libFuzzer harness for a tournament's words and its pairing
 * (src/service/tournament_plan.c, pairing_*.c, standings.c are compiled in: pure code).
 *
 * Each line of the input is read as a format and as a setting: a refusal must say what was
 * expected, an acceptance must give values in range.  Then the bytes are read as a tournament:
 * the first gives the format and the number of players (2-40), the rest games (first, second,
 * result; out-of-range players and repeats included) that tournament_next, swiss_pair and
 * standings_compute must take without crashing; every round they pair must hold each active
 * player at most once and name only real players. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "service/tournament_plan.h"

static void words(const uint8_t *data, size_t size)
{
    char line[128], err[200];
    size_t at = 0;
    while (at < size) {
        size_t len = 0;
        while (at + len < size && data[at + len] != '\n' && len < sizeof line - 1)
            len++;
        memcpy(line, data + at, len);
        line[len] = 0;
        at += len + 1;
        tournament_format f;
        err[0] = 0;
        if (tournament_format_parse(line, &f, err, sizeof err) == 0) {
            if ((f.kind == TFORMAT_ROUNDROBIN && f.cycles != 1 && f.cycles != 2) ||
                (f.kind == TFORMAT_SWISS && (f.rounds < 1 || f.rounds > TOURNAMENT_SWISS_MAX_ROUNDS)))
                abort();
        } else if (!strstr(err, "expected")) {
            abort();
        }
        tournament_settings s;
        tournament_settings_default(&s);
        err[0] = 0;
        int r = tournament_setting(line, &s, err, sizeof err);
        if ((r < 0 && !strstr(err, "expected")) || s.min_players < 2 || s.max_players > TOURNAMENT_MAX_PLAYERS ||
            s.min_players > s.max_players || s.days < 1 || s.days > 365 || s.start_at < 0)
            abort();
    }
}

static void check_round(const pairing_game *b, int nb, int n)
{
    char seen[64] = {0};
    for (int i = 0; i < nb; i++) {
        int p[2] = {b[i].first, b[i].second};
        for (int k = 0; k < 2; k++) {
            if (k == 1 && p[k] == PAIRING_BYE)
                continue;
            if (p[k] < 0 || p[k] >= n || seen[p[k]]++)
                abort();
        }
    }
}

static void tournament(const uint8_t *data, size_t size)
{
    if (size < 2)
        return;
    int n = 2 + data[0] % 39;
    tournament_format f = {(tformat_kind)(data[1] % 3), 1 + data[1] / 3 % 2, 1 + data[1] / 6 % 8};
    tplan_game g[200];
    int withdrawn[64] = {0};
    size_t ng = 0;
    int rounds = 0;
    for (size_t at = 2; at + 3 <= size && ng < 200; at += 3) {
        int round = 1 + data[at] / 64;
        tplan_game x = {round, data[at] % 48 - 4, data[at + 1] % 48 - 4, data[at + 2] & 1, (data[at + 2] >> 1) % 3 * 0.5};
        if (x.second < 0)
            x.second = PAIRING_BYE;
        if (round > rounds)
            rounds = round;
        if (data[at + 2] & 0x80 && x.first >= 0 && x.first < n)
            withdrawn[x.first] = 1;
        g[ng++] = x;
    }
    pairing_game b[64];
    int round = 0, nb = 0;
    tplan_input in = {f, data[1] & 0x40 ? 0 : 1, n, withdrawn, g, ng, rounds};
    if (tournament_next(&in, &round, b, &nb) == TPLAN_PAIR)
        check_round(b, nb, n);
    swiss_entrant e[64];
    pairing_game past[200];
    for (int i = 0; i < n; i++)
        e[i] = (swiss_entrant){(double)(data[i % size] % 8) / 2, !withdrawn[i]};
    for (size_t i = 0; i < ng; i++)
        past[i] = (pairing_game){g[i].first, g[i].second};
    nb = swiss_pair(e, n, past, ng, b, NULL);
    if (nb >= 0)
        check_round(b, nb, n);
    standings_game sg[200];
    standings_row rows[64];
    double rating[64] = {0};
    size_t ns = tournament_results(g, ng, sg);
    if (standings_compute(f.kind == TFORMAT_SWISS ? STANDINGS_SWISS : STANDINGS_ROUNDROBIN, n, rating, sg, ns, rows) == 0)
        for (int i = 0; i < n; i++)
            if (rows[i].rank < 1 || rows[i].rank > i + 1 || rows[i].player < 0 || rows[i].player >= n)
                abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    words(data, size);
    tournament(data, size);
    return 0;
}
