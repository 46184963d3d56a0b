/* review.c - what only a whole Hex record can tell: swap dialects, and the
 * warnings and errors the replay driver has no hook for.
 *
 * Swap dialects.  The spec's swap-pieces mirrors the stone and gives the
 * other colour the move; its swap-sides leaves the stone and gives the
 * swapping colour the move again.  HexGui before 2022 wrote "swap-pieces"
 * when it meant swap-sides, and Benzene writes "SWAP": in both the swapping
 * colour moves again (;B[f2];W[swap-pieces];W[e7]), which a real swap-pieces
 * never allows.  So the move after a swap decides, not the AP string:
 *   - "swap-pieces" followed by a move of the same colour reads as swap-sides
 *     (warning HEX_SWAP_PIECES_MEANS_SIDES);
 *   - "swap"/"SWAP" (not a spec value; warning HEX_SWAP_NONSTANDARD) reads as
 *     swap-sides when the same colour moves next, as swap-pieces when the other
 *     colour does;
 *   - when nothing follows, AP decides: HexGui 0.x and 1.0.x and Benzene files
 *     read swap-pieces and SWAP as swap-sides, every other file as written
 *     (SWAP as swap-sides, Benzene's meaning);
 *   - "swap-sides" always reads as written.
 * "The move after" is the next B or W along the first-child line; every swap
 * value of the tree is decided once, before the replay, and the decision is
 * kept in the position by the value's address (hex_swap_rule).
 *
 * The main-line review replays the main line on a copy of the starting
 * position and reports: White moving first without PL (HEX_WHITE_FIRST,
 * warning), a resignation or forfeit after a win (HEX_RESIGN_AFTER_WIN,
 * warning), and RE against the final position (HEX_RESULT_MISMATCH, error;
 * HEX_RESULT_NAMES_PLAYER and HEX_RESULT_UNPROVEN, warnings).  It stops
 * quietly at the first refused move: the driver reports that one.
 *
 * Nothing here recurses; every walk is along first children or over node
 * indices. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hex/hex_impl.h"
#include "sgf/tree_inline.h"


static char letter(lx_colour c)
{
    return c == LX_BLACK ? 'B' : 'W';
}

/* ---- the AP of old HexGui and Benzene -------------------------------------------- */

static int starts_with_nocase(const char *s, size_t len, const char *prefix)
{
    size_t n = strlen(prefix);
    return len >= n && strncasecmp(s, prefix, n) == 0;
}

/* Non-zero when the root's AP names a program that wrote swap-sides as
 * "swap-pieces" or "SWAP": HexGui 0.x and 1.0.x, Benzene and its programs. */
static int legacy_swap_writer(const lx_sgf_tree *t)
{
    lx_sgf_prop p = lx_sgf_find_prop(t, 0, "AP");
    if (p == LX_SGF_NIL || lx_sgf_value_count(t, p) == 0)
        return 0;
    lx_sgf_value v = lx_sgf_get_value(t, p, 0);
    size_t split = lx_sgf_compose_split(v.raw, v.len);
    const char *ver = split == (size_t)-1 ? "" : v.raw + split + 1;
    size_t nver = split == (size_t)-1 ? 0 : v.len - split - 1;
    if (starts_with_nocase(v.raw, v.len, "HexGui:"))
        return starts_with_nocase(ver, nver, "0.") || starts_with_nocase(ver, nver, "1.0");
    return starts_with_nocase(v.raw, v.len, "Hex-benzene") || starts_with_nocase(v.raw, v.len, "benzene") ||
           starts_with_nocase(v.raw, v.len, "mohex") || starts_with_nocase(v.raw, v.len, "wolve");
}

/* ---- what follows a swap ------------------------------------------------------------ */

/* The colour of the first B or W in node n from property index `from` on. */
static lx_colour first_move_in(const lx_sgf_tree *t, lx_move_ids ids, lx_sgf_node n, size_t from)
{
    for (size_t i = from; i < lx_sgf_prop_count(t, n); i++) {
        lx_colour c = lx_game_prop_colour(t, lx_sgf_node_prop(t, n, i), ids);
        if (c != LX_NO_COLOUR)
            return c;
    }
    return LX_NO_COLOUR;
}

