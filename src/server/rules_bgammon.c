/* server/rules_bgammon.c - backgammon as ludexd plays it: the server rolls.
 *
 * Options: -match=N (match length written in MI; one game is played),
 * -jacoby (money games), -nocube.  USER1 plays White (gnubg's player 0) and
 * moves first.  At the start of a turn the player may `double` (when the cube
 * allows) or `roll`; when doubling is impossible the server rolls at once.
 * Dice come from getrandom(); a roll not yet played is the game's hidden
 * state (persisted with the move before it), a played roll is part of the
 * move, as SGF writes it ("31hefe").  Moves: "8/5 6/5", "bar/22* 13/9",
 * "6/off", "24/13" (both dice), "6/2(2)"; "-" when nothing can be played;
 * "double", "take", "drop"; "resign".  Stored as "SGFVALUE play-as-written". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "server/rules_util.h"

typedef struct bg_game {
    lx_bgammon_game *g;
    int dice[2];       /* rolled and not played; 0 0 when none */
    int resigned;      /* seat + 1 */
    int length, jacoby, cube;
    int actions;       /* actions played: the first roll may not be a double */
    char state[16];
} bg_game;

static int bg_options(int argc, char *const *argv, lx_buf *canon, lx_game_error *err)
{
    long length = 0;
    int jacoby = 0, cube = 1;
    for (int i = 0; i < argc; i++) {
        char name[32], value[64], *end;
        if (opt_split(argv[i], name, sizeof name, value, sizeof value) != 0)
            return lx_game_fail(err, "BAD_OPTION", "'%s' is not an option (-match=N, -jacoby, -nocube)", argv[i]);
        if (!strcmp(name, "match")) {
            length = strtol(value, &end, 10);
            if (!value[0] || *end || length < 1 || length > 63)
                return lx_game_fail(err, "BAD_OPTION", "-match wants a length from 1 to 63");
        } else if (!strcmp(name, "jacoby") && !value[0]) {
            jacoby = 1;
        } else if (!strcmp(name, "nocube") && !value[0]) {
            cube = 0;
        } else {
            return lx_game_fail(err, "BAD_OPTION", "unknown or bad option '%s'", argv[i]);
        }
    }
    if (jacoby && length)
        return lx_game_fail(err, "BAD_OPTION", "the Jacoby rule is for money games only");
    lx_buf_printf(canon, "match=%ld jacoby=%d cube=%d", length, jacoby, cube);
    return 0;
}

/* The root properties that set the rules: MI and RU. */
static int rules_props(lx_sgf_tree *t, int length, int jacoby, int cube)
{
    char ru[64] = "";
    if (length) {
        char v[32];
        lx_sgf_prop p = lx_sgf_add_prop(t, 0, "MI");
        snprintf(v, sizeof v, "length:%d", length);
        if (p == LX_SGF_NIL || lx_sgf_add_value(t, p, v, strlen(v)) || lx_sgf_add_value(t, p, "game:1", 6) ||
            lx_sgf_add_value(t, p, "ws:0", 4) || lx_sgf_add_value(t, p, "bs:0", 4))
            return -1;
        strcat(ru, "Crawford");
    }
    if (jacoby)
        strcat(ru, ru[0] ? ":Jacoby" : "Jacoby");
    if (!cube)
        strcat(ru, ru[0] ? ":NoCube" : "NoCube");
    return ru[0] ? record_text(t, 0, "RU", ru) : 0;
}

static void *bg_create(const char *options, lx_game_error *err)
{
    bg_game *g = calloc(1, sizeof *g);
    lx_diag_list *diags = lx_diag_list_new();
    lx_sgf_tree *t = record_root(6, "PW", "white", "PB", "black");
    if (g) {
        g->length = (int)opt_long(options, "match", 0);
        g->jacoby = (int)opt_long(options, "jacoby", 0);
        g->cube = (int)opt_long(options, "cube", 1);
    }
    if (g && t && diags && rules_props(t, g->length, g->jacoby, g->cube) == 0)
        g->g = lx_bgammon_module.position_new(t, 0, diags);
    lx_sgf_tree_free(t);
    lx_diag_list_free(diags);
    if (!g || !g->g) {
        free(g);
        lx_game_fail(err, "BAD_OPTION", "cannot start that game");
        return NULL;
    }
    return g;
}

static void bg_destroy(void *p)
{
    bg_game *g = p;
    lx_bgammon_game_free(g->g);
    free(g);
}

static lx_colour seat_colour(int seat) { return seat == 0 ? LX_WHITE : LX_BLACK; }

static int over(const bg_game *g)
{
    lx_game_result r;
    lx_bgammon_game_result(g->g, &r);
    return r.over || g->resigned;
}

