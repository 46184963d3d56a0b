/* service/ops.h - the operations: what a player asks for, each decided once, for every door.
 *
 * Play and what a door reads of a game (svc_game.c), a game's end by time, agreement or void
 * (game_end.c), challenges and seeks (challenge.c), offers (offers.c), messages and comments
 * (messages.c), ratings and standings (ratings.c), accounts, logins and sessions
 * (svc_account.c, session.c, connections.c), vacations (vacation.c), lists of games
 * (game_lists.c) and what the mail door needs (svc_mail.c, mail_reads.c). */
#ifndef LUDEX_SERVICE_OPS_H
#define LUDEX_SERVICE_OPS_H

#include "service/model.h"
#include "service/tournament_plan.h"
#include "store/tournaments.h"

/* u's mail settings into out (1), or 0 when u is NULL. */
int users_mail_of(const srv_user *u, svc_user_mail *out);

/* Call every door's hooks (svc_mail.c). */
void notify_game_changed(srv *s, srv_game *sg, const char *actor);
/* Another server's BOARDS notice (list: "ID VERSION PLAYER1 PLAYER2 ..."): each board it changed
 * told to the notifiers' game_elsewhere (svc_mail.c). */
void notify_boards_elsewhere(srv *s, const char *list);

void notify_reminder(srv *s, srv_game *sg, int seat, long left);
/* A message or chat line was queued in batch wait_seq: the doors' message_sent hooks. */
void notify_message_sent(srv *s, const svc_message *m, uint64_t wait_seq);

/* Another server changed a rating ("INSTANCE CLASS USER [R RD SIGMA GAMES]" of a RATING notice): held
 * with the values the notice carries, else forgotten. */
void ratings_changed(srv *s, const char *args);

/* Another server changed the seeks ("INSTANCE" of a SEEKS notice): read them again, now or once
 * this server's own seek changes have committed (seeks_settle). */
void seeks_changed(srv *s, const char *args);

void seeks_settle(srv *s);

/* For a request that must not run again after it has changed something (a vacation among the
 * web's settings): 0 when the list svc_games_list_request gives for these can be given in this
 * run without waiting, else -1 (BUSY) with it being read off the loop for the request's next run. */
int games_list_ready(srv *s, proto_game kind, const char *user, svc_filter filter, size_t cap, svc_status *st);

/* Before a change of sg that cannot run again once made (a move, a takeback, a rematch): its
 * players (whom a clock's vacation and a challenge's consent look up) when `users`, and their
 * ratings when `rated` (a game's end), held; or read off the loop for the request running now,
 * which runs again once they have come (1: the call changes nothing). */
int players_later(srv *s, const srv_game *sg, int users, int rated);

/* The game ends with a result the rules did not make ("B+Time", "0" agreed, "Void"): stored,
 * rated, told, in one batch. 0 or -1. */
int clock_end_game(srv *s, srv_game *sg, const char *result, svc_status *st);

/* The seat to move has lost on time: the game ends, once. 0 or -1. */
int clock_time_out(srv *s, srv_game *sg, svc_status *st);

void seeks_load(srv *s);   /* at start: read at once */

void seeks_reload(srv *s); /* read again: on the store thread if there is one, else at once */

void seeks_free_all(srv *s);

/* A pending challenge whose time is up: void. */
void challenge_expire(srv *s, srv_game *sg);

/* The challenge on sg waiting for actor: begun (its clock starts), or declined (void). */
int challenge_accept(srv *s, const char *actor, srv_game *sg, svc_status *st);

int challenge_decline(srv *s, srv_game *sg, svc_status *st);

#define CHALLENGE_DAYS 14

/* A challenge's words into canonical options: the rules' own, then the service's (rated=, the
 * clock, publicchat=).  0, or -1 with st (challenge.c; a tournament's games' options too). */
int challenge_options(const srv_rules *r, int argc, char *const *argv, lx_buf *canon, svc_status *st);