/* The colour of the move after value k of property i of node n. */
static lx_colour next_move(const lx_sgf_tree *t, lx_move_ids ids, lx_sgf_node n, size_t i, size_t k)
{
    lx_sgf_prop p = lx_sgf_node_prop(t, n, i);
    if (k + 1 < lx_sgf_value_count(t, p))
        return lx_game_prop_colour(t, p, ids);
    lx_colour c = first_move_in(t, ids, n, i + 1);
    for (lx_sgf_node m = lx_sgf_first_child(t, n); c == LX_NO_COLOUR && m != LX_SGF_NIL; m = lx_sgf_first_child(t, m))
        c = first_move_in(t, ids, m, 0);
    return c;
}

typedef struct decider {
    const lx_sgf_tree *t;
    lx_diag_list *diags;
    lx_move_ids ids;
    int legacy; /* legacy_swap_writer, -1 until first needed */
    hex_swap_rule *rules;
    size_t n, cap;
    int oom;
} decider;

static void keep_rule(decider *d, const char *raw, lx_hex_move_kind kind)
{
    if (d->n == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 4;
        hex_swap_rule *r = realloc(d->rules, cap * sizeof *r);
        if (!r) {
            d->oom = 1;
            return;
        }
        d->rules = r;
        d->cap = cap;
    }
    d->rules[d->n++] = (hex_swap_rule){raw, kind};
}

static void decide_pieces(decider *d, lx_colour who, lx_colour next, lx_sgf_value v)
{
    char w = letter(who);
    if (next == who) {
        keep_rule(d, v.raw, LX_HEX_SWAP_SIDES);
        lx_diag_add(d->diags, LX_WARNING, "HEX_SWAP_PIECES_MEANS_SIDES", v.offset,
                    "%c[swap-pieces] is followed by another %s move, so it is read as swap-sides (the stone "
                    "stays, %s moves again), as HexGui before 2022 wrote it; the spec's swap-pieces would mirror "
                    "the stone and give %s the move. Written as %c[swap-sides]",
                    w, hex_colour_name(who), hex_colour_name(who), hex_colour_name(who == LX_BLACK ? LX_WHITE : LX_BLACK), w);
    } else if (next == LX_NO_COLOUR && (d->legacy < 0 ? (d->legacy = legacy_swap_writer(d->t)) : d->legacy)) {
        keep_rule(d, v.raw, LX_HEX_SWAP_SIDES);
        lx_diag_add(d->diags, LX_WARNING, "HEX_SWAP_PIECES_MEANS_SIDES", v.offset,
                    "%c[swap-pieces] ends the line and the file was written by an old HexGui or Benzene (AP), "
                    "which wrote swap-pieces for swap-sides: read as swap-sides, written as %c[swap-sides]", w, w);
    }
}

static void decide_other(decider *d, lx_colour who, lx_colour next, lx_sgf_value v, const char *s, size_t n)
{
    char w = letter(who);
    int pieces = next != LX_NO_COLOUR && next != who;
    if (pieces)
        keep_rule(d, v.raw, LX_HEX_SWAP_PIECES);
    lx_diag_add(d->diags, LX_WARNING, "HEX_SWAP_NONSTANDARD", v.offset,
                "%c[%.*s] is not a swap the spec defines (Benzene writes it); %s, so it is read as %s and "
                "written as %c[%s]",
                w, (int)n, s,
                pieces ? "the other colour moves after it"
                       : next == who ? "the same colour moves again after it" : "nothing follows it",
                pieces ? "swap-pieces" : "swap-sides", w, pieces ? "swap-pieces" : "swap-sides");
}

