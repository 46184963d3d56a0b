/* module.c - Backgammon as a game module (GM[6]) for the game layer, and
 * the positions of records.
 *
 * The hooks are thin: game.c judges and plays, notation.c reads values,
 * review.c settles what needs the whole main line when the starting game is
 * made, ids.c, json.c and the draw files describe.  The property table
 * types GM[6]'s own properties (CO CV DI MI, GNU Backgammon's CP as the
 * cube's position) and names GNU Backgammon's private analysis properties so
 * that they are kept even by `fmt --drop-unknown`. */
#include <stdlib.h>
#include <string.h>

#include "bgammon/bg_impl.h"

static const lx_sgf_propdef bg_props[] = {
    {"CO", LX_PROP_SETUP, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "cube position (Backgammon): b, w, c (centred), n (none)"},
    {"CV", LX_PROP_SETUP, LX_VT_NUMBER, LX_VT_NONE, 0, "cube value (Backgammon)"},
    {"CP", LX_PROP_SETUP, LX_VT_SIMPLETEXT, LX_VT_NONE, 0,
     "cube position, GNU Backgammon's name (b, w, c); elsewhere FF[4]'s copyright"},
    {"DI", LX_PROP_SETUP, LX_VT_NUMBER, LX_VT_NONE, 0, "dice set without moving (Backgammon), e.g. DI[31]"},
    {"MI", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_SIMPLETEXT, LX_PF_LIST | LX_PF_COMPOSE,
     "match information (Backgammon): length, game, bs, ws"},
    {"A", LX_PROP_NODE, LX_VT_ANY, LX_VT_NONE, 0, "GNU Backgammon: analysis of a move"},
    {"DA", LX_PROP_NODE, LX_VT_ANY, LX_VT_NONE, 0, "GNU Backgammon: analysis of a cube decision"},
    {"GS", LX_PROP_GAME_INFO, LX_VT_ANY, LX_VT_NONE, 0, "GNU Backgammon: game statistics"},
    {"LU", LX_PROP_NODE, LX_VT_ANY, LX_VT_NONE, 0, "GNU Backgammon: luck of a roll"},
    {"MR", LX_PROP_NODE, LX_VT_ANY, LX_VT_NONE, 0, "GNU Backgammon: marked move"},
};

static void *position_new(const lx_sgf_tree *t, lx_sgf_node root, lx_diag_list *diags)
{
    (void)root;
    return bg_game_for_tree(t, diags, 1);
}

static void *position_copy(const void *pos) { return lx_bgammon_game_copy(pos); }
static void position_free(void *pos) { lx_bgammon_game_free(pos); }
static lx_colour to_play(const void *pos) { return lx_bgammon_game_to_play(pos); }
static void result(const void *pos, lx_game_result *out) { lx_bgammon_game_result(pos, out); }
static int describe_json(const void *pos, lx_buf *out) { return lx_bgammon_describe_json(pos, out); }

static int parse_move(const void *pos, lx_colour who, const char *raw, size_t len, void *move, lx_game_error *err)
{
    return bg_read_action(pos, who, raw, len, move, err);
}

static int check_move(const void *pos, lx_colour who, const void *move, lx_game_error *err)
{
    return bg_game_check(pos, who, move, err);
}

static void apply_move(void *pos, lx_colour who, const void *move) { bg_game_play(pos, who, move); }

static int apply_setup(void *pos, const char *id, const char *raw, size_t len, lx_game_error *err)
{
    return bg_game_setup(pos, id, raw, len, err);
}

static int draw(const void *pos, lx_draw_format fmt, int size, lx_buf *out)
{
    return lx_bgammon_draw(pos, fmt, size, out);
}

/* A file's trees are one match: lx_bgammon_match_* behind the module's hooks. */
static void *match_new(void)
{
    return lx_bgammon_match_new();
}

static int match_add(void *state, const lx_sgf_tree *t, lx_diag_list *diags)
{
    return lx_bgammon_match_add(state, t, diags);
}

static void match_end(void *state, lx_diag_list *diags)
{
    lx_bgammon_match_end(state, diags);
    lx_bgammon_match_free(state);
}

const lx_game_module lx_bgammon_module = {
    .name = "backgammon",
    .gm = 6,
    .props = bg_props,
    .nprops = sizeof bg_props / sizeof bg_props[0],
    .move_size = sizeof(bg_action),
    .position_new = position_new,
    .position_copy = position_copy,
    .position_free = position_free,
    .to_play = to_play,
    .parse_move = parse_move,
    .check_move = check_move,
    .apply_move = apply_move,
    .apply_setup = apply_setup,
    .result = result,
    .draw = draw,
    .describe_json = describe_json,
    .canonical_value = bg_canonical_value,
    .collection_new = match_new,
    .collection_add = match_add,
    .collection_end = match_end,
};

lx_bgammon_game *lx_bgammon_position_after(const lx_sgf_tree *t, size_t move, lx_diag_list *diags)
{
    lx_bgammon_game *g = bg_game_for_tree(t, diags, 1);
    size_t budget = move;
    for (lx_sgf_node n = 0; g && n != LX_SGF_NIL; n = lx_sgf_first_child(t, n))
        if (bg_apply_node(g, t, n, &budget, diags) != 0 || (move > 0 && budget == 0))
            break;
    return g;
}
