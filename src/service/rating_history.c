/* service/rating_history.c - a player's ratings as each rated game's end left them, class by class
 * (svc_rating_history: the web's player page draws them).
 *
 * The store writes a row with each game end's rating in the same transaction (store_op's
 * rating_from.board); this reads the last rows of each class of a game in one job, on the store
 * thread for a request that can run again (kept for its next run), else at once, like the
 * standings.  A game whose batch has not committed yet is not in it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service/ops.h"

typedef struct history_read {
    db_job base;
    char user[STORE_NAME_MAX + 1];
    const char *const *classes;
    int n;
    int64_t before;
    size_t cap;
    store_rating_point *out; /* n * cap */
    long count[SVC_CLASSES_MAX];
} history_read;

static void history_run(store *st, db_job *d)
{
    history_read *r = (history_read *)d;
    for (int i = 0; i < r->n; i++)
        r->count[i] = st->be->rating_history(st, r->user, r->classes[i], r->before, r->out + (size_t)i * r->cap, r->cap);
}

static void history_discard(db_job *d)
{
    free(((history_read *)d)->out);
    free(d);
}

static void history_done(srv *s, db_job *d) { dbjobs_keep(s, d); }

static int same_read(const history_read *a, const history_read *b)
{
    return a->classes == b->classes && a->n == b->n && a->cap == b->cap && a->before == b->before &&
           !strcmp(a->user, b->user);
}

/* want's rows from the read kept for the request running now (0); else queued for the store
 * thread (1: the request runs again with them); else read now (0). */
static int history_rows(srv *s, history_read *want)
{
    history_read *r = (history_read *)dbjobs_answer(s, history_done);
    int mine = r && same_read(r, want);
    if (mine) {
        memcpy(want->count, r->count, sizeof want->count);
        memcpy(want->out, r->out, (size_t)want->n * want->cap * sizeof *want->out);
    }
    if (r)
        history_discard(&r->base);
    if (mine)
        return 0;
    svc_wait *w = dbjobs_request(s);
    history_read *j = w ? calloc(1, sizeof *j) : NULL;
    if (j) {
        *j = *want;
        j->out = calloc((size_t)want->n * want->cap, sizeof *j->out);
        if (j->out) {
            dbjobs_setup(&j->base, history_run, history_done, history_discard);
            dbjobs_run_for(s, w, &j->base);
            return 1;
        }
        free(j);
    }
    history_run(bridge_of(s)->rstore, &want->base);
    return 0;
}

static int history_to_door(const history_read *r, svc_rating_point *out, long *counts, svc_status *st)
{
    for (int i = 0; i < r->n; i++) {
        if (r->count[i] < 0)
            return svc_fail(st, "INTERNAL", "the history of ratings cannot be read");
        for (long k = 0; k < r->count[i]; k++) {
            const store_rating_point *p = &r->out[(size_t)i * r->cap + (size_t)k];
            out[(size_t)i * r->cap + (size_t)k] = (svc_rating_point){p->id, p->at, p->board, p->r, p->rd};
        }
        counts[i] = r->count[i];
    }
    return r->n;
}

int svc_rating_history(srv *s, const char *user, proto_game kind, int64_t before, svc_rating_point *out, size_t cap,
                       long *counts, svc_status *st)
{
    history_read r = {.cap = cap ? cap : 1, .before = before > 0 ? before : 0};
    r.n = ratings_classes(kind, &r.classes);
    if (!r.n || r.n > SVC_CLASSES_MAX)
        return svc_fail(st, "UNKNOWN_GAME", "games are twixt, hex, backgammon and crossword");
    snprintf(r.user, sizeof r.user, "%s", user);
    r.out = calloc((size_t)r.n * r.cap, sizeof *r.out);
    if (!r.out)
        return svc_fail(st, "INTERNAL", "out of memory");
    int n = history_rows(s, &r) ? svc_fail(st, "BUSY", "the history of ratings is being read")
                                : history_to_door(&r, out, counts, st);
    free(r.out);
    return n;
}
