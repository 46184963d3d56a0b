/* bot/door.c - the bots' door: which games need a bot, jobs out to the workers,
 * their moves back into the service.
 *
 * A game is looked at when the service says it changed (a hook) and by a scan
 * every two seconds (games left from before a restart, moves to try again).
 * Looking at a game, a bot accepts a challenge that waits for it, declines a
 * draw or takeback offered to it, and when it is to move sends one job for
 * the board (never two at once).  The answer is played only if the game has
 * not changed since the question; a failure is logged and tried again after
 * a pause that doubles up to a minute.
 *
 * Each look at a game, and each answer played, is the door's request to the
 * service (svc_request), as a line door's command is: when the service must
 * read something first (several ludexd on one PostgreSQL: the board, the
 * opponent whose vacation the clock asks, the ratings before a game's end)
 * the call changes nothing, the read runs on the store thread, and the call
 * runs again once it has come (call_again). */
#include <errno.h>
#include <event2/event.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "bot/bot_int.h"

#define SCAN_SECONDS 2
#define SCAN_GAMES 1000
#define RETRY_MAX 60.0

typedef struct bot_board {
    int64_t board;
    int in_flight;
    int failures;
    double retry_at;
} bot_board;

struct bot_door {
    srv *s;
    struct event_base *base;
    bot_config cfg;
    int ready[BOT_MAX];           /* the account exists */
    bot_pool *pool;
    int pipe_fd[2];
    struct event *wake_ev, *scan_ev, *soon_ev;
    bot_board *boards;            /* boards a bot has thought about */
    size_t nboards, capboards;
    int64_t *dirty;               /* boards the hooks named since the last look */
    size_t ndirty, capdirty;
    int signups;                  /* accounts being made (their answers hold the door) */
    int lists;                    /* bots' lists of games being read (likewise) */
    int listing[BOT_MAX];         /* this bot's is */
    int closed;                   /* closed while some were: the last answer frees it */
    struct bot_call *calls;       /* calls waiting for a read to run again */
    char *open_err;               /* while bot_door_open runs: where a failure to make an account goes */
    size_t open_errcap;
    int open_failed;
};

/* A look at a board (job NULL), a job's answer to play, or a look at a bot's account (account:
 * 1 + the bot), run as a request that can run again. */
typedef struct bot_call {
    svc_wait wait;
    bot_door *d;
    int64_t board;
    bot_job *job;
    int account;
    struct bot_call *next; /* on d->calls while it waits for a read */
} bot_call;

static void free_door(bot_door *d);

int bot_spec_parse(const char *arg, bot_spec *out, char *err, size_t errcap)
{
    char game[32] = "";
    memset(out, 0, sizeof *out);
    out->seconds = 1.0;
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || (size_t)(eq - arg) > SVC_NAME_MAX)
        return snprintf(err, errcap, "--bot wants NAME=GAME[:SECONDS], not '%s'", arg), -1;
    memcpy(out->name, arg, (size_t)(eq - arg));
    const char *colon = strchr(eq + 1, ':');
    size_t glen = colon ? (size_t)(colon - eq - 1) : strlen(eq + 1);
    if (glen >= sizeof game)
        return snprintf(err, errcap, "--bot: no game '%s'", eq + 1), -1;
    memcpy(game, eq + 1, glen);
    out->kind = proto_game_of(game);
    if (out->kind == G_NONE)
        return snprintf(err, errcap, "--bot: no game '%s' (twixt, hex, backgammon or crossword)", game), -1;
    if (colon && strncmp(colon + 1, "sim", 3) == 0 && (colon[4] == ':' || colon[4] == '\0')) {
        if (out->kind != G_CROSSWORD)
            return snprintf(err, errcap, "--bot: only a crossword bot simulates, not a %s one", game), -1;
        out->sim = 1;
        colon = colon[4] == ':' ? colon + 4 : NULL;
    }
    if (colon) {
        char *end;
        out->seconds = strtod(colon + 1, &end);
        if (*end || !(out->seconds >= 0.01 && out->seconds <= 600))
            return snprintf(err, errcap, "--bot: SECONDS from 0.01 to 600, not '%s'", colon + 1), -1;
    }
    return 0;
}

