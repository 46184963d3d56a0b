/* gcg_replay.c - replaying a GCG record with every rule and score checked.
 *
 * The board is rebuilt event by event.  Each play is checked (legal, tiles
 * in the rack shown, tiles within the distribution) and scored, and the
 * score compared with the record's; each running total must be the last
 * one plus the event's score.  A phony taken back ("--") must follow the
 * play it takes back and cancel its score; a challenge bonus must follow
 * the play it rewards; tiles added or taken off at the end must be the
 * racks left.  Racks are followed too: the tiles kept after a turn must be
 * on the rack shown at the player's next turn.  When a lexicon is given,
 * every word of a play that stood (was not taken back) is looked up.
 *
 * At the first illegal play the board stops being rebuilt (what follows
 * would be wrong about everything); totals are still checked to the end. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xword/gcg_impl.h"

static void report(xw_run *r, lx_severity sev, const char *code, size_t at, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static void report(xw_run *r, lx_severity sev, const char *code, size_t at, const char *fmt, ...)
{
    if (sev >= LX_ERROR)
        r->errors++;
    if (!r->diags)
        return;
    char msg[640];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    lx_diag_add(r->diags, sev, code, at, "%s", msg);
}

static const char *nick(const xw_run *r, int who)
{
    const char *n = lx_xw_gcg_nick(r->g, who);
    return n ? n : who ? "player 2" : "player 1";
}

/* Tiles written out, for messages. */
static const char *tiles_text(const xw_run *r, const uint8_t *t, size_t n, char *buf, size_t cap)
{
    lx_buf b = LX_BUF_INIT;
    for (size_t i = 0; i < n; i++)
        xw_dist_append_label(r->g->dist, t[i], 1, &b);
    snprintf(buf, cap, "%s", b.data ? b.data : "");
    lx_buf_free(&b);
    return buf;
}

static const char *move_text(const xw_run *r, const lx_xw_move *m, char *buf, size_t cap)
{
    lx_buf b = LX_BUF_INIT;
    lx_xw_move_write(r->g->dist, m, 0, &b);
    snprintf(buf, cap, "%s", b.data ? b.data : "");
    lx_buf_free(&b);
    return buf;
}

/* Whether multiset a (na tiles) is inside multiset b. */
static int tiles_within(const uint8_t *a, size_t na, const uint8_t *b, size_t nb)
{
    int ca[LX_XW_MAX_LETTERS + 1] = {0}, cb[LX_XW_MAX_LETTERS + 1] = {0};
    xw_count_tiles(a, na, ca);
    xw_count_tiles(b, nb, cb);
    for (int t = 0; t <= LX_XW_MAX_LETTERS; t++)
        if (ca[t] > cb[t])
            return 0;
    return 1;
}

/* rack minus the tiles a move takes from it (a designated blank takes a '?'). */
static size_t rack_minus(const uint8_t *rack, size_t n, const lx_xw_move *m, uint8_t *out)
{
    int take[LX_XW_MAX_LETTERS + 1] = {0};
    if (m->kind == LX_XW_PLACE) {
        for (int i = 0; i < m->len; i++)
            if (m->tiles[i])
                take[(m->tiles[i] & LX_XW_BLANK_BIT) ? 0 : m->tiles[i]]++;
    } else if (m->kind == LX_XW_EXCHANGE && m->tiles_known) {
        xw_count_tiles(m->tiles, (size_t)m->len, take);
    }
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (take[rack[i] & 0x7F] > 0)
            take[rack[i] & 0x7F]--;
        else
            out[k++] = rack[i];
    }
    return k;
}

static long tiles_value(const lx_xw_dist *d, const uint8_t *t, size_t n)
{
    long v = 0;
    for (size_t i = 0; i < n; i++)
        v += lx_xw_dist_value(d, t[i]);
    return v;
}

/* ---- racks and tile counts -------------------------------------------------------------------------------- */

static void set_leave(xw_run *r, int who, const uint8_t *t, size_t n)
{
    memcpy(r->leave[who], t, n);
    r->nleave[who] = n;
    r->leave_known[who] = 1;
}