static int bg_seat_to_move(const void *p)
{
    const bg_game *g = p;
    if (over(g))
        return -1;
    lx_colour c = lx_bgammon_game_to_play(g->g);
    return c == LX_BLACK ? 1 : 0;
}

static int can_double(const bg_game *g, lx_colour who)
{
    lx_bgammon_game *copy = lx_bgammon_game_copy(g->g);
    lx_game_error err;
    lx_game_error_init(&err);
    int ok = copy && lx_bgammon_game_act(copy, who, "double", 6, &err) == 0;
    lx_bgammon_game_free(copy);
    lx_game_error_free(&err);
    return ok;
}

static int die(void)
{
    unsigned char r;
    do /* reject 252..255 so each face is equally likely */
        srv_random(&r, 1);
    while (r >= 252);
    return r % 6 + 1;
}

static void roll(bg_game *g)
{
    do { /* the opening roll is rolled again on a double */
        g->dice[0] = die();
        g->dice[1] = die();
    } while (g->actions == 0 && g->dice[0] == g->dice[1]);
}

static int bg_between_turns(void *p)
{
    bg_game *g = p;
    lx_bgammon_match_info mi;
    if (over(g) || g->dice[0])
        return 0;
    lx_bgammon_game_info(g->g, &mi);
    if (mi.doubled)
        return 0;
    lx_colour who = seat_colour(bg_seat_to_move(g));
    if (can_double(g, who))
        return 0;
    roll(g);
    return 1;
}

static int read_point(const char **s, int *pt)
{
    if (strncasecmp(*s, "bar", 3) == 0) {
        *pt = LX_BGAMMON_BAR;
        *s += 3;
        return 0;
    }
    if (strncasecmp(*s, "off", 3) == 0) {
        *pt = LX_BGAMMON_OFF;
        *s += 3;
        return 0;
    }
    char *end;
    long v = strtol(*s, &end, 10);
    if (end == *s || v < 1 || v > 24)
        return -1;
    *pt = (int)v;
    *s = end;
    return 0;
}

static int add_step(lx_bgammon_play *p, int from, int to)
{
    if (p->nsteps == 4 || from < 1 || from > 25 || to < 0 || to > 24)
        return -1;
    p->step[p->nsteps].from = (uint8_t)from;
    p->step[p->nsteps++].to = (uint8_t)to;
    return 0;
}

/* One hop a -> b as die steps; `swap` picks the other order for a two-dice hop. */
static int hop_steps(const bg_game *g, int a, int b, int swap, lx_bgammon_play *p)
{
    int d = a - b, d1 = g->dice[0], d2 = g->dice[1];
    if (d <= 0)
        return -1;
    if (d == d1 || d == d2 || (b == 0 && (d1 > d || d2 > d)))
        return add_step(p, a, b);
    if (d1 == d2 && d % d1 == 0) {
        for (int x = a; x > b; x -= d1)
            if (add_step(p, x, x - d1) != 0)
                return -1;
        return 0;
    }
    if (d != d1 + d2)
        return -1;
    int first = swap ? d2 : d1;
    return add_step(p, a, a - first) == 0 && add_step(p, a - first, b) == 0 ? 0 : -1;
}

/* "13/7* 8/5(2) bar/22" into die steps. */
static int parse_play(const bg_game *g, const char *text, int swap, lx_bgammon_play *p)
{
    memset(p, 0, sizeof *p);
    const char *s = text;
    while (*s) {
        while (*s == ' ' || *s == ',')
            s++;
        if (!*s)
            break;
        int pts[8], n = 0, times = 1;
        if (read_point(&s, &pts[n++]) != 0)
            return -1;
        while (*s == '/' && n < 8) {
            s++;
            if (read_point(&s, &pts[n++]) != 0)
                return -1;
            if (*s == '*')
                s++;
        }
        if (*s == '(') {
            times = (int)strtol(s + 1, (char **)&s, 10);
            if (*s++ != ')' || times < 1 || times > 4)
                return -1;
        }
        if (n < 2 || (*s && *s != ' ' && *s != ','))
            return -1;
        for (int t = 0; t < times; t++)
            for (int i = 0; i + 1 < n; i++)
                if (hop_steps(g, pts[i], pts[i + 1], swap, p) != 0)
                    return -1;
    }
    return 0;
}

/* The SGF value for a play: dice digits and a letter pair per step. */
static void sgf_value(const bg_game *g, lx_colour who, const lx_bgammon_play *p, char *v, size_t cap)
{
    size_t n = (size_t)snprintf(v, cap, "%d%d", g->dice[0], g->dice[1]);
    for (int k = 0; k < p->nsteps && n + 2 < cap; k++) {
        v[n++] = lx_bgammon_point_letter(who, p->step[k].from);
        v[n++] = lx_bgammon_point_letter(who, p->step[k].to);
    }
    v[n] = 0;
}