static bot_board *board_state(bot_door *d, int64_t board)
{
    for (size_t i = 0; i < d->nboards; i++)
        if (d->boards[i].board == board)
            return &d->boards[i];
    if (d->nboards == d->capboards) {
        size_t cap = d->capboards ? 2 * d->capboards : 16;
        bot_board *b = realloc(d->boards, cap * sizeof *b);
        if (!b)
            return NULL;
        d->boards = b, d->capboards = cap;
    }
    d->boards[d->nboards] = (bot_board){board, 0, 0, 0};
    return &d->boards[d->nboards++];
}

/* A finished game's state is dropped (boards stay few: the games bots play now). */
static void forget_board(bot_door *d, int64_t board)
{
    for (size_t i = 0; i < d->nboards; i++)
        if (d->boards[i].board == board && !d->boards[i].in_flight) {
            d->boards[i] = d->boards[--d->nboards];
            return;
        }
}

/* The bot playing `name`, or -1. */
static int bot_named(const bot_door *d, const char *name)
{
    for (int i = 0; name && i < d->cfg.nbots; i++)
        if (d->ready[i] && !strcasecmp(d->cfg.bots[i].name, name))
            return i;
    return -1;
}

static void answer_challenge(bot_door *d, const svc_wait *w, int b, int64_t board, int yes)
{
    svc_status st;
    svc_status_init(&st);
    const char *what = NULL;
    if (svc_answer(d->s, d->cfg.bots[b].name, board, yes, &what, &st) != 0 && !w->reading)
        svc_log(d->s, "bot %s: answering on board %lld: %s %s", d->cfg.bots[b].name, (long long)board, st.code,
                st.msg);
}

static bot_job *new_job(bot_door *d, int b, srv_game *sg, const svc_game_info *info)
{
    bot_job *j = calloc(1, sizeof *j);
    svc_status st;
    svc_status_init(&st);
    if (!j)
        return NULL;
    j->bot = b;
    j->board = info->board;
    j->kind = info->kind;
    j->nmoves = info->nmoves;
    j->version = info->version;
    j->colour = info->colour[info->to_move][0] == 'W' ? 'w' : 'b';
    j->actions = svc_game_actions(sg, info->to_move);
    j->noswap = svc_game_noswap(sg);
    int cube;
    if (svc_game_dice(sg, j->dice, &cube) != 0)
        j->dice[0] = j->dice[1] = 0;
    if (info->kind == G_CROSSWORD ? svc_game_position(sg, info->to_move, &j->record) != 0
                                  : svc_game_record(sg, NULL, &j->record, &st) != 0) {
        svc_log(d->s, "bot %s: no record for board %lld: %s", d->cfg.bots[b].name, (long long)info->board, st.msg);
        bot_job_free(j);
        return NULL;
    }
    return j;
}

/* Look at one game: answer what waits for a bot, and think when a bot is to move (w: the call's
 * request; when it reads, nothing more now: the call runs again). */
static void look_once(bot_door *d, const svc_wait *w, int64_t board)
{
    svc_status st;
    svc_status_init(&st);
    srv_game *sg = svc_game(d->s, board, G_NONE, &st);
    if (!sg)
        return;
    svc_game_info info;
    svc_game_describe(sg, &info);
    if (info.result[0]) {
        forget_board(d, board);
        return;
    }
    int b;
    if (info.waiting >= 0) {
        if ((b = bot_named(d, info.player[info.waiting])) >= 0)
            answer_challenge(d, w, b, board, 1);
        return;
    }
    int by;
    if (svc_game_offer(sg, &by) && by >= 0 && by <= 1 && (b = bot_named(d, info.player[!by])) >= 0)
        answer_challenge(d, w, b, board, 0);
    if (w->reading || info.to_move < 0 || (b = bot_named(d, info.player[info.to_move])) < 0)
        return;
    bot_board *bb = board_state(d, board);
    if (!bb || bb->in_flight || bb->retry_at > svc_now())
        return;
    bot_job *j = new_job(d, b, sg, &info);
    if (!j)
        return;
    bb->in_flight = 1;
    bot_pool_submit(d->pool, j);
}

static void play_answer(bot_door *d, const svc_wait *w, bot_job *j);
static void account_once(bot_door *d, const svc_wait *w, int b);
static void call_again(void *ctx);