static void check_rack_follows(xw_run *r, const lx_xw_event *e)
{
    char a[64], b[64];
    int who = e->player;
    if (!e->rack || !r->leave_known[who] || tiles_within(r->leave[who], r->nleave[who], e->rack, e->nrack))
        return;
    report(r, LX_WARNING, "RACK_INCONSISTENT", e->offset + 1, "%s's rack %s does not hold %s, the tiles kept from "
           "the last turn", nick(r, who), tiles_text(r, e->rack, e->nrack, a, sizeof a),
           tiles_text(r, r->leave[who], r->nleave[who], b, sizeof b));
}

static void check_counts(xw_run *r, const lx_xw_event *e)
{
    int counts[LX_XW_MAX_LETTERS + 1] = {0}, who = e->player;
    const lx_xw_dist *d = r->g->dist;
    if (r->stopped)
        return;
    xw_count_board(r->p, counts);
    if (e->rack)
        xw_count_tiles(e->rack, e->nrack, counts);
    if (r->leave_known[1 - who])
        xw_count_tiles(r->leave[1 - who], r->nleave[1 - who], counts);
    for (int t = 0; t <= d->n; t++)
        if (counts[t] > d->tiles[t].count && !r->count_reported[t]++)
            report(r, LX_ERROR, "TOO_MANY_TILES", e->offset + 1, "%d %s on the board and the racks known; the %s "
                   "distribution has %d", counts[t], t ? d->tiles[t].upper : "blanks", d->name, d->tiles[t].count);
}

/* ---- plays -------------------------------------------------------------------------------------------------- */

static void check_words(xw_run *r, const lx_xw_move *m, const lx_xw_scored *s, size_t at)
{
    uint8_t tiles[LX_XW_MAX_SIDE];
    for (size_t i = 0; i < s->nwords; i++) {
        int n = lx_xw_word_tiles(r->p, m, &s->words[i], tiles);
        r->sum.words_checked++;
        if (lx_xw_lexicon_has(r->lx, tiles, (size_t)n))
            continue;
        lx_buf w = LX_BUF_INIT;
        lx_xw_word_text(r->p, m, &s->words[i], &w);
        report(r, LX_WARNING, "WORD_NOT_IN_LEXICON", at, "%s is not in the lexicon %s", w.data ? w.data : "",
               r->lx->name);
        lx_buf_free(&w);
    }
}

static void words_scored(xw_run *r, const lx_xw_move *m, const lx_xw_scored *s, char *buf, size_t cap)
{
    lx_buf b = LX_BUF_INIT;
    for (size_t i = 0; i < s->nwords; i++) {
        lx_buf_append_str(&b, i ? ", " : "");
        lx_xw_word_text(r->p, m, &s->words[i], &b);
        lx_buf_printf(&b, " %d", s->words[i].score);
    }
    if (s->bingo)
        lx_buf_printf(&b, ", bingo %ld", r->p->ops.bb);
    snprintf(buf, cap, "%s", b.data ? b.data : "");
    lx_buf_free(&b);
}

static void stop(xw_run *r, size_t at, size_t event)
{
    r->stopped = 1;
    r->stopped_at = event;
    report(r, LX_WARNING, "REPLAY_STOPPED", at, "the events after this one were not replayed on the board (their "
           "running totals were still checked)");
}

