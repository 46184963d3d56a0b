/* service/svc_conditional.c - conditional moves (Hex, Twixt): a player sets and reads their own.
 *
 * "GAME conditional BOARD M1 R1 [M2 R2 ...]": if my opponent plays M1 I answer R1, then if they
 * play M2, R2 ...  A line begins at the position now, the opponent to move; each of its moves is
 * played on a copy of the game as it is set, so an illegal one is refused with its place named
 * (the line, the move in it, the game's move number), and kept in the form the rules store it,
 * which is what the opponent's move is compared with (conditional.c).  A line added to those set
 * shares their beginning (a tree) but never answers a move otherwise than they do: such a line
 * is refused.  A swap or a resignation is no conditional move.  Only their player reads them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "service/conditional.h"
#include "service/ops.h"

/* The lines of a tree being made: each a malloc'd text of stored moves apart by spaces. */
typedef struct cond_lines {
    char *line[COND_MAX_LINES];
    int n;
} cond_lines;

static void lines_free(cond_lines *t)
{
    for (int i = 0; i < t->n; i++)
        free(t->line[i]);
    t->n = 0;
}

static int words_in(const char *line)
{
    const char *w;
    size_t len;
    int n = 0;
    while (conditional_word(line, line + strlen(line), n, &w, &len))
        n++;
    return n;
}

/* Lines of text (one a '\n') into t, a copy each; blank lines skipped. 0, or -1 out of memory. */
static int lines_read(cond_lines *t, const char *text, svc_status *st)
{
    for (const char *p = text; p && *p;) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        char *line = strndup(p, len);
        if (!line)
            return svc_fail(st, "INTERNAL", "out of memory");
        for (char *c = line; *c; c++)
            if (*c == '\t' || *c == '\r')
                *c = ' ';
        if (!words_in(line)) {
            free(line);
        } else if (t->n == COND_MAX_LINES) {
            free(line);
            return svc_fail(st, "TOO_MANY_LINES", "a player sets at most %d lines of conditional moves on a board",
                            COND_MAX_LINES);
        } else {
            t->line[t->n++] = line;
        }
        p = end ? end + 1 : NULL;
    }
    return 0;
}

/* The game as it is now, played again from its moves: a copy to try a line on, or NULL. */
static void *game_copy(const srv_game *sg)
{
    lx_game_error err;
    lx_game_error_init(&err);
    void *g = sg->rules->create(sg->options, &err);
    lx_game_error_free(&err);
    for (size_t i = 0; g && i < sg->nmoves; i++) {
        char colour[8];
        if (sg->rules->replay(g, sg->moves[i].seat, sg->moves[i].text, colour) != 0) {
            sg->rules->destroy(g);
            g = NULL;
        }
    }
    return g;
}

static int not_conditional(const char *text)
{
    return !strncasecmp(text, "swap", 4) || !strcasecmp(text, "resign") || !strcasecmp(text, "forfeit");
}

/* Move k of line `which`, `text`, played for `seat` on g; its stored form onto `out`. */
static int try_move(const srv_game *sg, void *g, int seat, int mine, int which, int k, const char *text, lx_buf *out,
                    svc_status *st)
{
    size_t at = sg->nmoves + (size_t)k + 1;
    const char *whose = mine ? "yours" : "your opponent's";
    if (not_conditional(text))
        return svc_fail(st, "BAD_LINE", "line %d, move %d (move %zu, %s): '%.40s' cannot be a conditional move",
                        which, k + 1, at, whose, text);
    if (sg->rules->seat_to_move(g) < 0)
        return svc_fail(st, "BAD_LINE", "line %d, move %d (move %zu): the game is over before it", which, k + 1, at);
    lx_buf stored = LX_BUF_INIT;
    lx_game_error err;
    char colour[8];
    lx_game_error_init(&err);
    int rc = sg->rules->play(g, seat, text, &stored, colour, &err);
    if (rc != 0)
        svc_fail(st, "ILLEGAL_MOVE", "line %d, move %d (move %zu, %s) '%.40s': %s", which, k + 1, at, whose, text,
                 err.message.data ? err.message.data : "illegal move");
    else if (!stored.len || not_conditional(stored.data))
        rc = svc_fail(st, "BAD_LINE", "line %d, move %d (move %zu): '%.40s' cannot be a conditional move", which,
                      k + 1, at, text);
    else if ((out->len && lx_buf_append_char(out, ' ')) || lx_buf_append(out, stored.data, stored.len))
        rc = svc_fail(st, "INTERNAL", "out of memory");
    lx_game_error_free(&err);
    lx_buf_free(&stored);
    return rc;
}

