/* service/tournament_plan.c - a tournament's format, settings and next step (tournament_plan.h).
 *
 * Round robin: round r of the Berger table once round r-1 has ended (or every round at once
 * with -rounds=together).  Swiss: the next round once every game of the last has ended, paired
 * by swiss_pair on the points so far, withdrawn players left out.  Knockout: the bracket is
 * played stage by stage; a stage is one game of every match not yet decided (knockout_match:
 * the first decisive game decides, a drawn one is played again with colours reversed up to
 * TOURNAMENT_KNOCKOUT_REPLAYS times, then the higher seed goes through); when every match of a
 * bracket round is decided, its winners meet in the next.  The state is always worked out again
 * from the games: nothing is kept between calls. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service/tournament_plan.h"

int tournament_format_parse(const char *text, tournament_format *out, char *err, size_t errcap)
{
    const char *colon = strchr(text, ':');
    size_t len = colon ? (size_t)(colon - text) : strlen(text);
    char *end = NULL;
    long arg = colon ? strtol(colon + 1, &end, 10) : 0;
    int arg_ok = !colon || (colon[1] >= '0' && colon[1] <= '9' && *end == 0);
    memset(out, 0, sizeof *out);
    if (len == 10 && !strncmp(text, "roundrobin", len) && arg_ok && (!colon || arg == 1 || arg == 2)) {
        out->kind = TFORMAT_ROUNDROBIN;
        out->cycles = colon ? (int)arg : 1;
        return 0;
    }
    if (len == 5 && !strncmp(text, "swiss", len) && colon && arg_ok && arg >= 1 && arg <= TOURNAMENT_SWISS_MAX_ROUNDS) {
        out->kind = TFORMAT_SWISS;
        out->rounds = (int)arg;
        return 0;
    }
    if (!colon && !strcmp(text, "knockout")) {
        out->kind = TFORMAT_KNOCKOUT;
        return 0;
    }
    snprintf(err, errcap, "format '%.40s': expected roundrobin, roundrobin:2, swiss:ROUNDS (1-%d) or knockout", text,
             TOURNAMENT_SWISS_MAX_ROUNDS);
    return -1;
}

void tournament_settings_default(tournament_settings *s)
{
    s->min_players = 2;
    s->max_players = 64;
    s->start_at = 0;
    s->rated = 1;
    s->sequential = 1;
    s->days = TOURNAMENT_DAYS_DEFAULT;
}

/* A whole decimal number in [lo, hi] from s up to end (or its end): 0, or -1. */
static int number_in(const char *s, const char *stop, long lo, long hi, long *out)
{
    char *end;
    if (*s < '0' || *s > '9')
        return -1;
    long v = strtol(s, &end, 10);
    if (end != (stop ? stop : s + strlen(s)) || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* Days from 1970-01-01 to y-m-d (proleptic Gregorian; Howard Hinnant's days_from_civil). */
static int64_t days_from_civil(long y, long m, long d)
{
    y -= m <= 2;
    long era = (y >= 0 ? y : y - 399) / 400;
    long yoe = y - era * 400;
    long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return (int64_t)era * 146097 + doe - 719468;
}

static int parse_date(const char *v, int64_t *out)
{
    long y, m, d;
    if (strlen(v) != 10 || v[4] != '-' || v[7] != '-' || number_in(v, v + 4, 2000, 9999, &y) ||
        number_in(v + 5, v + 7, 1, 12, &m) || number_in(v + 8, NULL, 1, 31, &d))
        return -1;
    static const int month_days[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    if (d > month_days[m - 1] || (m == 2 && d == 29 && !leap))
        return -1;
    *out = days_from_civil(y, m, d) * 86400;
    return 0;
}

static int bad(char *err, size_t errcap, const char *word, const char *expected)
{
    snprintf(err, errcap, "'%.40s': expected %s", word, expected);
    return -1;
}

int tournament_setting(const char *word, tournament_settings *s, char *err, size_t errcap)
{
    long lo, hi;
    if (!strcmp(word, "-rated") || !strcmp(word, "-unrated")) {
        s->rated = word[1] == 'r';
        return 1;
    }
    if (!strncmp(word, "-players=", 9)) {
        const char *v = word + 9, *dash = strchr(v, '-');
        if (!dash || number_in(v, dash, 2, TOURNAMENT_MAX_PLAYERS, &lo) ||
            number_in(dash + 1, NULL, 2, TOURNAMENT_MAX_PLAYERS, &hi) || hi < lo)
            return bad(err, errcap, word, "-players=MIN-MAX, 2 <= MIN <= MAX <= 1000");
        s->min_players = (int)lo;
        s->max_players = (int)hi;
        return 1;
    }
    if (!strncmp(word, "-start=", 7)) {
        if (!strcmp(word + 7, "full"))
            s->start_at = 0;
        else if (parse_date(word + 7, &s->start_at))
            return bad(err, errcap, word, "-start=full or -start=YYYY-MM-DD");
        return 1;
    }
    if (!strncmp(word, "-rounds=", 8)) {
        if (strcmp(word + 8, "together") && strcmp(word + 8, "sequential"))
            return bad(err, errcap, word, "-rounds=together or -rounds=sequential");
        s->sequential = word[8] == 's';
        return 1;
    }
    if (!strncmp(word, "-days=", 6)) {
        if (number_in(word + 6, NULL, 1, 365, &lo))
            return bad(err, errcap, word, "-days=N, 1 to 365");
        s->days = (int)lo;
        return 1;
    }
    return 0;
}

size_t tournament_results(const tplan_game *games, size_t ngames, standings_game *out)
{
    size_t k = 0;
    for (size_t i = 0; i < ngames; i++)
        if (games[i].done)
            out[k++] = (standings_game){games[i].first, games[i].second, games[i].first_score};
    return k;
}

/* 1 when every game of round r has ended. */
static int round_done(const tplan_input *in, int r)
{
    for (size_t i = 0; i < in->ngames; i++)
        if (in->games[i].round == r && !in->games[i].done)
            return 0;
    return 1;
}

static int all_done(const tplan_input *in)
{
    for (size_t i = 0; i < in->ngames; i++)
        if (!in->games[i].done)
            return 0;
    return 1;
}

static tplan_step roundrobin_next(const tplan_input *in, int *round, pairing_game *boards, int *nboards)
{
    int total = roundrobin_rounds(in->n, in->format.cycles);
    if (in->rounds_paired >= total)
        return all_done(in) ? TPLAN_FINISHED : TPLAN_WAIT;
    if (in->sequential && in->rounds_paired > 0 && !round_done(in, in->rounds_paired))
        return TPLAN_WAIT;
    *round = in->rounds_paired + 1;
    *nboards = roundrobin_round(in->n, in->format.cycles, in->rounds_paired, boards);
    return TPLAN_PAIR;
}

static tplan_step swiss_next(const tplan_input *in, int *round, pairing_game *boards, int *nboards)
{
    if (in->rounds_paired > 0 && !round_done(in, in->rounds_paired))
        return TPLAN_WAIT;
    if (in->rounds_paired >= in->format.rounds)
        return TPLAN_FINISHED;
    swiss_entrant *e = calloc((size_t)in->n + 1, sizeof *e);
    pairing_game *past = calloc(in->ngames + 1, sizeof *past);
    if (!e || !past) {
        free(e);
        free(past);
        return TPLAN_ERROR;
    }
    for (int i = 0; i < in->n; i++)
        e[i].active = !(in->withdrawn && in->withdrawn[i]);
    size_t np = 0;
    for (int r = 1; r <= in->rounds_paired; r++) /* in the order they were played */
        for (size_t i = 0; i < in->ngames; i++) {
            const tplan_game *g = &in->games[i];
            if (g->round != r || g->first < 0 || g->first >= in->n)
                continue;
            past[np++] = (pairing_game){g->first, g->second};
            e[g->first].points += g->first_score;
            if (g->second != PAIRING_BYE && g->second >= 0 && g->second < in->n)
                e[g->second].points += 1.0 - g->first_score;
        }
    int nb = swiss_pair(e, in->n, past, np, boards, NULL);
    free(e);
    free(past);
    if (nb < 0)
        return TPLAN_ERROR;
    *round = in->rounds_paired + 1;
    *nboards = nb;
    return TPLAN_PAIR;
}

/* The scores of the higher seed in the games between a and b, in the order they were played,
 * into hi (room for a game a stage): the count.  Two players meet in one match of a knockout
 * at most, so every game between them is of that match; a stage has one game of it, so a
 * second finished game between them in one round (a damaged store) is not counted. */
static int match_games(const tplan_input *in, int a, int b, double *hi)
{
    int k = 0, top = a < b ? a : b;
    for (int r = 1; r <= in->rounds_paired; r++)
        for (size_t i = 0; i < in->ngames; i++) {
            const tplan_game *g = &in->games[i];
            if (g->round == r && g->done &&
                ((g->first == a && g->second == b) || (g->first == b && g->second == a))) {
                hi[k++] = g->first == top ? g->first_score : 1.0 - g->first_score;
                break;
            }
        }
    return k;
}

/* The bracket's rounds worked through from the games: the first with a match undecided gives
 * the next stage's boards (TPLAN_PAIR); none: TPLAN_FINISHED. */
static tplan_step knockout_next(const tplan_input *in, int *round, pairing_game *boards, int *nboards)
{
    if (in->rounds_paired > 0 && !round_done(in, in->rounds_paired))
        return TPLAN_WAIT;
    int size = knockout_size(in->n);
    int *field = malloc(sizeof *field * (size_t)size);
    double *hi = malloc(sizeof *hi * ((size_t)in->rounds_paired + 1));
    if (!field || !hi) {
        free(field);
        free(hi);
        return TPLAN_ERROR;
    }
    knockout_bracket(in->n, field);
    int nb = 0;
    for (; size > 1 && nb == 0; size /= 2)
        for (int m = 0; m < size / 2; m++) {
            int a = field[2 * m], b = field[2 * m + 1];
            int played = a == PAIRING_BYE || b == PAIRING_BYE ? 0 : match_games(in, a, b, hi);
            knockout_step ks = knockout_match(a, b, hi, played, TOURNAMENT_KNOCKOUT_REPLAYS);
            if (ks.decided)
                field[m] = ks.winner; /* the winners move to the front: the next round's field */
            else
                boards[nb++] = ks.game;
        }
    free(field);
    free(hi);
    if (nb == 0)
        return TPLAN_FINISHED;
    *round = in->rounds_paired + 1;
    *nboards = nb;
    return TPLAN_PAIR;
}

tplan_step tournament_next(const tplan_input *in, int *round, pairing_game *boards, int *nboards)
{
    *nboards = 0;
    if (in->n < 2)
        return TPLAN_WAIT;
    switch (in->format.kind) {
    case TFORMAT_ROUNDROBIN:
        return roundrobin_next(in, round, boards, nboards);
    case TFORMAT_SWISS:
        return swiss_next(in, round, boards, nboards);
    case TFORMAT_KNOCKOUT:
        return knockout_next(in, round, boards, nboards);
    }
    return TPLAN_ERROR;
}
