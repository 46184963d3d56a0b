/* movelist.c - a Twixt game written move by move in the server's syntax.
 *
 * The format (ludex's own; the server itself only ever sends move lists):
 *   - UTF-8 text, one item per line; '#' starts a comment that runs to the
 *     end of the line; blank lines are ignored.
 *   - Before the first move, tag lines in the style of PGN, [Name "value"]:
 *       [Size "24"] or [Size "20:24"] (columns:rows; default 24)
 *       [Rules "STD"] (or PP; 3M is read as STD)   [Handicap ""] (no swap)
 *       [White "name"] [Black "name"]   [First "B"] (Black moves first)
 *       [Result "W+"] (an SGF RE value)   [Event ".."] [Date ".."]
 *     Unknown tags are ignored with a warning.
 *   - Then one move per line:  [NUMBER[.]] [COLOUR] MOVE  [# comment]
 *     NUMBER is ignored (the server's `GAME history` lines are "N COLOUR
 *     MOVE"); COLOUR is W, B or R (the server's Red, who moves first: White),
 *     also spelled out, any case - when given it must be the side to move;
 *     MOVE is a server move (see server.c), without spaces.  A comment on a
 *     move line becomes the node's C[].
 * Reading plays every move with the server's semantics and writes the
 * equivalent SGF long move; where SGF cannot say exactly what the server did
 * (a '+' that declines an autolink) it says so, TWIXT_SERVER_NOT_EXACT, and
 * the record goes on from the server's position.  An illegal move is an
 * error and ends the record there; under [Rules "PP"] that includes any move
 * with a '-' or a '+' (TWIXT_PP_NO_LONG_MOVES: PP has no long moves).
 *
 * Writing gives the tags, then "N COLOUR MOVE" lines.  The server's swap is
 * the spec's swap-sides; a swap-pieces is written as "swap" with every later
 * move mirrored (the same game seen from the other side). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "twixt/twixt_impl.h"

typedef struct text_line {
    const char *s;
    size_t n;
} text_line;

static int next_line(const char *bytes, size_t len, size_t *at, text_line *ln)
{
    if (*at >= len)
        return 0;
    const char *s = bytes + *at, *nl = memchr(s, '\n', len - *at);
    size_t n = nl ? (size_t)(nl - s) : len - *at;
    *at += n + (nl != NULL);
    ln->s = s;
    ln->n = n > 0 && s[n - 1] == '\r' ? n - 1 : n;
    return 1;
}

/* ---- tags ----------------------------------------------------------------------------- */

typedef struct game_info {
    int cols, rows, handicap;
    lx_twixt_rules rules;
    lx_colour first;
} game_info;

static const struct {
    const char *tag, *id;
} tag_ids[] = {{"White", "PW"}, {"Black", "PB"}, {"Result", "RE"}, {"Event", "EV"}, {"Date", "DT"}, {"Rules", "RU"}};

static int parse_size(const char *v, game_info *gi)
{
    int c, r;
    char extra;
    if (sscanf(v, "%d:%d%c", &c, &r, &extra) == 2 || sscanf(v, "%dx%d%c", &c, &r, &extra) == 2) {
        gi->cols = c;
        gi->rows = r;
    } else if (sscanf(v, "%d%c", &c, &extra) == 1) {
        gi->cols = gi->rows = c;
    } else {
        return -1;
    }
    return gi->cols >= LX_TWIXT_MIN_SIDE && gi->rows >= LX_TWIXT_MIN_SIDE && gi->cols <= LX_TWIXT_MAX_SIDE &&
                   gi->rows <= LX_TWIXT_MAX_SIDE ? 0 : -1;
}

/* [Name "value"]: 1 read, 0 not a tag line. */
static int split_tag(text_line ln, char *name, size_t ncap, char *value, size_t vcap)
{
    const char *s = ln.s;
    size_t n = ln.n;
    lx_trim(&s, &n);
    if (n < 4 || s[0] != '[' || s[n - 1] != ']')
        return 0;
    const char *q1 = memchr(s, '"', n), *q2 = q1 ? memchr(q1 + 1, '"', (size_t)(s + n - q1 - 1)) : NULL;
    if (!q1 || !q2)
        return 0;
    size_t nl = (size_t)(q1 - s - 1), vl = (size_t)(q2 - q1 - 1);
    const char *nm = s + 1;
    lx_trim(&nm, &nl);
    snprintf(name, ncap, "%.*s", (int)nl, nm);
    snprintf(value, vcap, "%.*s", (int)vl, q1 + 1);
    return 1;
}

