/* mail/result_words.c - a game's result said with names: the mails tell "bob wins by resignation
 * (W+R)" where the record writes W+R, as the web page does (web/app.js resultWords).
 *
 * The code names a colour (B, W: the colour each seat plays now, after any swap of sides) or a
 * crossword seat (1, 2); what follows the '+' says how: nothing (a win), R or Resign, T or Time,
 * a number of points (a crossword's margin; backgammon's points, "R" after them when resigned,
 * a dropped double when the last move was "drop").  A backgammon match adds "; match C S-S". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mail/result_words.h"

/* The seat a result's letter names (B, W by the colours played now; 1, 2 by seat), or -1. */
static int seat_named(const svc_game_info *g, char who)
{
    if (who == '1' || who == '2')
        return who - '1';
    for (int i = 0; i < 2; i++)
        if (g->colour[i][0] == who && !g->colour[i][1])
            return i;
    return -1;
}

static const char *points(long n) { return n == 1 ? "point" : "points"; }

/* The last move's text as anyone sees it ("drop" for a dropped double). */
static int last_move_is(const srv_game *sg, const svc_game_info *g, const char *word)
{
    char colour[8];
    int seat;
    lx_buf text = LX_BUF_INIT;
    int is = g->nmoves > 0 && svc_game_move(sg, g->nmoves - 1, -1, colour, &seat, &text) == 0 && text.data &&
             !strcasecmp(text.data, word);
    lx_buf_free(&text);
    return is;
}

/* One game's code ("W+R", "1+37", "B+2R") in words (dropped: the last move dropped a double); 0, or
 * -1 when it is none of these. */
static int game_words(const svc_game_info *g, int dropped, const char *code, size_t len, lx_buf *out)
{
    int seat = len >= 2 && code[1] == '+' ? seat_named(g, code[0]) : -1;
    if (seat < 0)
        return -1;
    const char *name = g->player[seat], *how = code + 2;
    size_t hn = len - 2;
    char *end;
    long n = hn ? strtol(how, &end, 10) : 0;
    int number = hn && end > how, resigned = number && (size_t)(end - how) + 1 == hn && *end == 'R';
    if (hn == 0 || (hn == 1 && how[0] == '0'))
        return lx_buf_printf(out, "%s wins", name), 0;
    if ((hn == 1 && how[0] == 'R') || (hn == 6 && !strncmp(how, "Resign", 6)))
        return lx_buf_printf(out, "%s wins by resignation", name), 0;
    if ((hn == 1 && how[0] == 'T') || (hn == 4 && !strncmp(how, "Time", 4)))
        return lx_buf_printf(out, "%s wins on time", name), 0;
    if (number && (size_t)(end - how) == hn && g->kind == G_CROSSWORD)
        return lx_buf_printf(out, "%s wins by %ld %s", name, n, points(n)), 0;
    if (number && ((size_t)(end - how) == hn || resigned) && dropped)
        return lx_buf_printf(out, "%s wins %ld %s (dropped double)", name, n, points(n)), 0;
    if (resigned)
        return lx_buf_printf(out, "%s wins %ld %s by resignation", name, n, points(n)), 0;
    if (number && (size_t)(end - how) == hn)
        return lx_buf_printf(out, "%s wins %ld %s", name, n, points(n)), 0;
    return lx_buf_printf(out, "%s wins", name), 0;
}

void mail_result_words(const srv_game *sg, const svc_game_info *g, lx_buf *out)
{
    mail_result_words_as(g, g->kind == G_BACKGAMMON && last_move_is(sg, g, "drop"), out);
}

void mail_result_words_as(const svc_game_info *g, int dropped, lx_buf *out)
{
    const char *re = g->result, *match = strstr(re, "; match ");
    size_t len = match ? (size_t)(match - re) : strlen(re);
    if (!strcmp(re, "0")) {
        lx_buf_printf(out, "a draw (0)");
        return;
    }
    if (!strcmp(re, "Void")) {
        lx_buf_printf(out, "no game: the challenge was declined or not answered (Void)");
        return;
    }
    if (game_words(g, dropped, re, len, out) != 0) {
        lx_buf_printf(out, "%s", re);
        return;
    }
    int seat = match && match[8] && match[9] == ' ' ? seat_named(g, match[8]) : -1;
    if (seat >= 0)
        lx_buf_printf(out, "; %s wins the match %s", g->player[seat], match + 10);
    lx_buf_printf(out, " (%s)", re);
}