static void play(xw_run *r, size_t i)
{
    const lx_xw_event *e = &r->g->ev[i].pub;
    int who = e->player;
    char a[128], b[256];
    lx_xw_move m = e->move;
    lx_xw_scored s;
    lx_game_error err;
    if (r->stopped)
        return;
    if (xw_spelled_through(r->p, &m) > 0)
        report(r, LX_WARNING, "THROUGH_SPELLED", e->move_offset, "the play spells out tiles already on the board; "
               "GCG writes them as '.' (read as played through)");
    lx_xw_pos_set_rack(r->p, 0, e->rack, e->rack ? e->nrack : 0);
    lx_xw_pos_set_rack(r->p, 1, r->leave[1 - who], r->leave_known[1 - who] ? r->nleave[1 - who] : 0);
    lx_game_error_init(&err);
    if (lx_xw_move_check(r->p, &m, e->rack ? 0 : LX_XW_IGNORE_RACK, &s, &err) != 0) {
        report(r, LX_ERROR, err.code, e->move_offset, "%s: %s", move_text(r, &e->move, a, sizeof a),
               err.message.data ? err.message.data : "illegal play");
        lx_game_error_free(&err);
        stop(r, e->move_offset, i);
        return;
    }
    lx_game_error_free(&err);
    r->sum.scores_checked++;
    if (s.score != e->score)
        report(r, LX_ERROR, "SCORE_MISMATCH", e->move_offset, "%s scores %ld (%s), the record says %ld",
               move_text(r, &e->move, a, sizeof a), s.score, (words_scored(r, &m, &s, b, sizeof b), b), e->score);
    int withdrawn = i + 1 < r->g->nev && r->g->ev[i + 1].pub.kind == LX_XW_EV_WITHDRAWN && r->g->ev[i + 1].pub.player == who;
    if (r->lx && !withdrawn)
        check_words(r, &m, &s, e->move_offset);
    lx_xw_pos_place(r->p, &m);
    r->placed[who] = m;
    r->last_play[who] = (long)i;
    r->sum.plays++;
}

/* ---- the other events ----------------------------------------------------------------------------------------------- */

static void withdrawn(xw_run *r, size_t i)
{
    const lx_xw_event *e = &r->g->ev[i].pub;
    int who = e->player;
    const lx_xw_event *prev = i > 0 ? &r->g->ev[i - 1].pub : NULL;
    char a[128];
    if (!prev || prev->kind != LX_XW_EV_PLAY || prev->player != who) {
        report(r, LX_ERROR, "WITHDRAWN_NOTHING", e->move_offset, "\"--\" takes back the play just before it, but the "
               "event before is not a play by %s", nick(r, who));
        return;
    }
    if (prev->score + e->score != 0)
        report(r, LX_ERROR, "SCORE_MISMATCH", e->move_offset, "taking back %s (%ld points) scores %ld, the record says "
               "%ld", move_text(r, &prev->move, a, sizeof a), prev->score, -prev->score, e->score);
    if (!r->stopped && r->last_play[who] == (long)(i - 1)) {
        lx_xw_pos_unplace(r->p, &r->placed[who]);
        r->last_play[who] = -1;
        r->lm = r->placed[who];
        r->lm_kind = LX_XW_LM_CHALLENGED;
        r->lm_bonus = -1;
        r->has_lm = 1;
    }
    if (e->rack)
        set_leave(r, who, e->rack, e->nrack);
    else if (prev->rack)
        set_leave(r, who, prev->rack, prev->nrack);
    r->zeros = r->zeros_before_play + 1;
}

