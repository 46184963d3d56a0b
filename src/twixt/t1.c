/* t1.c - T1 files, the record format of the T1j Twixt program (also written by twixtbot-ui).
 *
 * The format, as inferred from the sample files (there is no published
 * description; every file seen has exactly this shape):
 *   - plain text, one item per line (LF or CRLF); '#' starts a comment;
 *   - exactly 13 header lines, each "VALUE # comment" (VALUE may be empty,
 *     then the default holds; some files have only comments there):
 *       1, 2  comments ("# File created by T1j", ...)
 *       3     version of the file format (1)
 *       4     name of player 1            5  name of player 2
 *       6     y-size of the board (rows)  7  x-size (columns)      default 24
 *       8, 9  player 1 / player 2 human or computer (H / C)
 *       10    starting player: 1 or 2 (player 1 plays top-down)   default 1
 *       11    direction of letters: V (letters name columns)       default V
 *       12    pie rule (swap allowed): Y or N                      default Y
 *       13    game already over: Y or N
 *   - then one move per line: a hole, letters then the row number, either
 *     case ("e15", "H18"), letters naming the column (checked on the corpus:
 *     player 1's pegs reach rows 1 and 24, player 2's columns a and x);
 *     "swap"; "resign".
 * Player 1 plays top-down: White in GM[21] terms (PW), player 2 Black (PB);
 * starting player 2 means PL[B].  "swap" is the swap of T1j and twixtbot-ui:
 * the first peg is mirrored (column and row exchanged) and changes colour,
 * and player 1 moves next - the spec's swap-pieces.  Pie rule N is a game
 * without swap: HA[] (the spec's "move handicap").  Direction H is read as
 * letters naming rows (holes transposed), with a warning, since no sample
 * shows it.  T1 knows no long moves, no link control and no forfeit.  The
 * game read is replayed and a refused move reported at its line.
 *
 * Writing gives the same 13 header lines (as twixtbot-ui writes them), pegs
 * in upper case, "swap" and "resign" in lower case.  A swap-sides is written
 * as "swap" with every later hole mirrored (the same game seen from the
 * other side); a long move cannot be written (error, its peg is written); a
 * forfeit is written as "resign" (warning). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/coord.h"
#include "twixt/twixt_impl.h"

#define HEADER_LINES 13

typedef struct line {
    const char *s;
    size_t n;
} line;

/* The next line of bytes (without its end); 0 at the end. */
static int next_line(const char *bytes, size_t len, size_t *at, line *ln)
{
    if (*at >= len)
        return 0;
    const char *s = bytes + *at, *nl = memchr(s, '\n', len - *at);
    size_t n = nl ? (size_t)(nl - s) : len - *at;
    *at += n + (nl != NULL);
    if (n > 0 && s[n - 1] == '\r')
        n--;
    ln->s = s;
    ln->n = n;
    return 1;
}

/* The value of a line: the text before '#', trimmed. */
static line value_of(line ln)
{
    const char *hash = memchr(ln.s, '#', ln.n);
    line v = {ln.s, hash ? (size_t)(hash - ln.s) : ln.n};
    lx_trim(&v.s, &v.n);
    return v;
}

typedef struct header {
    char names[2][128];
    int rows, cols, start, across, pie;
} header;

static int header_number(line v, int dflt, int lo, int hi)
{
    long x;
    if (v.n == 0 || lx_sgf_parse_number(v.s, v.n, &x) != 0 || x < lo || x > hi)
        return dflt;
    return (int)x;
}

static void read_header(header *h, line *lines, lx_diag_list *diags)
{
    *h = (header){.rows = 24, .cols = 24, .start = 1, .pie = 1};
    for (int i = 0; i < 2; i++) {
        line v = value_of(lines[3 + i]);
        size_t n = v.n < sizeof h->names[i] - 1 ? v.n : sizeof h->names[i] - 1;
        memcpy(h->names[i], v.s, n);
        h->names[i][n] = '\0';
    }
    h->rows = header_number(value_of(lines[5]), 24, LX_TWIXT_MIN_SIDE, LX_TWIXT_MAX_SIDE);
    h->cols = header_number(value_of(lines[6]), 24, LX_TWIXT_MIN_SIDE, LX_TWIXT_MAX_SIDE);
    h->start = header_number(value_of(lines[9]), 1, 1, 2);
    line dir = value_of(lines[10]), pie = value_of(lines[11]);
    h->across = dir.n == 1 && (dir.s[0] == 'H' || dir.s[0] == 'h');
    h->pie = !(pie.n == 1 && (pie.s[0] == 'N' || pie.s[0] == 'n'));
    if (h->across)
        lx_diag_add_at(diags, LX_WARNING, "TWIXT_T1_LETTERS_ACROSS", 11, 1,
                       "direction of letters H: read as letters naming rows (holes transposed) - inferred, no sample "
                       "file shows it");
}