static int play_checkers(bg_game *g, lx_colour who, const char *text, lx_buf *stored, lx_game_error *err)
{
    lx_bgammon_play p;
    char v[32];
    if (!g->dice[0])
        return lx_game_fail(err, "NOT_ROLLED", "roll first (or double)");
    int none = !strcmp(text, "-") || !strcasecmp(text, "none");
    if (!none && parse_play(g, text, 0, &p) != 0 && parse_play(g, text, 1, &p) != 0)
        return lx_game_fail(err, "BAD_MOVE", "'%s' is not a play for %d-%d (write it like 8/5 6/5, bar/22, 6/off)",
                            text, g->dice[0], g->dice[1]);
    if (none)
        memset(&p, 0, sizeof p);
    lx_game_error e2;
    lx_game_error_init(&e2);
    sgf_value(g, who, &p, v, sizeof v);
    int rc = lx_bgammon_game_act(g->g, who, v, strlen(v), err);
    if (rc != 0 && !none && parse_play(g, text, 1, &p) == 0) {
        sgf_value(g, who, &p, v, sizeof v);
        rc = lx_bgammon_game_act(g->g, who, v, strlen(v), &e2);
    }
    lx_game_error_free(&e2);
    if (rc != 0)
        return -1;
    char shown[64];
    lx_bgammon_format_play(&p, shown, sizeof shown);
    lx_buf_printf(stored, "%s %d-%d: %s", v, g->dice[0], g->dice[1], none ? "(no move)" : shown);
    g->dice[0] = g->dice[1] = 0;
    return 0;
}

static int bg_act(bg_game *g, int seat, lx_colour who, const char *text, lx_buf *stored, lx_game_error *err);

static int bg_play(void *p, int seat, const char *text, lx_buf *stored, char colour[8], lx_game_error *err)
{
    bg_game *g = p;
    lx_colour who = seat_colour(seat);
    snprintf(colour, 8, "%s", who == LX_WHITE ? "W" : "B");
    if (over(g))
        return lx_game_fail(err, "GAME_OVER", "the game is over");
    if (!strcasecmp(text, "resign")) {
        g->resigned = seat + 1;
        lx_buf_append_str(stored, "resign");
        return 0;
    }
    int rc = bg_act(g, seat, who, text, stored, err);
    g->actions += rc == 0 && stored->len > 0;
    return rc;
}

static int bg_act(bg_game *g, int seat, lx_colour who, const char *text, lx_buf *stored, lx_game_error *err)
{
    if (bg_seat_to_move(g) != seat)
        return lx_game_fail(err, "NOT_YOUR_TURN", "it is not your turn");
    if (!strcasecmp(text, "roll")) {
        lx_bgammon_match_info mi;
        lx_bgammon_game_info(g->g, &mi);
        if (g->dice[0] || mi.doubled)
            return lx_game_fail(err, "CANNOT_ROLL", g->dice[0] ? "you have rolled already" : "answer the double first");
        roll(g);
        return 0; /* nothing stored: only the hidden state changes */
    }
    if (!strcasecmp(text, "double") || !strcasecmp(text, "take") || !strcasecmp(text, "drop")) {
        if (g->dice[0] && !strcasecmp(text, "double"))
            return lx_game_fail(err, "ALREADY_ROLLED", "double before you roll, not after");
        char v[8];
        snprintf(v, sizeof v, "%s", text);
        for (char *q = v; *q; q++)
            *q = (char)(*q >= 'A' && *q <= 'Z' ? *q + 32 : *q);
        if (lx_bgammon_game_act(g->g, who, v, strlen(v), err) != 0)
            return -1;
        lx_buf_append_str(stored, v);
        return 0;
    }
    return play_checkers(g, who, text, stored, err);
}

static int bg_replay(void *p, int seat, const char *stored, char colour[8])
{
    bg_game *g = p;
    lx_colour who = seat_colour(seat);
    size_t n = strcspn(stored, " ");
    lx_game_error err;
    snprintf(colour, 8, "%s", who == LX_WHITE ? "W" : "B");
    if (!strcmp(stored, "resign")) {
        g->resigned = seat + 1;
        return 0;
    }
    lx_game_error_init(&err);
    int rc = lx_bgammon_game_act(g->g, who, stored, n, &err);
    lx_game_error_free(&err);
    g->actions += rc == 0;
    return rc;
}

static void bg_result(const void *p, char re[32])
{
    const bg_game *g = p;
    lx_game_result r;
    if (g->resigned) {
        snprintf(re, 32, "%s+R", g->resigned == 1 ? "B" : "W");
        return;
    }
    lx_bgammon_game_result(g->g, &r);
    snprintf(re, 32, "%s", r.over ? r.re : "");
}

