/* http/api_account.c - POST /api/v1/signup, /login, /logout; GET and POST /api/v1/me.
 *
 * The same accounts, argon2id threads and failed-login limits as the line
 * protocol: these handlers only turn JSON into service calls.  A good
 * signup or login makes a session and answers with its cookie and CSRF
 * token once the session is durable. */
#include <stdio.h>
#include <string.h>

#include "http/http_int.h"

static const json_field credentials[] = {
    {"user", JSON_STRING, 1}, {"password", JSON_STRING, 1}, {"email", JSON_STRING, 0}, {NULL, 0, 0}};

/* The password is right (or the account new): open a session and answer with it. */
static void open_session(http_call *c, const char *user, int status, uint64_t wait_seq)
{
    char token[65], csrf[65];
    svc_status st;
    svc_status_init(&st);
    st.wait_seq = wait_seq;
    if (svc_session_create(c->d->s, user, HTTP_SESSION_SECONDS, token, csrf, &st) != 0) {
        call_fail(c, &st);
        return;
    }
    auth_set_cookie(c, token);
    call_json(c, status, json_pack("{s:s,s:s}", "user", user, "csrf", csrf), st.wait_seq);
}

/* The continuation of signup and login: the account is made, or the password checked. */
static void checked(void *ctx, const svc_status *st)
{
    http_call *c = ctx;
    if (!call_resumed(c))
        return;
    if (st->code)
        call_fail(c, st);
    else
        open_session(c, st->user, c->status, st->wait_seq);
}

void api_signup(http_call *c)
{
    if (auth_check_csrf(c, 0) != 0 || json_body(c, credentials) != 0)
        return;
    svc_status st;
    svc_status_init(&st);
    c->pending++;
    c->status = 201;
    if (svc_signup(c->d->s, json_str(c, "user"), json_str(c, "password"), json_str(c, "email"), c->addr, &st, checked, c) ==
        SVC_PENDING)
        return;
    c->pending--;
    call_fail_as(c, &st, !strcmp(st.code, "BAD_PASSWORD") ? 400 : 0); /* a password that cannot be one */
}

static const json_field login_fields[] = {{"user", JSON_STRING, 1}, {"password", JSON_STRING, 1}, {NULL, 0, 0}};

void api_login(http_call *c)
{
    if (auth_check_csrf(c, 0) != 0 || json_body(c, login_fields) != 0)
        return;
    svc_status st;
    svc_status_init(&st);
    c->pending++;
    int rc = svc_authenticate(c->d->s, json_str(c, "user"), json_str(c, "password"), c->addr, &st, checked, c);
    if (rc == SVC_PENDING)
        return;
    c->pending--;
    if (st.code)
        call_fail(c, &st);
    else
        open_session(c, st.user, 200, 0);
}

void api_logout(http_call *c)
{
    static const json_field none[] = {{NULL, 0, 0}};
    char token[65];
    if (!c->user[0]) {
        call_error(c, "NOT_LOGGED_IN", "not logged in");
        return;
    }
    if (auth_check_csrf(c, 1) != 0 || json_body(c, none) != 0)
        return;
    svc_status st;
    svc_status_init(&st);
    svc_session_end(c->d->s, auth_session_token(c->req, token), &st);
    auth_set_cookie(c, NULL);
    call_json(c, 200, json_pack("{s:b}", "ok", 1), st.wait_seq);
}

static json_t *me_json(http_call *c)
{
    svc_user_mail um;
    if (!svc_user_mail_get(c->d->s, c->user, &um))
        return json_pack("{s:s,s:s}", "user", c->user, "csrf", c->csrf);
    json_t *o = json_pack("{s:s,s:s,s:s?,s:b,s:s,s:i}", "user", c->user, "csrf", c->csrf, "email",
                          um.email[0] ? um.email : NULL, "email_verified", um.verified, "notify",
                          svc_notify_name(um.notify), "display", um.display);
    svc_user_prefs p;
    if (o && svc_user_prefs_get(c->d->s, c->user, &p)) {
        json_object_set_new(o, "challenges", json_string(svc_challenges_name(p.challenges)));
        json_object_set_new(o, "vacation_until", p.vacation_until ? json_integer((json_int_t)p.vacation_until)
                                                                  : json_null());
        json_object_set_new(o, "vacation_days_left", json_integer(p.vacation_left));
    }
    return o;
}

/* Who am I: {"user":null,"csrf":null} for anyone not logged in (a page asks this first, every time). */
void api_me(http_call *c)
{
    if (!c->user[0])
        call_json(c, 200, json_pack("{s:n,s:n}", "user", "csrf"), 0);
    else
        call_json(c, 200, me_json(c), 0);
}

static const json_field me_fields[] = {{"notify", JSON_STRING, 0},     {"email", JSON_STRING, 0},
                                       {"verify", JSON_STRING, 0},     {"challenges", JSON_STRING, 0},
                                       {"vacation", JSON_STRING, 0},   {NULL, 0, 0}};

/* The settings: {"notify":M?, "email":E?, "verify":CODE?, "challenges":C?, "vacation":"DAYS|off"?},
 * each as its line command. */
void api_me_update(http_call *c)
{
    if (!c->user[0]) {
        call_error(c, "NOT_LOGGED_IN", "log in first");
        return;
    }
    if (auth_check_csrf(c, 1) != 0 || json_body(c, me_fields) != 0)
        return;
    svc_status st;
    svc_status_init(&st);
    const char *notify = json_str(c, "notify"), *email = json_str(c, "email"), *code = json_str(c, "verify");
    const char *challenges = json_str(c, "challenges"), *vacation = json_str(c, "vacation");
    int64_t until;
    int left;
    if ((vacation && svc_vacation_ready(c->d->s, c->user, &st) != 0) || /* read first: the others are made once */
        (notify && svc_set_notify(c->d->s, c->user, svc_notify_mode_of(notify), &st) != 0) ||
        (email && svc_set_address(c->d->s, c->user, email, &st) != 0) ||
        (code && svc_verify_address(c->d->s, c->user, code, &st) != 0) ||
        (challenges && svc_set_challenges(c->d->s, c->user, svc_challenges_mode_of(challenges), &st) != 0) ||
        (vacation && svc_vacation(c->d->s, c->user, vacation, &until, &left, &st) != 0)) {
        call_fail(c, &st);
        return;
    }
    call_json(c, 200, me_json(c), st.wait_seq);
}
