/* bot/bot.h - the bots' door of ludexd: accounts that play.
 *
 * `ludexd --bot hexbot=hex:1` makes a player named hexbot (its account made
 * when missing, with a random password no one knows, and its challenges set
 * open) that answers every game where it is to move.  It is one more caller
 * of the service, as a door is: it is told of changes by the service's hooks,
 * reads the game's record, and plays through svc_play like anyone else.
 *
 * The thinking is done by an engine program in a child process (`ludex
 * engine GAME`, spoken to in HTP), from worker threads: never on the loop.
 * An engine that crashes, hangs past its time or answers nonsense is killed
 * and started again; the game waits and is tried again a little later, so a
 * failing bot never takes the server down, and its games resume once it
 * works again. */
#ifndef LUDEX_BOT_H
#define LUDEX_BOT_H

#include "service/service.h"

struct event_base;

#define BOT_MAX 8

typedef struct bot_spec {
    char name[SVC_NAME_MAX + 1];
    proto_game kind;
    double seconds;           /* thinking time a move */
    int sim;                  /* crossword: simulate (crossword:sim:SECONDS), not static equity */
} bot_spec;

typedef struct bot_config {
    const char *program;      /* the ludex tool that runs `engine` (its path) */
    bot_spec bots[BOT_MAX];
    int nbots;
    int workers;              /* threads thinking at once (each with its engines) */
} bot_config;

/* "NAME=GAME[:SECONDS]" (hexbot=hex:1.5; SECONDS from 0.01 to 600, default 1),
 * or "NAME=crossword:sim[:SECONDS]" for the simulating crossword player.
 * 0, or -1 with err. */
int bot_spec_parse(const char *arg, bot_spec *out, char *err, size_t errcap);

typedef struct bot_door bot_door;
/* NULL with err when a bot cannot be set up (a name that is not a name, say). */
bot_door *bot_door_open(srv *s, struct event_base *base, const bot_config *cfg, char *err, size_t errcap);
/* Stop thinking (engines killed), forget the jobs.  Before svc_close. */
void bot_door_close(bot_door *d);

#endif