/* A job's answer played, or dropped: its board may have a job again. */
static void job_done(bot_door *d, bot_job *j)
{
    bot_board *bb = board_state(d, j->board);
    if (bb)
        bb->in_flight = 0;
    bot_job_free(j);
}

static void call_free(bot_door *d, bot_call *c)
{
    svc_wait_cancel(d->s, &c->wait);
    if (c->job)
        job_done(d, c->job);
    free(c);
}

static void call_run(bot_call *c)
{
    bot_door *d = c->d;
    c->wait.again = call_again;
    svc_request(d->s, &c->wait);
    if (c->account)
        account_once(d, &c->wait, c->account - 1);
    else if (c->job)
        play_answer(d, &c->wait, c->job);
    else
        look_once(d, &c->wait, c->board);
    svc_request(d->s, NULL);
    if (!c->wait.reading) {
        call_free(d, c);
        return;
    }
    c->next = d->calls;
    d->calls = c;
    svc_wait_for(d->s, &c->wait, 0, NULL, c); /* linked while reading: waits_read finds it */
}

/* What the call waited for has come: it runs again. */
static void call_again(void *ctx)
{
    bot_call *c = ctx;
    for (bot_call **at = &c->d->calls; *at; at = &(*at)->next)
        if (*at == c) {
            *at = c->next;
            break;
        }
    call_run(c);
}

/* Run a look at board (job NULL: once, whatever asks meanwhile) or play job's answer as a call. */
static void call_start(bot_door *d, int64_t board, bot_job *job)
{
    for (bot_call *c = d->calls; !job && c; c = c->next)
        if (!c->job && !c->account && c->board == board)
            return; /* it runs again when its read has come */
    bot_call *c = calloc(1, sizeof *c);
    if (!c) { /* out of memory: the scan looks again */
        if (job)
            job_done(d, job);
        return;
    }
    c->d = d;
    c->board = board;
    c->job = job;
    call_run(c);
}

static void look_at(bot_door *d, int64_t board) { call_start(d, board, NULL); }

static void look_at_dirty(evutil_socket_t fd, short what, void *arg)
{
    (void)fd, (void)what;
    bot_door *d = arg;
    while (d->ndirty > 0)
        look_at(d, d->dirty[--d->ndirty]);
}

/* Look at board soon, after the call running now, on the loop. */
static void look_soon(bot_door *d, int64_t board)
{
    for (size_t i = 0; i < d->ndirty; i++)
        if (d->dirty[i] == board)
            return;
    if (d->ndirty == d->capdirty) {
        size_t cap = d->capdirty ? 2 * d->capdirty : 16;
        int64_t *n = realloc(d->dirty, cap * sizeof *n);
        if (!n)
            return; /* the scan finds it */
        d->dirty = n, d->capdirty = cap;
    }
    d->dirty[d->ndirty++] = board;
    event_active(d->soon_ev, 0, 0);
}

static void on_game_changed(void *ctx, srv *s, srv_game *sg, const char *actor)
{
    (void)s, (void)actor;
    bot_door *d = ctx;
    svc_game_info info;
    svc_game_describe(sg, &info);
    if (bot_named(d, info.player[0]) >= 0 || bot_named(d, info.player[1]) >= 0)
        look_soon(d, info.board);
}

/* The answer to a job, on the loop (w: its call's request; when it reads, nothing more now: the
 * call runs again, the board's job still in flight). */
static void play_answer(bot_door *d, const svc_wait *w, bot_job *j)
{
    const char *name = d->cfg.bots[j->bot].name;
    bot_board *bb = board_state(d, j->board);
    svc_status st;
    svc_status_init(&st);
    srv_game *sg = svc_game(d->s, j->board, G_NONE, &st);
    svc_game_info info;
    if (!sg)
        return;
    svc_game_describe(sg, &info);
    if (info.version != j->version) { /* the game moved on meanwhile: think again */
        look_soon(d, j->board);
        return;
    }
    if (j->ok) {
        svc_played played = {0};
        int rc = svc_play(d->s, name, j->board, j->kind, j->move.data, 0, &played, &st);
        int state_only = played.state_only;
        svc_played_free(&played);
        if (rc != 0 && w->reading)
            return;
        if (rc == 0) {
            if (bb)
                bb->failures = 0;
            if (!svc_quiet(d->s))
                svc_log(d->s, "bot %s: board %lld: %s", name, (long long)j->board, j->move.data);
            if (state_only) /* the server rolled: no hook tells of that, and the bot moves next */
                look_soon(d, j->board);
            return;
        }
        svc_log(d->s, "bot %s: board %lld: its move '%s' was refused: %s %s", name, (long long)j->board,
                j->move.data, st.code, st.msg);
    } else {
        svc_log(d->s, "bot %s: board %lld: %s", name, (long long)j->board, j->why.data ? j->why.data : "failed");
    }
    if (bb) {
        double pause = 1.0;
        for (int i = 0; i < bb->failures && pause < RETRY_MAX; i++)
            pause *= 2;
        bb->failures++;
        bb->retry_at = svc_now() + (pause < RETRY_MAX ? pause : RETRY_MAX);
    }
}

