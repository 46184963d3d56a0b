/* result.c - RE against the final position of the main line.
 *
 * Called through the module's line_end hook once the whole main line has
 * been replayed.  What RE may say and what is checked:
 *   W+ / B+ (or a score)    that colour connected its border rows: the final
 *                           position must show that chain;
 *   W+R / B+R, W+F / B+F    resignation or forfeit: the position must not show
 *                           the other colour connected (a record may keep the
 *                           resignation in RE alone);
 *   W+T / B+T               time: likewise;
 *   0 / Draw                no colour may have connected (an agreed draw need
 *                           not be a dead position);
 *   ? / Void                nothing to check.
 * Anything else is a TWIXT_RESULT_FORM warning. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "twixt/twixt_impl.h"

typedef enum claim_kind { CLAIM_NONE, CLAIM_CONNECTED, CLAIM_GAVE_UP, CLAIM_DRAW, CLAIM_UNKNOWN } claim_kind;

/* Read RE into a claimed winner and how the game ended. */
static claim_kind read_claim(const char *re, lx_colour *winner)
{
    *winner = LX_NO_COLOUR;
    if (!strcmp(re, "0") || !strcasecmp(re, "draw") || !strcasecmp(re, "jigo"))
        return CLAIM_DRAW;
    if (!strcmp(re, "?") || !strcasecmp(re, "void") || !re[0])
        return CLAIM_UNKNOWN;
    char c = (char)toupper((unsigned char)re[0]);
    if ((c != 'W' && c != 'B') || re[1] != '+')
        return CLAIM_NONE;
    *winner = c == 'W' ? LX_WHITE : LX_BLACK;
    const char *how = re + 2;
    if (!*how || isdigit((unsigned char)*how))
        return CLAIM_CONNECTED;
    switch (toupper((unsigned char)*how)) {
    case 'R': case 'F': case 'T': return CLAIM_GAVE_UP;
    default: return CLAIM_NONE;
    }
}

static const char *colour_name(lx_colour c)
{
    return c == LX_WHITE ? "White" : "Black";
}

void tw_check_result(const void *pos, const lx_sgf_tree *t, lx_sgf_node last, int complete, lx_diag_list *diags)
{
    (void)last;
    if (!complete)
        return; /* the line stopped at a refused move: its end is not known */
    char re[64];
    size_t at;
    if (!diags || tw_root_word(t, "RE", re, sizeof re, &at) <= 0)
        return;
    lx_colour claimed;
    claim_kind kind = read_claim(re, &claimed);
    lx_colour connected = ((const lx_twixt_board *)pos)->winner; /* by a chain, not by resignation */
    lx_game_result res;
    lx_twixt_result(pos, &res);
    if (kind == CLAIM_NONE) {
        lx_diag_add(diags, LX_WARNING, "TWIXT_RESULT_FORM", at,
                    "RE[%s] is not a result ludex can check: write W+, B+ (a connection), W+R, B+F, W+T "
                    "(resignation, forfeit, time) or 0 (a draw)", re);
    } else if (kind == CLAIM_DRAW && res.winner != LX_NO_COLOUR) {
        lx_diag_add(diags, LX_ERROR, "TWIXT_RESULT_MISMATCH", at,
                    "RE[%s] says the game was drawn, but %s won it (%s)", re, colour_name(res.winner), res.re);
    } else if ((kind == CLAIM_CONNECTED || kind == CLAIM_GAVE_UP) && res.winner != LX_NO_COLOUR &&
               res.winner != claimed) {
        lx_diag_add(diags, LX_ERROR, "TWIXT_RESULT_MISMATCH", at, "RE[%s] names %s the winner, but %s won (%s)", re,
                    colour_name(claimed), colour_name(res.winner), res.re);
    } else if (kind == CLAIM_CONNECTED && connected != claimed) {
        lx_diag_add(diags, LX_ERROR, "TWIXT_RESULT_MISMATCH", at,
                    "RE[%s] says %s connected, but at the end of the main line no %s chain joins its border rows "
                    "(write %s+R for a resignation)", re, colour_name(claimed), colour_name(claimed), re[0] == 'w' || re[0] == 'W' ? "W" : "B");
    }
}