static void root_from_header(tw_builder *bl, const header *h)
{
    char size[32];
    snprintf(size, sizeof size, h->cols == h->rows ? "%d" : "%d:%d", h->cols, h->rows);
    tw_builder_root_text(bl, "SZ", size);
    if (!h->pie || h->cols != h->rows)
        tw_builder_root_text(bl, "HA", "");
    if (h->names[0][0])
        tw_builder_root_text(bl, "PW", h->names[0]);
    if (h->names[1][0])
        tw_builder_root_text(bl, "PB", h->names[1]);
    if (h->start == 2)
        tw_builder_root_text(bl, "PL", "B");
}

/* One move line into the tree; `who` is the colour to move. */
static void t1_move(tw_builder *bl, const header *h, line v, uint32_t lineno, lx_colour who, lx_diag_list *diags)
{
    char q[64];
    lx_twixt_move m = {.kind = LX_TWIXT_PEG};
    long c, r;
    if (v.n == 4 && strncasecmp(v.s, "swap", 4) == 0)
        m.kind = LX_TWIXT_SWAP_PIECES;
    else if (v.n == 6 && strncasecmp(v.s, "resign", 6) == 0)
        m.kind = LX_TWIXT_RESIGN;
    else if (lx_coord_parse_point(v.s, v.n, &c, &r) == 0 && c < (h->across ? h->rows : h->cols) &&
             r <= (h->across ? h->cols : h->rows))
        m.at = h->across ? (lx_twixt_point){(int)r - 1, (int)c} : (lx_twixt_point){(int)c, (int)r - 1};
    else {
        lx_diag_add_at(diags, LX_ERROR, "TWIXT_T1_BAD_MOVE", lineno, 1,
                       "\"%s\" is not a T1 move (a hole such as e15, swap, resign); kept as written",
                       lx_quote(v.s, v.n, q, sizeof q));
        tw_builder_turn_text(bl, who, v.s, v.n);
        return;
    }
    tw_builder_turn(bl, who, &m, 1);
}

/* The 13 header lines (an error when the file is shorter); *at moves past them. */
static void header_lines(const char *bytes, size_t len, size_t *at, line lines[HEADER_LINES], lx_diag_list *diags)
{
    int got = 0;
    while (got < HEADER_LINES && next_line(bytes, len, at, &lines[got]))
        got++;
    if (got < HEADER_LINES) {
        lx_diag_add_at(diags, LX_ERROR, "TWIXT_T1_SHORT_HEADER", (uint32_t)got + 1, 1,
                       "a T1 file starts with 13 header lines; this one has %d lines in all", got);
        for (; got < HEADER_LINES; got++)
            lines[got] = (line){"", 0};
    }
}

static int note_line(size_t **where, size_t *n, size_t *cap, size_t lineno)
{
    if (*n == *cap) {
        size_t *w = realloc(*where, (*cap ? 2 * *cap : 64) * sizeof *w);
        if (!w)
            return -1;
        *where = w;
        *cap = *cap ? 2 * *cap : 64;
    }
    (*where)[(*n)++] = lineno;
    return 0;
}

lx_sgf_tree *lx_twixt_read_t1(const char *bytes, size_t len, lx_diag_list *diags)
{
    line lines[HEADER_LINES], ln;
    size_t at = 0, *where = NULL, nwhere = 0, cap = 0;
    header h;
    tw_builder bl;
    header_lines(bytes, len, &at, lines, diags);
    read_header(&h, lines, diags);
    if (tw_builder_start(&bl) != 0)
        return NULL;
    root_from_header(&bl, &h);
    lx_colour who = h.start == 2 ? LX_BLACK : LX_WHITE;
    for (uint32_t lineno = HEADER_LINES + 1; !bl.oom && next_line(bytes, len, &at, &ln); lineno++) {
        line v = value_of(ln);
        if (v.n == 0)
            continue;
        t1_move(&bl, &h, v, lineno, who, diags);
        who = tw_other(who);
        if (note_line(&where, &nwhere, &cap, lineno) != 0)
            bl.oom = 1;
    }
    if (!bl.oom && tw_builder_check(&bl, where, nwhere, 1, diags) != 0)
        bl.oom = 1;
    free(where);
    if (bl.oom) {
        lx_sgf_tree_free(bl.t);
        return NULL;
    }
    return bl.t;
}

