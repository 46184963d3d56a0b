/* server.c - the play-by-mail server's Twixt move syntax, and its SGF equivalent.
 *
 *   coordinates [ - unlink list ] [ + link list ]     (no spaces anywhere)
 *   list:  coordinates / coordinates [ / coordinates ... ] [ , list ]
 *
 * "j12-i12/k11/m12/n10,o11/n13+h11/j12/l11/n12/p11": remove the links
 * i12-k11, k11-m12, m12-n10 and o11-n13, place j12, then - because of the '+'
 * - make exactly the links h11-j12, j12-l11, l11-n12, n12-p11 (a bare '+'
 * makes none).  Without '+' the peg autolinks as in SGF.  Special words:
 * "swap" (the server's swap: the players change sides and the peg stays -
 * the spec's swap-sides), "swap-sides", "swap-pieces", "resign", "forfeit".
 * Any case is read; lower case is written.  A server move is all or nothing.
 * Under RU[PP] there are no long moves (the Twixt SGF specification): a
 * '-' or a '+' is refused, TWIXT_PP_NO_LONG_MOVES, whatever it lists.
 *
 * The SGF long move for a server move: each unlink a removal "-CENTRE", each
 * '+' link that does not touch the new peg an addition "/CENTRE" or
 * "\CENTRE", then the peg, which autolinks.  That gives the server's position
 * unless the '+' declined a link the peg would have made: SGF cannot say
 * that, and lx_twixt_server_to_sgf reports it (exact = 0) by playing both on
 * copies and comparing.  The other way round is always exact: an SGF turn
 * without additions is the peg and its unlinks; with additions it needs '+'
 * and lists the additions and then every link the peg made. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/coord.h"
#include "twixt/twixt_impl.h"

/* ---- reading ------------------------------------------------------------------------- */

typedef struct cursor {
    const char *s;
    size_t n, i;
    const lx_twixt_board *b;
} cursor;

static size_t point_len(const cursor *c)
{
    size_t k = c->i;
    while (k < c->n && isalpha((unsigned char)c->s[k]))
        k++;
    while (k < c->n && isdigit((unsigned char)c->s[k]))
        k++;
    return k - c->i;
}

static int read_point(cursor *c, lx_twixt_point *p, lx_game_error *err)
{
    char q[64];
    size_t len = point_len(c);
    if (len == 0)
        return lx_game_fail(err, "TWIXT_SERVER_SYNTAX", "expected a hole such as j12 at \"%s\"",
                            lx_quote(c->s + c->i, c->n - c->i, q, sizeof q));
    if (tw_parse_point(c->b->g.cols, c->b->g.rows, c->s + c->i, len, p, err) != 0)
        return -1;
    c->i += len;
    return 0;
}

static int knight_apart(lx_twixt_point a, lx_twixt_point b)
{
    int dx = abs(a.col - b.col), dy = abs(a.row - b.row);
    return (dx == 1 && dy == 2) || (dx == 2 && dy == 1);
}

/* chain [, chain]*: the links of consecutive holes.  Stops before '+' or the end. */
static int read_chains(cursor *c, lx_twixt_link *links, size_t *n, lx_game_error *err)
{
    char a[16], b[16];
    for (;;) {
        lx_twixt_point prev, next;
        if (read_point(c, &prev, err) != 0)
            return -1;
        if (c->i >= c->n || c->s[c->i] != '/')
            return lx_game_fail(err, "TWIXT_SERVER_SYNTAX", "a chain names two holes or more: %s/...",
                                tw_point_name(prev, a, sizeof a));
        while (c->i < c->n && c->s[c->i] == '/') {
            c->i++;
            if (read_point(c, &next, err) != 0)
                return -1;
            if (!knight_apart(prev, next))
                return lx_game_fail(err, "TWIXT_SERVER_NOT_KNIGHT", "%s and %s are not a knight's move apart",
                                    tw_point_name(prev, a, sizeof a), tw_point_name(next, b, sizeof b));
            if (*n == LX_TWIXT_SERVER_MAX_LINKS)
                return lx_game_fail(err, "TWIXT_SERVER_SYNTAX", "more than %d links in one list",
                                    LX_TWIXT_SERVER_MAX_LINKS);
            links[(*n)++] = (lx_twixt_link){prev, next};
            prev = next;
        }
        if (c->i >= c->n || c->s[c->i] != ',')
            return 0;
        c->i++;
    }
}

