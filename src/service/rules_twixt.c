/* service/rules_twixt.c - Twixt as ludexd plays it: the classic server's moves.
 *
 * Options: -size=N (or CxR), -handicap=N (positive: N columns fewer, easier
 * for the second player; negative: N rows fewer), -rules=std|pp, -noswap.
 * A handicap game has no swap, as in the help file.  Moves are the server
 * syntax of the help file ("j12-i12/k11+h11/j12", "swap", "resign") or an
 * SGF long move written with ';' between its parts ("-d'5;j10").  USER1 plays
 * White (SGF), the help file's Red: top to bottom, first to move; after a
 * swap the players exchange colours.  Moves are stored in server syntax,
 * canonical (lower case); the record is the SGF long-move form of each. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "service/rules_util.h"

typedef struct tw_game {
    lx_twixt_board *b;
    int swapped;      /* swap-sides played: seats and colours exchanged */
    int noswap;
    int handicap;
    int resigned;     /* seat + 1 of a player who resigned, 0 when none */
} tw_game;

static int tw_options(int argc, char *const *argv, lx_buf *canon, lx_game_error *err)
{
    long cols = 24, rows = 24, handicap = 0;
    int pp = 0, noswap = 0;
    for (int i = 0; i < argc; i++) {
        char name[32], value[64];
        char *end;
        if (opt_split(argv[i], name, sizeof name, value, sizeof value) != 0)
            return lx_game_fail(err, "BAD_OPTION", "'%s' is not an option (-size=N, -handicap=N, -rules=std|pp, -noswap)", argv[i]);
        if (!strcmp(name, "size")) {
            if (opt_size(value, &cols, &rows) != 0 || cols < 5 || rows < 5 || cols > 100 || rows > 100)
                return lx_game_fail(err, "BAD_OPTION", "-size wants N or CxR from 5 to 100, not '%s'", value);
        } else if (!strcmp(name, "handicap")) {
            handicap = strtol(value, &end, 10);
            if (!value[0] || *end || handicap < -20 || handicap > 20)
                return lx_game_fail(err, "BAD_OPTION", "-handicap wants a number from -20 to 20");
        } else if (!strcmp(name, "rules") && (!strcmp(value, "std") || !strcmp(value, "pp"))) {
            pp = value[0] == 'p';
        } else if (!strcmp(name, "noswap") && !value[0]) {
            noswap = 1;
        } else {
            return lx_game_fail(err, "BAD_OPTION", "unknown or bad option '%s'", argv[i]);
        }
    }
    if (handicap > 0)
        cols -= handicap;
    else
        rows += handicap;
    if (cols < 5 || rows < 5)
        return lx_game_fail(err, "BAD_OPTION", "the handicap leaves too small a board");
    lx_buf_printf(canon, "cols=%ld rows=%ld handicap=%ld rules=%s swap=%d", cols, rows, handicap, pp ? "pp" : "std",
                  !noswap && !handicap);
    return 0;
}

static void *tw_create(const char *options, lx_game_error *err)
{
    tw_game *g = calloc(1, sizeof *g);
    char rules[8] = "std";
    opt_get(options, "rules", rules, sizeof rules);
    if (g)
        g->b = lx_twixt_board_new((int)opt_long(options, "cols", 24), (int)opt_long(options, "rows", 24),
                                  rules[0] == 'p' ? LX_TWIXT_PP : LX_TWIXT_STD);
    if (!g || !g->b) {
        free(g);
        lx_game_fail(err, "BAD_OPTION", "cannot make that board");
        return NULL;
    }
    g->handicap = (int)opt_long(options, "handicap", 0);
    g->noswap = !opt_long(options, "swap", 1);
    if (g->handicap)
        lx_twixt_set_handicap(g->b, 1);
    return g;
}

static void tw_destroy(void *p)
{
    tw_game *g = p;
    lx_twixt_board_free(g->b);
    free(g);
}

static lx_colour seat_colour(const tw_game *g, int seat) { return (seat ^ g->swapped) == 0 ? LX_WHITE : LX_BLACK; }

