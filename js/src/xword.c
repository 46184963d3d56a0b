/* js/src/xword.c - crossword games for JavaScript: CGP positions and GCG
 * records read, checked and scored by libludex's xword layer, as Python's
 * ludex.xword does.  With no file system in WebAssembly, the data (letter
 * distributions, board layouts, lexicons in KWG form) is handed in by
 * JavaScript as text and bytes (lxw_xw_add); ludex.js adds the repository's
 * distributions and boards (ludex-xword-data.js) itself.  Results cross as
 * the handle's output string and diagnostic lists, as elsewhere here. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "wasm.h"

struct lxw_xw {
    lx_xw_data *data;
    lx_diag_list *diags; /* the last call's */
    size_t games, moves; /* the last check's counts */
};

struct lxw_xw_pos {
    lxw_xw *x;           /* the data it was read with (JavaScript keeps it alive) */
    lx_xw_pos *pos;
    char *text;          /* the CGP it was read from, for placing later diagnostics */
    size_t len;
    int ok;              /* 1 read; 0 nothing usable (diags say why) */
    lx_diag_list *diags; /* reading's */
    lx_game_error err;   /* the last refused play */
    long score;
    int bingo;
    lx_buf out;
};

struct lxw_xw_gcg {
    lxw_xw *x;
    lx_xw_gcg *gcg;
    lx_diag_list *diags;
    lx_xw_replay_summary sum;
    lx_buf out;
};

LXW_API lxw_xw *lxw_xw_new(void)
{
    lxw_xw *x = calloc(1, sizeof *x);
    if (!x || !(x->data = lx_xw_data_new("")) || !(x->diags = lx_diag_list_new())) {
        if (x)
            lx_xw_data_free(x->data);
        free(x);
        return NULL;
    }
    return x;
}

LXW_API void lxw_xw_free(lxw_xw *x)
{
    if (x) {
        lx_xw_data_free(x->data);
        lx_diag_list_free(x->diags);
        free(x);
    }
}

static void fresh(lx_diag_list **d)
{
    lx_diag_list_free(*d);
    *d = lx_diag_list_new();
}

/* Add data: kind 0 a distribution (text), 1 a board layout (text), 2 a lexicon (KWG bytes).
 * 0 added, 1 refused (lxw_xw_diags says why), -1 out of memory. */
LXW_API int lxw_xw_add(lxw_xw *x, int kind, const char *name, const char *bytes, size_t len)
{
    fresh(&x->diags);
    if (!x->diags)
        return -1;
    int rc;
    if (kind == 0) {
        lx_xw_dist *d = lx_xw_dist_parse(name, bytes, len, x->diags);
        rc = d ? lx_xw_data_add_dist(x->data, d) : 1;
    } else if (kind == 1) {
        lx_xw_layout *l = lx_xw_layout_parse(name, bytes, len, x->diags);
        rc = l ? lx_xw_data_add_layout(x->data, l) : 1;
    } else {
        lx_xw_lexicon *lx = lx_xw_lexicon_from_kwg(name, bytes, len, x->diags);
        rc = lx ? lx_xw_data_add_lexicon(x->data, lx) : 1;
    }
    if (kind < 2)
        lx_diag_list_resolve(x->diags, bytes, len);
    return rc == 1 && !lx_diag_count(x->diags) ? -1 : rc;
}

LXW_API const lx_diag_list *lxw_xw_diags(const lxw_xw *x)
{
    return x->diags;
}

/* `ludex check` of a .gcg record (gcg != 0) or a file of CGP lines; counts for lxw_xw_count. 0, or -1. */
LXW_API int lxw_xw_check(lxw_xw *x, int gcg, const char *bytes, size_t len, const char *encoding)
{
    fresh(&x->diags);
    if (!x->diags)
        return -1;
    x->games = x->moves = 0;
    if (!gcg)
        return lx_xw_check_cgp(bytes, len, x->data, x->diags, &x->games);
    lx_xw_gcg_options opt = {encoding && *encoding ? encoding : NULL, NULL, NULL};
    lx_xw_replay_summary sum = {0};
    int rc = lx_xw_check_gcg(bytes, len, x->data, &opt, x->diags, &sum);
    x->games = 1, x->moves = sum.events;
    return rc;
}