static int bg_show(const void *p, int viewer, int size, lx_buf *out)
{
    const bg_game *g = p;
    (void)viewer;
    lx_buf d = LX_BUF_INIT;
    int rc = lx_bgammon_draw(g->g, LX_DRAW_ASCII, 0, &d);
    rc = rc || draw_scaled(d.data ? d.data : "", d.len, size, 0, out);
    lx_buf_free(&d);
    if (g->dice[0] && size <= 1) {
        lx_buf_printf(out, "Rolled %d-%d\n", g->dice[0], g->dice[1]);
    } else if (g->dice[0]) {
        lx_bgammon_movegen *mg = lx_bgammon_movegen_new();
        const lx_bgammon_play *plays;
        lx_colour who = seat_colour(bg_seat_to_move(g));
        long n = mg ? lx_bgammon_legal_plays(mg, lx_bgammon_game_board(g->g), who, g->dice[0], g->dice[1], &plays) : -1;
        lx_buf_printf(out, "Rolled %d-%d; legal plays:", g->dice[0], g->dice[1]);
        for (long i = 0; i < n && i < 40; i++) {
            char s[64];
            lx_bgammon_format_play(&plays[i], s, sizeof s);
            lx_buf_printf(out, "%s %s", i ? "," : "", s[0] ? s : "-");
        }
        lx_buf_append_char(out, '\n');
        lx_bgammon_movegen_free(mg);
    }
    return rc;
}

static int bg_history_text(const char *stored, lx_buf *out)
{
    const char *sp = strchr(stored, ' ');
    return lx_buf_append_str(out, sp ? sp + 1 : stored);
}

static int bg_record(const srv_game *sg, lx_buf *out)
{
    lx_game_error err;
    lx_game_error_init(&err);
    bg_game *g = bg_create(sg->options, &err);
    lx_game_error_free(&err);
    lx_sgf_tree *t = g ? record_root(6, "PW", sg->player[0], "PB", sg->player[1]) : NULL;
    int rc = t ? rules_props(t, g->length, g->jacoby, g->cube) : -1;
    lx_sgf_node n = 0;
    for (size_t i = 0; rc == 0 && i < sg->nmoves; i++) {
        const char *s = sg->moves[i].text;
        char colour[8];
        if (!strcmp(s, "resign"))
            continue;
        char v[40];
        snprintf(v, sizeof v, "%.*s", (int)strcspn(s, " "), s);
        if ((n = lx_sgf_add_node(t, n)) == LX_SGF_NIL || record_move(t, n, seat_colour(sg->moves[i].seat), v) != 0 ||
            bg_replay(g, sg->moves[i].seat, s, colour) != 0)
            rc = -1;
    }
    if (rc == 0) {
        char re[32];
        bg_result(sg->g, re);
        if (re[0])
            record_text(t, 0, "RE", re);
    }
    if (t)
        rc = rc == 0 ? record_write(t, &lx_bgammon_module, out) : (lx_sgf_tree_free(t), -1);
    if (g)
        bg_destroy(g);
    return rc;
}

static const char *bg_state(const void *p)
{
    bg_game *g = (bg_game *)p;
    if (g->dice[0])
        snprintf(g->state, sizeof g->state, "dice=%d%d", g->dice[0], g->dice[1]);
    else
        g->state[0] = 0;
    return g->state;
}

static int bg_restore(void *p, const char *state)
{
    bg_game *g = p;
    if (!state[0])
        return 0;
    if (strncmp(state, "dice=", 5) || state[5] < '1' || state[5] > '6' || state[6] < '1' || state[6] > '6' || state[7])
        return -1;
    g->dice[0] = state[5] - '0';
    g->dice[1] = state[6] - '0';
    return 0;
}

const srv_rules rules_backgammon = {
    "backgammon", bg_options, bg_create, bg_destroy, bg_play, bg_replay, bg_seat_to_move, bg_result, bg_show,
    bg_history_text, bg_record, bg_state, bg_restore, bg_between_turns,
    "backgammon challenge USER1 USER2 [-match=N] [-jacoby] [-nocube]\n"
    "    USER1 plays White (O) and moves first.  The server rolls the dice.\n"
    "backgammon move BOARD USER PASSWORD MOVE   (BOARD MOVE after login)\n"
    "    MOVE: roll, double, take, drop, resign, or a play: 8/5 6/5, bar/22* 13/9,\n"
    "    6/off, 24/13, 6/2(2); '-' when nothing can be played.\n"
    "    When the cube cannot be turned the server rolls for you at once.\n"
    "backgammon show BOARD (the board, the roll and the legal plays)\n"
    "backgammon history BOARD   backgammon record BOARD   backgammon games [USER]\n",
};
