/* line.c - walking a Twixt record's lines with the module's own hooks.
 *
 * lx_twixt_position_after and the converters (T1, server syntax) need the
 * positions of a main line; the puzzle check needs the position at IP.  They
 * walk the tree exactly as the replay driver does - the setup properties of a
 * node, then its B and W properties, each value parsed (with the record's
 * notes), checked and played - so what they see is what `ludex check`
 * replayed.  Walks go along first children; nothing recurses. */
#include <stdlib.h>
#include <string.h>

#include "twixt/twixt_impl.h"


/* Parse the values of a move property into a new array *parts (the caller frees it). */
static int parse_parts(const lx_twixt_board *b, const lx_sgf_tree *t, lx_sgf_prop p, lx_twixt_move **parts, size_t *n,
                       lx_game_error *err)
{
    size_t nv = lx_sgf_value_count(t, p);
    *parts = malloc((nv ? nv : 1) * sizeof **parts);
    if (!*parts)
        return lx_game_fail(err, "TWIXT_NO_MEMORY", "out of memory");
    for (size_t i = 0; i < nv; i++) {
        lx_sgf_value v = lx_sgf_get_value(t, p, i);
        if (tw_module_parse_move(b, LX_NO_COLOUR, v.raw, v.len, &(*parts)[i], err) != 0)
            return -1;
    }
    *n = nv;
    return 0;
}

static int play_prop(lx_twixt_board *b, const lx_sgf_tree *t, lx_sgf_prop p, lx_colour who, lx_diag_list *diags,
                     tw_turn_fn fn, void *ctx, lx_sgf_node node, int *stop)
{
    lx_twixt_move *parts = NULL;
    size_t n = 0;
    int rc = 0;
    lx_game_error err;
    lx_game_error_init(&err);
    if (parse_parts(b, t, p, &parts, &n, &err) != 0)
        rc = lx_game_report_refusal(diags, t, p, &err, "ILLEGAL_MOVE");
    else if (fn && n > 0 && fn(ctx, b, who, parts, n, node) != 0)
        *stop = 1;
    for (size_t i = 0; rc == 0 && !*stop && i < n; i++)
        if (lx_twixt_play(b, who, &parts[i], &err) != 0)
            rc = lx_game_report_refusal(diags, t, p, &err, "ILLEGAL_MOVE");
    free(parts);
    lx_game_error_free(&err);
    return rc;
}

static int apply_node_fn(lx_twixt_board *b, const lx_sgf_tree *t, lx_sgf_node n, size_t *budget, lx_diag_list *diags,
                         tw_turn_fn fn, void *ctx, int *stop)
{
    size_t np = lx_sgf_prop_count(t, n);
    for (size_t i = 0; i < np; i++) {
        lx_sgf_prop p = lx_sgf_node_prop(t, n, i);
        const char *id = lx_sgf_prop_id(t, p);
        if (lx_game_move_colour(id) == LX_NO_COLOUR && lx_game_is_setup(&lx_twixt_module, id) &&
            lx_game_apply_setup_prop(&lx_twixt_module, b, t, p, diags) != 0)
            return -1;
    }
    for (size_t i = 0; i < np && !*stop; i++) {
        lx_sgf_prop p = lx_sgf_node_prop(t, n, i);
        lx_colour who = lx_game_move_colour(lx_sgf_prop_id(t, p));
        if (who == LX_NO_COLOUR)
            continue;
        if (budget && *budget == 0)
            return 1;
        if (play_prop(b, t, p, who, diags, fn, ctx, n, stop) != 0)
            return -1;
        if (budget)
            --*budget;
    }
    return 0;
}

int tw_apply_node(lx_twixt_board *b, const lx_sgf_tree *t, lx_sgf_node n, size_t *budget, lx_diag_list *diags)
{
    int stop = 0;
    return apply_node_fn(b, t, n, budget, diags, NULL, NULL, &stop);
}

lx_twixt_board *lx_twixt_position_after(const lx_sgf_tree *t, size_t move, lx_diag_list *diags)
{
    if (lx_sgf_node_count(t) == 0)
        return NULL;
    lx_twixt_board *b = tw_position_new(t, 0, diags);
    size_t budget = move;
    for (lx_sgf_node n = 0; b && n != LX_SGF_NIL; n = lx_sgf_first_child(t, n))
        if (tw_apply_node(b, t, n, &budget, diags) != 0 || (move > 0 && budget == 0))
            break;
    return b;
}

lx_twixt_board *lx_twixt_position_at_node(const lx_sgf_tree *t, lx_sgf_node node, lx_diag_list *diags)
{
    size_t depth = 0;
    if (node >= lx_sgf_node_count(t))
        return NULL;
    for (lx_sgf_node n = node; n != LX_SGF_NIL; n = lx_sgf_parent(t, n))
        depth++;
    lx_sgf_node *path = malloc(depth * sizeof *path);
    lx_twixt_board *b = path ? tw_position_new(t, 0, diags) : NULL;
    size_t i = depth;
    for (lx_sgf_node n = node; path && n != LX_SGF_NIL; n = lx_sgf_parent(t, n))
        path[--i] = n;
    for (i = 0; b && i < depth; i++)
        if (tw_apply_node(b, t, path[i], NULL, diags) != 0)
            break;
    free(path);
    return b;
}

int tw_walk_main_line(const lx_sgf_tree *t, tw_turn_fn fn, void *ctx, lx_twixt_board **final, lx_diag_list *diags)
{
    *final = NULL;
    if (lx_sgf_node_count(t) == 0)
        return 1;
    lx_twixt_board *b = tw_position_new(t, 0, diags);
    if (!b)
        return 1;
    int stop = 0, rc = 0;
    for (lx_sgf_node n = 0; n != LX_SGF_NIL && !stop; n = lx_sgf_first_child(t, n))
        if (apply_node_fn(b, t, n, NULL, diags, fn, ctx, &stop) != 0) {
            rc = 1;
            break;
        }
    *final = b;
    return rc;
}