/* The last check's counts: 0 games (records or positions), 1 moves (a record's events). */
LXW_API double lxw_xw_count(const lxw_xw *x, int which)
{
    return (double)(which == 0 ? x->games : x->moves);
}

/* ---- positions ---------------------------------------------------------------------------- */

static lxw_xw_pos *pos_new(lxw_xw *x)
{
    lxw_xw_pos *p = calloc(1, sizeof *p);
    if (!p || !(p->diags = lx_diag_list_new()) || !(p->pos = lx_xw_pos_new())) {
        if (p)
            lx_diag_list_free(p->diags);
        free(p);
        return NULL;
    }
    p->x = x;
    lx_game_error_init(&p->err);
    return p;
}

LXW_API void lxw_xw_pos_free(lxw_xw_pos *p)
{
    if (p) {
        lx_xw_pos_free(p->pos);
        lx_diag_list_free(p->diags);
        lx_game_error_free(&p->err);
        lx_buf_free(&p->out);
        free(p->text);
        free(p);
    }
}

/* One CGP line.  NULL when out of memory; else see lxw_xw_pos_ok. */
LXW_API lxw_xw_pos *lxw_xw_cgp_read(lxw_xw *x, const char *text, size_t len)
{
    lxw_xw_pos *p = pos_new(x);
    if (!p || !(p->text = malloc(len + 1))) {
        lxw_xw_pos_free(p);
        return NULL;
    }
    memcpy(p->text, text, len);
    p->text[len] = '\0';
    p->len = len;
    int rc = lx_xw_cgp_read(p->pos, text, len, 0, x->data, p->diags);
    if (rc < 0) {
        lxw_xw_pos_free(p);
        return NULL;
    }
    p->ok = rc == 0;
    lx_diag_list_resolve(p->diags, text, len);
    return p;
}

LXW_API int lxw_xw_pos_ok(const lxw_xw_pos *p)
{
    return p->ok;
}

LXW_API const lx_diag_list *lxw_xw_pos_diags(const lxw_xw_pos *p)
{
    return p->diags;
}

/* 0 rows, 1 columns, 2 players. */
LXW_API int lxw_xw_pos_size(const lxw_xw_pos *p, int which)
{
    return which == 0 ? lx_xw_pos_rows(p->pos) : which == 1 ? lx_xw_pos_cols(p->pos) : (int)lx_xw_pos_players(p->pos);
}

/* The label of the tile on (row, col), "" when empty. */
LXW_API const char *lxw_xw_pos_square(const lxw_xw_pos *p, int row, int col)
{
    int t = lx_xw_pos_square(p->pos, row, col);
    return t ? lx_xw_dist_label(lx_xw_pos_dist(p->pos), t) : "";
}

/* Player i's rack ('?' a blank) into the output string. */
LXW_API int lxw_xw_pos_rack(lxw_xw_pos *p, size_t i)
{
    size_t n;
    const uint8_t *tiles = lx_xw_pos_rack(p->pos, i, &n);
    lx_buf_clear(&p->out);
    int rc = lx_buf_append_str(&p->out, "");
    for (size_t k = 0; rc == 0 && k < n; k++)
        rc = lx_buf_append_str(&p->out, lx_xw_dist_label(lx_xw_pos_dist(p->pos), tiles[k]));
    return rc;
}

LXW_API double lxw_xw_pos_score(const lxw_xw_pos *p, size_t i)
{
    return (double)lx_xw_pos_score(p->pos, i);
}

LXW_API int lxw_xw_pos_cgp(lxw_xw_pos *p)
{
    lx_buf_clear(&p->out);
    return lx_xw_cgp_write(p->pos, &p->out);
}

/* validate() (which 0) or check_words() (1): a new diagnostic list (free with lxw_diags_free), NULL
 * when out of memory or, for check_words, when no lexicon judges the words (lxw_xw_pos_err_code). */
LXW_API lx_diag_list *lxw_xw_pos_judge(lxw_xw_pos *p, int which)
{
    lx_diag_list *d = lx_diag_list_new();
    if (!d)
        return NULL;
    if (which == 0) {
        lx_xw_pos_validate(p->pos, d);
    } else {
        int unavailable = 0;
        const lx_xw_lexicon *lx =
            lx_xw_data_judge(p->x->data, lx_xw_pos_ops(p->pos)->lex, lx_xw_pos_dist(p->pos), &unavailable);
        if (!lx) {
            lx_diag_list_free(d);
            lx_game_error_free(&p->err);
            lx_game_error_init(&p->err);
            lx_game_fail(&p->err, "LEXICON_UNAVAILABLE", "no lexicon to judge the words (%s)",
                         unavailable ? "the one the position names is not available" : "none for this distribution");
            return NULL;
        }
        lx_xw_pos_check_words(p->pos, lx, d);
    }
    lx_diag_list_resolve(d, p->text ? p->text : "", p->len);
    return d;
}

