/* service/rules_hex.c - Hex as ludexd plays it.
 *
 * Options: -size=N or -size=CxR (default 11), -noswap.  USER1 plays Black,
 * joins top and bottom, and moves first.  Moves as ludex reads them: a cell
 * ("e5"), "swap" (the help file's swap: sides change, the stone stays; the
 * spec's swap-sides), "swap-pieces", "swap-sides", "resign".  Stored lower
 * case in the spec's form. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "service/rules_util.h"

typedef struct hx_game {
    lx_hex_board *b;
    int swapped;
    int noswap;
} hx_game;

static int hx_options(int argc, char *const *argv, lx_buf *canon, lx_game_error *err)
{
    long cols = 11, rows = 11;
    int noswap = 0;
    for (int i = 0; i < argc; i++) {
        char name[32], value[64];
        if (opt_split(argv[i], name, sizeof name, value, sizeof value) != 0)
            return lx_game_fail(err, "BAD_OPTION", "'%s' is not an option (-size=N or CxR, -noswap)", argv[i]);
        if (!strcmp(name, "size")) {
            if (opt_size(value, &cols, &rows) != 0 || cols > 50 || rows > 50)
                return lx_game_fail(err, "BAD_OPTION", "-size wants N or CxR from 1 to 50, not '%s'", value);
        } else if (!strcmp(name, "noswap") && !value[0]) {
            noswap = 1;
        } else {
            return lx_game_fail(err, "BAD_OPTION", "unknown or bad option '%s'", argv[i]);
        }
    }
    lx_buf_printf(canon, "cols=%ld rows=%ld swap=%d", cols, rows, !noswap);
    return 0;
}

static void *hx_create(const char *options, lx_game_error *err)
{
    hx_game *g = calloc(1, sizeof *g);
    if (g)
        g->b = lx_hex_board_new((int)opt_long(options, "cols", 11), (int)opt_long(options, "rows", 11));
    if (!g || !g->b) {
        free(g);
        lx_game_fail(err, "BAD_OPTION", "cannot make that board");
        return NULL;
    }
    g->noswap = !opt_long(options, "swap", 1);
    return g;
}

static void hx_destroy(void *p)
{
    hx_game *g = p;
    lx_hex_board_free(g->b);
    free(g);
}

static lx_colour seat_colour(const hx_game *g, int seat) { return (seat ^ g->swapped) == 0 ? LX_BLACK : LX_WHITE; }

static int hx_seat_to_move(const void *p)
{
    const hx_game *g = p;
    if (lx_hex_winner(g->b) != LX_NO_COLOUR)
        return -1;
    return (lx_hex_to_play(g->b) == LX_BLACK ? 0 : 1) ^ g->swapped;
}

static int hx_play(void *p, int seat, const char *text, lx_buf *stored, char colour[8], lx_game_error *err)
{
    hx_game *g = p;
    lx_hex_move m;
    lx_colour who = seat_colour(g, seat);
    snprintf(colour, 8, "%s", who == LX_WHITE ? "W" : "B");
    int t = hx_seat_to_move(g);
    if (strcasecmp(text, "resign") != 0 && t != seat)
        return lx_game_fail(err, t < 0 ? "GAME_OVER" : "NOT_YOUR_TURN", t < 0 ? "the game is over" : "it is not your turn");
    if (strcasecmp(text, "swap") == 0)
        text = "swap-sides";
    if (lx_hex_parse_move(g->b, text, strlen(text), &m, err) != 0)
        return -1;
    if ((m.kind == LX_HEX_SWAP_PIECES || m.kind == LX_HEX_SWAP_SIDES) && g->noswap)
        return lx_game_fail(err, "NO_SWAP", "this game was started without the swap");
    if (lx_hex_play(g->b, who, &m, err) != 0)
        return -1;
    if (m.kind == LX_HEX_SWAP_SIDES)
        g->swapped ^= 1;
    char buf[64];
    lx_hex_format_move(&m, buf, sizeof buf);
    lx_buf_append_str(stored, buf);
    return 0;
}

static int hx_replay(void *p, int seat, const char *stored, char colour[8])
{
    lx_buf out = LX_BUF_INIT;
    lx_game_error err;
    lx_game_error_init(&err);
    int rc = hx_play(p, seat, stored, &out, colour, &err);
    lx_buf_free(&out);
    lx_game_error_free(&err);
    return rc;
}

static void hx_result(const void *p, char re[32])
{
    lx_game_result r;
    lx_hex_result(((const hx_game *)p)->b, &r);
    snprintf(re, 32, "%s", r.over ? r.re : "");
}

int draw_scaled(const char *text, size_t len, int size, size_t keep, lx_buf *out)
{
    int rc = 0;
    size_t line = 0;
    for (size_t i = 0; i < len && !rc; i++) {
        if (size <= 1 && keep && line >= keep)
            break;
        rc = lx_buf_append_char(out, text[i]);
        if (text[i] == '\n')
            line++;
        else if (size >= 3)
            rc = rc || lx_buf_append_str(out, size == 3 ? " " : "  ");
    }
    return rc;
}

static int hx_show(const void *p, int viewer, int size, lx_buf *out)
{
    const hx_game *g = p;
    lx_buf d = LX_BUF_INIT;
    (void)viewer;
    int rc = lx_hex_draw(g->b, LX_DRAW_ASCII, 0, &d);
    /* small: the board without the lines under it */
    rc = rc || draw_scaled(d.data ? d.data : "", d.len, size, (size_t)lx_hex_rows(g->b) + 2, out);
    lx_buf_free(&d);
    return rc;
}

