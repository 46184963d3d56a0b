/* module.c - Hex as a game module (GM[11]) for the game layer, and positions of records.
 *
 * The hooks are thin: rules.c judges, sgf_hex.c reads values, draw.c and
 * json.c describe.  What only a whole tree can tell is settled when the
 * starting position is made (hex_position_new): how each swap value reads
 * (review.c decides by the moves after it and records the decision in the
 * position), and the warnings and errors the replay driver has no hook for -
 * White moving first, a resignation after a win, RE against the final
 * position, FF missing, IS and IP.
 *
 * The positions of records (lx_hex_position_after, _at_node, lx_hex_show) walk
 * a line with the same hooks the driver uses, so `ludex show` draws exactly
 * what `ludex check` replayed. */
#include <stdlib.h>
#include <string.h>

#include "hex/hex_impl.h"

static const lx_sgf_propdef hex_props[] = {
    {"IS", LX_PROP_ROOT, LX_VT_SIMPLETEXT, LX_VT_SIMPLETEXT, LX_PF_LIST | LX_PF_COMPOSE,
     "initial viewer settings (Hex): keyword:on|off"},
    {"IP", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "initial position to display (Hex)"},
};

void *hex_position_new(const lx_sgf_tree *t, lx_sgf_node root, lx_diag_list *diags)
{
    int cols, rows;
    if (hex_read_size(t, root, &cols, &rows, diags) < 0)
        return NULL;
    lx_hex_board *b = lx_hex_board_new(cols, rows);
    hex_swap_rule *rules = NULL;
    size_t n = 0;
    if (!b || hex_decide_swaps(t, &rules, &n, diags) != 0 || hex_board_set_rules(b, rules, n) != 0) {
        free(rules);
        lx_hex_board_free(b);
        return NULL;
    }
    free(rules);
    hex_check_viewer_props(t, diags);
    hex_review_root(t, diags);
    return b;
}

static void *position_copy(const void *pos) { return lx_hex_board_copy(pos); }
static void position_free(void *pos) { lx_hex_board_free(pos); }
static lx_colour to_play(const void *pos) { return lx_hex_to_play(pos); }
static void result(const void *pos, lx_game_result *out) { lx_hex_result(pos, out); }
static int describe_json(const void *pos, lx_buf *out) { return lx_hex_describe_json(pos, out); }

static int check_move(const void *pos, lx_colour who, const void *move, lx_game_error *err)
{
    return lx_hex_check_move(pos, who, move, err);
}

static void apply_move(void *pos, lx_colour who, const void *move)
{
    lx_hex_apply_move(pos, who, move);
}

static int draw(const void *pos, lx_draw_format fmt, int size, lx_buf *out)
{
    return lx_hex_draw(pos, fmt, size, out);
}

const lx_game_module lx_hex_module = {
    .name = "hex",
    .gm = 11,
    .props = hex_props,
    .nprops = sizeof hex_props / sizeof hex_props[0],
    .move_size = sizeof(lx_hex_move),
    .position_new = hex_position_new,
    .position_copy = position_copy,
    .position_free = position_free,
    .to_play = to_play,
    .parse_move = hex_module_parse_move,
    .check_move = check_move,
    .apply_move = apply_move,
    .apply_setup = hex_module_setup,
    .result = result,
    .draw = draw,
    .describe_json = describe_json,
    .canonical_value = hex_canonical_value,
    .normalize_tree = lx_hex_normalize_tree,
    .line_end = hex_line_end,
    .play_value = hex_module_play_value,
};

/* ---- walking a line -------------------------------------------------------------- */

int hex_apply_node(lx_hex_board *b, const lx_sgf_tree *t, lx_sgf_node n, size_t *budget, lx_diag_list *diags)
{
    return lx_game_apply_node(&lx_hex_module, b, t, n, budget, diags);
}

lx_hex_board *lx_hex_position_after(const lx_sgf_tree *t, size_t move, lx_diag_list *diags)
{
    if (lx_sgf_node_count(t) == 0)
        return NULL;
    lx_hex_board *b = hex_position_new(t, 0, diags);
    size_t budget = move;
    for (lx_sgf_node n = 0; b && n != LX_SGF_NIL; n = lx_sgf_first_child(t, n)) {
        /* 1: the budget ran out before a move of this node (after its setup) */
        if (hex_apply_node(b, t, n, &budget, diags) != 0 || (move > 0 && budget == 0))
            break;
    }
    return b;
}

lx_hex_board *lx_hex_position_at_node(const lx_sgf_tree *t, lx_sgf_node node, lx_diag_list *diags)
{
    size_t depth = 0, count = lx_sgf_node_count(t);
    if (node >= count)
        return NULL;
    for (lx_sgf_node n = node; n != LX_SGF_NIL; n = lx_sgf_parent(t, n))
        depth++;
    lx_sgf_node *path = malloc(depth * sizeof *path);
    lx_hex_board *b = path ? hex_position_new(t, 0, diags) : NULL;
    size_t i = depth;
    for (lx_sgf_node n = node; path && n != LX_SGF_NIL; n = lx_sgf_parent(t, n))
        path[--i] = n;
    for (i = 0; b && i < depth; i++)
        if (hex_apply_node(b, t, path[i], NULL, diags) != 0)
            break;
    free(path);
    return b;
}

int lx_hex_show(const lx_sgf_tree *t, size_t move, lx_draw_format fmt, int size, lx_buf *out, lx_diag_list *diags)
{
    lx_hex_board *b = lx_hex_position_after(t, move, diags);
    if (!b)
        return -1;
    int rc = lx_hex_draw(b, fmt, size, out);
    lx_hex_board_free(b);
    return rc;
}