static void decide_value(decider *d, lx_sgf_node node, size_t i, size_t k, lx_colour who, lx_sgf_value v)
{
    if (v.len > 0 && v.raw[v.len - 1] >= '0' && v.raw[v.len - 1] <= '9')
        return; /* a cell, the common case: no swap ends in a digit */
    const char *s = v.raw;
    size_t n = v.len;
    lx_trim(&s, &n);
    hex_special sp = hex_special_of(s, n);
    if (sp == HEX_SP_SWAP_PIECES)
        decide_pieces(d, who, next_move(d->t, d->ids, node, i, k), v);
    else if (sp == HEX_SP_SWAP_OTHER)
        decide_other(d, who, next_move(d->t, d->ids, node, i, k), v, s, n);
}

static int by_address(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const hex_swap_rule *)a)->raw, y = (uintptr_t)((const hex_swap_rule *)b)->raw;
    return x < y ? -1 : x > y;
}

const hex_swap_rule *hex_find_rule(const hex_swap_rule *rules, size_t n, const char *raw)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if ((uintptr_t)rules[mid].raw < (uintptr_t)raw)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && rules[lo].raw == raw ? &rules[lo] : NULL;
}

/* Whether some B or W value of the tree could be a swap: four bytes or more,
 * not ending in a digit.  One pass over the properties in file order, most
 * of them cells; the trees without such a value (nearly all) stop here. */
static int may_hold_swap(const lx_sgf_tree *t, lx_move_ids ids)
{
    uint32_t nprops = lx_sgf_prop_total_i(t);
    for (lx_sgf_prop p = 0; p < nprops; p++) {
        uint32_t name = lx_sgf_prop_name_i(t, p);
        if (name != ids.b && name != ids.w)
            continue;
        for (uint32_t k = 0; k < lx_sgf_value_count_i(t, p); k++) {
            if (lx_sgf_value_len_i(t, p, k) < 4)
                continue; /* "e5", "k11": the text need not be read */
            size_t len;
            const char *raw = lx_sgf_value_i(t, p, k, &len);
            if (len >= 4 && (raw[len - 1] < '0' || raw[len - 1] > '9'))
                return 1;
        }
    }
    return 0;
}

int hex_decide_swaps(const lx_sgf_tree *t, hex_swap_rule **rules, size_t *n, lx_diag_list *diags)
{
    decider d = {t, diags, lx_game_move_ids(t), -1, NULL, 0, 0, 0};
    *rules = NULL;
    *n = 0;
    if (!may_hold_swap(t, d.ids))
        return 0;
    size_t nnodes = lx_sgf_node_count(t);
    for (lx_sgf_node node = 0; node < nnodes; node++) {
        size_t np = lx_sgf_prop_count(t, node);
        for (size_t i = 0; i < np; i++) {
            lx_sgf_prop p = lx_sgf_node_prop(t, node, i);
            lx_colour who = lx_game_prop_colour(t, p, d.ids);
            size_t nv = who == LX_NO_COLOUR ? 0 : lx_sgf_value_count(t, p);
            for (size_t k = 0; k < nv; k++)
                decide_value(&d, node, i, k, who, lx_sgf_get_value(t, p, k));
        }
    }
    if (d.oom) {
        free(d.rules);
        return -1;
    }
    if (d.n > 1)
        qsort(d.rules, d.n, sizeof *d.rules, by_address);
    *rules = d.rules;
    *n = d.n;
    return 0;
}

/* ---- RE --------------------------------------------------------------------------- */

typedef struct re_value {
    lx_sgf_prop prop;
    int kind;          /* 0 unknown/none, 1 a winner, 2 a draw */
    lx_colour winner;
    int has_reason;    /* "B+R", "B+T", "B+F", "B+3": how the game was won is said */
    char text[48];
} re_value;