/* Line `which` (1-based) checked along its moves from the position now: its moves in stored form
 * replace it.  0, or -1 (st). */
static int check_line(const srv_game *sg, int seat, char **line, int which, svc_status *st)
{
    int n = words_in(*line);
    if (n % 2 || n > COND_MAX_MOVES)
        return svc_fail(st, "BAD_LINE", "line %d has %d moves: give pairs, their move then your answer, at most %d moves",
                        which, n, COND_MAX_MOVES);
    void *g = game_copy(sg);
    if (!g)
        return svc_fail(st, "INTERNAL", "cannot make the game again");
    lx_buf out = LX_BUF_INIT;
    int rc = 0;
    const char *end = *line + strlen(*line);
    for (int k = 0; rc == 0 && k < n; k++) {
        const char *w;
        size_t len;
        char text[64];
        conditional_word(*line, end, k, &w, &len);
        if (len >= sizeof text) {
            rc = svc_fail(st, "BAD_LINE", "line %d, move %d: a move is shorter than %zu bytes", which, k + 1,
                          sizeof text);
            break;
        }
        snprintf(text, sizeof text, "%.*s", (int)len, w);
        rc = try_move(sg, g, k % 2 ? seat : 1 - seat, k % 2, which, k, text, &out, st);
    }
    sg->rules->destroy(g);
    if (rc == 0) {
        free(*line);
        *line = lx_buf_steal(&out, NULL);
        rc = *line ? 0 : svc_fail(st, "INTERNAL", "out of memory");
    }
    lx_buf_free(&out);
    return rc;
}

/* The first move at which lines a and b differ (their shorter length when one begins the other). */
static int differ_at(const char *a, const char *b, int na, int nb)
{
    const char *ea = a + strlen(a), *eb = b + strlen(b);
    int k = 0;
    for (; k < na && k < nb; k++) {
        const char *wa, *wb;
        size_t la, lb;
        conditional_word(a, ea, k, &wa, &la);
        conditional_word(b, eb, k, &wb, &lb);
        if (la != lb || memcmp(wa, wb, la))
            break;
    }
    return k;
}

/* Line `line` (taken) added to t: dropped when a line of t begins with it, a line of t that it
 * begins with dropped; refused when it answers a move of theirs otherwise than a line of t. */
static int add_line(cond_lines *t, char *line, int which, svc_status *st)
{
    int n = words_in(line);
    for (int i = 0; i < t->n; i++) {
        int m = words_in(t->line[i]), k = differ_at(line, t->line[i], n, m);
        if (k < n && k < m && k % 2) {
            free(line);
            return svc_fail(st, "CONFLICT", "line %d, move %d: you answer that move otherwise in another line "
                                           "(one answer to each move; clear them first to change it)", which, k + 1);
        }
        if (k == n) { /* already there */
            free(line);
            return 0;
        }
        if (k == m) { /* the new line goes on from this one */
            free(t->line[i]);
            t->line[i--] = t->line[--t->n];
        }
    }
    if (t->n == COND_MAX_LINES) {
        free(line);
        return svc_fail(st, "TOO_MANY_LINES", "a player sets at most %d lines of conditional moves on a board",
                        COND_MAX_LINES);
    }
    t->line[t->n++] = line;
    return 0;
}

static srv_game *refused(svc_status *st, const char *code, const char *why)
{
    svc_fail(st, code, "%s", why);
    return NULL;
}

/* The game on board where actor may set conditional moves (their seat in *seat), or NULL (st). */
static srv_game *game_of(srv *s, const char *actor, int64_t board, proto_game kind, int to_set, int *seat,
                         svc_status *st)
{
    srv_game *sg = svc_game(s, board, kind, st);
    if (!sg)
        return NULL;
    *seat = actor ? games_seat_of(sg, actor) : -1;
    if (*seat < 0)
        return refused(st, "NOT_A_PLAYER", "conditional moves are their player's: you do not play on this board");
    if (sg->kind != G_HEX && sg->kind != G_TWIXT)
        return refused(st, "NO_CONDITIONAL", "conditional moves are for Hex and Twixt");
    if (!to_set)
        return sg;
    if (!strcmp(sg->player[0], sg->player[1]))
        return refused(st, "NO_CONDITIONAL", "you play both sides of this board");
    if (games_over(sg))
        return refused(st, "GAME_OVER", "the game is over");
    if (sg->waiting)
        return refused(st, "CHALLENGE_PENDING", "the game has not begun");
    if (games_to_move(sg) == *seat)
        return refused(st, "YOUR_TURN", "it is your turn: conditional moves answer your opponent's next move, "
                                        "so play first");
    return sg;
}