/* Once a second (the life layer's sweep): tournaments that start at a date, rounds due to be
 * paired (one whose last game has ended here, on another server, or on one that died) and
 * tournaments that are over, each settled by the store (tournament_rounds.c). */
void tournaments_sweep(srv *s);

/* A game's end is an event (published by game_end.c and svc_game.c through ops' game_ended,
 * which life points here at open): a tournament game's board and the batch holding its end are
 * noted, and once that batch has committed (tournaments_committed, which life calls with each
 * batch decided) its tournament is looked at on the store thread at once, its next round paired
 * when the store says the round is over (tournament_rounds.c). */
void tournaments_game_ended(srv *s, const srv_game *sg, uint64_t batch);
void tournaments_committed(srv *s, uint64_t committed);
void tournaments_free(srv *s); /* at close */
/* A tournament just started (tournaments.c): its first round (every round, -rounds=together)
 * paired now rather than at the next sweep. */
void tournament_look(srv *s, int64_t id);
/* sg has just ended (its end queued in batch sg->write_seq): told to whoever subscribed. */
void game_end_publish(srv *s, const srv_game *sg);

/* The plan's view (tournament_plan.h) of a tournament's pairings p (np) among its entrants e (ne):
 * each game's round, players, and whether it has ended with what score; a game memory does not
 * hold is read (off the loop with a store thread: *complete 0 until it has come).  0, or -1 when a
 * pairing names no entrant. */
int tournament_plan_games(srv *s, const store_entrant *e, long ne, const store_pairing *p, long np, tplan_game *out,
                          int *complete);
/* The plan's input for t (games left for the caller); withdrawn holds ne flags.  0, or -1. */
int tournament_input(const store_tournament *t, const store_entrant *e, long ne, int *withdrawn, tplan_input *in);
/* On the store thread: t's entrants e (n, in joining order) into seed order, the best rating in
 * the class of t's games first (a newcomer's 1500), equals in the order they joined. */
void tournament_seed(store *st, const store_tournament *t, store_entrant *e, long n);
/* Room enough for every pairing of t with nentrants entrants. */
size_t tournament_pairings_cap(const store_tournament *t, long nentrants);

/* The store's message rows as the doors are handed them (messages.c; mail_reads.c too). */
void messages_to_doors(svc_message *out, const store_message *rows, long n);

/* The rating class of a game ("hex-small", "backgammon-long", "twixt" ...). */
const char *ratings_class(const srv_game *sg);

/* sg has just ended: both players' new ratings queued (the caller holds the batch). 0 or -1. */
int ratings_game_over(srv *s, srv_game *sg, svc_status *st);

/* Before a move of the request running now on rated game sg: both players' ratings not held are
 * read off the loop so that a game's end finds them in memory (1: the request runs again once
 * they have come); 0 held, or no store thread or request that can run again. */
int ratings_for_move(srv *s, const srv_game *sg);

/* The ratings sg's end will need, when memory lacks them and there is a store thread: read
 * there, then(s, sg->id) on the loop when they have come (1); else 0 (read at the end). */
int ratings_read_then(srv *s, const srv_game *sg, void (*then)(srv *s, int64_t id));

/* Forget a rating held in memory (its change was refused): the store's is the truth again. */
void ratings_forget(srv *s, const char *user, const char *cls);

/* The rating rows held, a cache of the store with a budget (rating_cache.c), by key "class|user"
 * (rating_key): get looks without using, use counts a hit and makes the row the most recent, put
 * holds a copy of row under key (not held yet; NULL out of memory), drop and clear forget one or
 * all, written marks the batch of a row's change (pinned until it commits), and ratings_trim drops
 * the least recently used rows nothing pins until they fit their budget (never inside a call). */
void rating_key(const char *user, const char *cls, char *key, size_t cap);

store_rating *rating_cache_get(srv *s, const char *key);

