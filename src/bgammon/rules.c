/* rules.c - what the root of a GM[6] tree says about the game: the match
 * (MI), the rules in force (RU) and the result (RE).
 *
 * MI is a list of tag:value pairs; the spec's tags are length, game, bs and
 * ws, GNU Backgammon adds wtime, btime, wtimeout and btimeout (read and
 * ignored) and numbers games from 0 where the spec numbers them from 1 (a
 * warning on game:0).  A length of 0 is a money game (GNU Backgammon's
 * sessions).  RU holds tokens joined by ':', any case: Crawford,
 * CrawfordGame, Jacoby, NoCube, Nackgammon, Hypergammon1..3.
 *
 * Reading never fails the game for something that only describes it: an
 * unknown tag or token is a warning; a number that cannot be read is an
 * error and the default is kept. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bgammon/bg_impl.h"

/* The decoded, trimmed text of raw SimpleText into out (cleared); 0 or -1. */
static int simple_text(const char *raw, size_t len, lx_buf *out)
{
    lx_buf_clear(out);
    if (lx_sgf_decode_simpletext(raw, len, out) != 0)
        return -1;
    if (!out->data)
        return 0;
    const char *s = out->data;
    size_t n = out->len;
    lx_trim(&s, &n);
    memmove(out->data, s, n);
    out->len = n;
    out->data[n] = '\0';
    return 0;
}

static int text_number(const char *s, long *v)
{
    char *end;
    if (!*s || !(isdigit((unsigned char)*s) || *s == '+' || *s == '-'))
        return -1;
    *v = strtol(s, &end, 10);
    return *end ? -1 : 0;
}

static void read_mi_value(const lx_sgf_tree *t, lx_sgf_prop p, size_t i, bg_rules *r, lx_buf *tag, lx_buf *val,
                          lx_diag_list *diags)
{
    lx_sgf_value v = lx_sgf_get_value(t, p, i);
    size_t at = lx_sgf_prop_offset(t, p);
    size_t split = lx_sgf_compose_split(v.raw, v.len);
    if (split == (size_t)-1 || simple_text(v.raw, split, tag) != 0 ||
        simple_text(v.raw + split + 1, v.len - split - 1, val) != 0) {
        lx_diag_add(diags, LX_WARNING, "BG_MI_SYNTAX", at, "MI[%.*s] is not tag:value; ignored", (int)(v.len > 40 ? 40 : v.len),
                    v.raw);
        return;
    }
    const char *k = tag->data ? tag->data : "", *x = val->data ? val->data : "";
    long n;
    int known = 1;
    if (!strcasecmp(k, "wtime") || !strcasecmp(k, "btime") || !strcasecmp(k, "wtimeout") || !strcasecmp(k, "btimeout"))
        return; /* GNU Backgammon's clock */
    if (strcasecmp(k, "length") && strcasecmp(k, "game") && strcasecmp(k, "bs") && strcasecmp(k, "ws"))
        known = 0;
    if (!known) {
        lx_diag_add(diags, LX_WARNING, "BG_MI_UNKNOWN_TAG", at,
                    "MI tag '%s' is not one of length, game, bs, ws; ignored", k);
        return;
    }
    if (text_number(x, &n) != 0 || n < 0 || n > 32767) {
        lx_diag_add(diags, LX_ERROR, "BG_BAD_MI", at, "MI %s:%s is not a number from 0 to 32767", k, x);
        return;
    }
    if (!strcasecmp(k, "length"))
        r->length = (int)n;
    else if (!strcasecmp(k, "game"))
        r->game_number = n;
    else if (!strcasecmp(k, "bs"))
        r->score[LX_BLACK] = (int)n;
    else
        r->score[LX_WHITE] = (int)n;
}

static void read_mi(const lx_sgf_tree *t, lx_sgf_node root, bg_rules *r, lx_diag_list *diags)
{
    lx_sgf_prop p = lx_sgf_find_prop(t, root, "MI");
    if (p == LX_SGF_NIL)
        return;
    r->have_mi = 1;
    lx_buf tag = LX_BUF_INIT, val = LX_BUF_INIT;
    for (size_t i = 0; i < lx_sgf_value_count(t, p); i++)
        read_mi_value(t, p, i, r, &tag, &val, diags);
    lx_buf_free(&tag);
    lx_buf_free(&val);
    size_t at = lx_sgf_prop_offset(t, p);
    if (r->game_number == 0)
        lx_diag_add(diags, LX_WARNING, "BG_MI_GAME_ZERO", at,
                    "MI game:0 - GNU Backgammon numbers the games of a match from 0, the GM[6] spec from 1");
    if (r->length > 0)
        for (int c = 0; c < 2; c++)
            if (r->score[c] >= r->length)
                lx_diag_add(diags, LX_ERROR, "BG_MATCH_OVER", at,
                            "MI gives %s %d points in a %d-point match: the match was already won before this game",
                            bg_colour_name((lx_colour)c), r->score[c], r->length);
}