static void apply_tag(tw_builder *bl, game_info *gi, const char *name, const char *value, uint32_t lineno,
                      lx_diag_list *diags)
{
    if (!strcasecmp(name, "Size")) {
        if (parse_size(value, gi) != 0)
            lx_diag_add_at(diags, LX_ERROR, "TWIXT_BAD_SIZE", lineno, 1,
                           "[Size \"%s\"]: write a number from 3 to 702, or columns:rows", value);
        return;
    }
    if (!strcasecmp(name, "Handicap")) {
        gi->handicap = 1;
        return;
    }
    if (!strcasecmp(name, "First")) {
        gi->first = value[0] == 'B' || value[0] == 'b' ? LX_BLACK : LX_WHITE;
        return;
    }
    if (!strcasecmp(name, "Rules"))
        gi->rules = !strcasecmp(value, "PP") ? LX_TWIXT_PP : LX_TWIXT_STD;
    for (size_t i = 0; i < sizeof tag_ids / sizeof tag_ids[0]; i++)
        if (!strcasecmp(name, tag_ids[i].tag)) {
            tw_builder_root_text(bl, tag_ids[i].id, value);
            return;
        }
    lx_diag_add_at(diags, LX_WARNING, "TWIXT_SERVER_UNKNOWN_TAG", lineno, 1, "[%s ...] is not a tag ludex knows; ignored",
                   name);
}

/* ---- move lines ------------------------------------------------------------------------ */

typedef struct move_line {
    const char *move;
    size_t nmove;
    lx_colour colour; /* LX_NO_COLOUR when not given */
    const char *comment;
    size_t ncomment;
} move_line;

static lx_colour colour_word(const char *s, size_t n)
{
    static const char *const white[] = {"W", "R", "White", "Red"}, *const black[] = {"B", "Black"};
    for (size_t i = 0; i < 4; i++)
        if (strlen(white[i]) == n && strncasecmp(s, white[i], n) == 0)
            return LX_WHITE;
    for (size_t i = 0; i < 2; i++)
        if (strlen(black[i]) == n && strncasecmp(s, black[i], n) == 0)
            return LX_BLACK;
    return LX_NO_COLOUR;
}

/* Split a move line into its words; 0, or -1 when it has no move or too many words. */
static int split_move_line(text_line ln, move_line *ml)
{
    const char *hash = memchr(ln.s, '#', ln.n), *w[4];
    size_t n = hash ? (size_t)(hash - ln.s) : ln.n, wl[4], nw = 0;
    ml->comment = hash ? hash + 1 : NULL;
    ml->ncomment = hash ? ln.n - n - 1 : 0;
    for (size_t i = 0; i < n;) {
        while (i < n && isspace((unsigned char)ln.s[i]))
            i++;
        size_t start = i;
        while (i < n && !isspace((unsigned char)ln.s[i]))
            i++;
        if (i > start) {
            if (nw == 4)
                return -1;
            w[nw] = ln.s + start;
            wl[nw++] = i - start;
        }
    }
    size_t k = 0;
    if (nw > 1 && isdigit((unsigned char)w[0][0]))
        k++;
    ml->colour = LX_NO_COLOUR;
    if (nw > k + 1 && (ml->colour = colour_word(w[k], wl[k])) != LX_NO_COLOUR)
        k++;
    if (nw != k + 1)
        return -1;
    ml->move = w[k];
    ml->nmove = wl[k];
    return 0;
}

typedef struct reader {
    tw_builder bl;
    game_info gi;
    lx_twixt_board *b;
    lx_diag_list *diags;
    int stopped;
} reader;

static int start_board(reader *rd)
{
    char size[32];
    snprintf(size, sizeof size, rd->gi.cols == rd->gi.rows ? "%d" : "%d:%d", rd->gi.cols, rd->gi.rows);
    tw_builder_root_text(&rd->bl, "SZ", size);
    if (rd->gi.handicap)
        tw_builder_root_text(&rd->bl, "HA", "");
    if (rd->gi.first == LX_BLACK)
        tw_builder_root_text(&rd->bl, "PL", "B");
    rd->b = lx_twixt_board_new(rd->gi.cols, rd->gi.rows, rd->gi.rules);
    if (!rd->b)
        return -1;
    lx_twixt_set_handicap(rd->b, rd->gi.handicap);
    lx_twixt_set_to_play(rd->b, rd->gi.first);
    return 0;
}

