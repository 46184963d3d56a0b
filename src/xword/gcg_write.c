/* gcg_write.c - a GCG record written back in canonical form.
 *
 * UTF-8 with "#character-encoding UTF-8" first, then #player1 and #player2,
 * the other pragmas in the order read (#rack1/#rack2 last, as they describe
 * the end), notes after the event they follow ("#note" on each line of a
 * note), and one line per event: ">nick: RACK WHAT +SCORE TOTAL" with plays
 * as "8D WORD", tiles played through as ".", blanks in lower case and tiles
 * of several characters in brackets. */
#include <string.h>
#include <strings.h>

#include "xword/gcg_impl.h"

static int write_note(const char *note, lx_buf *out)
{
    int rc = 0;
    while (note && !rc) {
        const char *nl = strchr(note, '\n');
        size_t n = nl ? (size_t)(nl - note) : strlen(note);
        rc = lx_buf_printf(out, "#note %.*s\n", (int)n, note);
        note = nl ? nl + 1 : NULL;
    }
    return rc;
}

static int write_tiles(const lx_xw_gcg *g, const uint8_t *t, size_t n, lx_buf *out)
{
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++)
        rc = xw_dist_append_label(g->dist, t[i], 1, out);
    return rc;
}

static int write_what(const lx_xw_gcg *g, const lx_xw_event *e, lx_buf *out)
{
    switch (e->kind) {
    case LX_XW_EV_PLAY:
    case LX_XW_EV_EXCHANGE:
    case LX_XW_EV_PASS: return lx_xw_move_write(g->dist, &e->move, 0, out);
    case LX_XW_EV_WITHDRAWN: return lx_buf_append_str(out, "--");
    case LX_XW_EV_CHALLENGE_BONUS: return lx_buf_append_str(out, "(challenge)");
    case LX_XW_EV_TIME_PENALTY: return lx_buf_append_str(out, "(time)");
    default:
        return lx_buf_append_char(out, '(') || write_tiles(g, e->move.tiles, (size_t)e->move.len, out) ||
               lx_buf_append_char(out, ')');
    }
}

static int write_event(const lx_xw_gcg *g, const lx_xw_event *e, lx_buf *out)
{
    const char *nick = lx_xw_gcg_nick(g, e->player);
    int rc = lx_buf_printf(out, ">%s: ", nick ? nick : "?");
    if (e->rack && e->kind != LX_XW_EV_END_RACK_BONUS)
        rc = rc || write_tiles(g, e->rack, e->nrack, out) || lx_buf_append_char(out, ' ');
    rc = rc || write_what(g, e, out) || lx_buf_printf(out, " %+ld %ld\n", e->score, e->cumulative);
    return rc || write_note(e->note, out);
}

static int skipped_pragma(const char *name)
{
    static const char *const own[] = {"character-encoding", "player1", "player2", "rack1", "rack2"};
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
        if (strcasecmp(name, own[i]) == 0)
            return 1;
    return 0;
}

static int write_pragmas(const lx_xw_gcg *g, lx_buf *out)
{
    int rc = lx_buf_append_str(out, "#character-encoding UTF-8\n");
    for (int i = 0; i < 2 && !rc; i++) {
        const char *nick = lx_xw_gcg_nick(g, i), *name = lx_xw_gcg_player_name(g, i);
        if (nick)
            rc = lx_buf_printf(out, "#player%d %s %s\n", i + 1, nick, name && *name ? name : nick);
    }
    for (size_t i = 0; i < g->npragmas && !rc; i++) {
        const char *name = g->pool.data + g->pragmas[i].name_at - 1;
        if (!skipped_pragma(name))
            rc = lx_buf_printf(out, "#%s %s\n", name, g->pool.data + g->pragmas[i].value_at - 1);
    }
    return rc || write_note(g->pre_note_at ? g->pool.data + g->pre_note_at - 1 : NULL, out);
}

int lx_xw_gcg_write(const lx_xw_gcg *g, lx_buf *out)
{
    int rc = write_pragmas(g, out);
    for (size_t i = 0; i < g->nev && !rc; i++)
        rc = write_event(g, &g->ev[i].pub, out);
    for (int i = 0; i < 2 && !rc; i++)
        if (g->has_final_rack[i])
            rc = lx_buf_printf(out, "#rack%d ", i + 1) ||
                 write_tiles(g, (const uint8_t *)g->tiles.data + g->final_rack_at[i], g->final_rack_len[i], out) ||
                 lx_buf_append_char(out, '\n');
    return rc ? -1 : 0;
}
