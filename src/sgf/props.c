/* props.c - the FF[4] general property table and lookup by ID.
 *
 * One row per property of the FF[4] specification's general property list
 * (move, setup, node and move annotation, markup, root, game-info, timing and
 * miscellaneous properties), with its category, value types and how values are
 * put together.  Game-specific properties (Go's HA/KM/TB/TW, Backgammon's
 * private ones ...) are not here: game modules give them to the checker and the
 * writer as their own tables.  Old FF[1]-FF[3] IDs are deliberately left out, so
 * they stay unknown (kept as written, never checked).
 *
 * Lookup is one read of a generated index (props_index.h, made by
 * tools/gen-props-index from this table); the unit tests look up every ID,
 * so a stale index fails them. */
#include "ludex/sgf.h"

#define LIST_OF_POINTS (LX_PF_LIST | LX_PF_POINT_LIST)
#define ELIST_OF_POINTS (LX_PF_ELIST | LX_PF_POINT_LIST)
#define LIST_OF_COMPOSED (LX_PF_LIST | LX_PF_COMPOSE)

static const lx_sgf_propdef ff4_props[] = {
    {"AB", LX_PROP_SETUP, LX_VT_STONE, LX_VT_NONE, LIST_OF_POINTS, "add black stones"},
    {"AE", LX_PROP_SETUP, LX_VT_POINT, LX_VT_NONE, LIST_OF_POINTS, "clear points"},
    {"AN", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "annotator"},
    {"AP", LX_PROP_ROOT, LX_VT_SIMPLETEXT, LX_VT_SIMPLETEXT, LX_PF_COMPOSE, "application:version"},
    {"AR", LX_PROP_NODE, LX_VT_POINT, LX_VT_POINT, LIST_OF_COMPOSED, "arrows"},
    {"AW", LX_PROP_SETUP, LX_VT_STONE, LX_VT_NONE, LIST_OF_POINTS, "add white stones"},
    {"B", LX_PROP_MOVE, LX_VT_MOVE, LX_VT_NONE, 0, "black move"},
    {"BL", LX_PROP_MOVE, LX_VT_REAL, LX_VT_NONE, 0, "black time left (seconds)"},
    {"BM", LX_PROP_MOVE, LX_VT_DOUBLE, LX_VT_NONE, 0, "bad move"},
    {"BR", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "black rank"},
    {"BT", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "black team"},
    {"C", LX_PROP_NODE, LX_VT_TEXT, LX_VT_NONE, 0, "comment"},
    {"CA", LX_PROP_ROOT, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "charset"},
    {"CP", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "copyright"},
    {"CR", LX_PROP_NODE, LX_VT_POINT, LX_VT_NONE, LIST_OF_POINTS, "circle marks"},
    {"DD", LX_PROP_INHERIT, LX_VT_POINT, LX_VT_NONE, ELIST_OF_POINTS, "dimmed points"},
    {"DM", LX_PROP_NODE, LX_VT_DOUBLE, LX_VT_NONE, 0, "even position"},
    {"DO", LX_PROP_MOVE, LX_VT_NONE, LX_VT_NONE, 0, "doubtful move"},
    {"DT", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "date"},
    {"EV", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "event"},
    {"FF", LX_PROP_ROOT, LX_VT_NUMBER, LX_VT_NONE, 0, "file format version"},
    {"FG", LX_PROP_NODE, LX_VT_NUMBER, LX_VT_SIMPLETEXT, LX_PF_COMPOSE | LX_PF_NONE_OR, "figure"},
    {"GB", LX_PROP_NODE, LX_VT_DOUBLE, LX_VT_NONE, 0, "good for black"},
    {"GC", LX_PROP_GAME_INFO, LX_VT_TEXT, LX_VT_NONE, 0, "game comment"},
    {"GM", LX_PROP_ROOT, LX_VT_NUMBER, LX_VT_NONE, 0, "game"},
    {"GN", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "game name"},
    {"GW", LX_PROP_NODE, LX_VT_DOUBLE, LX_VT_NONE, 0, "good for white"},
    {"HO", LX_PROP_NODE, LX_VT_DOUBLE, LX_VT_NONE, 0, "hotspot"},
    {"IT", LX_PROP_MOVE, LX_VT_NONE, LX_VT_NONE, 0, "interesting move"},
    {"KO", LX_PROP_MOVE, LX_VT_NONE, LX_VT_NONE, 0, "play the move even if illegal"},
    {"LB", LX_PROP_NODE, LX_VT_POINT, LX_VT_SIMPLETEXT, LIST_OF_COMPOSED, "labels"},
    {"LN", LX_PROP_NODE, LX_VT_POINT, LX_VT_POINT, LIST_OF_COMPOSED, "lines"},
    {"MA", LX_PROP_NODE, LX_VT_POINT, LX_VT_NONE, LIST_OF_POINTS, "X marks"},
    {"MN", LX_PROP_MOVE, LX_VT_NUMBER, LX_VT_NONE, 0, "set move number"},
    {"N", LX_PROP_NODE, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "node name"},
    {"OB", LX_PROP_MOVE, LX_VT_NUMBER, LX_VT_NONE, 0, "black moves left in overtime"},
    {"ON", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "opening"},
    {"OT", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "overtime method"},
    {"OW", LX_PROP_MOVE, LX_VT_NUMBER, LX_VT_NONE, 0, "white moves left in overtime"},
    {"PB", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "black player"},
    {"PC", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "place"},
    {"PL", LX_PROP_SETUP, LX_VT_COLOR, LX_VT_NONE, 0, "player to move"},
    {"PM", LX_PROP_INHERIT, LX_VT_NUMBER, LX_VT_NONE, 0, "print move numbers"},
    {"PW", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "white player"},
    {"RE", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "result"},
    {"RO", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "round"},
    {"RU", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "rules"},
    {"SL", LX_PROP_NODE, LX_VT_POINT, LX_VT_NONE, LIST_OF_POINTS, "selected points"},
    {"SO", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "source"},
    {"SQ", LX_PROP_NODE, LX_VT_POINT, LX_VT_NONE, LIST_OF_POINTS, "square marks"},
    {"ST", LX_PROP_ROOT, LX_VT_NUMBER, LX_VT_NONE, 0, "how to show variations"},
    {"SZ", LX_PROP_ROOT, LX_VT_NUMBER, LX_VT_NUMBER, LX_PF_COMPOSE_OPT, "board size"},
    {"TE", LX_PROP_MOVE, LX_VT_DOUBLE, LX_VT_NONE, 0, "good move (tesuji)"},
    {"TM", LX_PROP_GAME_INFO, LX_VT_REAL, LX_VT_NONE, 0, "time limit (seconds)"},
    {"TR", LX_PROP_NODE, LX_VT_POINT, LX_VT_NONE, LIST_OF_POINTS, "triangle marks"},
    {"UC", LX_PROP_NODE, LX_VT_DOUBLE, LX_VT_NONE, 0, "unclear position"},
    {"US", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "recorded by"},
    {"V", LX_PROP_NODE, LX_VT_REAL, LX_VT_NONE, 0, "estimated score"},
    {"VW", LX_PROP_INHERIT, LX_VT_POINT, LX_VT_NONE, ELIST_OF_POINTS, "visible part of the board"},
    {"W", LX_PROP_MOVE, LX_VT_MOVE, LX_VT_NONE, 0, "white move"},
    {"WL", LX_PROP_MOVE, LX_VT_REAL, LX_VT_NONE, 0, "white time left (seconds)"},
    {"WR", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "white rank"},
    {"WT", LX_PROP_GAME_INFO, LX_VT_SIMPLETEXT, LX_VT_NONE, 0, "white team"},
};

#include "sgf/props_index.h"

const lx_sgf_propdef *lx_sgf_propdef_find(const char *id)
{
    if (!id || id[0] < 'A' || id[0] > 'Z')
        return NULL;
    int second = id[1];
    if (second && (second < 'A' || second > 'Z' || id[2]))
        return NULL; /* every FF[4] ID has one or two letters */
    unsigned row = ff4_row[(id[0] - 'A') * 27 + (second ? second - 'A' + 1 : 0)];
    return row ? &ff4_props[row - 1] : NULL;
}

int lx_sgf_prop_holds_points(const char *id)
{
    const lx_sgf_propdef *d = lx_sgf_propdef_find(id);
    return d && (d->first == LX_VT_POINT || d->first == LX_VT_STONE);
}