int lx_twixt_parse_server_move(const lx_twixt_board *b, const char *text, size_t len, lx_twixt_server_move *m,
                               lx_game_error *err)
{
    char q[64];
    const char *s = text;
    size_t n = len;
    lx_trim(&s, &n);
    memset(m, 0, sizeof *m);
    m->kind = n == 4 && strncasecmp(s, "swap", 4) == 0 ? LX_TWIXT_SWAP_SIDES : tw_special_of(s, n);
    if (m->kind != LX_TWIXT_PEG)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (isspace((unsigned char)s[i]))
            return lx_game_fail(err, "TWIXT_SERVER_SYNTAX", "\"%s\": a server move has no spaces anywhere",
                                lx_quote(s, n, q, sizeof q));
    cursor c = {s, n, 0, b};
    if (read_point(&c, &m->peg, err) != 0)
        return -1;
    if (c.i < n && s[c.i] == '-') {
        c.i++;
        if (read_chains(&c, m->unlink, &m->nunlink, err) != 0)
            return -1;
    }
    if (c.i < n && s[c.i] == '+') {
        c.i++;
        m->plus = 1;
        if (c.i < n && read_chains(&c, m->link, &m->nlink, err) != 0)
            return -1;
    }
    if (c.i < n)
        return lx_game_fail(err, "TWIXT_SERVER_SYNTAX", "\"%s\": unexpected \"%s\"; a server move is a hole, then "
                            "-unlinks, then +links", lx_quote(s, n, q, sizeof q), lx_quote(s + c.i, n - c.i, q + 32, 32));
    return 0;
}

/* ---- writing ------------------------------------------------------------------------- */

static int same_point(lx_twixt_point a, lx_twixt_point b) { return a.col == b.col && a.row == b.row; }

static int put_chains(lx_buf *out, const lx_twixt_link *links, size_t n)
{
    char a[16], b[16];
    for (size_t i = 0; i < n; i++) {
        int join = i > 0 && same_point(links[i].a, links[i - 1].b);
        int rc = join ? lx_buf_printf(out, "/%s", tw_point_name(links[i].b, b, sizeof b))
                      : lx_buf_printf(out, "%s%s/%s", i ? "," : "", tw_point_name(links[i].a, a, sizeof a),
                                      tw_point_name(links[i].b, b, sizeof b));
        if (rc != 0)
            return -1;
    }
    return 0;
}

size_t lx_twixt_format_server_move(const lx_twixt_server_move *m, char *buf, size_t cap)
{
    lx_buf out = LX_BUF_INIT;
    char name[16];
    int rc;
    if (m->kind != LX_TWIXT_PEG) {
        lx_twixt_move sm = {.kind = m->kind};
        if (m->kind == LX_TWIXT_SWAP_SIDES)
            rc = lx_buf_append_str(&out, "swap");
        else
            rc = lx_buf_append(&out, name, lx_twixt_format_move(&sm, name, sizeof name));
    } else {
        rc = lx_buf_append_str(&out, tw_point_name(m->peg, name, sizeof name));
        if (rc == 0 && m->nunlink)
            rc = lx_buf_append_char(&out, '-') || put_chains(&out, m->unlink, m->nunlink);
        if (rc == 0 && m->plus)
            rc = lx_buf_append_char(&out, '+') || put_chains(&out, m->link, m->nlink);
    }
    size_t n = rc == 0 && out.len + 1 <= cap ? out.len : 0;
    if (n)
        memcpy(buf, out.data, n + 1);
    lx_buf_free(&out);
    return n;
}

/* ---- playing ------------------------------------------------------------------------- */

static int32_t link_of(const lx_twixt_board *b, lx_twixt_link k)
{
    return tw_link_index(&b->g, tw_cell(&b->g, k.a.col, k.a.row), tw_cell(&b->g, k.b.col, k.b.row));
}

static int unlink_one(lx_twixt_board *w, lx_colour who, lx_twixt_link k, lx_game_error *err)
{
    char name[40];
    int32_t l = link_of(w, k);
    tw_link_name(&w->g, l, name, sizeof name);
    if (!w->link[l])
        return lx_game_fail(err, "TWIXT_NO_LINK_TO_REMOVE", "there is no link %s to remove", name);
    if (w->link[l] != tw_code(who))
        return lx_game_fail(err, "TWIXT_NOT_OWN_LINK", "the link %s is %s's; a player removes only their own links",
                            name, tw_colour_name(tw_colour(w->link[l])));
    tw_clear_link(w, l);
    return 0;
}

