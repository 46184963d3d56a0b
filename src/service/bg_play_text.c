/* service/bg_play_text.c - a backgammon play as players type it ("8/5 6/5",
 * "bar/22* 13/9", "6/off", "24/13" for both dice, "6/2(2)") into the die
 * steps the rules engine checks, for the roll the server has rolled. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "service/bg_play_text.h"

static int read_point(const char **s, int *pt)
{
    if (strncasecmp(*s, "bar", 3) == 0) {
        *pt = LX_BGAMMON_BAR;
        *s += 3;
        return 0;
    }
    if (strncasecmp(*s, "off", 3) == 0) {
        *pt = LX_BGAMMON_OFF;
        *s += 3;
        return 0;
    }
    char *end;
    long v = strtol(*s, &end, 10);
    if (end == *s || v < 1 || v > 24)
        return -1;
    *pt = (int)v;
    *s = end;
    return 0;
}

static int add_step(lx_bgammon_play *p, int from, int to)
{
    if (p->nsteps == 4 || from < 1 || from > 25 || to < 0 || to > 24)
        return -1;
    p->step[p->nsteps].from = (uint8_t)from;
    p->step[p->nsteps++].to = (uint8_t)to;
    return 0;
}

/* One hop a -> b as die steps; `swap` picks the other order for a two-dice hop. */
static int hop_steps(const int dice[2], int a, int b, int swap, lx_bgammon_play *p)
{
    int d = a - b, d1 = dice[0], d2 = dice[1];
    if (d <= 0)
        return -1;
    if (d == d1 || d == d2 || (b == 0 && (d1 > d || d2 > d)))
        return add_step(p, a, b);
    if (d1 == d2 && d % d1 == 0) {
        for (int x = a; x > b; x -= d1)
            if (add_step(p, x, x - d1) != 0)
                return -1;
        return 0;
    }
    if (d != d1 + d2)
        return -1;
    int first = swap ? d2 : d1;
    return add_step(p, a, a - first) == 0 && add_step(p, a - first, b) == 0 ? 0 : -1;
}

int bg_text_to_play(const int dice[2], const char *text, int swap, lx_bgammon_play *p)
{
    memset(p, 0, sizeof *p);
    const char *s = text;
    while (*s) {
        while (*s == ' ' || *s == ',')
            s++;
        if (!*s)
            break;
        int pts[8], n = 0, times = 1;
        if (read_point(&s, &pts[n++]) != 0)
            return -1;
        while (*s == '/' && n < 8) {
            s++;
            if (read_point(&s, &pts[n++]) != 0)
                return -1;
            if (*s == '*')
                s++;
        }
        if (*s == '(') {
            times = (int)strtol(s + 1, (char **)&s, 10);
            if (*s++ != ')' || times < 1 || times > 4)
                return -1;
        }
        if (n < 2 || (*s && *s != ' ' && *s != ','))
            return -1;
        for (int t = 0; t < times; t++)
            for (int i = 0; i + 1 < n; i++)
                if (hop_steps(dice, pts[i], pts[i + 1], swap, p) != 0)
                    return -1;
    }
    return 0;
}