static int tw_seat_to_move(const void *p)
{
    const tw_game *g = p;
    lx_game_result r;
    lx_twixt_result(g->b, &r);
    if (r.over)
        return -1;
    return (lx_twixt_to_play(g->b) == LX_WHITE ? 0 : 1) ^ g->swapped;
}

/* -1 with NO_SWAP when `kind` is a swap and the game has none. */
static int refuse_swap(const tw_game *g, lx_twixt_move_kind kind, lx_game_error *err)
{
    if ((kind == LX_TWIXT_SWAP_SIDES || kind == LX_TWIXT_SWAP_PIECES) && g->noswap)
        return lx_game_fail(err, "NO_SWAP", "this game was started without the swap");
    return 0;
}

/* An SGF long move "-d'5;j10" as server moves do not write it: ';' between parts. */
static int play_sgf_parts(tw_game *g, lx_colour who, const char *text, lx_buf *stored, lx_game_error *err)
{
    lx_twixt_move parts[2 * LX_TWIXT_SERVER_MAX_LINKS + 1];
    size_t n = 0;
    for (const char *p = text; *p && n < sizeof parts / sizeof parts[0];) {
        const char *end = strchr(p, ';');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (lx_twixt_parse_move(g->b, p, len, &parts[n], err) != 0 || refuse_swap(g, parts[n++].kind, err) != 0)
            return -1;
        p += len + (end ? 1 : 0);
    }
    lx_twixt_server_move m;
    char buf[2048];
    if (lx_twixt_sgf_to_server(g->b, who, parts, n, &m, err) != 0)
        return -1;
    if (lx_twixt_play_server_move(g->b, who, &m, err) != 0)
        return -1;
    if (!lx_twixt_format_server_move(&m, buf, sizeof buf))
        return lx_game_fail(err, "MOVE_TOO_LONG", "the move is too long to store");
    lx_buf_append_str(stored, buf);
    return 0;
}

/* A peg in an SGF record always gets every link it can make, so a move that
 * declines some ("g4+", "g4+h6/g4" when g4 could link elsewhere too) would
 * be recorded as a position other than the one played: it is refused, and
 * the player places the peg plainly (removing links in a later long move). */
static int declines_autolinks(const tw_game *g, lx_colour who, const lx_twixt_server_move *m, lx_game_error *err)
{
    lx_twixt_move parts[2 * LX_TWIXT_SERVER_MAX_LINKS + 1];
    size_t np = 0;
    int exact = 1;
    lx_game_error probe;
    lx_game_error_init(&probe);
    int rc = lx_twixt_server_to_sgf(g->b, who, m, parts, &np, &exact, &probe);
    lx_game_error_free(&probe);
    if (rc != 0 || exact) /* an illegal move is refused by the play itself, with its own reason */
        return 0;
    lx_game_fail(err, "TWIXT_DECLINED_LINKS",
                 "a peg makes every link it can (an SGF record cannot say otherwise): place it without '+', "
                 "and remove a link with '-' in a later move");
    return 1;
}

static int tw_play(void *p, int seat, const char *text, lx_buf *stored, char colour[8], lx_game_error *err)
{
    tw_game *g = p;
    lx_twixt_server_move m;
    lx_colour who = seat_colour(g, seat);
    snprintf(colour, 8, "%s", who == LX_WHITE ? "W" : "B");
    if (strcasecmp(text, "resign") != 0 && strcasecmp(text, "forfeit") != 0 && tw_seat_to_move(g) != seat)
        return lx_game_fail(err, tw_seat_to_move(g) < 0 ? "GAME_OVER" : "NOT_YOUR_TURN",
                            tw_seat_to_move(g) < 0 ? "the game is over" : "it is not your turn");
    if (strchr(text, ';') || strchr(text, '\'') || text[0] == '\\')
        return play_sgf_parts(g, who, text, stored, err);
    if (lx_twixt_parse_server_move(g->b, text, strlen(text), &m, err) != 0)
        return -1;
    if (refuse_swap(g, m.kind, err) != 0)
        return -1;
    if (declines_autolinks(g, who, &m, err))
        return -1;
    if (lx_twixt_play_server_move(g->b, who, &m, err) != 0)
        return -1;
    if (m.kind == LX_TWIXT_SWAP_SIDES)
        g->swapped ^= 1;
    char buf[2048];
    if (!lx_twixt_format_server_move(&m, buf, sizeof buf))
        return lx_game_fail(err, "MOVE_TOO_LONG", "the move is too long to store");
    lx_buf_append_str(stored, buf);
    return 0;
}

