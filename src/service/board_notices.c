/* service/board_notices.c - what another server's BOARDS notice does to the games held here
 * (the bridge's listen.c reads the notices; this subscribes to them at open).
 *
 * For each board of the notice (its id and its version after the other server's batch): when
 * this server holds it with another version and made none of it itself, the game is read again
 * from the store (at once when someone watches it, so its watchers get the move within a
 * notification's latency; else on its next use).  A game with writes of ours still in flight
 * waits until they are decided (boards_settled): refused, they reload it anyway; committed, it
 * is read again then.  A hidden version (a player's own conditional moves, svc_commit_hidden) only
 * marks the game to be read on its next use, quietly: its watchers are not told.  Notices lost (the listening connection gone): every game held is read
 * again on its next use (boards_all_stale). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service/model.h"

static void stale_one(void *ctx, void *value)
{
    srv *s = ctx;
    srv_game *sg = value;
    if (sg->write_seq <= bridge_of(s)->committed) {
        sg->stale = 1;
        sg->quiet = 0;
    }
}

/* A game changed by another server: fresh now (watched) or on its next use. */
static void board_fresh(srv *s, srv_game *sg)
{
    sg->quiet = 0;
    if (!sg->watchers) {
        sg->stale = 1;
        return;
    }
    if (bridge_of(s)->dbj) { /* read off the loop; applied and told to the watchers when it has come */
        sg->stale = 1;
        games_read(s, sg->id);
        return;
    }
    games_reload(s, sg->id);
    if (!sg->stale && !sg->gone)
        watch_notified(s, sg);
}

static void board_changed(srv *s, long long id, long long version)
{
    if (id <= 0 || (uint32_t)((uint64_t)version >> 32) == model_of(s)->instance)
        return; /* our own change, or not a board */
    char key[24];
    snprintf(key, sizeof key, "%lld", id);
    srv_game *sg = map_get(model_of(s)->games, key);
    if (!sg || sg->version == version)
        return; /* not held, or held as it is */
    if (games_version_hidden(version)) { /* a player's own conditional moves: read on the next use, told to no one */
        if (!sg->stale)
            sg->quiet = 1; /* our writes in flight, if any, are refused and read it again, quietly too */
        if (sg->write_seq <= bridge_of(s)->committed)
            sg->stale = 1;
        return;
    }
    if (sg->write_seq > bridge_of(s)->committed) { /* ours in flight: decide once they are */
        for (size_t i = 0; i < model_of(s)->nlater; i++)
            if (model_of(s)->later[i] == sg->id)
                return;
        if (model_of(s)->nlater < sizeof model_of(s)->later / sizeof model_of(s)->later[0])
            model_of(s)->later[model_of(s)->nlater++] = sg->id;
        else
            sg->stale = 1;
        return;
    }
    board_fresh(s, sg);
}

const char *boards_notice_next(const char *p, long long *id, long long *version, char players[2][STORE_NAME_MAX + 1])
{
    char *end;
    *id = strtoll(p, &end, 10);
    if (end == p)
        return NULL;
    *version = strtoll(end, &end, 10);
    p = end;
    for (int i = 0; i < 2; i++) {
        while (*p == ' ')
            p++;
        size_t n = strcspn(p, " ");
        snprintf(players[i], STORE_NAME_MAX + 1, "%.*s", (int)(n <= STORE_NAME_MAX && !(n == 1 && *p == '-') ? n : 0), p);
        p += n;
    }
    return p;
}

/* "ID VERSION PLAYER1 PLAYER2 ...": every board a batch of another server wrote. */
void boards_changed(srv *s, const char *list)
{
    long long id, version;
    char players[2][STORE_NAME_MAX + 1];
    for (const char *p = list; (p = boards_notice_next(p, &id, &version, players));)
        board_changed(s, id, version);
}

void boards_settled(srv *s)
{
    size_t kept = 0;
    for (size_t i = 0; i < model_of(s)->nlater; i++) {
        char key[24];
        snprintf(key, sizeof key, "%lld", (long long)model_of(s)->later[i]);
        srv_game *sg = map_get(model_of(s)->games, key);
        if (sg && sg->write_seq > bridge_of(s)->committed)
            model_of(s)->later[kept++] = model_of(s)->later[i];
        else if (sg)
            board_fresh(s, sg);
    }
    model_of(s)->nlater = kept;
}

void boards_all_stale(srv *s) { map_each(model_of(s)->games, stale_one, s); }