/* ---- writing -------------------------------------------------------------------------- */

typedef struct t1_writer {
    lx_buf moves;
    int mirrored, errors, oom;
    lx_colour first;
    const lx_sgf_tree *t;
    lx_diag_list *diags;
} t1_writer;

static size_t node_offset_of_move(const lx_sgf_tree *t, lx_sgf_node n)
{
    lx_sgf_prop p = lx_sgf_find_prop(t, n, "B");
    if (p == LX_SGF_NIL)
        p = lx_sgf_find_prop(t, n, "W");
    return p == LX_SGF_NIL ? lx_sgf_node_offset(t, n) : lx_sgf_prop_offset(t, p);
}

static int write_turn(void *ctx, const lx_twixt_board *before, lx_colour who, const lx_twixt_move *parts, size_t n,
                      lx_sgf_node node)
{
    t1_writer *w = ctx;
    const lx_twixt_move *last = &parts[n - 1];
    char name[32];
    if (w->first == LX_NO_COLOUR)
        w->first = who;
    if (n > 1 || last->kind == LX_TWIXT_REMOVE || last->kind == LX_TWIXT_ADD) {
        lx_diag_add(w->diags, LX_ERROR, "TWIXT_T1_LONG_MOVE", node_offset_of_move(w->t, node),
                    "T1 has no long moves (link removal or addition); only the peg is written");
        w->errors = 1;
    }
    int rc = 0;
    switch (last->kind) {
    case LX_TWIXT_SWAP_SIDES: w->mirrored = 1; /* fall through */
    case LX_TWIXT_SWAP_PIECES: rc = lx_buf_append_str(&w->moves, "swap\n"); break;
    case LX_TWIXT_FORFEIT:
        lx_diag_add(w->diags, LX_WARNING, "TWIXT_T1_FORFEIT", node_offset_of_move(w->t, node),
                    "T1 has no forfeit; written as resign");
        /* fall through */
    case LX_TWIXT_RESIGN: rc = lx_buf_append_str(&w->moves, "resign\n"); break;
    case LX_TWIXT_PEG: {
        lx_twixt_point p = w->mirrored ? tw_mirror(last->at) : last->at;
        tw_point_name(p, name, sizeof name);
        for (char *k = name; *k; k++)
            *k = (char)toupper((unsigned char)*k);
        rc = lx_buf_printf(&w->moves, "%s\n", name);
        break;
    }
    default: break;
    }
    (void)before;
    if (rc != 0)
        w->oom = 1;
    return w->oom;
}

static void clean_name(const lx_sgf_tree *t, const char *id, char *buf, size_t cap)
{
    size_t at;
    if (tw_root_word(t, id, buf, cap, &at) <= 0)
        buf[0] = '\0';
    for (char *k = buf; *k; k++)
        if (*k == '#' || *k == '\n' || *k == '\r')
            *k = ' ';
}

int lx_twixt_write_t1(const lx_sgf_tree *t, lx_buf *out, lx_diag_list *diags)
{
    t1_writer w = {LX_BUF_INIT, 0, 0, 0, LX_NO_COLOUR, t, diags};
    lx_twixt_board *final = NULL;
    int walked = tw_walk_main_line(t, write_turn, &w, &final, diags);
    if (!final) {
        lx_buf_free(&w.moves);
        return 1;
    }
    char pw[128], pb[128];
    clean_name(t, "PW", pw, sizeof pw);
    clean_name(t, "PB", pb, sizeof pb);
    int start = w.first == LX_BLACK || (w.first == LX_NO_COLOUR && lx_twixt_to_play(final) == LX_BLACK) ? 2 : 1;
    int rc = lx_buf_printf(out,
                           "# File created by ludex\n# ludex reads, checks and converts game records\n"
                           "1 # version of file-format\n%s # Name of player 1\n%s # Name of player 2\n"
                           "%d # y-size of board\n%d # x-size of board\nH # player 1 human or computer\n"
                           "H # player 2 human or computer\n%d # starting player (1 plays top-down)\n"
                           "V # direction of letters\n%c # pierule?\n%c # game already over?\n",
                           pw, pb, final->g.rows, final->g.cols, start, final->handicap ? 'N' : 'Y',
                           lx_twixt_winner(final) != LX_NO_COLOUR ? 'Y' : 'N');
    if (rc == 0 && w.moves.len)
        rc = lx_buf_append(out, w.moves.data, w.moves.len);
    lx_twixt_board_free(final);
    lx_buf_free(&w.moves);
    if (rc != 0 || w.oom)
        return -1;
    return walked != 0 || w.errors ? 1 : 0;
}
