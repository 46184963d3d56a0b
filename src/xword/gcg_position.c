/* gcg_position.c - the position after any event of a GCG record, as a CGP would hold it.
 *
 * The board, totals, zero-turn count and last move come from replaying the
 * events up to n.  The racks are what the record tells about that moment:
 * a player's rack is the one shown on their next line (tiles are drawn
 * before the next turn, and a challenge bonus line shows the rack too),
 * less the tiles of a play still on the board when that next line takes it
 * back; when no later line shows one, #rack1/#rack2 (the racks at the end
 * of an unfinished game), else the tiles known kept after the player's last
 * turn (a partly known rack, as CGP allows).  The player to move next is
 * first. */
#include <stdlib.h>
#include <string.h>

#include "xword/gcg_impl.h"

static int is_turn(const lx_xw_event *e)
{
    return e->kind == LX_XW_EV_PLAY || e->kind == LX_XW_EV_EXCHANGE || e->kind == LX_XW_EV_PASS;
}

/* Who moves after event n: the player of the next turn, else the one who did not make the last. */
static int next_mover(const lx_xw_gcg *g, size_t n)
{
    for (size_t i = n; i < g->nev; i++)
        if (is_turn(&g->ev[i].pub))
            return g->ev[i].pub.player;
    for (size_t i = n < g->nev ? n : g->nev; i-- > 0;)
        if (is_turn(&g->ev[i].pub))
            return 1 - g->ev[i].pub.player;
    return 0;
}

int lx_xw_gcg_next_player(const lx_xw_gcg *g, size_t n)
{
    return next_mover(g, n < g->nev ? n : g->nev);
}

static size_t minus_play(const uint8_t *rack, size_t n, const lx_xw_move *m, uint8_t *out)
{
    int take[LX_XW_MAX_LETTERS + 1] = {0};
    for (int i = 0; i < m->len; i++)
        if (m->tiles[i])
            take[(m->tiles[i] & LX_XW_BLANK_BIT) ? 0 : m->tiles[i]]++;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (take[rack[i] & 0x7F] > 0)
            take[rack[i] & 0x7F]--;
        else
            out[k++] = rack[i];
    }
    return k;
}

/* Whether `who` takes a turn after event n. */
static int later_turn(const lx_xw_gcg *g, size_t n, int who)
{
    for (size_t i = n; i < g->nev; i++)
        if (g->ev[i].pub.player == who && is_turn(&g->ev[i].pub))
            return 1;
    return 0;
}

static size_t rack_after(const lx_xw_gcg *g, const xw_run *r, size_t n, int who, uint8_t *out)
{
    for (size_t i = n; i < g->nev; i++) {
        const lx_xw_event *e = &g->ev[i].pub;
        if (e->player != who || !e->rack || e->kind == LX_XW_EV_END_RACK_BONUS)
            continue;
        if (e->kind == LX_XW_EV_WITHDRAWN && r->last_play[who] >= 0)
            return minus_play(e->rack, e->nrack, &r->placed[who], out);
        memcpy(out, e->rack, e->nrack);
        return e->nrack;
    }
    /* the end: tiles counted off a rack by an end-of-game line */
    for (size_t i = 0; i < g->nev; i++) {
        const lx_xw_event *e = &g->ev[i].pub;
        int owner = e->kind == LX_XW_EV_END_RACK_BONUS ? 1 - e->player : e->player;
        if ((e->kind == LX_XW_EV_END_RACK_BONUS || e->kind == LX_XW_EV_END_RACK_PENALTY) && owner == who &&
            !later_turn(g, n, who)) {
            memcpy(out, e->move.tiles, (size_t)e->move.len);
            return (size_t)e->move.len;
        }
    }
    if (g->has_final_rack[who]) {
        memcpy(out, g->tiles.data + g->final_rack_at[who], g->final_rack_len[who]);
        return g->final_rack_len[who];
    }
    if (!r->leave_known[who])
        return 0;
    memcpy(out, r->leave[who], r->nleave[who]);
    return r->nleave[who];
}

/* The opcodes the record gives: lex, ld, bdn, gid, and the last move. */
static int set_ops(const lx_xw_gcg *g, const xw_run *r, lx_xw_pos *p)
{
    const char *lex = lx_xw_gcg_pragma(g, "lexicon"), *id = lx_xw_gcg_pragma(g, "id");
    int super = xw_name_eq(g->layout->name, "SuperCrosswordGame");
    const char *default_ld = super ? "english_super" : LX_XW_DEFAULT_DIST;
    int rc = 0;
    if (lex && *lex)
        rc |= lx_xw_pos_set_op_text(p, "lex", lex);
    if (!xw_name_eq(g->dist->name, default_ld))
        rc |= lx_xw_pos_set_op_text(p, "ld", g->dist->name);
    if (!xw_name_eq(g->layout->name, LX_XW_DEFAULT_BOARD))
        rc |= lx_xw_pos_set_op_text(p, "bdn", g->layout->name);
    if (id && *id) {
        const char *last = strrchr(id, ' ');
        rc |= lx_xw_pos_set_op_text(p, "gid", last ? last + 1 : id);
    }
    if (r->has_lm)
        lx_xw_pos_set_lm(p, &r->lm, r->lm_kind, r->lm_bonus);
    return rc ? -1 : 0;
}

int lx_xw_gcg_position(const lx_xw_gcg *g, size_t n, lx_xw_pos *p, lx_diag_list *diags)
{
    xw_run *r = calloc(1, sizeof *r);
    if (!r)
        return -1;
    if (n > g->nev)
        n = g->nev;
    *r = (xw_run){.g = g, .p = p, .lx = NULL, .diags = diags};
    int rc = xw_gcg_run(r, n);
    if (rc == 0 && r->stopped) {
        if (diags)
            lx_diag_add(diags, LX_ERROR, "REPLAY_FAILED", g->ev[r->stopped_at].pub.offset, "the record cannot be "
                        "replayed past event %zu, so there is no position after event %zu", r->stopped_at + 1, n);
        rc = 1;
    }
    if (rc == 0) {
        int first = next_mover(g, n);
        uint8_t rack[LX_XW_MAX_SIDE];
        for (int k = 0; k < 2 && rc == 0; k++) {
            int who = k ? 1 - first : first;
            size_t len = rack_after(g, r, n, who, rack);
            rc = lx_xw_pos_set_rack(p, (size_t)k, rack, len);
            lx_xw_pos_set_score(p, (size_t)k, r->cum[who]);
        }
        lx_xw_pos_set_zero_turns(p, r->zeros);
        rc = rc == 0 ? set_ops(g, r, p) : rc;
    }
    free(r);
    return rc;
}
