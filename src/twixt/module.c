/* module.c - Twixt as a game module (GM[21]) for the game layer.
 *
 * The hooks are thin: rules.c judges, notation.c reads values, draw.c,
 * svg.c and json.c describe.  What only a whole tree can tell is settled when
 * the starting position is made (tw_position_new): the root's SZ, RU, HA and
 * PZ; the notes on values the replay driver cannot give a module (a long move
 * whose property ends without its peg, a value after the peg, the relaxed
 * moves before a puzzle's IP - see record.c); IP repeated; VW; and, for a
 * puzzle, the check of its solution tree (puzzle.c).
 *
 * RU: STD (default), PP, and 3M read as STD with a warning (TWIXT_RULES_3M);
 * anything else is read as STD with TWIXT_UNKNOWN_RULES.  A non-square board
 * without HA gets TWIXT_NONSQUARE_NO_HA (the spec asks for HA there). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "twixt/twixt_impl.h"

static const lx_sgf_propdef twixt_props[] = {
    {"B", LX_PROP_MOVE, LX_VT_MOVE, LX_VT_NONE, LX_PF_LIST, "Black's move (a long move is a list of parts)"},
    {"W", LX_PROP_MOVE, LX_VT_MOVE, LX_VT_NONE, LX_PF_LIST, "White's move (a long move is a list of parts)"},
    {"HA", LX_PROP_GAME_INFO, LX_VT_NONE, LX_VT_NONE, 0, "handicap game (Twixt: always empty; no swap)"},
    {"PZ", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "puzzle, and its goal (empty, 0, B+, W+)"},
    {"IP", LX_PROP_NODE, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "initial position to display (Twixt)"},
};

/* ---- the root ------------------------------------------------------------------------ */

static lx_twixt_rules read_rules(const lx_sgf_tree *t, lx_diag_list *diags)
{
    char v[48];
    size_t at = LX_NO_OFFSET;
    lx_twixt_rules rules = LX_TWIXT_STD;
    if (tw_root_word(t, "RU", v, sizeof v, &at) > 0 && v[0]) {
        if (strcasecmp(v, "PP") == 0)
            rules = LX_TWIXT_PP;
        else if (strcasecmp(v, "3M") == 0)
            lx_diag_add(diags, LX_WARNING, "TWIXT_RULES_3M", at,
                        "RU[3M]: the 3M rules are played as STD (links never cross; own links may be removed)");
        else if (strcasecmp(v, "STD") != 0)
            lx_diag_add(diags, LX_WARNING, "TWIXT_UNKNOWN_RULES", at,
                        "RU[%s] is not a Twixt ruleset (STD, PP or 3M); played as STD", v);
    }
    return rules;
}

/* The node holding IP, LX_SGF_NIL when none; a second IP is an error. */
static lx_sgf_node find_ip(const lx_sgf_tree *t, lx_diag_list *diags)
{
    lx_sgf_node ip = LX_SGF_NIL;
    if (lx_sgf_id_number(t, "IP") == LX_SGF_NIL)
        return ip; /* no node has one: no need to look at each */
    for (lx_sgf_node n = 0; n < lx_sgf_node_count(t); n++) {
        lx_sgf_prop p = lx_sgf_find_prop(t, n, "IP");
        if (p == LX_SGF_NIL)
            continue;
        if (ip == LX_SGF_NIL)
            ip = n;
        else
            lx_diag_add(diags, LX_ERROR, "TWIXT_IP_REPEATED", lx_sgf_prop_offset(t, p),
                        "a second IP: a record has one initial position at most");
    }
    return ip;
}