store_rating *rating_cache_use(srv *s, const char *key);

store_rating *rating_cache_put(srv *s, const char *key, const store_rating *row);

void rating_cache_drop(srv *s, const char *key);

void rating_cache_clear(srv *s);

void rating_cache_written(store_rating *r, uint64_t seq);

void ratings_trim(srv *s);

/* A game end's rating write refused because another server changed the row first: computed
 * again from the store's row (read on the store thread when there is one, the rating forgotten
 * meanwhile), against the same opponent and score, and written again. */
void ratings_again(srv *s, const store_op *refused);


/* This layer's part of struct srv (life.h), after the part below. */
typedef struct srv_ops {
    srv_model model; /* first: a srv * is a srv_model * too */
    hashpool *hp;
    struct claim_job *outbox_claim; /* the outbox's claim on the store thread (svc_mail.c), or NULL */
    cred_cache *creds;
    rate_limit *fail_pair, *fail_user, *fail_addr; /* failed logins by (address, user), user, address */
    rate_limit *signups;     /* accounts made per address; NULL: no limit */
    rate_limit *challenges;  /* games started per user; NULL: no limit */
    char no_user_hash[160];  /* a hash of no password at pw_ops/pw_mem: what a login for no user is verified against */
    int min_password;        /* bytes a new password holds at least */
    int failed;              /* a commit failed with the store's state unknown: the loop was stopped */
    srv_map *conn_counts;    /* open connections by address (connections.c) */
    svc_notifier notifiers[SVC_MAX_NOTIFIERS]; /* doors' hooks (svc_mail.c) */
    int nnotifiers;
    srv_map *ratings;        /* ratings held, by "class|user" (ratings.c, rating_cache.c) */
    lru_list rating_cache;   /* the ratings held, by last use, and their budget (rating_cache.c) */
    char ratings_later[16][80]; /* ratings other servers changed while ours were in flight (ratings.c) */
    int nratings_later;       /* how many; -1: too many, forget them all */
    int seeks_later;          /* another server changed the seeks: read them again (challenge.c) */
    int seeks_reading;        /* a read of the seeks is on the store thread */
    int mail_read_hold;      /* svc_config's (mail_reads.c) */
    int default_challenges;  /* STORE_CHALLENGES_* for users who never chose */
    struct srv_seek *seeks;  /* open seeks, oldest first (challenge.c) */
    int max_per_address;
    rate_limit *messages;    /* messages and chat lines sent per user a minute (messages.c) */
    unsigned long message_reads;     /* messages and chat read off the loop likewise */
    unsigned long list_reads;        /* lists of a user's games read off the loop likewise */
    unsigned long standings_reads;   /* standings (a game's classes together) read off the loop likewise */
    unsigned long mail_reads;        /* a board mail's chat lines and players read off the loop likewise */
    unsigned long rating_reads;      /* and ratings */
    unsigned long end_rating_reads;  /* ratings a game's end read on the loop (not held) */
    unsigned long ratings_redone;    /* ratings computed again after a lost race (ratings_again) */
    unsigned long rating_changes;    /* other servers' rating notices so far (ratings.c) */
    int tournaments_sweeping;        /* a tournaments' sweep read is on the store thread (tournament_rounds.c) */
    int64_t tournaments_swept;       /* when the last began */
    int64_t tournaments_cursor;      /* the last running tournament it read (the next reads those after) */
    int tournaments_every;           /* seconds between two sweeps (svc_config's; 1 by default) */
    int tournaments_pair_hold;       /* svc_config's tournament_pair_hold (a testing aid) */
    void (*game_ended)(srv *s, const srv_game *sg, uint64_t batch); /* a game ended (game_end_publish) */
    struct ended_game *ended;        /* tournament games ended, waiting for their batch's commit */
    size_t nended, capended;
} srv_ops;
#define ops_of(s) ((srv_ops *)(s))

#endif
