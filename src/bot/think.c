/* bot/think.c - one bot move: the game's record told to an engine in HTP, its
 * answer turned into what svc_play reads.
 *
 * Hex and Twixt: the record's size and rules (Hex "noswap", Twixt
 * "std,noswap" or "pp,noswap" for a game without the swap, which the record
 * does not say, so that the engine never proposes a swap there), then
 * `clear_board` and a `play` for each move of its main line, then `genmove`.  The engine answers with an
 * SGF value; Hex reads those as they are, Twixt reads an SGF move when it
 * holds a ';' (a peg alone is sent as "d4;").
 *
 * Backgammon: the record's last game (a match has one tree a game): its RU to
 * the engine's --rules, `match LENGTH BLACK WHITE [crawford]` from its MI,
 * its moves, the server's dice when they are rolled, then `genmove`.  The
 * answer "31hefe" is written as the player types it ("8/5 6/5"); before the
 * roll, any answer but "double" means "roll" (the server rolls, not the
 * engine).  Each worker keeps one engine process a bot and starts it again
 * after any failure.
 *
 * Crossword: the position as the bot's seat sees it (CGP with its own rack)
 * given to `ludex xword moves - --top 1 --json` on its standard input (never
 * in its arguments, which anyone on the machine may read), run once a move; its best
 * play by static equity (the endgame rule when the bag is empty) is written
 * as the server reads it ("8D WO.D", "-ABC", "-").  A simulating bot
 * (crossword:sim:SECONDS) adds `--sim SECONDS`: the play the simulation
 * chooses in that much wall-clock time, from the same position (the other
 * rack is not in it, so the simulation draws it from the unseen tiles). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot/bot_int.h"
#include "ludex/bgammon.h"
#include "ludex/sgf.h"

#define ASK_SECONDS 10.0   /* any answer but genmove's */

void bot_job_free(bot_job *j)
{
    if (!j)
        return;
    lx_buf_free(&j->record);
    lx_buf_free(&j->move);
    lx_buf_free(&j->why);
    free(j);
}

void bot_engines_stop(bot_engines *e)
{
    for (int i = 0; i < BOT_MAX; i++)
        engine_proc_stop(&e->proc[i]);
}

static int fail(bot_job *j, const char *fmt, const char *detail)
{
    lx_buf_clear(&j->why);
    lx_buf_printf(&j->why, fmt, detail);
    j->ok = 0;
    return -1;
}

/* The engine for this job's bot, running `rules` (started again when it is not). */
static engine_proc *engine_for(const bot_config *cfg, bot_engines *e, bot_job *j, const char *rules)
{
    engine_proc *p = &e->proc[j->bot];
    if (p->pid && strcmp(e->rules[j->bot], rules) != 0)
        engine_proc_stop(p);
    if (p->pid)
        return p;
    const bot_spec *b = &cfg->bots[j->bot];
    char seconds[32], err[256];
    snprintf(seconds, sizeof seconds, "%g", b->seconds);
    char *argv[] = {(char *)cfg->program, "engine", (char *)proto_game_name(b->kind), "--seconds", seconds,
                    "--threads", "1", rules[0] ? "--rules" : NULL, (char *)rules, NULL};
    if (engine_proc_start(p, argv, err, sizeof err) != 0) {
        fail(j, "%s", err);
        return NULL;
    }
    snprintf(e->rules[j->bot], sizeof e->rules[j->bot], "%s", rules);
    return p;
}

/* Ask, and fail the job unless the engine says '='. */
static int ask(engine_proc *p, bot_job *j, const char *command, double seconds, lx_buf *answer)
{
    engine_answer a = engine_proc_ask(p, command, seconds, answer);
    if (a == ENGINE_OK)
        return 0;
    lx_buf_clear(&j->why);
    lx_buf_printf(&j->why, "%s: %.*s", command, (int)answer->len, answer->data ? answer->data : "");
    j->ok = 0;
    return -1;
}

static void copy_value(const lx_sgf_tree *t, lx_sgf_node n, const char *id, char *out, size_t cap)
{
    out[0] = 0;
    lx_sgf_prop p = lx_sgf_find_prop(t, n, id);
    if (p == LX_SGF_NIL || lx_sgf_value_count(t, p) == 0)
        return;
    lx_sgf_value v = lx_sgf_get_value(t, p, 0);
    snprintf(out, cap, "%.*s", (int)v.len, v.raw);
}

