/* gcg_event.c - one GCG event line: ">nick: RACK WHAT SCORE TOTAL".
 *
 * WHAT is "8D WORD" (a play), "-" (a pass), "-ABC" or "-3" (an exchange),
 * "--" (the play before taken back after a challenge), "(challenge)" (a
 * challenge bonus), "(time)" (a time penalty) or "(TILES)" (tiles left on a
 * rack at the end: the opponent's, added after going out, or the player's
 * own, taken off).  The rack may be left out (it often is on the last
 * lines).  SCORE is signed ("+32", "-24"), TOTAL the player's running total.
 * Whether any of it is true is gcg_replay.c's question. */
#include <stdlib.h>
#include <string.h>

#include "xword/gcg_impl.h"

#define MAX_TOKENS 8

typedef struct token {
    const char *s;
    size_t len, at;
} token;

static int is_space(char c)
{
    return c == ' ' || c == '\t';
}

static int split(const char *s, size_t len, size_t at, token *t, int max)
{
    int n = 0;
    size_t i = 0;
    while (i < len) {
        while (i < len && is_space(s[i]))
            i++;
        if (i >= len)
            break;
        size_t a = i;
        while (i < len && !is_space(s[i]))
            i++;
        if (n < max)
            t[n] = (token){s + a, i - a, at + a};
        n++;
    }
    return n;
}

static int error(lx_diag_list *diags, const char *code, size_t at, const char *msg, const token *t)
{
    if (diags)
        lx_diag_add(diags, LX_ERROR, code, at, msg, t ? (int)t->len : 0, t ? t->s : "");
    return 1;
}

int xw_gcg_read_tiles(const lx_xw_gcg *g, const char *s, size_t len, size_t at, uint8_t *out, int max,
                      lx_diag_list *diags)
{
    int n = 0;
    for (size_t i = 0; i < len;) {
        int t, br, multi;
        size_t k = xw_dist_read(g->dist, s + i, len - i, 0, 1, &t, &br, &multi);
        if (k == 0 || n >= max) {
            if (diags)
                lx_diag_add(diags, LX_ERROR, "RACK_TILE", at + i, "'%.*s' is not a tile of the %s distribution%s",
                            (int)(len - i), s + i, g->dist->name, n >= max ? " (or too many tiles)" : "");
            return -1;
        }
        out[n++] = (uint8_t)t;
        i += k;
    }
    return n;
}

/* Which player the nick is; new players are taken on when the record names none. */
static int find_player(lx_xw_gcg *g, const char *nick, size_t len)
{
    for (int i = 0; i < 2; i++) {
        const char *n = g->nick_at[i] ? g->pool.data + g->nick_at[i] - 1 : NULL;
        if (n && strlen(n) == len && memcmp(n, nick, len) == 0)
            return i;
    }
    if (g->nplayers >= 2 || (g->nick_at[0] && g->nick_at[1]))
        return -1;
    int who = g->nick_at[0] ? 1 : 0;
    g->nick_at[who] = xw_gcg_store(g, nick, len);
    g->name_at[who] = xw_gcg_store(g, nick, len);
    g->nplayers = who + 1;
    return g->nick_at[who] ? who : -2;
}

static xw_event *new_event(lx_xw_gcg *g)
{
    if (g->nev == g->ev_cap) {
        size_t cap = g->ev_cap ? g->ev_cap * 2 : 64;
        xw_event *e = realloc(g->ev, cap * sizeof *e);
        if (!e)
            return NULL;
        g->ev = e;
        g->ev_cap = cap;
    }
    xw_event *e = &g->ev[g->nev];
    memset(e, 0, sizeof *e);
    e->rack_at = (size_t)-1;
    return e;
}

static int is_paren(const token *t)
{
    return t->len >= 2 && t->s[0] == '(' && t->s[t->len - 1] == ')';
}

static int token_is(const token *t, const char *s)
{
    return strlen(s) == t->len && memcmp(t->s, s, t->len) == 0;
}

