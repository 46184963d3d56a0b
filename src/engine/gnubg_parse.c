/* engine/gnubg_parse.c - reading what GNU Backgammon prints (see gnubg_int.h).
 *
 * Only the lines we need are read; everything else gnubg prints (boards,
 * notices) is passed over.  The forms, as gnubg 1.07 prints them:
 *   "    1. Cubeful 2-ply    24/22 13/8                   Eq.: +0.003"
 *   "2. Double, pass        +1.000  (+0.997)"
 *   "Proper cube action: No double, beaver (25.5%)"
 * Nothing here trusts the text: a play read from it is still matched
 * against ludex's legal plays and checked by ludex's rules (gnubg.c). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "engine/gnubg_int.h"

/* The next line of `s` into [*start, *end); NULL after the last. */
static const char *next_line(const char *s, const char **start, const char **end)
{
    if (!s || !*s)
        return NULL;
    const char *nl = strchr(s, '\n');
    *start = s;
    *end = nl ? nl : s + strlen(s);
    while (*end > *start && ((*end)[-1] == '\r' || (*end)[-1] == ' '))
        (*end)--;
    return nl ? nl + 1 : s + strlen(s);
}

static const char *find_in(const char *a, const char *b, const char *what)
{
    size_t n = strlen(what);
    for (const char *p = a; p + n <= b; p++)
        if (memcmp(p, what, n) == 0)
            return p;
    return NULL;
}

static int read_number(const char *p, const char *end, double *v)
{
    while (p < end && *p == ' ')
        p++;
    char tmp[32];
    size_t n = 0;
    while (p < end && n + 1 < sizeof tmp && (isdigit((unsigned char)*p) || *p == '+' || *p == '-' || *p == '.'))
        tmp[n++] = *p++;
    tmp[n] = '\0';
    char *stop;
    *v = strtod(tmp, &stop);
    return n > 0 && *stop == '\0' && stop != tmp ? 0 : -1;
}

/* "   12. " at the start of a line: the text after it, else NULL. */
static const char *after_rank(const char *a, const char *b)
{
    while (a < b && *a == ' ')
        a++;
    const char *d = a;
    while (a < b && isdigit((unsigned char)*a))
        a++;
    if (a == d || a >= b || *a != '.')
        return NULL;
    return a + 1;
}

static int play_line(const char *a, const char *b, gnubg_hint_play *out)
{
    const char *p = after_rank(a, b);
    const char *eq = p ? find_in(p, b, "Eq.:") : NULL;
    if (!eq || read_number(eq + 4, b, &out->equity) != 0)
        return -1;
    size_t n = 0;
    while (p < eq) {
        while (p < eq && *p == ' ')
            p++;
        const char *t = p;
        while (p < eq && *p != ' ')
            p++;
        if (p > t && memchr(t, '/', (size_t)(p - t))) {
            size_t len = (size_t)(p - t);
            if (n + len + 2 > sizeof out->notation)
                return -1;
            if (n)
                out->notation[n++] = ' ';
            memcpy(out->notation + n, t, len);
            n += len;
        }
    }
    out->notation[n] = '\0';
    return n ? 0 : -1;
}

size_t gnubg_parse_plays(const char *reply, gnubg_hint_play *out, size_t cap)
{
    size_t n = 0;
    const char *a, *b, *s = reply;
    while (n < cap && (s = next_line(s, &a, &b)) != NULL)
        if (play_line(a, b, &out[n]) == 0)
            n++;
    return n;
}

/* "N. LABEL   +0.123 ..." with the label wanted. */
static int cube_line(const char *a, const char *b, const char *label, double *v)
{
    const char *p = after_rank(a, b);
    if (!p)
        return -1;
    while (p < b && *p == ' ')
        p++;
    size_t n = strlen(label);
    if ((size_t)(b - p) <= n || memcmp(p, label, n) != 0 || p[n] != ' ')
        return -1;
    return read_number(p + n, b, v);
}