static void read_move(reader *rd, const move_line *ml, uint32_t lineno)
{
    lx_twixt_server_move sm;
    lx_twixt_move parts[2 * LX_TWIXT_SERVER_MAX_LINKS + 1];
    size_t n;
    int exact;
    lx_game_error err;
    lx_game_error_init(&err);
    lx_colour who = ml->colour != LX_NO_COLOUR ? ml->colour : lx_twixt_to_play(rd->b);
    if (ml->colour != LX_NO_COLOUR && ml->colour != lx_twixt_to_play(rd->b))
        lx_game_fail(&err, "TWIXT_WRONG_TURN", "it is %s's turn, not %s's", tw_colour_name(lx_twixt_to_play(rd->b)),
                     tw_colour_name(ml->colour));
    else if (lx_twixt_parse_server_move(rd->b, ml->move, ml->nmove, &sm, &err) == 0 &&
             lx_twixt_server_to_sgf(rd->b, who, &sm, parts, &n, &exact, &err) == 0) {
        tw_builder_turn(&rd->bl, who, parts, n);
        if (!exact)
            lx_diag_add_at(rd->diags, LX_WARNING, "TWIXT_SERVER_NOT_EXACT", lineno, 1,
                           "%.*s: its '+' declines a link the peg would make; an SGF long move always autolinks "
                           "the new peg, so the SGF record has that link and the server's game does not",
                           (int)ml->nmove, ml->move);
        lx_twixt_play_server_move(rd->b, who, &sm, &err);
        if (ml->ncomment) {
            const char *c = ml->comment;
            size_t cn = ml->ncomment;
            lx_trim(&c, &cn);
            char text[512];
            snprintf(text, sizeof text, "%.*s", (int)cn, c);
            if (cn)
                tw_builder_node_text(&rd->bl, "C", text);
        }
        lx_game_error_free(&err);
        return;
    }
    lx_diag_add_at(rd->diags, LX_ERROR, err.code ? err.code : "TWIXT_SERVER_SYNTAX", lineno, 1, "%.*s: %s",
                   (int)ml->nmove, ml->move, err.message.data ? err.message.data : "not a move");
    rd->stopped = 1;
    lx_game_error_free(&err);
}

lx_sgf_tree *lx_twixt_read_server_game(const char *bytes, size_t len, lx_diag_list *diags)
{
    reader rd = {.gi = {24, 24, 0, LX_TWIXT_STD, LX_WHITE}, .diags = diags};
    if (tw_builder_start(&rd.bl) != 0)
        return NULL;
    size_t at = 0;
    text_line ln;
    char name[64], value[256];
    for (uint32_t lineno = 1; !rd.stopped && next_line(bytes, len, &at, &ln); lineno++) {
        const char *s = ln.s;
        size_t n = ln.n;
        lx_trim(&s, &n);
        if (n == 0 || s[0] == '#')
            continue;
        if (!rd.b && split_tag(ln, name, sizeof name, value, sizeof value)) {
            apply_tag(&rd.bl, &rd.gi, name, value, lineno, diags);
            continue;
        }
        move_line ml;
        if (!rd.b && start_board(&rd) != 0)
            break;
        if (split_move_line(ln, &ml) != 0) {
            lx_diag_add_at(diags, LX_ERROR, "TWIXT_SERVER_SYNTAX", lineno, 1,
                           "a move line is [NUMBER] [COLOUR] MOVE, the move without spaces");
            break;
        }
        read_move(&rd, &ml, lineno);
    }
    if (!rd.b && !rd.bl.oom && start_board(&rd) != 0)
        rd.bl.oom = 1;
    lx_twixt_board_free(rd.b);
    if (rd.bl.oom) {
        lx_sgf_tree_free(rd.bl.t);
        return NULL;
    }
    return rd.bl.t;
}

/* ---- writing ----------------------------------------------------------------------------- */