static void read_re(const lx_sgf_tree *t, lx_sgf_prop p, re_value *re, lx_diag_list *diags)
{
    lx_sgf_value v = lx_sgf_get_value(t, p, 0);
    const char *s = v.raw;
    size_t n = v.len;
    lx_trim(&s, &n);
    re->prop = p;
    size_t keep = strnlen(s, n < 40 ? n : 40); /* what "%.*s" would print, without printf */
    memcpy(re->text, s, keep);
    re->text[keep] = '\0';
    if (n == 1 && (s[0] == '0'))
        re->kind = 2;
    else if (n == 4 && strncasecmp(s, "draw", 4) == 0)
        re->kind = 2;
    else if (n >= 1 && (s[0] == 'B' || s[0] == 'W') && (n == 1 || s[1] == '+')) {
        re->kind = 1;
        re->winner = s[0] == 'B' ? LX_BLACK : LX_WHITE;
        re->has_reason = n > 2;
        if (n == 1 && diags)
            lx_diag_add(diags, LX_WARNING, "HEX_RESULT_FORM", v.offset,
                        "RE[%c] lacks the '+' FF[4] requires: RE[%c+] (or %c+R, %c+T, %c+F); read as %s won", s[0],
                        s[0], s[0], s[0], s[0], hex_colour_name(re->winner));
    }
}

static void unproven_result(const lx_hex_board *b, const re_value *re, size_t at, lx_diag_list *diags)
{
    (void)b;
    if (re->has_reason)
        return; /* a resignation or a time loss need not be in the moves */
    lx_diag_add(diags, LX_WARNING, "HEX_RESULT_UNPROVEN", at,
                "RE[%s] says %s won, but the record ends before %s joined %s and nobody resigned", re->text,
                hex_colour_name(re->winner), hex_colour_name(re->winner),
                re->winner == LX_BLACK ? "top and bottom" : "left and right");
}

static void check_re(const lx_hex_board *b, const lx_sgf_tree *t, const re_value *re, lx_diag_list *diags)
{
    char end[160];
    size_t at = lx_sgf_prop_offset(t, re->prop);
    lx_colour w = lx_hex_winner(b);
    if (re->kind == 0 || (re->kind == 1 && w == re->winner))
        return; /* nothing to say (the common case): no need to describe the end */
    hex_describe_end(b, end, sizeof end);
    if (re->kind == 2) {
        lx_diag_add(diags, LX_ERROR, "HEX_RESULT_MISMATCH", at, "RE[%s] says the game was drawn, but Hex has no draws%s%s",
                    re->text, w != LX_NO_COLOUR ? ": " : "", w != LX_NO_COLOUR ? end : "");
        return;
    }
    if (re->kind != 1 || w == re->winner)
        return;
    if (w == LX_NO_COLOUR) {
        unproven_result(b, re, at, diags);
    } else if (b->sides_exchanged) {
        lx_diag_add(diags, LX_WARNING, "HEX_RESULT_NAMES_PLAYER", at,
                    "RE[%s] names %s, but %s won (%s); the players exchanged colours with the swap at move %zu "
                    "(swap-sides), so the player named in P%c plays %s and RE seems to name the player, not the "
                    "colour (FF[4] RE names the colour: RE[%c+])",
                    re->text, hex_colour_name(re->winner), hex_colour_name(w), end, b->swap_move,
                    letter(re->winner), hex_colour_name(w), letter(w));
    } else {
        lx_diag_add(diags, LX_ERROR, "HEX_RESULT_MISMATCH", at, "RE[%s] says %s won, but %s won: %s", re->text,
                    hex_colour_name(re->winner), hex_colour_name(w), end);
    }
}

/* ---- the whole main line ------------------------------------------------------------- */

/* The first property on the main line whose ID has number `a` or `b` (IDs
 * by number: one comparison per property), with a value. */
static lx_sgf_prop first_on_main_line(const lx_sgf_tree *t, uint32_t a, uint32_t b)
{
    if (a == LX_SGF_NIL && b == LX_SGF_NIL)
        return LX_SGF_NIL; /* no such ID in the tree */
    for (lx_sgf_node n = 0; n != LX_SGF_NIL; n = lx_sgf_first_child_i(t, n))
        for (uint32_t i = 0; i < lx_sgf_prop_count_i(t, n); i++) {
            lx_sgf_prop p = lx_sgf_node_prop_i(t, n, i);
            uint32_t name = lx_sgf_prop_name_i(t, p);
            if ((name == a || name == b) && lx_sgf_value_count_i(t, p) > 0)
                return p;
        }
    return LX_SGF_NIL;
}