int gnubg_parse_cube(const char *reply, gnubg_cube_analysis *out)
{
    memset(out, 0, sizeof *out);
    int have = 0;
    const char *a, *b, *s = reply;
    while ((s = next_line(s, &a, &b)) != NULL) {
        double v;
        if (cube_line(a, b, "No double", &v) == 0 || cube_line(a, b, "No redouble", &v) == 0)
            out->no_double = v, have |= 1;
        else if (cube_line(a, b, "Double, take", &v) == 0 || cube_line(a, b, "Redouble, take", &v) == 0)
            out->double_take = v, have |= 2;
        else if (cube_line(a, b, "Double, pass", &v) == 0 || cube_line(a, b, "Redouble, pass", &v) == 0)
            out->double_pass = v, have |= 4;
        else {
            const char *pc = find_in(a, b, "Proper cube action:");
            if (pc) {
                pc += strlen("Proper cube action:");
                while (pc < b && *pc == ' ')
                    pc++;
                const char *stop = find_in(pc, b, " (");
                size_t len = (size_t)((stop ? stop : b) - pc);
                if (len >= sizeof out->proper)
                    len = sizeof out->proper - 1;
                memcpy(out->proper, pc, len);
                out->proper[len] = '\0';
                have |= len ? 8 : 0;
            }
        }
    }
    return have == 15 ? 0 : -1;
}

int gnubg_cube_should_double(const gnubg_cube_analysis *c)
{
    /* "Double, ...", "Redouble, ...", "Optional double, ..." double; "No double", "Too good to double",
       "Never double" do not */
    return strncmp(c->proper, "Double", 6) == 0 || strncmp(c->proper, "Redouble", 8) == 0 ||
           strncmp(c->proper, "Optional", 8) == 0;
}

int gnubg_cube_answer(const gnubg_cube_analysis *c)
{
    const char *comma = strrchr(c->proper, ',');
    const char *w = comma ? comma + 1 : c->proper;
    if (strstr(w, "beaver"))
        return 2;
    if (strstr(w, "pass") || strstr(w, "drop"))
        return 0;
    return 1;
}

/* ---- notation ------------------------------------------------------------------------------ */

/* One point of the notation: "bar" 25, "off" 0, "1".."24"; *hit for a '*'. */
static int read_point(const char **s, int *point, int *hit)
{
    const char *p = *s;
    if (strncmp(p, "bar", 3) == 0) {
        *point = LX_BGAMMON_BAR;
        p += 3;
    } else if (strncmp(p, "off", 3) == 0) {
        *point = LX_BGAMMON_OFF;
        p += 3;
    } else {
        int v = 0, digits = 0;
        while (isdigit((unsigned char)*p) && digits < 3)
            v = v * 10 + (*p++ - '0'), digits++;
        if (!digits || v < 1 || v > 24)
            return -1;
        *point = v;
    }
    *hit = *p == '*';
    if (*hit)
        p++;
    *s = p;
    return 0;
}

/* Send a lone checker of the other colour on `who`'s point to the bar. */
static void hit_at(lx_bgammon_board *b, lx_colour who, int point)
{
    lx_colour o = who == LX_BLACK ? LX_WHITE : LX_BLACK;
    if (point >= 1 && point <= 24 && b->checkers[o][25 - point] == 1) {
        b->checkers[o][25 - point] = 0;
        b->checkers[o][LX_BGAMMON_BAR]++;
    }
}

static int move_checker(lx_bgammon_board *b, lx_colour who, const int *pts, const int *hits, int n)
{
    if (b->checkers[who][pts[0]] == 0)
        return -1;
    for (int i = 1; i < n; i++) {
        if (pts[i] >= pts[i - 1] || (i < n - 1 && pts[i] == LX_BGAMMON_OFF))
            return -1;
        if (hits[i] || i == n - 1)
            hit_at(b, who, pts[i]);
    }
    b->checkers[who][pts[0]]--;
    b->checkers[who][pts[n - 1]]++;
    return 0;
}

/* One token: points joined by slashes, a star after a hit, "(2)" for two checkers. */
static int apply_token(lx_bgammon_board *b, lx_colour who, const char **s)
{
    int pts[8], hits[8], n = 0, times = 1;
    const char *p = *s;
    for (;;) {
        if (n == 8 || read_point(&p, &pts[n], &hits[n]) != 0)
            return -1;
        n++;
        if (*p != '/')
            break;
        p++;
    }
    if (*p == '(') {
        p++;
        if (*p < '1' || *p > '4' || p[1] != ')')
            return -1;
        times = *p - '0';
        p += 2;
    }
    if (n < 2 || (*p && *p != ' '))
        return -1;
    for (int t = 0; t < times; t++)
        if (move_checker(b, who, pts, hits, n) != 0)
            return -1;
    *s = p;
    return 0;
}

int gnubg_apply_notation(lx_bgammon_board *b, lx_colour who, const char *notation)
{
    const char *p = notation;
    int tokens = 0;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        if (++tokens > 4 || apply_token(b, who, &p) != 0)
            return -1;
    }
    return tokens ? 0 : -1;
}