static void exchange(xw_run *r, const lx_xw_event *e)
{
    char a[64], b[64];
    const lx_xw_move *m = &e->move;
    int who = e->player;
    if (e->rack && m->kind == LX_XW_EXCHANGE && m->tiles_known &&
        !tiles_within(m->tiles, (size_t)m->len, e->rack, e->nrack))
        report(r, LX_ERROR, "TILE_NOT_IN_RACK", e->move_offset, "the exchange of %s takes tiles the rack %s does not "
               "hold", tiles_text(r, m->tiles, (size_t)m->len, a, sizeof a), tiles_text(r, e->rack, e->nrack, b, sizeof b));
    if (m->kind == LX_XW_EXCHANGE && !r->stopped) {
        long on_board = 0;
        for (int rr = 0; rr < r->p->rows; rr++)
            for (int c = 0; c < r->p->cols; c++)
                on_board += xw_sq(r->p, rr, c) != 0;
        long bag = r->g->dist->total - on_board - (long)(e->rack ? e->nrack : 0) -
                   (long)(r->leave_known[1 - who] ? r->nleave[1 - who] : 0);
        if (bag < LX_XW_EXCHANGE_LIMIT)
            report(r, LX_ERROR, "EXCHANGE_NOT_ALLOWED", e->move_offset, "an exchange needs %d tiles in the bag; at "
                   "most %ld are left", LX_XW_EXCHANGE_LIMIT, bag > 0 ? bag : 0);
    }
    if (e->score != 0)
        report(r, LX_ERROR, "SCORE_MISMATCH", e->offset + 1, "%s scores 0, the record says %ld",
               m->kind == LX_XW_PASS ? "a pass" : "an exchange", e->score);
    if (e->rack) {
        uint8_t left[LX_XW_MAX_SIDE];
        set_leave(r, who, left, rack_minus(e->rack, e->nrack, m, left));
    } else {
        r->leave_known[who] = 0;
    }
    r->zeros++;
    r->lm = *m;
    r->lm_kind = LX_XW_LM_MOVE;
    r->lm_bonus = -1;
    r->has_lm = 1;
}

static void end_rack(xw_run *r, const lx_xw_event *e)
{
    char a[64], b[64];
    int who = e->player, opp = 1 - who, bonus = e->kind == LX_XW_EV_END_RACK_BONUS;
    const uint8_t *t = e->move.tiles;
    size_t n = (size_t)e->move.len;
    int owner = bonus ? opp : who;
    const uint8_t *left = bonus || !e->rack ? r->leave[owner] : e->rack;
    size_t nleft = bonus || !e->rack ? r->nleave[owner] : e->nrack;
    int known = bonus || !e->rack ? r->leave_known[owner] : 1;
    /* tiles kept after the owner's last turn must be among them; more may have been drawn since */
    if (known && !tiles_within(left, nleft, t, n))
        report(r, LX_ERROR, "END_RACK_MISMATCH", e->move_offset, "(%s) should hold %s, the tiles %s kept after the "
               "last turn", tiles_text(r, t, n, a, sizeof a), tiles_text(r, left, nleft, b, sizeof b), nick(r, owner));
    else
        tiles_text(r, t, n, a, sizeof a);
    long v = tiles_value(r->g->dist, t, n);
    if (bonus ? (e->score != 2 * v && e->score != v) : (e->score != -v && e->score != -2 * v))
        report(r, LX_ERROR, "SCORE_MISMATCH", e->move_offset, "(%s) is worth %ld; %s %ld, the record says %ld",
               a, v, bonus ? "going out adds twice that," : "the penalty is", bonus ? 2 * v : -v, e->score);
    if (bonus && r->leave_known[who] && r->nleave[who] > 0)
        report(r, LX_WARNING, "END_NOT_OUT", e->offset + 1, "%s adds the opponent's tiles but still holds %s",
               nick(r, who), tiles_text(r, r->leave[who], r->nleave[who], b, sizeof b));
}

static void challenge_bonus(xw_run *r, size_t i)
{
    const lx_xw_event *e = &r->g->ev[i].pub;
    const lx_xw_event *prev = i > 0 ? &r->g->ev[i - 1].pub : NULL;
    if (!prev || prev->kind != LX_XW_EV_PLAY || prev->player != e->player)
        report(r, LX_WARNING, "CHALLENGE_WITHOUT_PLAY", e->move_offset, "a challenge bonus goes to the player whose "
               "play was challenged, just after it; the event before is not a play by %s", nick(r, e->player));
    else if (r->has_lm && r->lm_kind == LX_XW_LM_MOVE)
        r->lm_bonus = e->score;
    if (e->score < 0)
        report(r, LX_WARNING, "CHALLENGE_BONUS_NEGATIVE", e->move_offset, "a challenge bonus of %ld", e->score);
    if (e->rack)
        set_leave(r, e->player, e->rack, e->nrack);
}

/* ---- the driver ---------------------------------------------------------------------------------------------------- */

