/* js/src/replay.c - a tree's main line replayed once and kept position by
 * position, for stepping back and forth (a viewer's first/previous/next/
 * last): position 0 is the start (the root's setup applied), position k the
 * one after move k.  Built on lx_replay_tree's hooks, so a refused move stops
 * the line exactly where `ludex replay` stops it, with the same code; the
 * diagnostics (a root that makes no game, a refusal) are resolved against
 * the tree's document. */
#include <stdlib.h>
#include <string.h>

#include "position.h"

typedef struct lxw_move {
    lx_sgf_node node;
    lx_sgf_prop prop;
    int player;
} lxw_move;

struct lxw_replay {
    const lx_game_module *m;
    lx_diag_list *diags;
    lxw_pos **pos;      /* npos positions: the start, then one per move */
    lxw_move *moves;    /* npos - 1 moves */
    size_t npos, cap;
    int started;        /* the root made a playable position */
    int refused;        /* a move was refused: refused_move, err_code, err_message */
    size_t refused_move;
    const char *err_code;
    lx_buf err_message;
    int oom;
};

static int push(lxw_replay *r, const void *pos, const lx_replay_event *ev)
{
    if (r->npos == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 64;
        lxw_pos **p = realloc(r->pos, cap * sizeof *p);
        lxw_move *mv = p ? realloc(r->moves, cap * sizeof *mv) : NULL;
        if (p)
            r->pos = p;
        if (!mv)
            return -1;
        r->moves = mv;
        r->cap = cap;
    }
    lxw_pos *w = lxw_pos_wrap(r->m, pos);
    if (!w)
        return -1;
    if (ev && r->npos > 0)
        r->moves[r->npos - 1] = (lxw_move){ev->node, ev->prop, (int)ev->player};
    r->pos[r->npos++] = w;
    return 0;
}

static int on_move(void *ctx, const lx_replay_event *ev)
{
    lxw_replay *r = ctx;
    if (push(r, ev->position, ev) != 0)
        return r->oom = 1;
    return 0;
}

static void on_refusal(void *ctx, const lx_replay_event *ev, const lx_game_error *err)
{
    lxw_replay *r = ctx;
    r->refused = 1;
    r->refused_move = ev->move;
    r->err_code = err->code ? err->code : "ILLEGAL_MOVE";
    lx_buf_clear(&r->err_message);
    lx_buf_append_str(&r->err_message, err->message.data ? err->message.data : "refused by the rules");
}

static void on_start(void *ctx, size_t game, const void *pos, const lx_game_result *res)
{
    lxw_replay *r = ctx;
    (void)game, (void)res;
    r->started = pos != NULL;
    if (pos && push(r, pos, NULL) != 0)
        r->oom = 1;
}

static void on_end(void *ctx, size_t game, const void *pos, const lx_game_result *res)
{
    (void)ctx, (void)game, (void)pos, (void)res; /* each position asks for its own result */
}

LXW_API void lxw_replay_free(lxw_replay *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->npos; i++)
        lxw_pos_free(r->pos[i]);
    free(r->pos);
    free(r->moves);
    lx_diag_list_free(r->diags);
    lx_buf_free(&r->err_message);
    free(r);
}

/* Replay tree t's main line.  NULL when this build has no module for its
 * game (lxw_tree_game says "") or when out of memory. */
LXW_API lxw_replay *lxw_replay_new(const lx_sgf_tree *t)
{
    const lx_game_module *m = lx_game_builtin_by_gm(lx_sgf_tree_gm(t));
    lxw_replay *r = m ? calloc(1, sizeof *r) : NULL;
    if (!r || !(r->diags = lx_diag_list_new())) {
        free(r);
        return NULL;
    }
    r->m = m;
    lx_replay_hooks start = {r, NULL, NULL, on_start};
    lx_replay_options first = {0, 1, 0};
    lx_diag_list *ignored = lx_diag_list_new();
    int rc = ignored ? lx_replay_tree(t, 0, m, &first, &start, ignored) : -1;
    lx_diag_list_free(ignored);
    if (rc == 0 && r->started && !r->oom) {
        lx_replay_hooks hooks = {r, on_move, on_refusal, on_end};
        lx_replay_options all = {0, 0, 0};
        rc = lx_replay_tree(t, 0, m, &all, &hooks, r->diags);
    } else if (rc == 0 && !r->oom) {
        rc = lx_replay_tree(t, 0, m, &first, &start, r->diags); /* again, to keep why it cannot start */
    }
    if (rc != 0 || r->oom) {
        lxw_replay_free(r);
        return NULL;
    }
    const lx_sgf_doc *doc = lx_sgf_tree_doc(t);
    size_t len = 0;
    const char *text = doc ? lx_sgf_doc_text(doc, &len) : "";
    lx_diag_list_resolve(r->diags, text, len);
    return r;
}

LXW_API int lxw_replay_started(const lxw_replay *r)
{
    return r->started;
}

LXW_API const lx_diag_list *lxw_replay_diags(const lxw_replay *r)
{
    return r->diags;
}

/* Moves replayed (positions are one more, when the game started). */
LXW_API size_t lxw_replay_moves(const lxw_replay *r)
{
    return r->npos ? r->npos - 1 : 0;
}

/* Position k (0: the start), owned by the replay. */
LXW_API lxw_pos *lxw_replay_position(const lxw_replay *r, size_t k)
{
    return k < r->npos ? r->pos[k] : NULL;
}

LXW_API lx_sgf_node lxw_replay_move_node(const lxw_replay *r, size_t k)
{
    return k >= 1 && k < r->npos ? r->moves[k - 1].node : LX_SGF_NIL;
}

LXW_API lx_sgf_prop lxw_replay_move_prop(const lxw_replay *r, size_t k)
{
    return k >= 1 && k < r->npos ? r->moves[k - 1].prop : LX_SGF_NIL;
}

LXW_API int lxw_replay_move_player(const lxw_replay *r, size_t k)
{
    return k >= 1 && k < r->npos ? r->moves[k - 1].player : -1;
}

/* The refused move's number (1-based), or 0 when none was refused. */
LXW_API size_t lxw_replay_refused_move(const lxw_replay *r)
{
    return r->refused ? r->refused_move : 0;
}

LXW_API const char *lxw_replay_error_code(const lxw_replay *r)
{
    return r->refused ? r->err_code : "";
}

LXW_API const char *lxw_replay_error_message(const lxw_replay *r)
{
    return r->err_message.data ? r->err_message.data : "";
}
