/* apply.c - applying one node of a record to a position through a game
 * module: setup properties first, then the moves in the order written.
 *
 * The replay driver uses these steps, and so do the game modules when they
 * need a position at some node without the driver's hooks (a position after
 * move N, a review of the main line), so that every walk over a record
 * applies it the same way. */
#include <stddef.h>
#include <string.h>

#include "base/text.h"
#include "ludex/game.h"
#include "sgf/tree_inline.h"

int lx_game_report_refusal(lx_diag_list *diags, const lx_sgf_tree *t, lx_sgf_prop p, lx_game_error *err,
                           const char *fallback_code)
{
    if (diags)
        lx_diag_add(diags, LX_ERROR, err->code ? err->code : fallback_code, lx_sgf_prop_offset(t, p), "%s",
                    err->message.data ? err->message.data : "refused by the rules");
    lx_game_error_free(err);
    return -1;
}

int lx_game_parse_colour(const char *raw, size_t len, lx_colour *out)
{
    lx_trim(&raw, &len);
    char c = len == 1 ? (char)(raw[0] & ~0x20) : 0; /* upper case */
    if (c != 'B' && c != 'W')
        return -1;
    *out = c == 'B' ? LX_BLACK : LX_WHITE;
    return 0;
}

int lx_game_is_setup(const lx_game_module *m, const char *id)
{
    if (id[0] && id[1] && !id[2] &&
        ((id[0] == 'A' && (id[1] == 'B' || id[1] == 'W' || id[1] == 'E')) || (id[0] == 'P' && id[1] == 'L')))
        return 1; /* AB AW AE PL */
    for (size_t i = 0; i < m->nprops; i++)
        if (m->props[i].category == LX_PROP_SETUP && !strcmp(m->props[i].id, id))
            return 1;
    return 0;
}

int lx_game_apply_setup_prop(const lx_game_module *m, void *pos, const lx_sgf_tree *t, lx_sgf_prop p,
                             lx_diag_list *diags)
{
    if (!m->apply_setup)
        return 0;
    const char *id = lx_sgf_prop_id(t, p);
    lx_game_error err;
    lx_game_error_init(&err);
    for (size_t i = 0; i < lx_sgf_value_count(t, p); i++) {
        lx_sgf_value v = lx_sgf_get_value(t, p, i);
        int rc = m->apply_setup(pos, id, v.raw, v.len, &err);
        if (rc == 1)
            break; /* not a setup property for this game */
        if (rc != 0)
            return lx_game_report_refusal(diags, t, p, &err, "ILLEGAL_SETUP");
    }
    lx_game_error_free(&err);
    return 0;
}

int lx_game_apply_setup_props(const lx_game_module *m, void *pos, const lx_sgf_tree *t, lx_sgf_node n,
                              lx_move_ids ids, lx_diag_list *diags)
{
    size_t np = lx_sgf_prop_count(t, n);
    for (size_t i = 0; i < np; i++) {
        lx_sgf_prop p = lx_sgf_node_prop(t, n, i);
        if (lx_game_prop_colour(t, p, ids) == LX_NO_COLOUR && lx_game_is_setup(m, lx_sgf_prop_id(t, p)) &&
            lx_game_apply_setup_prop(m, pos, t, p, diags) != 0)
            return -1;
    }
    return 0;
}

int lx_game_play_prop(const lx_game_module *m, void *pos, const lx_sgf_tree *t, lx_sgf_prop p, lx_colour who,
                      lx_game_error *err)
{
    _Alignas(max_align_t) unsigned char move[LX_MOVE_MAX_SIZE];
    if (m->move_size > sizeof move)
        return lx_game_fail(err, "ILLEGAL_MOVE", "the %s module's moves do not fit the driver", m->name);
    uint32_t nv = lx_sgf_value_count_i(t, p);
    if (m->play_value) {
        for (uint32_t i = 0; i < nv; i++) {
            size_t len;
            const char *raw = lx_sgf_value_i(t, p, i, &len);
            if (m->play_value(pos, who, raw, len, err) != 0)
                return -1;
        }
        return 0;
    }
    for (uint32_t i = 0; i < nv; i++) {
        size_t len;
        const char *raw = lx_sgf_value_i(t, p, i, &len);
        if (m->move_size <= 32)
            memset(move, 0, 32); /* a constant size: no call */
        else
            memset(move, 0, m->move_size);
        if (m->parse_move(pos, who, raw, len, move, err) != 0 || m->check_move(pos, who, move, err) != 0)
            return -1;
        m->apply_move(pos, who, move);
    }
    return 0;
}

lx_move_ids lx_game_move_ids(const lx_sgf_tree *t)
{
    return (lx_move_ids){lx_sgf_id_number(t, "B"), lx_sgf_id_number(t, "W")};
}

lx_colour lx_game_move_colour(const char *id)
{
    if (id[0] == 'B' && id[1] == '\0')
        return LX_BLACK;
    if (id[0] == 'W' && id[1] == '\0')
        return LX_WHITE;
    return LX_NO_COLOUR;
}

int lx_game_apply_node(const lx_game_module *m, void *pos, const lx_sgf_tree *t, lx_sgf_node n, size_t *budget,
                       lx_diag_list *diags)
{
    size_t np = lx_sgf_prop_count(t, n);
    lx_move_ids ids = lx_game_move_ids(t);
    if (lx_game_apply_setup_props(m, pos, t, n, ids, diags) != 0)
        return -1;
    for (size_t i = 0; i < np; i++) {
        lx_sgf_prop p = lx_sgf_node_prop(t, n, i);
        lx_colour who = lx_game_prop_colour(t, p, ids);
        if (who == LX_NO_COLOUR)
            continue;
        if (budget && *budget == 0)
            return 1;
        lx_game_error err;
        lx_game_error_init(&err);
        if (lx_game_play_prop(m, pos, t, p, who, &err) != 0)
            return lx_game_report_refusal(diags, t, p, &err, "ILLEGAL_MOVE");
        lx_game_error_free(&err);
        if (budget)
            --*budget;
    }
    return 0;
}
