/* bot/bot_int.h - the bots' door inside: jobs, the workers that think them, the door's state. */
#ifndef LUDEX_BOT_INT_H
#define LUDEX_BOT_INT_H

#include <pthread.h>

#include "bot/bot.h"
#include "bot/engine_proc.h"

/* One question for an engine: the move `bot` makes on `board` now. */
typedef struct bot_job {
    workq_job wq;             /* on the workers' queue */
    int bot;                  /* index in the door's bots */
    int64_t board;
    proto_game kind;
    size_t nmoves;            /* moves on the board when asked */
    uint64_t version;         /* the game's version when asked */
    char colour;              /* 'b' or 'w': how the bot's moves are written now */
    lx_buf record;            /* the game's record (crossword: its position, CGP) as the bot's seat may see it */
    int dice[2];              /* backgammon: rolled and not played, 0 0 when none */
    unsigned actions;         /* SVC_ACT_* the bot may do now */
    int noswap;               /* Hex, Twixt: a game without the swap (its engine's rules say so) */
    /* the answer */
    int ok;
    lx_buf move;              /* text for svc_play */
    lx_buf why;               /* when not ok */
} bot_job;

void bot_job_free(bot_job *j);

/* What a worker keeps between jobs: one engine process per bot, and the rules it runs. */
typedef struct bot_engines {
    engine_proc proc[BOT_MAX];
    char rules[BOT_MAX][64];
} bot_engines;

/* Think one job through (a worker thread): j->ok and j->move, or j->why. */
void bot_think(const bot_config *cfg, bot_engines *e, bot_job *j);
void bot_engines_stop(bot_engines *e);

/* The workers: jobs in, answers out through a pipe the loop watches. */
typedef struct bot_pool bot_pool;
bot_pool *bot_pool_start(const bot_config *cfg, int notify_fd);
void bot_pool_submit(bot_pool *p, bot_job *j);
/* The oldest answered job not taken yet (the caller frees it), or NULL. */
bot_job *bot_pool_take_done(bot_pool *p);
void bot_pool_stop(bot_pool *p);

#endif