static lx_sgf_prop first_re(const lx_sgf_tree *t)
{
    return first_on_main_line(t, lx_sgf_id_number(t, "RE"), LX_SGF_NIL);
}

static int is_move(const char *id) { return lx_game_move_colour(id) != LX_NO_COLOUR; }

static void check_ff(const lx_sgf_tree *t, lx_diag_list *diags)
{
    if (lx_sgf_find_prop(t, 0, "FF") != LX_SGF_NIL)
        return;
    size_t at = lx_sgf_node_offset(t, 0);
    lx_diag_add(diags, LX_WARNING, "HEX_NO_FF", at == LX_NO_OFFSET ? lx_sgf_tree_offset(t) : at,
                "the root has no FF, which makes the file FF[1]; read as FF[4], the only format that defines "
                "Hex (write FF[4])");
}

void hex_review_root(const lx_sgf_tree *t, lx_diag_list *diags)
{
    check_ff(t, diags);
    lx_sgf_prop p = first_re(t);
    if (p != LX_SGF_NIL) {
        re_value re = {LX_SGF_NIL, 0, LX_NO_COLOUR, 0, ""};
        read_re(t, p, &re, diags); /* its form, whatever the moves */
    }
}

/* The last B or W property of node n, or LX_SGF_NIL. */
static lx_sgf_prop last_move_prop(const lx_sgf_tree *t, lx_sgf_node n)
{
    lx_sgf_prop found = LX_SGF_NIL;
    for (size_t i = 0; i < lx_sgf_prop_count(t, n); i++)
        if (is_move(lx_sgf_prop_id(t, lx_sgf_node_prop(t, n, i))))
            found = lx_sgf_node_prop(t, n, i);
    return found;
}

void hex_line_end(const void *pos, const lx_sgf_tree *t, lx_sgf_node last, int complete, lx_diag_list *diags)
{
    const lx_hex_board *b = pos;
    char end[160];
    lx_sgf_prop p;
    lx_move_ids ids = lx_game_move_ids(t);
    if (b->white_went_first && (p = first_on_main_line(t, ids.b, ids.w)) != LX_SGF_NIL)
        lx_diag_add(diags, LX_WARNING, "HEX_WHITE_FIRST", lx_sgf_prop_offset(t, p),
                    "White moves first, but Black moves first in Hex unless the record says otherwise (PL[W] "
                    "before the first move)");
    if (b->gave_up_after_win && (p = last_move_prop(t, last)) != LX_SGF_NIL) {
        lx_sgf_value v = lx_sgf_get_value(t, p, lx_sgf_value_count(t, p) - 1);
        hex_describe_end(b, end, sizeof end);
        lx_diag_add(diags, LX_WARNING, "HEX_RESIGN_AFTER_WIN", lx_sgf_prop_offset(t, p),
                    "%s[%.*s] comes after the game was already won (%s); the connection decides the game",
                    lx_sgf_prop_id(t, p), (int)(v.len < 20 ? v.len : 20), v.raw, end);
    }
    if (complete && (p = first_re(t)) != LX_SGF_NIL) {
        re_value re = {LX_SGF_NIL, 0, LX_NO_COLOUR, 0, ""};
        read_re(t, p, &re, NULL);
        check_re(b, t, &re, diags);
    }
}

/* ---- IS and IP ---------------------------------------------------------------------- */

static int is_keyword(const char *s, size_t n)
{
    static const char *const words[] = {"tried", "marked", "lastmove", "headings", "lock"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i]) == n && strncasecmp(s, words[i], n) == 0)
            return 1;
    return 0;
}