static int hx_history_text(const char *stored, lx_buf *out) { return lx_buf_append_str(out, stored); }

/* The colour a seat plays now ("B" or "W"): its first, or the other after a swap of sides. */
static void hx_colour_now(const void *p, int seat, char out[8])
{
    snprintf(out, 8, "%s", seat_colour(p, seat) == LX_BLACK ? "B" : "W");
}

static int hx_record(const srv_game *sg, lx_buf *out)
{
    lx_game_error err;
    lx_game_error_init(&err);
    hx_game *g = hx_create(sg->options, &err);
    lx_sgf_tree *t = g ? record_root(11, "PB", sg->player[0], "PW", sg->player[1]) : NULL;
    if (record_event(t, sg->options) != 0) { /* a tournament's game: EV[] RO[] */
        lx_sgf_tree_free(t);
        t = NULL;
    }
    int rc = t ? 0 : -1;
    char sz[32], re[32], colour[8];
    if (rc == 0) {
        int cols = lx_hex_cols(g->b), rows = lx_hex_rows(g->b);
        snprintf(sz, sizeof sz, cols == rows ? "%d" : "%d:%d", cols, rows);
        rc = record_text(t, 0, "SZ", sz);
    }
    lx_sgf_node n = 0;
    for (size_t i = 0; rc == 0 && i < sg->nmoves; i++) {
        lx_colour who = seat_colour(g, sg->moves[i].seat);
        if ((n = lx_sgf_add_node(t, n)) == LX_SGF_NIL || record_move(t, n, who, sg->moves[i].text) != 0 ||
            record_comment(t, n, &sg->moves[i], NULL) != 0 || hx_replay(g, sg->moves[i].seat, sg->moves[i].text, colour) != 0)
            rc = -1;
    }
    if (rc == 0 && g->swapped) /* each player named by the colour played at the end, as RE names it */
        rc = record_sides_swapped(t, "PB", sg->player[0], "PW", sg->player[1]);
    if (rc == 0) {
        hx_result(g, re);
        if (re[0])
            record_text(t, 0, "RE", re);
    }
    if (t)
        rc = rc == 0 ? record_write(t, &lx_hex_module, out) : (lx_sgf_tree_free(t), -1);
    if (g)
        hx_destroy(g);
    lx_game_error_free(&err);
    return rc;
}

/* The drawing for the web: libludex's SVG, each cell marked with its move. */
static int hx_svg(const void *p, int viewer, lx_buf *out)
{
    const hx_game *g = p;
    (void)viewer;
    return lx_hex_draw(g->b, LX_DRAW_SVG, 0, out);
}

static unsigned hx_actions(const void *p, int seat, size_t nmoves)
{
    (void)seat;
    return swap_game_actions(((const hx_game *)p)->noswap, nmoves);
}

const srv_rules rules_hex = {
    "hex", hx_options, hx_create, hx_destroy, hx_play, hx_replay, hx_seat_to_move, hx_result, hx_show,
    hx_history_text, hx_record, rules_no_state, rules_no_restore, rules_no_between_turns,
    "hex challenge USER1 USER2 [-size=N|CxR] [-noswap]\n"
    "    USER1 plays Black, joins top and bottom, and moves first.\n"
    "hex move BOARD USER PASSWORD MOVE[#N]   (BOARD MOVE[#N] after login)\n"
    "    MOVE: a cell like e5; swap (sides change, the stone stays); swap-pieces; resign.\n"
    "hex swap BOARD [USER PASSWORD]   hex resign BOARD [USER PASSWORD]\n"
    "hex show BOARD   hex history BOARD   hex record BOARD   hex games [USER]\n",
    NULL, NULL, /* no note, one form of record */
    .svg = hx_svg, .actions = hx_actions, .colour_now = hx_colour_now,
};
