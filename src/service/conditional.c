/* service/conditional.c - a player's conditional moves in a game held in memory: loaded with the
 * game, matched against the opponent's move, ended.
 *
 * "If my opponent plays M1 I answer R1; then if M2, R2 ...": lines of stored moves per seat
 * (conditional.h).  They exist only for the seat that is not to move, in a game that goes on:
 * the opponent's next move either begins some lines (their answer is played by the play in
 * progress, in its batch, and the lines go on after it) or ends them all; a takeback and the
 * game's end end them too (conditional_end).  Every change is a write of the game (its version
 * changes, store_op's guard), so a server holding the game reads it again, and a move racing
 * with a change on another server is refused and run again on the fresh game: one answer, once.
 * Nothing here shows the lines to anyone: svc_conditional.c gives them to their player only, and
 * a change of them alone is hidden (svc_commit_hidden): no watcher, lobby or bot learns that the
 * game changed, on this server or another. */
#include <stdlib.h>
#include <string.h>

#include "service/conditional.h"

static int load_one(void *ctx, int seat, const char *lines)
{
    srv_game *sg = ctx;
    if (seat < 0 || seat > 1 || !lines[0])
        return 0;
    char *copy = strdup(lines);
    if (!copy)
        return -1;
    free(sg->conditional[seat]);
    sg->conditional[seat] = copy;
    return 0;
}

int conditional_load(store *st, srv_game *sg)
{
    return st->be->conditionals_each ? st->be->conditionals_each(st, sg->id, load_one, sg) : 0;
}

void conditional_free(srv_game *sg)
{
    for (int i = 0; i < 2; i++) {
        free(sg->conditional[i]);
        sg->conditional[i] = NULL;
    }
}

void conditional_take(srv_game *sg, srv_game *fresh)
{
    for (int i = 0; i < 2; i++) {
        char *t = sg->conditional[i];
        sg->conditional[i] = fresh->conditional[i];
        fresh->conditional[i] = t;
    }
}

int conditional_write(srv *s, srv_game *sg, int seat, char *lines, svc_status *st)
{
    if (lines && !lines[0]) {
        free(lines);
        lines = NULL;
    }
    if (!lines && !sg->conditional[seat])
        return 0; /* none, and none before: nothing to write */
    store_op op = {.kind = STORE_CONDITIONAL_SET};
    op.move.game_id = sg->id;
    op.move.seat = seat;
    op.move.text = lines;
    if (svc_commit_hidden(s, &op, sg, st) != 0) { /* with a move or a takeback in flight: seen as theirs */
        free(lines);
        return -1;
    }
    free(sg->conditional[seat]);
    sg->conditional[seat] = lines;
    game_cache_touch(s, sg); /* the games cache counts the lines' bytes */
    return 0;
}

int conditional_end(srv *s, srv_game *sg, svc_status *st)
{
    for (int seat = 0; seat < 2; seat++)
        if (conditional_write(s, sg, seat, NULL, st) != 0)
            return -1;
    return 0;
}

int conditional_word(const char *line, const char *end, int k, const char **w, size_t *len)
{
    const char *p = line;
    for (int i = 0;; i++) {
        while (p < end && *p == ' ')
            p++;
        if (p >= end)
            return 0;
        const char *b = p;
        while (p < end && *p != ' ')
            p++;
        if (i == k) {
            *w = b;
            *len = (size_t)(p - b);
            return 1;
        }
    }
}

static int word_is(const char *line, const char *end, int k, const char *text)
{
    const char *w;
    size_t n;
    return conditional_word(line, end, k, &w, &n) && n == strlen(text) && !memcmp(w, text, n);
}

/* The lines of `lines` that begin with `move`: their answer (malloc'd, NULL when none match) and
 * what follows it in each, as lines (in rest). 0, or -1 out of memory. */
static int follow(const char *lines, const char *move, char **answer, lx_buf *rest)
{
    *answer = NULL;
    for (const char *line = lines; *line;) {
        const char *end = strchr(line, '\n');
        if (!end)
            end = line + strlen(line);
        const char *w, *after;
        size_t n;
        if (word_is(line, end, 0, move) && conditional_word(line, end, 1, &w, &n)) {
            if (!*answer && !(*answer = strndup(w, n)))
                return -1;
            after = w + n;
            while (after < end && *after == ' ')
                after++;
            if (after < end && (lx_buf_append(rest, after, (size_t)(end - after)) || lx_buf_append_char(rest, '\n')))
                return -1;
        }
        line = *end ? end + 1 : end;
    }
    if (rest->len) /* no '\n' after the last line */
        rest->data[--rest->len] = 0;
    return 0;
}

int conditional_answer(srv *s, srv_game *sg, int mover, const char *stored, char **answer, svc_status *st)
{
    int owner = 1 - mover;
    *answer = NULL;
    if (sg->conditional[mover] && conditional_write(s, sg, mover, NULL, st) != 0) /* moving ends one's own */
        return -1;
    if (!sg->conditional[owner])
        return 0;
    if (games_over(sg))
        return conditional_write(s, sg, owner, NULL, st);
    lx_buf rest = LX_BUF_INIT;
    if (follow(sg->conditional[owner], stored, answer, &rest) != 0) {
        lx_buf_free(&rest);
        free(*answer);
        *answer = NULL;
        return svc_fail(st, "INTERNAL", "out of memory");
    }
    size_t had = rest.len;
    char *lines = had ? lx_buf_steal(&rest, NULL) : NULL;
    lx_buf_free(&rest);
    if (had && !lines) {
        free(*answer);
        *answer = NULL;
        return svc_fail(st, "INTERNAL", "out of memory");
    }
    if (conditional_write(s, sg, owner, lines, st) != 0) {
        free(*answer);
        *answer = NULL;
        return -1;
    }
    return 0;
}

int conditional_clock(srv *s, srv_game *sg, svc_status *st)
{
    srv_clock *c = &sg->clock;
    int next = games_to_move(sg);
    int64_t now = svc_clock_now(s);
    c->seat = next;
    c->since = now;
    srv_user *u = next >= 0 ? users_find(s, sg->player[next]) : NULL;
    if (u && u->vacation_until > now) /* as clock_after_play: a turn on vacation starts when they are back */
        c->since = u->vacation_until;
    c->nagged = 0;
    return clock_persist(s, sg, st);
}