/* A stored move as it is played again.  Under -rules=pp a '+' is refused (no
 * long moves), but games stored before that may hold a peg with a '+' that
 * declined nothing (one that declined a link was refused already): it made
 * the links the plain peg makes, so the plain peg is what is replayed. */
static const char *stored_move(const tw_game *g, const char *stored, char *plain, size_t cap)
{
    const char *plus = strchr(stored, '+');
    if (!plus || strchr(stored, '-') || lx_twixt_get_rules(g->b) != LX_TWIXT_PP || (size_t)(plus - stored) >= cap)
        return stored;
    snprintf(plain, cap, "%.*s", (int)(plus - stored), stored);
    return plain;
}

static int tw_replay(void *p, int seat, const char *stored, char colour[8])
{
    lx_buf out = LX_BUF_INIT;
    lx_game_error err;
    lx_game_error_init(&err);
    char plain[16];
    int rc = tw_play(p, seat, stored_move(p, stored, plain, sizeof plain), &out, colour, &err);
    lx_buf_free(&out);
    lx_game_error_free(&err);
    return rc;
}

static void tw_result(const void *p, char re[32])
{
    lx_game_result r;
    lx_twixt_result(((const tw_game *)p)->b, &r);
    snprintf(re, 32, "%s", r.over ? r.re : "");
}

static int tw_show(const void *p, int viewer, int size, lx_buf *out)
{
    const tw_game *g = p;
    (void)viewer;
    lx_buf_printf(out, "%dx%d, %s rules%s; White (O) joins top and bottom, Black (#) left and right\n",
                  lx_twixt_cols(g->b), lx_twixt_rows(g->b), lx_twixt_get_rules(g->b) == LX_TWIXT_PP ? "PP" : "standard",
                  g->swapped ? ", sides swapped" : "");
    return lx_twixt_draw(g->b, LX_DRAW_ASCII, size, out);
}

static int tw_history_text(const char *stored, lx_buf *out) { return lx_buf_append_str(out, stored); }

/* One stored move into the record's node, played on `g` (the record's own game). */
static int record_one(tw_game *g, lx_sgf_tree *t, lx_sgf_node n, const srv_move *mv)
{
    lx_twixt_server_move m;
    lx_twixt_move parts[2 * LX_TWIXT_SERVER_MAX_LINKS + 1];
    size_t np = 0;
    int exact = 1;
    lx_game_error err;
    lx_game_error_init(&err);
    lx_colour who = seat_colour(g, mv->seat);
    char plain[16];
    const char *text = stored_move(g, mv->text, plain, sizeof plain);
    int rc = lx_twixt_parse_server_move(g->b, text, strlen(text), &m, &err) != 0 ||
             lx_twixt_server_to_sgf(g->b, who, &m, parts, &np, &exact, &err) != 0 ? -1 : 0;
    for (size_t i = 0; rc == 0 && i < np; i++) {
        char v[64];
        if (!lx_twixt_format_move(&parts[i], v, sizeof v) || record_move(t, n, who, v) != 0)
            rc = -1;
    }
    char c[2200];
    if (rc == 0 && !exact)
        snprintf(c, sizeof c, "server move %s: it declined links that the SGF peg makes", mv->text);
    if (rc == 0)
        rc = record_comment(t, n, mv, exact ? NULL : c);
    if (rc == 0)
        rc = lx_twixt_play_server_move(g->b, who, &m, &err);
    if (rc == 0 && m.kind == LX_TWIXT_SWAP_SIDES)
        g->swapped ^= 1;
    lx_game_error_free(&err);
    return rc;
}

/* The colour a seat plays now ("B" or "W"): its first, or the other after a swap of sides. */
static void tw_colour_now(const void *p, int seat, char out[8])
{
    snprintf(out, 8, "%s", seat_colour(p, seat) == LX_BLACK ? "B" : "W");
}