/* Score a play for the player to move, as `ludex xword score`: 0 with lxw_xw_pos_scored and the
 * words (main word first), one a line, in the output string; -1 with the refusal's code. */
LXW_API int lxw_xw_pos_play_score(lxw_xw_pos *p, const char *play, size_t len, int ignore_rack)
{
    lx_xw_move m;
    lx_xw_scored s;
    lx_game_error_free(&p->err);
    lx_game_error_init(&p->err);
    lx_buf_clear(&p->out);
    if (lx_xw_move_parse(lx_xw_pos_dist(p->pos), lx_xw_pos_rows(p->pos), lx_xw_pos_cols(p->pos), play, len, &m,
                         &p->err) != 0 ||
        lx_xw_move_check(p->pos, &m, ignore_rack ? LX_XW_IGNORE_RACK : 0, &s, &p->err) != 0) {
        if (!p->err.code)
            p->err.code = "ILLEGAL_PLAY";
        return -1;
    }
    p->score = s.score;
    p->bingo = s.bingo;
    int rc = lx_buf_append_str(&p->out, "");
    for (size_t i = 0; rc == 0 && i < s.nwords; i++)
        rc = (i && lx_buf_append_char(&p->out, '\n') != 0) || lx_xw_word_text(p->pos, &m, &s.words[i], &p->out) != 0;
    return rc ? (lx_game_fail(&p->err, "OUT_OF_MEMORY", "out of memory"), -1) : 0;
}

/* The last score: 0 its points, 1 whether a bingo. */
LXW_API double lxw_xw_pos_scored(const lxw_xw_pos *p, int which)
{
    return which == 0 ? (double)p->score : p->bingo;
}

LXW_API const char *lxw_xw_pos_err_code(const lxw_xw_pos *p)
{
    return p->err.code ? p->err.code : "";
}

LXW_API const char *lxw_xw_pos_err_message(const lxw_xw_pos *p)
{
    return p->err.message.data ? p->err.message.data : "";
}

LXW_API int lxw_xw_pos_draw(lxw_xw_pos *p, int svg, int size)
{
    lx_buf_clear(&p->out);
    return lx_xw_draw(p->pos, svg ? LX_DRAW_SVG : LX_DRAW_ASCII, size, NULL, &p->out);
}

LXW_API const char *lxw_xw_pos_out(const lxw_xw_pos *p)
{
    return p->out.data ? p->out.data : "";
}

LXW_API size_t lxw_xw_pos_out_len(const lxw_xw_pos *p)
{
    return p->out.len;
}

/* ---- records ------------------------------------------------------------------------------ */

LXW_API void lxw_xw_gcg_free(lxw_xw_gcg *g)
{
    if (g) {
        lx_xw_gcg_free(g->gcg);
        lx_diag_list_free(g->diags);
        lx_buf_free(&g->out);
        free(g);
    }
}

/* A GCG record; NULL when out of memory; lxw_xw_gcg_ok 0 when nothing could be read (diags say why). */
LXW_API lxw_xw_gcg *lxw_xw_gcg_read(lxw_xw *x, const char *bytes, size_t len, const char *encoding)
{
    lxw_xw_gcg *g = calloc(1, sizeof *g);
    if (!g || !(g->diags = lx_diag_list_new())) {
        free(g);
        return NULL;
    }
    g->x = x;
    lx_xw_gcg_options opt = {encoding && *encoding ? encoding : NULL, NULL, NULL};
    g->gcg = lx_xw_gcg_read(bytes, len, x->data, &opt, g->diags);
    if (!g->gcg && !lx_diag_count(g->diags)) {
        lxw_xw_gcg_free(g);
        return NULL;
    }
    size_t tl = 0;
    const char *text = g->gcg ? lx_xw_gcg_text(g->gcg, &tl) : "";
    lx_diag_list_resolve(g->diags, text, tl);
    return g;
}