static void ru_token(const char *s, size_t n, bg_rules *r, size_t at, lx_diag_list *diags)
{
#define IS(w) (n == strlen(w) && strncasecmp(s, w, n) == 0)
    if (n == 0)
        return;
    if (IS("Crawford"))
        r->crawford_rule = 1;
    else if (IS("CrawfordGame"))
        r->crawford_rule = 1, r->crawford_game = 1;
    else if (IS("Jacoby"))
        r->jacoby = 1;
    else if (IS("NoCube"))
        r->no_cube = 1;
    else if (IS("Nackgammon"))
        r->variant = LX_BGAMMON_NACKGAMMON;
    else if (IS("Hypergammon1"))
        r->variant = LX_BGAMMON_HYPER1;
    else if (IS("Hypergammon2"))
        r->variant = LX_BGAMMON_HYPER2;
    else if (IS("Hypergammon3") || IS("Hypergammon"))
        r->variant = LX_BGAMMON_HYPER3;
    else if (!IS("Standard") && !IS("Backgammon"))
        lx_diag_add(diags, LX_WARNING, "BG_RU_UNKNOWN", at,
                    "RU: '%.*s' is not a backgammon rule ludex knows (Crawford, CrawfordGame, Jacoby, NoCube, "
                    "Nackgammon, Hypergammon1..3); ignored",
                    (int)(n > 40 ? 40 : n), s);
#undef IS
}

static void read_ru(const lx_sgf_tree *t, lx_sgf_node root, bg_rules *r, lx_diag_list *diags)
{
    lx_sgf_prop p = lx_sgf_find_prop(t, root, "RU");
    if (p == LX_SGF_NIL || lx_sgf_value_count(t, p) == 0)
        return;
    lx_sgf_value v = lx_sgf_get_value(t, p, 0);
    size_t at = lx_sgf_prop_offset(t, p);
    lx_buf text = LX_BUF_INIT;
    if (simple_text(v.raw, v.len, &text) == 0 && text.data) {
        const char *s = text.data;
        for (;;) {
            const char *colon = strchr(s, ':');
            size_t n = colon ? (size_t)(colon - s) : strlen(s);
            const char *w = s;
            lx_trim(&w, &n);
            ru_token(w, n, r, at, diags);
            if (!colon)
                break;
            s = colon + 1;
        }
    }
    lx_buf_free(&text);
    if (r->length == 0 && r->crawford_rule) {
        lx_diag_add(diags, LX_WARNING, "BG_RU_CRAWFORD_MONEY", at,
                    "RU: the Crawford rule is for matches; this is a money game (no MI length), so it is ignored");
        r->crawford_rule = r->crawford_game = 0;
    }
    if (r->length > 0 && r->jacoby) {
        lx_diag_add(diags, LX_WARNING, "BG_RU_JACOBY_MATCH", at,
                    "RU: the Jacoby rule is for money games; in a match gammons count, as GNU Backgammon scores them");
        r->jacoby = 0;
    }
}

int bg_read_rules(const lx_sgf_tree *t, lx_sgf_node root, bg_rules *r, lx_diag_list *diags)
{
    memset(r, 0, sizeof *r);
    r->game_number = -1;
    r->variant = LX_BGAMMON_STANDARD;
    if (lx_sgf_node_count(t) == 0)
        return -1;
    read_mi(t, root, r, diags);
    read_ru(t, root, r, diags);
    return 0;
}

/* ---- RE ------------------------------------------------------------------------------------- */

static int suffix_is(const char *s, const char *a, const char *b)
{
    return !strcasecmp(s, a) || !strcasecmp(s, b);
}

void bg_read_re(const lx_sgf_tree *t, lx_sgf_node root, bg_re *re)
{
    memset(re, 0, sizeof *re);
    re->kind = BG_RE_NONE;
    re->winner = LX_NO_COLOUR;
    re->points = -1;
    lx_sgf_prop p = lx_sgf_find_prop(t, root, "RE");
    if (p == LX_SGF_NIL || lx_sgf_value_count(t, p) == 0)
        return;
    re->offset = lx_sgf_prop_offset(t, p);
    lx_sgf_value v = lx_sgf_get_value(t, p, 0);
    lx_buf text = LX_BUF_INIT;
    if (simple_text(v.raw, v.len, &text) != 0) {
        lx_buf_free(&text);
        return;
    }
    const char *s = text.data ? text.data : "";
    if (!*s || !strcmp(s, "?")) {
        re->kind = BG_RE_NONE;
    } else if (!strcmp(s, "0") || !strcasecmp(s, "Draw")) {
        re->kind = BG_RE_DRAW;
    } else if (!strcasecmp(s, "Void")) {
        re->kind = BG_RE_VOID;
    } else if ((s[0] == 'B' || s[0] == 'W') && s[1] == '+') {
        re->winner = s[0] == 'B' ? LX_BLACK : LX_WHITE;
        const char *q = s + 2;
        if (isdigit((unsigned char)*q)) {
            char *end;
            re->points = strtol(q, &end, 10);
            q = end;
        }
        if (!*q)
            re->kind = BG_RE_WIN;
        else if (suffix_is(q, "R", "Resign"))
            re->kind = BG_RE_RESIGN;
        else if (suffix_is(q, "T", "Time"))
            re->kind = BG_RE_TIME;
        else if (suffix_is(q, "F", "Forfeit"))
            re->kind = BG_RE_FORFEIT;
        else
            re->kind = BG_RE_BAD;
    } else {
        re->kind = BG_RE_BAD;
    }
    lx_buf_free(&text);
}
