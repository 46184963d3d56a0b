/* service/rules_bgammon.c - backgammon as ludexd plays it: the server rolls.
 *
 * Options: -match=N (games are played until a player has N points, the
 * scores carried from game to game under the Crawford rule), -jacoby (money
 * games), -nocube.  USER1 plays White (gnubg's player 0).  Each game opens
 * with one die each, never equal; the higher die moves first and plays both.
 * At the start of a later turn the player may `double` (when the cube
 * allows) or `roll`; when doubling is impossible the server rolls at once.
 * Dice come from getrandom(); a roll not yet played is the game's hidden
 * state (persisted with the move before it), a played roll is part of the
 * move, as SGF writes it ("31hefe").  Moves: "8/5 6/5", "bar/22* 13/9",
 * "6/off", "24/13" (both dice), "6/2(2)"; "-" when nothing can be played;
 * "double", "take", "drop"; "resign [gammon|backgammon]".  Stored as
 * "SGFVALUE play-as-written".  A match is one list of moves: when a game
 * ends the next begins at once (replaying the list finds the same places),
 * and its record is one tree per game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "service/bg_play_text.h"
#include "service/rules_util.h"

typedef struct bg_game {
    lx_bgammon_game *g; /* the game of the match being played */
    int dice[2];        /* rolled and not played; 0 0 when none */
    int resigned;       /* seat + 1 */
    int resign_level;   /* 1 single game, 2 gammon, 3 backgammon */
    int length, jacoby, cube;
    int number;         /* the game of the match, from 1 (the GM[6] spec's count) */
    int score[2];       /* by seat, before this game */
    int crawford_game;  /* this game is the Crawford game */
    int crawford_done;  /* the Crawford game has been played */
    int actions;        /* actions played in this game: its first roll may not be a double */
    int just_ended;     /* the last action ended a game and the next one began */
    char ended_re[32];  /* the result of the game before this one */
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

/* The root of the current game's tree: players, MI (length, game number
 * counted from `first` - 1 as the GM[6] spec counts, 0 as GNU Backgammon
 * does - and the score before it) and RU (Crawford, CrawfordGame, Jacoby,
 * NoCube). */
static lx_sgf_tree *game_root(const bg_game *g, int first, const char *white, const char *black)
{
    lx_sgf_tree *t = record_root(6, "PW", white, "PB", black);
    char ru[64] = "";
    if (t && g->length) {
        char v[4][32];
        snprintf(v[0], sizeof v[0], "length:%d", g->length);
        snprintf(v[1], sizeof v[1], "game:%d", g->number - 1 + first);
        snprintf(v[2], sizeof v[2], "ws:%d", g->score[0]);
        snprintf(v[3], sizeof v[3], "bs:%d", g->score[1]);
        lx_sgf_prop p = lx_sgf_add_prop(t, 0, "MI");
        for (int i = 0; i < 4; i++)
            if (p == LX_SGF_NIL || lx_sgf_add_value(t, p, v[i], strlen(v[i])) != 0) {
                lx_sgf_tree_free(t);
                return NULL;
            }
        strcat(ru, g->crawford_game ? "Crawford:CrawfordGame" : "Crawford");
    }
    if (g->jacoby)
        strcat(ru, ru[0] ? ":Jacoby" : "Jacoby");
    if (!g->cube)
        strcat(ru, ru[0] ? ":NoCube" : "NoCube");
    if (t && ru[0] && record_text(t, 0, "RU", ru) != 0) {
        lx_sgf_tree_free(t);
        return NULL;
    }
    return t;
}

/* Begin the game g->number with the score and Crawford state in g: 0, -1 out of memory. */
static int start_game(bg_game *g)
{
    lx_diag_list *diags = lx_diag_list_new();
    lx_sgf_tree *t = game_root(g, 1, "white", "black");
    lx_bgammon_game *next = t && diags ? lx_bgammon_module.position_new(t, 0, diags) : NULL;
    lx_sgf_tree_free(t);
    lx_diag_list_free(diags);
    if (!next)
        return -1;
    lx_bgammon_game_free(g->g);
    g->g = next;
    g->dice[0] = g->dice[1] = 0;
    g->resigned = g->resign_level = g->actions = 0;
    return 0;
}