/* `play b VALUE` for every move of the main line. */
static int replay_moves(engine_proc *p, bot_job *j, const lx_sgf_tree *t, lx_buf *answer)
{
    char cmd[600];
    for (lx_sgf_node n = 0; n != LX_SGF_NIL; n = lx_sgf_first_child(t, n))
        for (size_t i = 0; i < lx_sgf_prop_count(t, n); i++) {
            lx_sgf_prop pr = lx_sgf_node_prop(t, n, i);
            const char *id = lx_sgf_prop_id(t, pr);
            if ((strcmp(id, "B") != 0 && strcmp(id, "W") != 0) || lx_sgf_value_count(t, pr) == 0)
                continue;
            lx_sgf_value v = lx_sgf_get_value(t, pr, 0);
            if (v.len > 500)
                return fail(j, "%s", "a move too long for the engine");
            snprintf(cmd, sizeof cmd, "play %c %.*s", id[0] == 'B' ? 'b' : 'w', (int)v.len, v.raw);
            if (ask(p, j, cmd, ASK_SECONDS, answer) != 0)
                return -1;
        }
    return 0;
}

/* `genmove`: its answer one word in `answer`, 0; else -1 with the job failed. */
static int genmove(const bot_config *cfg, engine_proc *p, bot_job *j, lx_buf *answer)
{
    char cmd[32];
    snprintf(cmd, sizeof cmd, "genmove %c", j->colour);
    if (ask(p, j, cmd, cfg->bots[j->bot].seconds * 3 + ASK_SECONDS, answer) != 0)
        return -1;
    if (answer->len == 0 || answer->len > 60 || memchr(answer->data, ' ', answer->len) ||
        memchr(answer->data, '\n', answer->len))
        return fail(j, "%s", "the engine's move is empty, too long or more than one word");
    return 0;
}

/* The board's size from SZ ("11", "12:14"), as `boardsize C R`. */
static void boardsize_command(const lx_sgf_tree *t, char *cmd, size_t cap)
{
    char sz[32];
    copy_value(t, 0, "SZ", sz, sizeof sz);
    int cols = 0, rows = 0;
    if (sscanf(sz, "%d:%d", &cols, &rows) != 2)
        rows = cols;
    snprintf(cmd, cap, "boardsize %d %d", cols, rows);
}

/* The record's last game tree (the game in play), or NULL. */
static lx_sgf_tree *read_record(bot_job *j, lx_sgf_doc **doc)
{
    lx_diag_list *diags = lx_diag_list_new();
    lx_sgf_tree *last = NULL, *t = NULL;
    *doc = diags ? lx_sgf_doc_new(j->record.data, j->record.len, 1, NULL, diags) : NULL;
    lx_sgf_reader *r = *doc ? lx_sgf_reader_new(*doc, diags) : NULL;
    int rc = 0;
    while (r && (rc = lx_sgf_reader_next(r, &t)) == 1) {
        lx_sgf_tree_free(last);
        last = t;
        t = NULL;
    }
    if (rc < 0) {
        lx_sgf_tree_free(last);
        last = NULL;
    }
    lx_sgf_reader_free(r);
    lx_diag_list_free(diags);
    return last;
}

/* Hex and Twixt: the whole conversation about the game in `t`. */
static void think_board_game(const bot_config *cfg, bot_engines *e, bot_job *j, const lx_sgf_tree *t, lx_buf *answer)
{
    char cmd[64], rules[16] = "";
    if (j->kind == G_TWIXT) {
        copy_value(t, 0, "RU", rules, sizeof rules);
        snprintf(rules, sizeof rules, "%s%s", !strcmp(rules, "PP") || !strcmp(rules, "pp") ? "pp" : "std",
                 j->noswap ? ",noswap" : "");
    } else if (j->noswap) {
        snprintf(rules, sizeof rules, "noswap");
    }
    engine_proc *p = engine_for(cfg, e, j, rules);
    boardsize_command(t, cmd, sizeof cmd);
    if (!p || ask(p, j, cmd, ASK_SECONDS, answer) != 0 || ask(p, j, "clear_board", ASK_SECONDS, answer) != 0 ||
        replay_moves(p, j, t, answer) != 0 || genmove(cfg, p, j, answer) != 0)
        return;
    lx_buf_clear(&j->move);
    lx_buf_append(&j->move, answer->data, answer->len);
    if (j->kind == G_TWIXT && strcmp(j->move.data, "resign") != 0 && !strchr(j->move.data, ';'))
        lx_buf_append_str(&j->move, ";");
    j->ok = 1;
}

/* "31hefe" for colour c as the player types it: "8/5 6/5" ("bar/22", "6/off"; "-": no move). */
static int bg_typed(const char *v, lx_colour c, lx_buf *out)
{
    size_t len = strlen(v);
    if (len < 2 || len % 2 != 0 || len > 10)
        return -1;
    lx_buf_clear(out);
    if (len == 2)
        return lx_buf_append_str(out, "-");
    for (size_t i = 2; i < len; i += 2) {
        int from = lx_bgammon_letter_point(c, v[i]), to = lx_bgammon_letter_point(c, v[i + 1]);
        if (from < 1 || from > 25 || to < 0 || to > 24)
            return -1;
        char a[8], b[8];
        snprintf(a, sizeof a, "%d", from);
        snprintf(b, sizeof b, "%d", to);
        lx_buf_printf(out, "%s%s/%s", i > 2 ? " " : "", from == LX_BGAMMON_BAR ? "bar" : a,
                      to == LX_BGAMMON_OFF ? "off" : b);
    }
    return 0;
}