LXW_API int lxw_xw_gcg_ok(const lxw_xw_gcg *g)
{
    return g->gcg != NULL;
}

LXW_API const lx_diag_list *lxw_xw_gcg_diags(const lxw_xw_gcg *g)
{
    return g->diags;
}

LXW_API double lxw_xw_gcg_events(const lxw_xw_gcg *g)
{
    return (double)lx_xw_gcg_events(g->gcg);
}

/* Player 0 or 1's nickname (name 0) or full name (1), "" when the record has none. */
LXW_API const char *lxw_xw_gcg_player(const lxw_xw_gcg *g, int player, int name)
{
    const char *s = name ? lx_xw_gcg_player_name(g->gcg, player) : lx_xw_gcg_nick(g->gcg, player);
    return s ? s : "";
}

/* The position after event n (n < 0: the end).  NULL when out of memory; a position whose
 * lxw_xw_pos_ok is 0 when the record cannot be replayed that far (its diagnostics say why). */
LXW_API lxw_xw_pos *lxw_xw_gcg_position(lxw_xw_gcg *g, double n)
{
    lxw_xw_pos *p = pos_new(g->x);
    if (!p)
        return NULL;
    int rc = lx_xw_gcg_position(g->gcg, n < 0 ? SIZE_MAX : (size_t)n, p->pos, p->diags);
    if (rc < 0) {
        lxw_xw_pos_free(p);
        return NULL;
    }
    p->ok = rc == 0;
    size_t tl;
    const char *text = lx_xw_gcg_text(g->gcg, &tl);
    lx_diag_list_resolve(p->diags, text, tl);
    return p;
}

/* Replay with every rule and score checked (the words judged by the lexicon the record names, else
 * the default for English): a new diagnostic list, the summary for lxw_xw_gcg_summary. */
LXW_API lx_diag_list *lxw_xw_gcg_replay(lxw_xw_gcg *g)
{
    int unavailable = 0;
    const lx_xw_lexicon *lx = lx_xw_data_judge(g->x->data, lx_xw_gcg_pragma(g->gcg, "lexicon"),
                                               lx_xw_gcg_dist(g->gcg), &unavailable);
    lx_diag_list *d = lx_diag_list_new();
    memset(&g->sum, 0, sizeof g->sum);
    if (!d || lx_xw_gcg_replay(g->gcg, lx, d, &g->sum) < 0) {
        lx_diag_list_free(d);
        return NULL;
    }
    size_t tl;
    const char *text = lx_xw_gcg_text(g->gcg, &tl);
    lx_diag_list_resolve(d, text, tl);
    return d;
}

/* The last replay's summary: 0 events, 1 plays, 2 scores checked, 3 words checked, 4 completed. */
LXW_API double lxw_xw_gcg_summary(const lxw_xw_gcg *g, int which)
{
    const lx_xw_replay_summary *s = &g->sum;
    size_t v[5] = {s->events, s->plays, s->scores_checked, s->words_checked, (size_t)(s->completed != 0)};
    return which >= 0 && which < 5 ? (double)v[which] : 0;
}

LXW_API const char *lxw_xw_gcg_lexicon(const lxw_xw_gcg *g)
{
    return g->sum.lexicon ? g->sum.lexicon : "";
}

LXW_API int lxw_xw_gcg_write(lxw_xw_gcg *g)
{
    lx_buf_clear(&g->out);
    return lx_xw_gcg_write(g->gcg, &g->out);
}

LXW_API const char *lxw_xw_gcg_out(const lxw_xw_gcg *g)
{
    return g->out.data ? g->out.data : "";
}

LXW_API size_t lxw_xw_gcg_out_len(const lxw_xw_gcg *g)
{
    return g->out.len;
}

/* ---- move generation ---------------------------------------------------------------------- */

/* The lexicon generating plays on p: `name`, else the one the position names, else the default. */
static const lx_xw_lexicon *gen_lexicon(lxw_xw_pos *p, const char *name)
{
    const lx_xw_dist *d = lx_xw_pos_dist(p->pos);
    const char *named = lx_xw_pos_ops(p->pos)->lex;
    int unavailable = 0;
    const lx_xw_lexicon *lx = name && *name ? lx_xw_data_lexicon(p->x->data, name, d, NULL)
                              : named       ? lx_xw_data_judge(p->x->data, named, d, &unavailable)
                                            : lx_xw_data_lexicon(p->x->data, LX_XW_DEFAULT_LEXICON, d, NULL);
    if (!lx)
        lx_game_fail(&p->err, "LEXICON_UNAVAILABLE", "the lexicon %s is not available here (add it with addLexicon)",
                     name && *name ? name : named ? named : LX_XW_DEFAULT_LEXICON);
    return lx;
}