static void check_is_value(lx_sgf_value v, lx_diag_list *diags)
{
    size_t split = lx_sgf_compose_split(v.raw, v.len);
    const char *k = v.raw, *s = v.raw;
    size_t nk = split == (size_t)-1 ? v.len : split, ns = 0;
    if (split != (size_t)-1) {
        s = v.raw + split + 1;
        ns = v.len - split - 1;
    }
    lx_trim(&k, &nk);
    lx_trim(&s, &ns);
    int on_off = (ns == 2 && strncasecmp(s, "on", 2) == 0) || (ns == 3 && strncasecmp(s, "off", 3) == 0);
    if (split != (size_t)-1 && is_keyword(k, nk) && on_off)
        return;
    lx_diag_add(diags, LX_WARNING, "HEX_IS_SETTING", v.offset,
                "IS[%.*s]: each IS value is one of tried, marked, lastmove, headings, lock, then ':on' or ':off'",
                (int)(v.len < 40 ? v.len : 40), v.raw);
}

void hex_check_viewer_props(const lx_sgf_tree *t, lx_diag_list *diags)
{
    lx_sgf_prop is = lx_sgf_find_prop(t, 0, "IS");
    for (size_t i = 0; is != LX_SGF_NIL && i < lx_sgf_value_count(t, is); i++)
        check_is_value(lx_sgf_get_value(t, is, i), diags);
    size_t seen = 0;
    if (lx_sgf_id_number(t, "IP") == LX_SGF_NIL)
        return; /* no node has one: no need to look at each */
    for (lx_sgf_node n = 0; n < lx_sgf_node_count(t); n++) {
        lx_sgf_prop ip = lx_sgf_find_prop(t, n, "IP");
        if (ip == LX_SGF_NIL)
            continue;
        if (seen++ > 0)
            lx_diag_add(diags, LX_ERROR, "HEX_IP_REPEATED", lx_sgf_prop_offset(t, ip),
                        "a second IP: a game may designate only one initial position to display");
        lx_sgf_value v = lx_sgf_value_count(t, ip) ? lx_sgf_get_value(t, ip, 0) : (lx_sgf_value){"", 0, 0};
        const char *s = v.raw;
        size_t len = v.len;
        lx_trim(&s, &len);
        if (len > 0)
            lx_diag_add(diags, LX_WARNING, "HEX_IP_NOT_EMPTY", v.offset,
                        "IP should be empty (IP[]): the node that holds it is the position to display");
    }
}

/* ---- rewriting to the spec's form ------------------------------------------------------ */

/* Rewrites are found first and made after: setting a value may move the
 * values of a built tree, and the rules know values by address. */
int lx_hex_normalize_tree(lx_sgf_tree *t, lx_diag_list *diags)
{
    hex_swap_rule *rules = NULL;
    size_t n = 0, nfound = 0;
    if (hex_decide_swaps(t, &rules, &n, diags) != 0)
        return -1;
    lx_sgf_prop *found = n ? malloc(n * sizeof *found) : NULL;
    lx_hex_move_kind *kinds = n ? malloc(n * sizeof *kinds) : NULL;
    int rc = n && (!found || !kinds) ? -1 : 0;
    for (lx_sgf_node node = 0; rc == 0 && n > 0 && node < lx_sgf_node_count(t); node++)
        for (size_t k = 0; k < lx_sgf_prop_count(t, node) && nfound < n; k++) {
            lx_sgf_prop p = lx_sgf_node_prop(t, node, k);
            if (lx_game_move_colour(lx_sgf_prop_id(t, p)) == LX_NO_COLOUR || lx_sgf_value_count(t, p) != 1)
                continue;
            const hex_swap_rule *r = hex_find_rule(rules, n, lx_sgf_get_value(t, p, 0).raw);
            if (r) {
                found[nfound] = p;
                kinds[nfound++] = r->kind;
            }
        }
    for (size_t i = 0; rc == 0 && i < nfound; i++) {
        const char *w = kinds[i] == LX_HEX_SWAP_SIDES ? "swap-sides" : "swap-pieces";
        rc = lx_sgf_set_value(t, found[i], w, strlen(w));
    }
    free(found);
    free(kinds);
    free(rules);
    return rc;
}