/* `match LENGTH BLACK WHITE [crawford]` from the game's MI and RU. */
static void match_command(const lx_sgf_tree *t, const char *ru, char *cmd, size_t cap)
{
    int length = 0, bs = 0, ws = 0;
    lx_sgf_prop p = lx_sgf_find_prop(t, 0, "MI");
    for (size_t i = 0; p != LX_SGF_NIL && i < lx_sgf_value_count(t, p); i++) {
        lx_sgf_value v = lx_sgf_get_value(t, p, i);
        char item[40];
        snprintf(item, sizeof item, "%.*s", (int)v.len, v.raw);
        sscanf(item, "length:%d", &length);
        sscanf(item, "bs:%d", &bs);
        sscanf(item, "ws:%d", &ws);
    }
    snprintf(cmd, cap, "match %d %d %d%s", length, bs, ws, strstr(ru, "CrawfordGame") ? " crawford" : "");
}

/* Backgammon: the whole conversation about the game in `t`. */
static void think_backgammon(const bot_config *cfg, bot_engines *e, bot_job *j, const lx_sgf_tree *t, lx_buf *answer)
{
    char cmd[64], rules[64] = "";
    copy_value(t, 0, "RU", rules, sizeof rules);
    engine_proc *p = engine_for(cfg, e, j, rules);
    match_command(t, rules, cmd, sizeof cmd);
    if (!p || ask(p, j, cmd, ASK_SECONDS, answer) != 0 || replay_moves(p, j, t, answer) != 0)
        return;
    snprintf(cmd, sizeof cmd, "dice %d %d", j->dice[0], j->dice[1]);
    if ((j->dice[0] && ask(p, j, cmd, ASK_SECONDS, answer) != 0) || genmove(cfg, p, j, answer) != 0)
        return;
    char move[64];
    snprintf(move, sizeof move, "%.*s", (int)answer->len, answer->data);
    lx_buf_clear(&j->move);
    if (!strcmp(move, "double") || !strcmp(move, "take") || !strcmp(move, "drop"))
        lx_buf_append_str(&j->move, move);
    else if (!j->dice[0] && (j->actions & SVC_ACT_ROLL))
        lx_buf_append_str(&j->move, "roll");
    else if (bg_typed(move, j->colour == 'w' ? LX_WHITE : LX_BLACK, &j->move) != 0) {
        fail(j, "the engine's move '%s' is not a backgammon play", move);
        return;
    }
    j->ok = 1;
}

/* The first "play" string of `ludex xword moves --json`, or -1. */
static int first_play(const lx_buf *json, lx_buf *out)
{
    const char *p = json->data ? strstr(json->data, "\"play\":\"") : NULL;
    if (!p)
        return -1;
    lx_buf_clear(out);
    for (p += 8; *p && *p != '"'; p++) {
        if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
            p++;
        else if (*p == '\\' || (unsigned char)*p < ' ')
            return -1;
        lx_buf_append_char(out, *p);
    }
    return *p == '"' && out->len > 0 ? 0 : -1;
}

static void think_crossword(const bot_config *cfg, bot_job *j)
{
    lx_buf answer = {0};
    char seconds[32];
    snprintf(seconds, sizeof seconds, "%g", cfg->bots[j->bot].seconds);
    char *argv[] = {(char *)cfg->program, "xword", "moves", "-", "--top", "1", "--json",
                    cfg->bots[j->bot].sim ? "--sim" : NULL, seconds, NULL};
    if (engine_proc_run(argv, j->record.data, cfg->bots[j->bot].seconds * 3 + ASK_SECONDS, &answer) != 0)
        fail(j, "ludex xword moves: %s", answer.data ? answer.data : "failed");
    else if (first_play(&answer, &j->move) != 0)
        fail(j, "%s", "ludex xword moves gave no play");
    else
        j->ok = 1;
    lx_buf_free(&answer);
}

void bot_think(const bot_config *cfg, bot_engines *e, bot_job *j)
{
    j->ok = 0;
    if (j->kind == G_CROSSWORD) {
        think_crossword(cfg, j);
        return;
    }
    if (j->kind != G_HEX && j->kind != G_TWIXT && j->kind != G_BACKGAMMON) {
        fail(j, "no engine plays %s yet", proto_game_name(j->kind));
        return;
    }
    lx_sgf_doc *doc = NULL;
    lx_sgf_tree *t = read_record(j, &doc);
    lx_buf answer = {0};
    if (!t)
        fail(j, "%s", "the game's record cannot be read");
    else if (j->kind == G_BACKGAMMON)
        think_backgammon(cfg, e, j, t, &answer);
    else
        think_board_game(cfg, e, j, t, &answer);
    lx_buf_free(&answer);
    lx_sgf_tree_free(t);
    lx_sgf_doc_free(doc);
}
