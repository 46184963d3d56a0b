/* engine/engine.c - the lx_engine_* interface: finds the kind asked for and passes
 * each call to it; keeps the options, the stop flag and the last search's figures. */
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "engine/engine_int.h"

/* Each kind adds itself here. */
static const lx_engine_ops *const kinds[] = {
    &lx_engine_gnubg_ops,
    &lx_engine_hex_ops,
    &lx_engine_hex_flat_ops,
    &lx_engine_twixt_ops,
    &lx_engine_twixt_flat_ops,
};

void lx_engine_options_init(lx_engine_options *o, const char *kind)
{
    memset(o, 0, sizeof *o);
    o->kind = kind;
}

static const lx_engine_ops *find_kind(const char *kind)
{
    for (size_t i = 0; kind && i < sizeof kinds / sizeof kinds[0]; i++)
        if (kinds[i] && strcmp(kinds[i]->kind, kind) == 0)
            return kinds[i];
    return NULL;
}

static char *copy_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

static void release(lx_engine *e)
{
    free(e->rules_copy);
    free(e->program_copy);
    free(e);
}

lx_engine *lx_engine_new(const lx_engine_options *o, lx_game_error *err)
{
    const lx_engine_ops *ops = find_kind(o->kind);
    if (!ops) {
        lx_game_fail(err, "ENGINE_UNAVAILABLE", "no engine of kind \"%s\" (expected hex, twixt or backgammon)",
                     o->kind ? o->kind : "");
        return NULL;
    }
    lx_engine *e = calloc(1, sizeof *e);
    if (!e) {
        lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
        return NULL;
    }
    e->ops = ops;
    e->opt = *o;
    e->last_value = -1;
    e->rules_copy = copy_or_null(o->rules);
    e->program_copy = copy_or_null(o->program);
    if ((o->rules && !e->rules_copy) || (o->program && !e->program_copy)) {
        release(e);
        lx_game_fail(err, "OUT_OF_MEMORY", "out of memory");
        return NULL;
    }
    e->opt.rules = e->rules_copy;
    e->opt.program = e->program_copy;
    e->opt.kind = ops->kind;
    atomic_init(&e->stop, 0);
    if (ops->init(e, err) != 0) {
        release(e);
        return NULL;
    }
    return e;
}

void lx_engine_free(lx_engine *e)
{
    if (!e)
        return;
    e->ops->free(e);
    release(e);
}

int lx_engine_new_game(lx_engine *e, int cols, int rows, lx_game_error *err)
{
    return e->ops->new_game(e, cols, rows, err);
}

void lx_engine_set_budget(lx_engine *e, double seconds, long playouts)
{
    e->opt.seconds = seconds > 0 ? seconds : 0;
    e->opt.playouts = playouts > 0 ? playouts : 0;
}

void lx_engine_budget(const lx_engine *e, double *seconds, long *playouts)
{
    *seconds = e->opt.seconds;
    *playouts = e->opt.playouts;
    if (*seconds <= 0 && *playouts <= 0)
        *seconds = 1.0;
}

int lx_engine_play(lx_engine *e, lx_colour who, const char *move, lx_game_error *err)
{
    return e->ops->play(e, who, move, err);
}

int lx_engine_undo(lx_engine *e)
{
    return e->ops->undo(e);
}

lx_colour lx_engine_to_play(const lx_engine *e)
{
    return e->ops->to_play(e);
}

void lx_engine_result(const lx_engine *e, lx_game_result *out)
{
    e->ops->result(e, out);
}

int lx_engine_set_dice(lx_engine *e, int d1, int d2)
{
    if (!e->ops->set_dice || d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
        return -1;
    return e->ops->set_dice(e, d1, d2);
}

int lx_engine_set_match(lx_engine *e, int length, int black_score, int white_score, int crawford_game,
                        lx_game_error *err)
{
    if (!e->ops->set_match)
        return lx_game_fail(err, "BAD_MOVE", "%s has no matches", e->ops->kind);
    return e->ops->set_match(e, length, black_score, white_score, crawford_game, err);
}

int lx_engine_genmove(lx_engine *e, lx_colour who, lx_buf *move, lx_game_error *err)
{
    atomic_store(&e->stop, 0);
    return e->ops->genmove(e, who, move, err);
}

int lx_engine_analyse(lx_engine *e, lx_colour who, lx_engine_candidate *out, size_t cap, size_t *n,
                      lx_game_error *err)
{
    *n = 0;
    atomic_store(&e->stop, 0);
    return e->ops->analyse(e, who, out, cap, n, err);
}

void lx_engine_stop(lx_engine *e)
{
    atomic_store(&e->stop, 1);
}

int lx_engine_show(const lx_engine *e, lx_buf *out)
{
    return e->ops->show(e, out);
}

void lx_engine_last_search(const lx_engine *e, long *playouts, double *seconds)
{
    *playouts = e->last_playouts;
    *seconds = e->last_seconds;
}

double lx_engine_last_value(const lx_engine *e)
{
    return e->last_value;
}

const char *lx_engine_kind(const lx_engine *e)
{
    return e->ops->kind;
}

double lx_engine_now(void) { return lx_clock_seconds(); }
