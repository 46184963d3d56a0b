/* service/game_cache.c - the games held in memory as a cache of the store, with a budget.
 *
 * Every game in the map is on one list, most recently used first; a use moves it to the front
 * and counts its estimated bytes again (a game grows with its moves between uses, so the sum
 * may lag by the moves made since each game's last use).  When the games held cost more than
 * the budget, the least recently used game nothing pins is the victim; games.c drops it from
 * the map, and its next use reads it from the store again (off the loop when a request can run
 * again, as a board another server changed is read), so no answer changes.
 *
 * Pinned, never dropped: a watched game (its watchers are nodes on the game), a game with a
 * write not yet committed (memory is then ahead of the store), a challenge or an offer
 * waiting for its answer, the play in progress (guard), and a board read for a request that
 * will run again (its next run takes the board as the read left it).  Clocks need no pin: the
 * sweep finds due games in the store's index and reads those memory lacks.  A pinned game met
 * at the end of the list goes to the front (a second chance), so each pass looks at a pinned
 * game once.  This file decides nothing else: it frees nothing, and is never called where a
 * call holds a game (games_trim runs from the loop's wake-up and the sweep only). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "service/model.h"

/* Measured with glibc's mallinfo2 around reading 200 games of a kind (doc/server-design.md, "The
 * games cache"): what the rules' live game costs before its first move, by kind (a 24x24 Twixt
 * board with its links, an 11x11 Hex board, a backgammon position, a crossword board with its
 * racks and bag), and what each stored move adds beyond its srv_move slot (the text's
 * allocation, the rules' own history).  Measured whole: Hex 11x11 2.0 KB, 6.9 KB after 40
 * moves; Twixt 9.1 KB, 11.5 KB after 20; backgammon 0.9 KB; crossword 4.8 KB. */
#define LIVE_TWIXT 8704
#define LIVE_HEX 1536
#define LIVE_BACKGAMMON 384
#define LIVE_CROSSWORD 4096
#define PER_MOVE 56
#define PER_ALLOC 16 /* malloc's own header, and the map's entry and key */

static size_t live_bytes(proto_game kind)
{
    switch (kind) {
    case G_TWIXT: return LIVE_TWIXT;
    case G_HEX: return LIVE_HEX;
    case G_BACKGAMMON: return LIVE_BACKGAMMON;
    case G_CROSSWORD: return LIVE_CROSSWORD;
    default: return 0;
    }
}

static size_t estimate(const srv_game *sg)
{
    size_t n = sizeof *sg + 3 * PER_ALLOC + 32 + live_bytes(sg->kind); /* the game, its map entry and key */
    n += sg->cap * sizeof *sg->moves + sg->nmoves * PER_MOVE;
    n += (sg->options ? strlen(sg->options) : 0) + (sg->state_text ? strlen(sg->state_text) : 0) + 2 * PER_ALLOC;
    for (int seat = 0; seat < 2; seat++) /* the players' conditional moves (conditional.h): up to 8 KB each */
        n += sg->conditional[seat] ? strlen(sg->conditional[seat]) + 1 + PER_ALLOC : 0;
    return n;
}

#define GAME_OF(node) ((srv_game *)((char *)(node) - offsetof(srv_game, lru)))

void game_cache_add(srv *s, srv_game *sg)
{
    if (sg->changes < model_of(s)->changes_floor)
        sg->changes = model_of(s)->changes_floor;
    lru_add(&model_of(s)->cache, &sg->lru, estimate(sg));
}

void game_cache_touch(srv *s, srv_game *sg) { lru_touch(&model_of(s)->cache, &sg->lru, estimate(sg)); }

void game_cache_remove(srv *s, srv_game *sg)
{
    lru_remove(&model_of(s)->cache, &sg->lru);
    if (sg->changes + 1 > model_of(s)->changes_floor)
        model_of(s)->changes_floor = sg->changes + 1;
}

static int read_for_a_request(int64_t id, const int64_t *read_boards, size_t nread)
{
    for (size_t i = 0; i < nread; i++)
        if (read_boards[i] == id)
            return 1;
    return 0;
}

static int pinned(srv *s, const srv_game *sg, const int64_t *read_boards, size_t nread)
{
    return sg->watchers || sg->write_seq > bridge_of(s)->committed || sg->waiting || sg->offer[0] ||
           sg == model_of(s)->guard || read_for_a_request(sg->id, read_boards, nread);
}

typedef struct pin_ctx {
    srv *s;
    const int64_t *read_boards;
    size_t nread;
} pin_ctx;

static int pinned_node(void *ctx, const lru_node *n)
{
    const pin_ctx *p = ctx;
    return pinned(p->s, GAME_OF(n), p->read_boards, p->nread);
}

srv_game *game_cache_victim(srv *s, const int64_t *read_boards, size_t nread)
{
    pin_ctx p = {s, read_boards, nread};
    lru_node *n = lru_victim(&model_of(s)->cache, pinned_node, &p);
    return n ? GAME_OF(n) : NULL;
}