/* A rack in the distribution's labels ('?' a blank) into tiles; 0, or -1 with BAD_RACK. */
static int gen_rack(lxw_xw_pos *p, const char *s, uint8_t *tiles, size_t *n)
{
    const lx_xw_dist *d = lx_xw_pos_dist(p->pos);
    size_t len = strlen(s), i = 0;
    for (*n = 0; i < len; (*n)++) {
        int t;
        size_t k = lx_xw_dist_read_tile(d, s + i, len - i, &t);
        if (k == 0 || (t & LX_XW_BLANK_BIT) || *n >= LX_XW_RACK_SIZE)
            return lx_game_fail(&p->err, "BAD_RACK", "the rack '%s' is not up to %d tiles of the %s distribution", s,
                                LX_XW_RACK_SIZE, lx_xw_dist_name(d));
        tiles[*n] = (uint8_t)t;
        i += k;
    }
    return 0;
}

static const char *const play_kinds[] = {"place", "exchange", "pass"};

/* One play as a line: play, kind, score, leave value, equity, bingo (tab-separated). */
static int play_line(lxw_xw_pos *p, const lx_xw_play *pl)
{
    if (p->out.len && lx_buf_append_char(&p->out, '\n') != 0)
        return -1;
    if (lx_xw_play_write(p->pos, pl, &p->out) != 0)
        return -1;
    return lx_buf_printf(&p->out, "\t%s\t%d\t%.17g\t%.17g\t%d", play_kinds[pl->kind], pl->score, pl->leave,
                         pl->equity, pl->kind == LX_XW_PLACE && pl->ntiles == LX_XW_RACK_SIZE);
}

/* The plays of the player to move (or of `rack`, "" for the mover's) with `lexicon` ("" for the
 * position's): every one sorted by equity (by_score: by score) and cut to `top` (< 0: all), or
 * with best the best one alone, as Python's moves() and best_move(); lines into the output
 * string.  0, or -1 with lxw_xw_pos_err_code (LEXICON_UNAVAILABLE, BAD_RACK, the generator's). */
LXW_API int lxw_xw_pos_moves(lxw_xw_pos *p, const char *rack, const char *lexicon, int by_score, int top, int best)
{
    lx_game_error_free(&p->err);
    lx_game_error_init(&p->err);
    lx_buf_clear(&p->out);
    uint8_t tiles[LX_XW_RACK_SIZE];
    lx_xw_gen_options o = {0};
    if (!(o.lexicon = gen_lexicon(p, lexicon)))
        return -1;
    if (rack && *rack && gen_rack(p, rack, tiles, &o.nrack) != 0)
        return -1;
    o.rack = rack && *rack ? tiles : NULL;
    lx_xw_gen *g = lx_xw_gen_new();
    if (!g)
        return lx_game_fail(&p->err, "OUT_OF_MEMORY", "out of memory");
    int rc = 0;
    if (best) {
        lx_xw_play pl;
        rc = lx_xw_gen_best(g, p->pos, &o, &pl, &p->err) != 0 || play_line(p, &pl) != 0 ? -1 : 0;
    } else {
        const lx_xw_play *found = NULL;
        long n = lx_xw_gen_all(g, p->pos, &o, &found, &p->err);
        lx_xw_play *sorted = n >= 0 ? malloc((size_t)n * sizeof *sorted + 1) : NULL;
        if (sorted) {
            memcpy(sorted, found, (size_t)n * sizeof *sorted);
            lx_xw_plays_sort(sorted, (size_t)n, by_score);
        }
        for (long i = 0; sorted && rc == 0 && i < n && (top < 0 || i < top); i++)
            rc = play_line(p, &sorted[i]);
        if (n >= 0 && !sorted)
            rc = -1;
        else if (n < 0)
            rc = -1;
        free(sorted);
    }
    lx_xw_gen_free(g);
    if (rc != 0 && !p->err.code)
        lx_game_fail(&p->err, "OUT_OF_MEMORY", "out of memory");
    return rc;
}