typedef struct writer {
    lx_buf moves;
    int mirrored, oom, errors;
    size_t count;
    const lx_sgf_tree *t;
    lx_diag_list *diags;
} writer;

static int write_move(void *ctx, const lx_twixt_board *before, lx_colour who, const lx_twixt_move *parts, size_t n,
                      lx_sgf_node node)
{
    writer *w = ctx;
    lx_twixt_server_move sm;
    char text[2048];
    lx_game_error err;
    (void)node;
    lx_game_error_init(&err);
    if (lx_twixt_sgf_to_server(before, who, parts, n, &sm, &err) != 0) {
        lx_game_error_free(&err);
        return 0; /* the walk reports the refusal */
    }
    if (w->mirrored) {
        for (size_t i = 0; i < sm.nunlink; i++)
            sm.unlink[i] = (lx_twixt_link){tw_mirror(sm.unlink[i].a), tw_mirror(sm.unlink[i].b)};
        for (size_t i = 0; i < sm.nlink; i++)
            sm.link[i] = (lx_twixt_link){tw_mirror(sm.link[i].a), tw_mirror(sm.link[i].b)};
        sm.peg = tw_mirror(sm.peg);
    }
    if (sm.kind == LX_TWIXT_SWAP_PIECES) {
        sm.kind = LX_TWIXT_SWAP_SIDES;
        w->mirrored = 1;
    }
    lx_colour shown = w->mirrored && sm.kind != LX_TWIXT_SWAP_SIDES ? tw_other(who) : who;
    if (lx_twixt_format_server_move(&sm, text, sizeof text) == 0 ||
        lx_buf_printf(&w->moves, "%zu %c %s\n", ++w->count, shown == LX_BLACK ? 'B' : 'W', text) != 0)
        w->oom = 1;
    lx_game_error_free(&err);
    return w->oom;
}

static int tag(lx_buf *out, const lx_sgf_tree *t, const char *id, const char *name)
{
    char v[256];
    size_t at;
    if (tw_root_word(t, id, v, sizeof v, &at) <= 0)
        return 0;
    for (char *k = v; *k; k++)
        if (*k == '"' || *k == '\n')
            *k = '\'';
    return lx_buf_printf(out, "[%s \"%s\"]\n", name, v);
}

int lx_twixt_write_server_game(const lx_sgf_tree *t, lx_buf *out, lx_diag_list *diags)
{
    writer w = {LX_BUF_INIT, 0, 0, 0, 0, t, diags};
    lx_twixt_board *final = NULL;
    int walked = tw_walk_main_line(t, write_move, &w, &final, diags);
    if (!final) {
        lx_buf_free(&w.moves);
        return 1;
    }
    int rc = lx_buf_append_str(out, "# Twixt, move by move in the server's syntax (ludex)\n");
    if (rc == 0 && final->g.cols == final->g.rows)
        rc = lx_buf_printf(out, "[Size \"%d\"]\n", final->g.cols);
    else if (rc == 0)
        rc = lx_buf_printf(out, "[Size \"%d:%d\"]\n", final->g.cols, final->g.rows);
    if (rc == 0)
        rc = lx_buf_printf(out, "[Rules \"%s\"]\n", final->rules == LX_TWIXT_PP ? "PP" : "STD");
    if (rc == 0 && final->handicap)
        rc = lx_buf_append_str(out, "[Handicap \"\"]\n");
    rc = rc ? rc : tag(out, t, "PW", "White");
    rc = rc ? rc : tag(out, t, "PB", "Black");
    char pl[8];
    size_t at;
    if (rc == 0 && tw_root_word(t, "PL", pl, sizeof pl, &at) > 0 && (pl[0] == 'B' || pl[0] == 'b'))
        rc = lx_buf_append_str(out, "[First \"B\"]\n");
    rc = rc ? rc : tag(out, t, "RE", "Result");
    rc = rc ? rc : tag(out, t, "EV", "Event");
    rc = rc ? rc : tag(out, t, "DT", "Date");
    if (rc == 0 && w.moves.len)
        rc = lx_buf_append(out, w.moves.data, w.moves.len);
    lx_twixt_board_free(final);
    lx_buf_free(&w.moves);
    if (rc != 0 || w.oom)
        return -1;
    return walked != 0 ? 1 : 0;
}