static int tw_record(const srv_game *sg, lx_buf *out)
{
    lx_game_error err;
    lx_game_error_init(&err);
    tw_game *g = tw_create(sg->options, &err);
    lx_game_error_free(&err);
    lx_sgf_tree *t = g ? record_root(21, "PW", sg->player[0], "PB", sg->player[1]) : NULL;
    if (record_event(t, sg->options) != 0) { /* a tournament's game: EV[] RO[] */
        lx_sgf_tree_free(t);
        t = NULL;
    }
    int rc = t ? 0 : -1;
    char sz[32], re[32];
    int cols = g ? lx_twixt_cols(g->b) : 0, rows = g ? lx_twixt_rows(g->b) : 0;
    if (cols == rows)
        snprintf(sz, sizeof sz, "%d", cols);
    else
        snprintf(sz, sizeof sz, "%d:%d", cols, rows);
    if (rc == 0 && (record_text(t, 0, "SZ", sz) || record_text(t, 0, "RU", lx_twixt_get_rules(g->b) ? "PP" : "STD")))
        rc = -1;
    if (rc == 0 && g->handicap && lx_sgf_add_value(t, lx_sgf_add_prop(t, 0, "HA"), "", 0) != 0)
        rc = -1;
    lx_sgf_node n = 0;
    for (size_t i = 0; rc == 0 && i < sg->nmoves; i++)
        if ((n = lx_sgf_add_node(t, n)) == LX_SGF_NIL || record_one(g, t, n, &sg->moves[i]) != 0)
            rc = -1;
    if (rc == 0 && g->swapped) /* each player named by the colour played at the end, as RE names it */
        rc = record_sides_swapped(t, "PW", sg->player[0], "PB", sg->player[1]);
    if (rc == 0) {
        tw_result(g, re);
        if (re[0])
            record_text(t, 0, "RE", re);
    }
    if (t)
        rc = rc == 0 ? record_write(t, &lx_twixt_module, out) : (lx_sgf_tree_free(t), -1);
    if (g)
        tw_destroy(g);
    return rc;
}

/* The drawing for the web: libludex's SVG, each hole marked with its move. */
static int tw_svg(const void *p, int viewer, lx_buf *out)
{
    const tw_game *g = p;
    (void)viewer;
    return lx_twixt_draw(g->b, LX_DRAW_SVG, 2, out);
}

static unsigned tw_actions(const void *p, int seat, size_t nmoves)
{
    (void)seat;
    return swap_game_actions(((const tw_game *)p)->noswap, nmoves);
}

const srv_rules rules_twixt = {
    "twixt", tw_options, tw_create, tw_destroy, tw_play, tw_replay, tw_seat_to_move, tw_result, tw_show,
    tw_history_text, tw_record, rules_no_state, rules_no_restore, rules_no_between_turns,
    "twixt challenge USER1 USER2 [-size=N|CxR] [-handicap=N] [-rules=std|pp] [-noswap]\n"
    "    USER1 plays White (Red in the old help), top to bottom, and moves first.\n"
    "twixt move BOARD USER PASSWORD MOVE[#N]   (BOARD MOVE[#N] after login)\n"
    "    MOVE: a hole like j12, with '-unlink chains' and '+link chains':\n"
    "    j12-i12/k11,o11/n13+h11/j12 ; swap; resign.  A peg makes every link it\n"
    "    can (as in an SGF record): a '+' that declines one is refused.\n"
    "    Under -rules=pp there are no long moves: no '-' and no '+'.\n"
    "    An SGF long move may be given with ';' between its parts: -d'5;j10\n"
    "    #N: the move is refused unless it would be move number N.\n"
    "twixt swap BOARD [USER PASSWORD]      twixt resign BOARD [USER PASSWORD]\n"
    "twixt show BOARD [small|medium|big|large]   twixt history BOARD   twixt record BOARD\n"
    "twixt games [USER]\n",
    NULL, NULL, /* no note, one form of record */
    .svg = tw_svg, .actions = tw_actions, .colour_now = tw_colour_now,
};