/* The event's kind from WHAT (one token, or a play's two); 0, or 1 with an error. */
static int read_what(lx_xw_gcg *g, xw_event *e, const token *w, int nw, lx_diag_list *diags)
{
    lx_xw_event *ev = &e->pub;
    lx_game_error err;
    int rc = 0;
    ev->move_offset = w[0].at;
    if (nw == 2) {
        char buf[2 * LX_XW_MAX_SIDE * 4 + 2];
        size_t n = w[1].s + w[1].len - w[0].s;
        if (n >= sizeof buf)
            return error(diags, "PLAY_SYNTAX", w[0].at, "the play is too long%.*s", NULL);
        memcpy(buf, w[0].s, n);
        ev->kind = LX_XW_EV_PLAY;
        lx_game_error_init(&err);
        if (lx_xw_move_parse(g->dist, g->layout->rows, g->layout->cols, buf, n, &ev->move, &err) != 0) {
            if (diags)
                lx_diag_add(diags, LX_ERROR, err.code, w[0].at, "%.*s: %s", (int)n, buf, err.message.data);
            rc = 1;
        }
        lx_game_error_free(&err);
        return rc;
    }
    if (token_is(w, "--"))
        return ev->kind = LX_XW_EV_WITHDRAWN, 0;
    if (token_is(w, "(challenge)"))
        return ev->kind = LX_XW_EV_CHALLENGE_BONUS, 0;
    if (token_is(w, "(time)"))
        return ev->kind = LX_XW_EV_TIME_PENALTY, 0;
    if (is_paren(w)) {
        int n = xw_gcg_read_tiles(g, w->s + 1, w->len - 2, w->at + 1, ev->move.tiles, LX_XW_MAX_SIDE, diags);
        ev->kind = ev->score < 0 ? LX_XW_EV_END_RACK_PENALTY : LX_XW_EV_END_RACK_BONUS;
        ev->move.len = n > 0 ? n : 0;
        ev->move.tiles_known = 1;
        return n < 0;
    }
    if (w->s[0] == '-') {
        lx_game_error_init(&err);
        if (lx_xw_move_parse(g->dist, g->layout->rows, g->layout->cols, w->s, w->len, &ev->move, &err) != 0) {
            if (diags)
                lx_diag_add(diags, LX_ERROR, err.code, w->at, "%.*s: %s", (int)w->len, w->s, err.message.data);
            rc = 1;
        }
        lx_game_error_free(&err);
        ev->kind = ev->move.kind == LX_XW_PASS ? LX_XW_EV_PASS : LX_XW_EV_EXCHANGE;
        return rc;
    }
    return error(diags, "GCG_EVENT", w->at, "'%.*s' is not a play, an exchange, a pass, \"--\", \"(challenge)\", "
                 "\"(time)\" or \"(TILES)\"", w);
}

static int read_numbers(xw_event *e, const token *t, int n, lx_diag_list *diags)
{
    const token *sc = &t[n - 2], *tot = &t[n - 1];
    if (xw_parse_long(sc->s, sc->len, 2, &e->pub.score) != 0)
        return error(diags, "GCG_SCORE", sc->at, "'%.*s' is not a score (+N or -N)", sc);
    if (xw_parse_long(tot->s, tot->len, 1, &e->pub.cumulative) != 0)
        return error(diags, "GCG_SCORE", tot->at, "'%.*s' is not a running total", tot);
    return 0;
}

int xw_gcg_read_event(lx_xw_gcg *g, const char *s, size_t len, size_t at, lx_diag_list *diags)
{
    const char *colon = memchr(s, ':', len);
    for (const char *c = s + 1; colon && c < colon; c++)
        if ((unsigned char)*c <= ' ' || *c == 0x7F)
            colon = NULL; /* a nickname has no white space or control characters */
    if (!colon || colon == s + 1)
        return error(diags, "GCG_EVENT", at, "an event line is \">nick: RACK MOVE +SCORE TOTAL\"%.*s", NULL), 0;
    int who = find_player(g, s + 1, (size_t)(colon - s - 1));
    if (who == -2)
        return -1;
    if (who < 0)
        return error(diags, "UNKNOWN_PLAYER", at + 1, "'%.*s' is not the nickname of #player1 or #player2",
                     &(token){s + 1, (size_t)(colon - s - 1), at + 1}), 0;
    token t[MAX_TOKENS];
    size_t off = (size_t)(colon + 1 - s);
    int n = split(colon + 1, len - off, at + off, t, MAX_TOKENS);
    if (n < 3 || n > 5)
        return error(diags, "GCG_EVENT", at, "an event line is \">nick: RACK MOVE +SCORE TOTAL\"%.*s", NULL), 0;
    xw_event *e = new_event(g);
    if (!e)
        return -1;
    e->pub.offset = at;
    e->pub.player = who;
    int had_dropped = g->dropped[who];
    g->dropped[who] = 1; /* until the line is read through */
    if (read_numbers(e, t, n, diags))
        return 0;
    int nw = n - 2; /* tokens before the numbers: [RACK] WHAT, or [RACK] POS WORD */
    int has_rack = nw == 3 || (nw == 2 && (t[1].s[0] == '(' || t[1].s[0] == '-'));
    int what = has_rack ? 1 : 0;
    if (nw - what < 1 || nw - what > 2)
        return error(diags, "GCG_EVENT", at, "an event line is \">nick: RACK MOVE +SCORE TOTAL\"%.*s", NULL), 0;
    if (has_rack) {
        uint8_t tiles[LX_XW_MAX_SIDE];
        int k = xw_gcg_read_tiles(g, t[0].s, t[0].len, t[0].at, tiles, LX_XW_MAX_SIDE, diags);
        if (k >= 0) { /* an unreadable rack is left out; the event still counts */
            e->rack_at = g->tiles.len;
            e->pub.nrack = (size_t)k;
            if (lx_buf_append(&g->tiles, tiles, (size_t)k) != 0)
                return -1;
        }
    }
    if (read_what(g, e, t + what, nw - what, diags))
        return 0;
    e->resync = had_dropped;
    g->dropped[who] = 0;
    g->nev++;
    return 0;
}
