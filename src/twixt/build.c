/* build.c - making a GM[21] tree turn by turn (for the importers).
 *
 * The Little Golem, T1 and server-syntax importers all end the same way: a
 * root with FF[4]GM[21] and the game's properties, then one node per turn.
 * A builder remembers the last node and whether memory ran out, so an
 * importer can add everything and look once at the end.  Move values are
 * written in the spec's form (lx_twixt_format_move) and escaped for SGF
 * (a backslash link becomes [\\i'4]). */
#include <string.h>

#include "twixt/twixt_impl.h"

static void add_text(tw_builder *bl, lx_sgf_node n, const char *id, const char *text)
{
    if (bl->oom)
        return;
    lx_sgf_prop p = lx_sgf_add_prop(bl->t, n, id);
    if (p == LX_SGF_NIL || lx_sgf_add_text_value(bl->t, p, text, strlen(text)) != 0)
        bl->oom = 1;
}

int tw_builder_start(tw_builder *bl)
{
    bl->oom = 0;
    bl->t = lx_sgf_tree_new();
    bl->last = bl->t ? lx_sgf_add_node(bl->t, LX_SGF_NIL) : LX_SGF_NIL;
    if (bl->last == LX_SGF_NIL) {
        lx_sgf_tree_free(bl->t);
        bl->t = NULL;
        return -1;
    }
    add_text(bl, 0, "FF", "4");
    add_text(bl, 0, "GM", "21");
    return bl->oom ? -1 : 0;
}

void tw_builder_root_text(tw_builder *bl, const char *id, const char *text)
{
    add_text(bl, 0, id, text);
}

void tw_builder_turn(tw_builder *bl, lx_colour who, const lx_twixt_move *parts, size_t n)
{
    char text[48];
    if (bl->oom)
        return;
    lx_sgf_node node = lx_sgf_add_node(bl->t, bl->last);
    lx_sgf_prop p = node == LX_SGF_NIL ? LX_SGF_NIL : lx_sgf_add_prop(bl->t, node, who == LX_BLACK ? "B" : "W");
    if (p == LX_SGF_NIL) {
        bl->oom = 1;
        return;
    }
    for (size_t i = 0; i < n && !bl->oom; i++) {
        size_t len = lx_twixt_format_move(&parts[i], text, sizeof text);
        if (lx_sgf_add_text_value(bl->t, p, text, len) != 0)
            bl->oom = 1;
    }
    bl->last = node;
}

void tw_builder_node_text(tw_builder *bl, const char *id, const char *text)
{
    add_text(bl, bl->last, id, text);
}

void tw_builder_turn_text(tw_builder *bl, lx_colour who, const char *text, size_t len)
{
    if (bl->oom)
        return;
    lx_sgf_node node = lx_sgf_add_node(bl->t, bl->last);
    lx_sgf_prop p = node == LX_SGF_NIL ? LX_SGF_NIL : lx_sgf_add_prop(bl->t, node, who == LX_BLACK ? "B" : "W");
    if (p == LX_SGF_NIL || lx_sgf_add_text_value(bl->t, p, text, len) != 0) {
        bl->oom = 1;
        return;
    }
    bl->last = node;
}

/* ---- checking what was built --------------------------------------------------------------- */

typedef struct check_ctx {
    const size_t *where;
    size_t n;
    int by_line;
    lx_diag_list *diags;
    int refused;
} check_ctx;

static void on_refusal(void *ctx, const lx_replay_event *ev, const lx_game_error *err)
{
    check_ctx *c = ctx;
    size_t i = ev->move - 1;
    const char *code = err->code ? err->code : "ILLEGAL_MOVE";
    const char *msg = err->message.data ? err->message.data : "refused by the rules";
    c->refused = 1;
    if (i < c->n && c->by_line)
        lx_diag_add_at(c->diags, LX_ERROR, code, (uint32_t)c->where[i], 1, "move %zu: %s", ev->move, msg);
    else
        lx_diag_add(c->diags, LX_ERROR, code, i < c->n ? c->where[i] : LX_NO_OFFSET, "move %zu: %s", ev->move, msg);
}

int tw_builder_check(tw_builder *bl, const size_t *where, size_t n, int by_line, lx_diag_list *diags)
{
    check_ctx c = {where, n, by_line, diags, 0};
    lx_replay_hooks hooks = {&c, NULL, on_refusal, NULL};
    lx_diag_list *scratch = lx_diag_list_new();
    int rc = scratch ? lx_replay_tree(bl->t, 0, &lx_twixt_module, NULL, &hooks, scratch) : -1;
    lx_diag_list_free(scratch);
    return rc;
}
