/* service/presence.c - who is connected, for "mail me when it is my turn
 * and I am not there".
 *
 * The line door counts a user present while a connection is logged in as
 * them; the HTTP door while a live-update stream of theirs is open, and for
 * a while after any request of theirs (a page that polls is a player who is
 * there).  Nothing is stored: after a restart nobody is present until they
 * come back; so a user present is never dropped from memory (user_cache.c), and one not held is
 * not present. */
#include "service/model.h"

void svc_presence_add(srv *s, const char *user)
{
    srv_user *u = users_find(s, user);
    if (u)
        u->present++;
}

void svc_presence_remove(srv *s, const char *user)
{
    srv_user *u = users_find(s, user);
    if (u && u->present > 0)
        u->present--;
}

void svc_presence_touch(srv *s, const char *user)
{
    srv_user *u = users_find(s, user);
    if (u)
        u->last_seen = srv_now();
}

int svc_user_present(srv *s, const char *user)
{
    srv_user *u = user_name_valid(user) ? map_get(model_of(s)->users, user) : NULL; /* one present is held */
    return u && users_present(u);
}