static void *bg_create(const char *options, lx_game_error *err)
{
    bg_game *g = calloc(1, sizeof *g);
    if (g) {
        g->length = (int)opt_long(options, "match", 0);
        g->jacoby = (int)opt_long(options, "jacoby", 0);
        g->cube = (int)opt_long(options, "cube", 1);
        g->number = 1;
    }
    if (!g || start_game(g) != 0) {
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

/* The current game has ended. */
static int over(const bg_game *g)
{
    lx_game_result r;
    lx_bgammon_game_result(g->g, &r);
    return r.over || g->resigned;
}

/* The current game's result as an RE value ("W+2", "B+1R"), "" while it goes on. */
static void game_re(const bg_game *g, char re[32])
{
    lx_game_result r;
    if (g->resigned) {
        lx_bgammon_match_info mi;
        lx_bgammon_game_info(g->g, &mi);
        int level = g->jacoby && mi.cube == 1 ? 1 : g->resign_level; /* Jacoby: gammons single on a dead cube */
        snprintf(re, 32, "%s+%dR", g->resigned == 1 ? "B" : "W", mi.cube * level);
        return;
    }
    lx_bgammon_game_result(g->g, &r);
    snprintf(re, 32, "%s", r.over ? r.re : "");
}

/* The scores (by seat) once the current game's points are counted. */
static void scores_after(const bg_game *g, int score[2])
{
    char re[32];
    game_re(g, re);
    score[0] = g->score[0];
    score[1] = g->score[1];
    if (re[0] == 'W' || re[0] == 'B')
        score[re[0] == 'B'] += (int)strtol(re + 2, NULL, 10);
}

/* The whole match is over: a money game when its one game has ended, a
 * match when a player has reached its length. */
static int match_over(const bg_game *g)
{
    int s[2];
    if (!over(g))
        return 0;
    scores_after(g, s);
    return !g->length || s[0] >= g->length || s[1] >= g->length;
}

/* After an action: when it ended a game of a match not yet won, count the
 * points and begin the next game (the Crawford game when a player has just
 * reached match point).  0, -1 out of memory. */
static int advance(bg_game *g)
{
    if (!over(g) || match_over(g))
        return 0;
    game_re(g, g->ended_re);
    scores_after(g, g->score);
    if (g->crawford_game)
        g->crawford_done = 1;
    g->crawford_game = !g->crawford_done && (g->score[0] == g->length - 1 || g->score[1] == g->length - 1);
    g->number++;
    g->just_ended = 1;
    return start_game(g); /* out of memory: the ended game stays, the score moved on */
}

static int bg_seat_to_move(const void *p)
{
    const bg_game *g = p;
    if (over(g))
        return -1;
    lx_colour c = lx_bgammon_game_to_play(g->g);
    if (c == LX_NO_COLOUR) /* the opening roll: White's die first, the higher die moves */
        return g->dice[0] && g->dice[1] > g->dice[0];
    return c == LX_BLACK ? 1 : 0;
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
    if (g->actions > 0 && lx_bgammon_game_allows(g->g, seat_colour(bg_seat_to_move(g)), "double"))
        return 0;
    roll(g);
    return 1;
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
    if (!none && bg_text_to_play(g->dice, text, 0, &p) != 0 && bg_text_to_play(g->dice, text, 1, &p) != 0)
        return lx_game_fail(err, "BAD_MOVE", "'%s' is not a play for %d-%d (write it like 8/5 6/5, bar/22, 6/off)",
                            text, g->dice[0], g->dice[1]);
    if (none)
        memset(&p, 0, sizeof p);
    lx_game_error e2;
    lx_game_error_init(&e2);
    sgf_value(g, who, &p, v, sizeof v);
    int rc = lx_bgammon_game_act(g->g, who, v, strlen(v), err);
    if (rc != 0 && !none && bg_text_to_play(g->dice, text, 1, &p) == 0) {
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

/* "resign", "resign single|gammon|backgammon": the level 1..3, 0 when not a resignation. */
static int resign_level(const char *text)
{
    static const char *const levels[] = {"single", "gammon", "backgammon"};
    if (strncasecmp(text, "resign", 6) != 0 || (text[6] && text[6] != ' '))
        return 0;
    const char *rest = text + 6 + strspn(text + 6, " ");
    if (!*rest)
        return 1;
    for (int i = 0; i < 3; i++)
        if (!strcasecmp(rest, levels[i]))
            return i + 1;
    return 0;
}

static void resign(bg_game *g, int seat, int level)
{
    g->resigned = seat + 1;
    g->resign_level = level;
}

static int bg_play(void *p, int seat, const char *text, lx_buf *stored, char colour[8], lx_game_error *err)
{
    bg_game *g = p;
    lx_colour who = seat_colour(seat);
    snprintf(colour, 8, "%s", who == LX_WHITE ? "W" : "B");
    if (over(g))
        return lx_game_fail(err, "GAME_OVER", g->length ? "the match is over" : "the game is over");
    g->just_ended = 0;
    int level = resign_level(text);
    if (level) { /* either player, at any time: the opponent wins the game, a gammon or a backgammon */
        static const char *const stored_as[] = {"resign", "resign gammon", "resign backgammon"};
        resign(g, seat, level);
        lx_buf_append_str(stored, stored_as[level - 1]);
        advance(g); /* out of memory: the next game begins when the match is loaded again */
        return 0;
    }
    if (!strncasecmp(text, "resign", 6))
        return lx_game_fail(err, "BAD_MOVE", "resign, or resign single, gammon or backgammon");
    int rc = bg_act(g, seat, who, text, stored, err);
    if (rc == 0 && stored->len > 0) {
        g->actions++;
        advance(g); /* as above: the move stands either way */
    }
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
    lx_game_error err;
    snprintf(colour, 8, "%s", who == LX_WHITE ? "W" : "B");
    if (over(g))
        return -1;
    g->just_ended = 0;
    int level = resign_level(stored);
    if (level) {
        resign(g, seat, level);
        return advance(g);
    }
    lx_game_error_init(&err);
    int rc = lx_bgammon_game_act(g->g, who, stored, strcspn(stored, " "), &err);
    lx_game_error_free(&err);
    g->actions += rc == 0;
    return rc == 0 ? advance(g) : rc;
}

/* The result once the match is over: the last game's RE, and for a match
 * the winner and final score ("W+2; match W 7-4"). */
static void bg_result(const void *p, char re[32])
{
    const bg_game *g = p;
    int s[2];
    re[0] = 0;
    if (!match_over(g))
        return;
    game_re(g, re);
    if (g->length) {
        scores_after(g, s);
        int w = s[1] > s[0];
        size_t n = strlen(re);
        snprintf(re + n, 32 - n, "; match %c %d-%d", w ? 'B' : 'W', s[w], s[!w]);
    }
}

/* After a move that ended a game of the match: its result and the score. */
static int bg_note(const void *p, lx_buf *out)
{
    const bg_game *g = p;
    if (!g->just_ended)
        return 0;
    return lx_buf_printf(out, " game %d %s; score W %d B %d (match to %d); game %d%s", g->number - 1, g->ended_re,
                         g->score[0], g->score[1], g->length, g->number,
                         g->crawford_game ? " is the Crawford game" : " begins");
}

/* The match information as `show` draws it: the roll decides who is on roll. */
static void shown_info(const bg_game *g, lx_bgammon_match_info *mi)
{
    lx_bgammon_game_info(g->g, mi);
    int seat = bg_seat_to_move(g);
    if (seat >= 0 && !mi->doubled)
        mi->on_roll = mi->turn = seat_colour(seat);
    mi->dice[0] = g->dice[0];
    mi->dice[1] = g->dice[1];
}

static int bg_show(const void *p, int viewer, int size, lx_buf *out)
{
    const bg_game *g = p;
    lx_bgammon_match_info mi;
    (void)viewer;
    shown_info(g, &mi);
    lx_buf d = LX_BUF_INIT;
    int rc = lx_bgammon_draw_board(lx_bgammon_game_board(g->g), &mi, LX_DRAW_ASCII, 0, &d);
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

/* Close the tree of a game: its RE (when it ended) and its text into out. */
static int record_game(lx_sgf_tree *t, const char *re, lx_buf *out)
{
    if (re[0] && record_text(t, 0, "RE", re) != 0) {
        lx_sgf_tree_free(t);
        return -1;
    }
    return record_write(t, &lx_bgammon_module, out);
}

/* A game of the match's root, with a tournament game's EV[] and RO[]. */
static lx_sgf_tree *match_game_root(const bg_game *g, int first, const srv_game *sg)
{
    lx_sgf_tree *t = game_root(g, first, sg->player[0], sg->player[1]);
    if (record_event(t, sg->options) != 0) {
        lx_sgf_tree_free(t);
        return NULL;
    }
    return t;
}

/* The record: one tree per game of the match, as GNU Backgammon writes a
 * match, each with MI (game number from `first`, score before it) and RE. */
static int record_numbered(const srv_game *sg, int first, lx_buf *out)
{
    lx_game_error err;
    lx_game_error_init(&err);
    bg_game *g = bg_create(sg->options, &err);
    lx_game_error_free(&err);
    lx_sgf_tree *t = g ? match_game_root(g, first, sg) : NULL;
    int rc = t ? 0 : -1;
    lx_sgf_node n = 0;
    for (size_t i = 0; rc == 0 && i < sg->nmoves; i++) {
        const char *s = sg->moves[i].text;
        char colour[8], v[40];
        int number = g->number;
        snprintf(v, sizeof v, "%.*s", (int)strcspn(s, " "), s);
        if (!resign_level(s) && ((n = lx_sgf_add_node(t, n)) == LX_SGF_NIL ||
                                 record_move(t, n, seat_colour(sg->moves[i].seat), v) != 0 ||
                                 record_comment(t, n, &sg->moves[i], NULL) != 0))
            rc = -1;
        else if (bg_replay(g, sg->moves[i].seat, s, colour) != 0)
            rc = -1;
        else if (g->number != number) { /* the game ended and the next began */
            rc = record_game(t, g->ended_re, out);
            t = rc == 0 ? match_game_root(g, first, sg) : NULL;
            rc = t ? 0 : -1;
            n = 0;
        }
    }
    if (rc == 0) {
        char re[32] = "";
        if (over(g))
            game_re(g, re);
        rc = record_game(t, re, out);
    } else {
        lx_sgf_tree_free(t);
    }
    if (g)
        bg_destroy(g);
    return rc;
}

static int bg_record(const srv_game *sg, lx_buf *out) { return record_numbered(sg, 1, out); }

/* "gnubg": games numbered from 0.  Given the spec's count, GNU Backgammon
 * 1.07 takes the first game for the second and counts a game that was never
 * played. */
static int bg_record_as(const srv_game *sg, const char *flavour, lx_buf *out)
{
    return strcasecmp(flavour, "gnubg") ? 1 : record_numbered(sg, 0, out);
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

static int bg_svg(const void *p, int viewer, lx_buf *out)
{
    const bg_game *g = p;
    lx_bgammon_match_info mi;
    (void)viewer;
    shown_info(g, &mi);
    return lx_bgammon_draw_board(lx_bgammon_game_board(g->g), &mi, LX_DRAW_SVG, 0, out);
}

/* Before the roll: roll, or double when the cube allows; after it: play; a double waits for take or drop. */
static unsigned bg_actions(const void *p, int seat, size_t nmoves)
{
    const bg_game *g = p;
    lx_bgammon_match_info mi;
    (void)nmoves;
    lx_bgammon_game_info(g->g, &mi);
    if (mi.doubled)
        return SVC_ACT_TAKE | SVC_ACT_DROP | SVC_ACT_RESIGN;
    if (g->dice[0])
        return SVC_ACT_MOVE | SVC_ACT_RESIGN;
    int may_double = g->actions > 0 && lx_bgammon_game_allows(g->g, seat_colour(seat), "double");
    return SVC_ACT_ROLL | SVC_ACT_RESIGN | (may_double ? SVC_ACT_DOUBLE : 0);
}

static int bg_dice(const void *p, int dice[2], int *cube)
{
    const bg_game *g = p;
    lx_bgammon_match_info mi;
    lx_bgammon_game_info(g->g, &mi);
    dice[0] = g->dice[0];
    dice[1] = g->dice[1];
    *cube = mi.cube;
    return 0;
}

/* The match score before this game (by seat), its length, and each seat's pips now. */
static void bg_scoreboard(const void *p, int viewer, svc_scoreboard *out)
{
    const bg_game *g = p;
    (void)viewer;
    out->has_score = out->has_pips = 1;
    out->score[0] = g->score[0];
    out->score[1] = g->score[1];
    out->match_length = g->length;
    for (int seat = 0; seat < 2; seat++)
        out->pips[seat] = (int)lx_bgammon_pips(lx_bgammon_game_board(g->g), seat_colour(seat));
}

const srv_rules rules_backgammon = {
    "backgammon", bg_options, bg_create, bg_destroy, bg_play, bg_replay, bg_seat_to_move, bg_result, bg_show,
    bg_history_text, bg_record, bg_state, bg_restore, bg_between_turns,
    "backgammon challenge USER1 USER2 [-match=N] [-jacoby] [-nocube]\n"
    "    USER1 plays White (O), USER2 Black (X).  The server rolls the dice: each\n"
    "    game opens with one die each (White's first, never equal) and the higher\n"
    "    die plays both.  -match=N plays games until one player has N points,\n"
    "    with the Crawford rule; without it one money game is played.\n"
    "backgammon move BOARD USER PASSWORD MOVE   (BOARD MOVE after login)\n"
    "    MOVE: roll, double, take, drop, or a play: 8/5 6/5, bar/22* 13/9,\n"
    "    6/off, 24/13, 6/2(2); '-' when nothing can be played.\n"
    "    When the cube cannot be turned the server rolls for you at once.\n"
    "    resign [single|gammon|backgammon] gives the opponent this game (at the\n"
    "    cube's value); in a match the next game begins.\n"
    "backgammon show BOARD (the board, score, the roll and the legal plays)\n"
    "backgammon history BOARD   backgammon games [USER]\n"
    "backgammon record BOARD [gnubg] (SGF, one game tree per game of the match;\n"
    "    gnubg: games numbered from 0, as GNU Backgammon needs)\n",
    bg_note, bg_record_as,
    .svg = bg_svg, .actions = bg_actions, .dice = bg_dice, .scoreboard = bg_scoreboard,
};