static void check_view(const lx_sgf_tree *t, int cols, int rows, lx_diag_list *diags)
{
    lx_sgf_prop p = lx_sgf_find_prop(t, 0, "VW");
    lx_game_error err;
    lx_game_error_init(&err);
    for (size_t i = 0; p != LX_SGF_NIL && i < lx_sgf_value_count(t, p); i++) {
        lx_sgf_value v = lx_sgf_get_value(t, p, i);
        size_t split = lx_sgf_compose_split(v.raw, v.len);
        lx_twixt_point a, b;
        size_t n1 = split == (size_t)-1 ? v.len : split;
        if (v.len == 0)
            continue;
        if (tw_parse_point(cols, rows, v.raw, n1, &a, &err) != 0 ||
            (split != (size_t)-1 && tw_parse_point(cols, rows, v.raw + split + 1, v.len - split - 1, &b, &err) != 0))
            lx_diag_add(diags, LX_WARNING, "TWIXT_BAD_VIEW", v.offset, "VW: %s", err.message.data);
    }
    lx_game_error_free(&err);
}

void *tw_position_new(const lx_sgf_tree *t, lx_sgf_node root, lx_diag_list *diags)
{
    int cols, rows;
    (void)root;
    if (lx_sgf_node_count(t) == 0 || tw_read_size(t, 0, &cols, &rows, diags) < 0)
        return NULL;
    lx_twixt_board *b = lx_twixt_board_new(cols, rows, read_rules(t, diags));
    if (!b)
        return NULL;
    int ha = lx_sgf_find_prop(t, 0, "HA") != LX_SGF_NIL;
    lx_twixt_set_handicap(b, ha);
    if (cols != rows && !ha)
        lx_diag_add(diags, LX_WARNING, "TWIXT_NONSQUARE_NO_HA", lx_sgf_prop_offset(t, lx_sgf_find_prop(t, 0, "SZ")),
                    "a %d x %d board is a handicap game: the spec asks for HA[] beside a non-square SZ", cols, rows);
    lx_sgf_node ip = find_ip(t, diags);
    lx_sgf_prop pz = lx_sgf_find_prop(t, 0, "PZ");
    b->puzzle = pz != LX_SGF_NIL;
    if (b->puzzle && ip == LX_SGF_NIL)
        lx_diag_add(diags, LX_WARNING, "TWIXT_PUZZLE_NO_IP", lx_sgf_prop_offset(t, pz),
                    "PZ: a puzzle should mark its initial position with IP[]; without it no move is relaxed");
    check_view(t, cols, rows, diags);
    if (tw_collect_notes(t, b->puzzle ? ip : LX_SGF_NIL, &b->notes, &b->nnotes, diags) != 0 ||
        (b->puzzle && ip != LX_SGF_NIL && tw_check_puzzle(t, ip, b, diags) != 0)) {
        lx_twixt_board_free(b);
        return NULL;
    }
    return b;
}

static void *position_copy(const void *pos) { return lx_twixt_board_copy(pos); }
static void position_free(void *pos) { lx_twixt_board_free(pos); }
static lx_colour to_play(const void *pos) { return lx_twixt_to_play(pos); }
static void result(const void *pos, lx_game_result *out) { lx_twixt_result(pos, out); }
static int describe_json(const void *pos, lx_buf *out) { return lx_twixt_describe_json(pos, out); }

static int check_move(const void *pos, lx_colour who, const void *move, lx_game_error *err)
{
    return lx_twixt_check_move(pos, who, move, err);
}

static void apply_move(void *pos, lx_colour who, const void *move)
{
    lx_twixt_apply_move(pos, who, move);
}

static int draw(const void *pos, lx_draw_format fmt, int size, lx_buf *out)
{
    return lx_twixt_draw(pos, fmt, size, out);
}

const lx_game_module lx_twixt_module = {
    .name = "twixt",
    .gm = 21,
    .props = twixt_props,
    .nprops = sizeof twixt_props / sizeof twixt_props[0],
    .move_size = sizeof(lx_twixt_move),
    .position_new = tw_position_new,
    .line_end = tw_check_result,
    .position_copy = position_copy,
    .position_free = position_free,
    .to_play = to_play,
    .parse_move = tw_module_parse_move,
    .check_move = check_move,
    .apply_move = apply_move,
    .apply_setup = tw_module_setup,
    .result = result,
    .draw = draw,
    .describe_json = describe_json,
    .canonical_value = tw_canonical_value,
};