static void on_wake(evutil_socket_t fd, short what, void *arg)
{
    (void)what;
    bot_door *d = arg;
    char drain[256];
    while (read(fd, drain, sizeof drain) > 0) {
    }
    for (bot_job *j; (j = bot_pool_take_done(d->pool));)
        call_start(d, j->board, j);
}

/* A closed door is freed by the last answer it waits for. */
static void free_if_done(bot_door *d)
{
    if (d->closed && d->signups == 0 && d->lists == 0)
        free_door(d);
}

typedef struct bot_list {
    bot_door *d;
    int bot;
} bot_list;

/* A bot's active games (read off the loop with PostgreSQL): each looked at. */
static void listed(srv *s, void *ctx, const int64_t *ids, long n, svc_status *st)
{
    bot_list *l = ctx;
    bot_door *d = l->d;
    (void)st;
    d->lists--;
    d->listing[l->bot] = 0;
    for (long i = 0; s && !d->closed && i < n; i++)
        look_at(d, ids[i]);
    free(l);
    free_if_done(d);
}

static void scan(evutil_socket_t fd, short what, void *arg)
{
    (void)fd, (void)what;
    bot_door *d = arg;
    for (int b = 0; b < d->cfg.nbots; b++) {
        bot_list *l = d->ready[b] && !d->listing[b] ? malloc(sizeof *l) : NULL;
        if (!l)
            continue;
        *l = (bot_list){d, b};
        d->lists++;
        d->listing[b] = 1;
        svc_games_list_then(d->s, G_NONE, d->cfg.bots[b].name, SVC_ACTIVE, SCAN_GAMES, listed, l);
    }
}

/* The account is there: open to challenges, and look at its games. */
static void bot_ready(bot_door *d, int b)
{
    svc_status st;
    svc_status_init(&st);
    d->ready[b] = 1;
    if (svc_set_challenges(d->s, d->cfg.bots[b].name, SVC_CHALLENGES_OPEN, &st) != 0)
        svc_log(d->s, "bot %s: challenges stay as they were: %s", d->cfg.bots[b].name, st.msg);
    scan(-1, 0, d);
}

typedef struct signup_wait {
    bot_door *d;
    int bot;
} signup_wait;

static void signed_up(void *ctx, const svc_status *st)
{
    signup_wait *w = ctx;
    w->d->signups--;
    if (w->d->closed)
        free_if_done(w->d);
    else if (st->code)
        svc_log(w->d->s, "bot %s: no account: %s %s", w->d->cfg.bots[w->bot].name, st->code, st->msg);
    else
        bot_ready(w->d, w->bot);
    free(w);
}

static int make_account(bot_door *d, int b, char *err, size_t errcap)
{
    unsigned char raw[24];
    char password[64];
    svc_random(raw, sizeof raw);
    for (size_t i = 0; i < sizeof raw; i++)
        snprintf(password + 2 * i, 3, "%02x", raw[i]);
    signup_wait *w = malloc(sizeof *w);
    if (!w)
        return snprintf(err, errcap, "out of memory"), -1;
    *w = (signup_wait){d, b};
    svc_status st;
    svc_status_init(&st);
    int rc = svc_signup(d->s, d->cfg.bots[b].name, password, NULL, "bot", &st, signed_up, w);
    if (rc == SVC_PENDING) {
        d->signups++;
        return 0;
    }
    free(w);
    if (st.code)
        return snprintf(err, errcap, "bot %s: %s", d->cfg.bots[b].name, st.msg), -1;
    bot_ready(d, b);
    return 0;
}