static void after_play(xw_run *r, const lx_xw_event *e)
{
    int who = e->player;
    if (e->rack && !r->stopped) {
        uint8_t left[LX_XW_MAX_SIDE];
        set_leave(r, who, left, rack_minus(e->rack, e->nrack, &e->move, left));
    } else {
        r->leave_known[who] = 0;
    }
    r->zeros_before_play = r->zeros;
    r->zeros = e->score > 0 ? 0 : r->zeros + 1;
    r->lm = r->placed[who];
    r->lm_kind = LX_XW_LM_MOVE;
    r->lm_bonus = -1;
    r->has_lm = !r->stopped;
}

static void step(xw_run *r, size_t i)
{
    const xw_event *x = &r->g->ev[i];
    const lx_xw_event *e = &x->pub;
    int who = e->player;
    long want = r->cum[who] + e->score;
    if (!x->resync && e->cumulative != want)
        report(r, LX_ERROR, "CUMULATIVE_MISMATCH", e->offset + 1, "%s's running total should be %ld (%ld %+ld), the "
               "record says %ld", nick(r, who), want, r->cum[who], e->score, e->cumulative);
    r->cum[who] = e->cumulative;
    if (e->kind == LX_XW_EV_PLAY || e->kind == LX_XW_EV_EXCHANGE || e->kind == LX_XW_EV_PASS)
        check_rack_follows(r, e);
    if (e->kind != LX_XW_EV_WITHDRAWN) /* its rack is the one before the play still on the board */
        check_counts(r, e);
    switch (e->kind) {
    case LX_XW_EV_PLAY:
        play(r, i);
        after_play(r, e);
        break;
    case LX_XW_EV_EXCHANGE:
    case LX_XW_EV_PASS: exchange(r, e); break;
    case LX_XW_EV_WITHDRAWN: withdrawn(r, i); break;
    case LX_XW_EV_CHALLENGE_BONUS: challenge_bonus(r, i); break;
    case LX_XW_EV_END_RACK_BONUS:
    case LX_XW_EV_END_RACK_PENALTY: end_rack(r, e); break;
    case LX_XW_EV_TIME_PENALTY:
        if (e->score > 0)
            report(r, LX_WARNING, "TIME_PENALTY_POSITIVE", e->move_offset, "a time penalty of %+ld points", e->score);
        if (e->rack)
            set_leave(r, who, e->rack, e->nrack);
        break;
    }
    r->sum.events++;
}

int xw_gcg_run(xw_run *r, size_t upto)
{
    const lx_xw_gcg *g = r->g;
    if (lx_xw_pos_reset(r->p, g->dist, g->layout, 2) != 0)
        return -1;
    r->cum[0] = r->cum[1] = 0;
    r->nleave[0] = r->nleave[1] = 0;
    r->leave_known[0] = r->leave_known[1] = 0;
    r->last_play[0] = r->last_play[1] = -1;
    r->zeros = r->zeros_before_play = 0;
    r->stopped = 0;
    r->stopped_at = (size_t)-1;
    r->has_lm = 0;
    memset(r->count_reported, 0, sizeof r->count_reported);
    memset(&r->sum, 0, sizeof r->sum);
    for (size_t i = 0; i < g->nev && i < upto; i++)
        step(r, i);
    r->sum.completed = !r->stopped;
    r->sum.lexicon = r->lx ? r->lx->name : NULL;
    return 0;
}

long lx_xw_gcg_replay(const lx_xw_gcg *g, const lx_xw_lexicon *lx, lx_diag_list *diags,
                      lx_xw_replay_summary *summary)
{
    xw_run *r = calloc(1, sizeof *r);
    lx_xw_pos *p = lx_xw_pos_new();
    long rc = -1;
    if (r && p) {
        *r = (xw_run){.g = g, .p = p, .lx = lx, .diags = diags};
        if (xw_gcg_run(r, (size_t)-1) == 0) {
            rc = r->errors;
            if (summary)
                *summary = r->sum;
        }
    }
    lx_xw_pos_free(p);
    free(r);
    return rc;
}
