/* service/rules_util.c - options text and SGF record building shared by the rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ludex/version.h"
#include "service/rules_util.h"

int opt_get(const char *canon, const char *key, char *out, size_t cap)
{
    size_t kl = strlen(key);
    for (const char *p = canon; *p;) {
        const char *end = strchr(p, ' ');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len > kl && strncmp(p, key, kl) == 0 && p[kl] == '=') {
            snprintf(out, cap, "%.*s", (int)(len - kl - 1), p + kl + 1);
            return 1;
        }
        p += len;
        while (*p == ' ')
            p++;
    }
    return 0;
}

long opt_long(const char *canon, const char *key, long dflt)
{
    char v[32];
    return opt_get(canon, key, v, sizeof v) ? strtol(v, NULL, 10) : dflt;
}

int opt_split(const char *arg, char *name, size_t ncap, char *value, size_t vcap)
{
    if (arg[0] != '-' || !arg[1])
        return -1;
    const char *eq = strchr(arg, '=');
    size_t nl = eq ? (size_t)(eq - arg - 1) : strlen(arg + 1);
    if (nl == 0 || nl >= ncap)
        return -1;
    for (size_t i = 0; i < nl; i++)
        name[i] = (char)(arg[1 + i] >= 'A' && arg[1 + i] <= 'Z' ? arg[1 + i] + 32 : arg[1 + i]);
    name[nl] = 0;
    snprintf(value, vcap, "%s", eq ? eq + 1 : "");
    return 0;
}

static int read_int(const char **p, long *v)
{
    char *end;
    if (**p < '0' || **p > '9')
        return -1;
    *v = strtol(*p, &end, 10);
    *p = end;
    return *v > 0 && *v < 100000 ? 0 : -1;
}

int opt_size(const char *v, long *cols, long *rows)
{
    const char *p = v;
    if (read_int(&p, cols) != 0)
        return -1;
    *rows = *cols;
    if (*p == 'x' || *p == 'X' || *p == ':') {
        p++;
        if (read_int(&p, rows) != 0)
            return -1;
    }
    return *p ? -1 : 0;
}

int record_text(lx_sgf_tree *t, lx_sgf_node n, const char *id, const char *text)
{
    lx_sgf_prop p = lx_sgf_add_prop(t, n, id);
    return p == LX_SGF_NIL ? -1 : lx_sgf_add_text_value(t, p, text, strlen(text));
}

int record_sides_swapped(lx_sgf_tree *t, const char *first_prop, const char *first, const char *second_prop,
                         const char *second)
{
    const char *ids[2] = {first_prop, second_prop};
    for (int i = 0; i < 2; i++) {
        lx_sgf_prop p = lx_sgf_find_prop(t, 0, ids[i]);
        if (p != LX_SGF_NIL)
            lx_sgf_remove_prop(t, p);
    }
    return record_text(t, 0, first_prop, second) || record_text(t, 0, second_prop, first) ? -1 : 0;
}

lx_sgf_tree *record_root(int gm, const char *first_prop, const char *first, const char *second_prop,
                         const char *second)
{
    lx_sgf_tree *t = lx_sgf_tree_new();
    char num[16];
    if (!t)
        return NULL;
    lx_sgf_node r = lx_sgf_add_node(t, LX_SGF_NIL);
    snprintf(num, sizeof num, "%d", gm);
    if (r == LX_SGF_NIL || record_text(t, r, "FF", "4") || record_text(t, r, "GM", num) ||
        record_text(t, r, "CA", "UTF-8") || record_text(t, r, "AP", "ludexd:" LX_VERSION_STRING) ||
        record_text(t, r, first_prop, first) || record_text(t, r, second_prop, second)) {
        lx_sgf_tree_free(t);
        return NULL;
    }
    return t;
}

int record_event_of(const char *options, char event[80], char round[16])
{
    event[0] = round[0] = 0;
    if (!opt_get(options, "event", event, 80))
        return 0;
    for (char *p = event; *p; p++)
        if (*p == '_')
            *p = ' ';
    if (!opt_get(options, "round", round, 16))
        round[0] = 0;
    return 1;
}

int record_event(lx_sgf_tree *t, const char *options)
{
    char event[80], round[16];
    if (!t || !record_event_of(options, event, round))
        return 0;
    if (record_text(t, 0, "EV", event) != 0)
        return -1;
    return round[0] ? record_text(t, 0, "RO", round) : 0;
}

int record_comment(lx_sgf_tree *t, lx_sgf_node n, const srv_move *mv, const char *note)
{
    if (!mv->comment)
        return note ? record_text(t, n, "C", note) : 0;
    if (!note)
        return record_text(t, n, "C", mv->comment);
    lx_buf both = LX_BUF_INIT;
    int rc = lx_buf_printf(&both, "%s\n%s", note, mv->comment) != 0 ? -1 : record_text(t, n, "C", both.data);
    lx_buf_free(&both);
    return rc;
}

int record_move(lx_sgf_tree *t, lx_sgf_node n, lx_colour who, const char *value)
{
    lx_buf esc = LX_BUF_INIT;
    lx_sgf_prop p = lx_sgf_find_prop(t, n, who == LX_WHITE ? "W" : "B");
    if (p == LX_SGF_NIL)
        p = lx_sgf_add_prop(t, n, who == LX_WHITE ? "W" : "B");
    int rc = p == LX_SGF_NIL || lx_sgf_escape(value, strlen(value), 0, &esc) != 0 ? -1
             : lx_sgf_add_value(t, p, esc.data ? esc.data : "", esc.len);
    lx_buf_free(&esc);
    return rc;
}

int record_write(lx_sgf_tree *t, const lx_game_module *m, lx_buf *out)
{
    lx_sgf_write_options wo;
    lx_game_write_options(m, &wo);
    int rc = lx_sgf_write_tree(t, &wo, out);
    lx_sgf_tree_free(t);
    return rc;
}

unsigned swap_game_actions(int noswap, size_t nmoves)
{
    return SVC_ACT_MOVE | SVC_ACT_RESIGN | (nmoves == 1 && !noswap ? SVC_ACT_SWAP : 0);
}

int svc_game_noswap(const srv_game *sg)
{
    return !opt_long(sg->options, "swap", 1);
}

const char *rules_no_state(const void *g)
{
    (void)g;
    return "";
}

int rules_no_restore(void *g, const char *state)
{
    (void)g;
    return state[0] ? -1 : 0;
}

int rules_no_between_turns(void *g)
{
    (void)g;
    return 0;
}