static int link_one(lx_twixt_board *w, lx_colour who, lx_twixt_link k, lx_game_error *err)
{
    char name[40], other[40];
    int32_t l = link_of(w, k), p, q, x;
    tw_link_name(&w->g, l, name, sizeof name);
    tw_link_ends(&w->g, l, &p, &q);
    if (w->peg[p] != tw_code(who) || w->peg[q] != tw_code(who))
        return lx_game_fail(err, "TWIXT_ADD_NEEDS_PEGS", "cannot link %s: %s has no peg on both ends", name,
                            tw_colour_name(who));
    if (w->link[l])
        return lx_game_fail(err, "TWIXT_LINK_EXISTS", "the link %s is already there", name);
    lx_colour c = tw_crossing(w, l, w->rules == LX_TWIXT_PP ? tw_other(who) : LX_NO_COLOUR, &x);
    if (c != LX_NO_COLOUR)
        return lx_game_fail(err, "TWIXT_LINK_CROSSES", "the link %s would cross %s's link %s; links may not cross",
                            name, tw_colour_name(c), tw_link_name(&w->g, x, other, sizeof other));
    tw_set_link(w, l, who);
    return 0;
}

static int play_on(lx_twixt_board *w, lx_colour who, const lx_twixt_server_move *m, lx_game_error *err)
{
    lx_twixt_move peg = {.kind = LX_TWIXT_PEG, .at = m->peg};
    if (tw_check_not_over(w, err) != 0 || tw_check_turn(w, who, &peg, err) != 0)
        return -1;
    if (m->nunlink && w->rules == LX_TWIXT_PP)
        return lx_game_fail(err, "TWIXT_PP_NO_LONG_MOVES", "RU[PP] has no long moves: links are never removed");
    if (m->plus && w->rules == LX_TWIXT_PP)
        return lx_game_fail(err, "TWIXT_PP_NO_LONG_MOVES", "RU[PP] has no long moves: a peg makes every link it can "
                            "and no link is added or declined by hand; place it without '+'");
    for (size_t i = 0; i < m->nunlink; i++)
        if (unlink_one(w, who, m->unlink[i], err) != 0)
            return -1;
    if (tw_check_peg(w, who, m->peg, err) != 0)
        return -1;
    int32_t p = tw_place_peg(w, who, m->peg);
    if (!m->plus)
        tw_autolink(w, p);
    for (size_t i = 0; i < m->nlink; i++)
        if (link_one(w, who, m->link[i], err) != 0)
            return -1;
    tw_finish_turn(w, who);
    return 0;
}

int lx_twixt_play_server_move(lx_twixt_board *b, lx_colour who, const lx_twixt_server_move *m, lx_game_error *err)
{
    if (m->kind != LX_TWIXT_PEG) {
        lx_twixt_move sm = {.kind = m->kind};
        return lx_twixt_play(b, who, &sm, err);
    }
    lx_twixt_board *w = lx_twixt_board_copy(b);
    if (!w)
        return lx_game_fail(err, "TWIXT_NO_MEMORY", "out of memory");
    if (play_on(w, who, m, err) != 0) {
        lx_twixt_board_free(w);
        return -1;
    }
    lx_twixt_board tmp = *b;
    *b = *w;
    *w = tmp;
    lx_twixt_board_free(w);
    return 0;
}

/* ---- SGF ----------------------------------------------------------------------------- */

static lx_twixt_move centre_move(lx_twixt_move_kind kind, lx_twixt_link k)
{
    lx_twixt_point left = k.a.col < k.b.col ? k.a : k.b, right = k.a.col < k.b.col ? k.b : k.a;
    lx_twixt_move m = {.kind = kind, .cx2 = k.a.col + k.b.col, .cy2 = k.a.row + k.b.row};
    if (kind == LX_TWIXT_ADD)
        m.slope = left.row > right.row ? 1 : -1; /* '/' rises to the right (row 1 at the top) */
    return m;
}

static int same_position(const lx_twixt_board *x, const lx_twixt_board *y)
{
    size_t n = (size_t)x->g.ncells;
    return memcmp(x->peg, y->peg, n) == 0 && memcmp(x->link, y->link, 4 * n) == 0;
}

