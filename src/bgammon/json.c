/* json.c - the members a `ludex replay --json` record gives for a backgammon
 * position: GNU Backgammon's position ID and match ID after the move, exactly
 * as GNU Backgammon shows them (DESIGN.md).  Both are base64, so nothing
 * needs escaping. */
#include "bgammon/bg_impl.h"

int lx_bgammon_describe_json(const lx_bgammon_game *g, lx_buf *out)
{
    char pos[15], match[13];
    lx_bgammon_game_ids(g, pos, match);
    return lx_buf_printf(out, "\"position_id\":\"%s\",\"match_id\":\"%s\"", pos, match);
}