/* Look the bot's account up (read off the loop with PostgreSQL: the call runs again with it), and
 * make it when there is none.  A failure while the door opens fails the open; after a read, it is
 * logged. */
static void account_once(bot_door *d, const svc_wait *w, int b)
{
    char err[sizeof ((svc_status *)0)->msg + 64];
    if (svc_user_exists(d->s, d->cfg.bots[b].name, d->cfg.bots[b].name))
        bot_ready(d, b);
    else if (!w->reading && make_account(d, b, err, sizeof err) != 0) {
        if (d->open_err) {
            snprintf(d->open_err, d->open_errcap, "%s", err);
            d->open_failed = 1;
        } else {
            svc_log(d->s, "%s", err);
        }
    }
}

static int start_events(bot_door *d)
{
    if (pipe(d->pipe_fd) != 0)
        return -1;
    for (int i = 0; i < 2; i++)
        if (fcntl(d->pipe_fd[i], F_SETFL, O_NONBLOCK) != 0 || fcntl(d->pipe_fd[i], F_SETFD, FD_CLOEXEC) != 0)
            return -1;
    d->wake_ev = event_new(d->base, d->pipe_fd[0], EV_READ | EV_PERSIST, on_wake, d);
    d->scan_ev = event_new(d->base, -1, EV_PERSIST, scan, d);
    d->soon_ev = event_new(d->base, -1, 0, look_at_dirty, d);
    struct timeval every = {SCAN_SECONDS, 0};
    if (!d->wake_ev || !d->scan_ev || !d->soon_ev || event_add(d->wake_ev, NULL) != 0 ||
        event_add(d->scan_ev, &every) != 0)
        return -1;
    return (d->pool = bot_pool_start(&d->cfg, d->pipe_fd[1])) ? 0 : -1;
}

bot_door *bot_door_open(srv *s, struct event_base *base, const bot_config *cfg, char *err, size_t errcap)
{
    bot_door *d = calloc(1, sizeof *d);
    if (!d)
        return snprintf(err, errcap, "out of memory"), NULL;
    d->s = s, d->base = base, d->cfg = *cfg;
    d->pipe_fd[0] = d->pipe_fd[1] = -1;
    if (start_events(d) != 0) {
        snprintf(err, errcap, "bots: cannot start: %s", strerror(errno));
        bot_door_close(d);
        return NULL;
    }
    svc_notifier n = {d, on_game_changed, NULL, NULL, NULL, NULL};
    if (svc_add_notifier(s, &n) != 0) {
        snprintf(err, errcap, "bots: too many doors' hooks");
        bot_door_close(d);
        return NULL;
    }
    d->open_err = err, d->open_errcap = errcap;
    for (int b = 0; b < cfg->nbots && !d->open_failed; b++) {
        bot_call *c = calloc(1, sizeof *c);
        if (!c) {
            snprintf(err, errcap, "out of memory");
            d->open_failed = 1;
            break;
        }
        *c = (bot_call){.d = d, .account = b + 1};
        call_run(c);
    }
    d->open_err = NULL;
    if (d->open_failed) {
        bot_door_close(d);
        return NULL;
    }
    return d;
}

void bot_door_close(bot_door *d)
{
    if (!d)
        return;
    svc_remove_notifier(d->s, d);
    while (d->calls) { /* their reads' answers are not waited for */
        bot_call *c = d->calls;
        d->calls = c->next;
        call_free(d, c);
    }
    bot_pool_stop(d->pool);
    if (d->wake_ev)
        event_free(d->wake_ev);
    if (d->scan_ev)
        event_free(d->scan_ev);
    if (d->soon_ev)
        event_free(d->soon_ev);
    for (int i = 0; i < 2; i++)
        if (d->pipe_fd[i] >= 0)
            close(d->pipe_fd[i]);
    d->pipe_fd[0] = d->pipe_fd[1] = -1;
    d->wake_ev = d->scan_ev = d->soon_ev = NULL;
    d->pool = NULL;
    d->closed = 1;
    free_if_done(d);
}

static void free_door(bot_door *d)
{
    free(d->boards);
    free(d->dirty);
    free(d);
}