int lx_twixt_server_to_sgf(const lx_twixt_board *b, lx_colour who, const lx_twixt_server_move *m,
                           lx_twixt_move *parts, size_t *n, int *exact, lx_game_error *err)
{
    *n = 0;
    *exact = 1;
    lx_twixt_board *served = lx_twixt_board_copy(b), *sgf = lx_twixt_board_copy(b);
    int rc = served && sgf ? 0 : lx_game_fail(err, "TWIXT_NO_MEMORY", "out of memory");
    if (rc == 0)
        rc = lx_twixt_play_server_move(served, who, m, err);
    if (rc == 0 && m->kind != LX_TWIXT_PEG)
        parts[(*n)++] = (lx_twixt_move){.kind = m->kind};
    if (rc == 0 && m->kind == LX_TWIXT_PEG) {
        for (size_t i = 0; i < m->nunlink; i++)
            parts[(*n)++] = centre_move(LX_TWIXT_REMOVE, m->unlink[i]);
        for (size_t i = 0; i < m->nlink; i++)
            if (!same_point(m->link[i].a, m->peg) && !same_point(m->link[i].b, m->peg))
                parts[(*n)++] = centre_move(LX_TWIXT_ADD, m->link[i]);
        parts[(*n)++] = (lx_twixt_move){.kind = LX_TWIXT_PEG, .at = m->peg};
        lx_game_error quiet;
        lx_game_error_init(&quiet);
        *exact = lx_twixt_play_turn(sgf, who, parts, *n, &quiet) == 0 && same_position(served, sgf);
        lx_game_error_free(&quiet);
    }
    lx_twixt_board_free(served);
    lx_twixt_board_free(sgf);
    return rc;
}

/* Note link l (ends as holes) in a server move's unlink or link list. */
static int note_link(const lx_twixt_board *w, int32_t l, int removal, lx_twixt_server_move *m, lx_game_error *err)
{
    size_t *cnt = removal ? &m->nunlink : &m->nlink;
    lx_twixt_link *arr = removal ? m->unlink : m->link;
    int32_t p, q;
    if (*cnt == LX_TWIXT_SERVER_MAX_LINKS)
        return lx_game_fail(err, "TWIXT_SERVER_SYNTAX", "too many links for one server move");
    tw_link_ends(&w->g, l, &p, &q);
    arr[(*cnt)++] = (lx_twixt_link){{tw_col(&w->g, p), tw_row(&w->g, p)}, {tw_col(&w->g, q), tw_row(&w->g, q)}};
    return 0;
}

/* '+' lists the additions, then every link the peg made. */
static void note_peg_links(const lx_twixt_board *w, lx_twixt_server_move *m)
{
    int32_t p = tw_cell(&w->g, m->peg.col, m->peg.row);
    m->plus = 1;
    for (int k = 0; k < 8 && m->nlink < LX_TWIXT_SERVER_MAX_LINKS; k++)
        if (w->link[4 * p + w->g.klink[k]]) {
            int32_t q = p + w->g.knight[k];
            m->link[m->nlink++] = (lx_twixt_link){m->peg, {tw_col(&w->g, q), tw_row(&w->g, q)}};
        }
}

int lx_twixt_sgf_to_server(const lx_twixt_board *b, lx_colour who, const lx_twixt_move *parts, size_t n,
                           lx_twixt_server_move *m, lx_game_error *err)
{
    memset(m, 0, sizeof *m);
    if (n == 0)
        return lx_game_fail(err, "TWIXT_INCOMPLETE_TURN", "an empty turn");
    lx_twixt_board *w = lx_twixt_board_copy(b);
    if (!w)
        return lx_game_fail(err, "TWIXT_NO_MEMORY", "out of memory");
    int rc = 0, added = 0;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        const lx_twixt_move *pm = &parts[i];
        int32_t l = -1;
        if (pm->kind == LX_TWIXT_REMOVE)
            l = tw_removal_link(w, pm);
        else if (pm->kind == LX_TWIXT_ADD)
            tw_move_link(&w->g, pm, pm->slope, &l);
        if ((rc = lx_twixt_play(w, who, pm, err)) != 0)
            break;
        if (l >= 0 && (rc = note_link(w, l, pm->kind == LX_TWIXT_REMOVE, m, err)) != 0)
            break;
        added |= pm->kind == LX_TWIXT_ADD;
        m->kind = pm->kind == LX_TWIXT_REMOVE || pm->kind == LX_TWIXT_ADD ? LX_TWIXT_PEG : pm->kind;
        if (pm->kind == LX_TWIXT_PEG)
            m->peg = pm->at;
    }
    if (rc == 0 && m->kind == LX_TWIXT_PEG && added)
        note_peg_links(w, m);
    lx_twixt_board_free(w);
    return rc;
}