/* Lines of stored moves as history writes their moves, onto out. */
static int lines_shown(const srv_game *sg, const char *lines, lx_buf *out)
{
    lx_buf text = LX_BUF_INIT;
    int rc = 0;
    for (const char *line = lines; rc == 0 && line && *line;) {
        const char *end = strchr(line, '\n'), *w;
        size_t len;
        char move[64];
        if (!end)
            end = line + strlen(line);
        for (int k = 0; rc == 0 && conditional_word(line, end, k, &w, &len); k++) {
            snprintf(move, sizeof move, "%.*s", (int)len, w);
            lx_buf_clear(&text);
            rc = sg->rules->history_text(move, &text) || lx_buf_printf(out, "%s%s", k ? " " : "",
                                                                       text.data ? text.data : move);
        }
        rc = rc || lx_buf_append_char(out, '\n');
        line = *end ? end + 1 : end;
    }
    lx_buf_free(&text);
    return rc;
}

static int answer_lines(const srv_game *sg, int seat, lx_buf *out, size_t *from, svc_status *st)
{
    *from = sg->nmoves + 1;
    lx_buf_clear(out);
    if (sg->conditional[seat] && lines_shown(sg, sg->conditional[seat], out) != 0)
        return svc_fail(st, "INTERNAL", "out of memory");
    return 0;
}

int svc_conditional_get(srv *s, const char *actor, int64_t board, proto_game kind, lx_buf *out, size_t *from,
                        svc_status *st)
{
    int seat;
    srv_game *sg = game_of(s, actor, board, kind, 0, &seat, st);
    return sg ? answer_lines(sg, seat, out, from, st) : -1;
}

/* The lines of t as one text (NULL when none), or -1 when they are too long. */
static int lines_joined(cond_lines *t, char **text, svc_status *st)
{
    lx_buf all = LX_BUF_INIT;
    for (int i = 0; i < t->n; i++)
        if ((i && lx_buf_append_char(&all, '\n')) || lx_buf_append_str(&all, t->line[i])) {
            lx_buf_free(&all);
            return svc_fail(st, "INTERNAL", "out of memory");
        }
    if (all.len > COND_MAX_BYTES) {
        lx_buf_free(&all);
        return svc_fail(st, "TOO_MANY_LINES", "a player's conditional moves on a board are at most %d bytes",
                        COND_MAX_BYTES);
    }
    *text = all.len ? lx_buf_steal(&all, NULL) : NULL;
    lx_buf_free(&all);
    return 0;
}

int svc_conditional_set(srv *s, const char *actor, int64_t board, proto_game kind, const char *lines, int replace,
                        lx_buf *out, size_t *from, svc_status *st)
{
    int seat;
    srv_game *sg = game_of(s, actor, board, kind, 1, &seat, st);
    if (!sg)
        return -1;
    cond_lines given = {.n = 0}, tree = {.n = 0};
    int rc = lines_read(&given, lines, st);
    if (rc == 0 && !replace && sg->conditional[seat])
        rc = lines_read(&tree, sg->conditional[seat], st);
    for (int i = 0; rc == 0 && i < given.n; i++)
        rc = check_line(sg, seat, &given.line[i], i + 1, st);
    for (int i = 0; rc == 0 && i < given.n; i++) {
        rc = add_line(&tree, given.line[i], i + 1, st);
        given.line[i] = NULL; /* taken */
    }
    char *text = NULL;
    if (rc == 0)
        rc = lines_joined(&tree, &text, st);
    if (rc == 0)
        rc = conditional_write(s, sg, seat, text, st);
    lines_free(&given);
    lines_free(&tree);
    return rc == 0 ? answer_lines(sg, seat, out, from, st) : -1;
}

int svc_conditional_command(srv *s, const char *actor, const proto_cmd *cmd, lx_buf *out, size_t *from,
                            svc_status *st)
{
    char line[PROTO_LINE_MAX + 1];
    int what = proto_conditional_text(cmd, line);
    int64_t board = proto_number(cmd->argv[0]);
    if (!board)
        return svc_fail(st, "NO_SUCH_BOARD", "there is no board '%.40s'", cmd->argv[0]);
    if (what == PROTO_COND_LIST)
        return svc_conditional_get(s, actor, board, cmd->game, out, from, st);
    return svc_conditional_set(s, actor, board, cmd->game, line, what == PROTO_COND_CLEAR, out, from, st);
}
