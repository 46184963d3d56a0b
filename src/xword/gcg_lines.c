/* gcg_lines.c - a GCG record line by line: pragmas, notes, and where events go.
 *
 * "#player1 nick Full Name", "#lexicon NWL20", "#rack1 ABC" (a rack known
 * at the end), "#note ..." (a comment on the event before it; lines that
 * follow a note and start with neither '#' nor '>' continue it), and any
 * other "#name value", kept as it is.  Event lines go to gcg_event.c. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "xword/gcg_impl.h"

typedef struct line_reader {
    lx_xw_gcg *g;
    lx_diag_list *diags;
    int in_note;   /* the last line read was a note (or continued one) */
    int oom;
} line_reader;

static void warn(line_reader *r, lx_severity sev, const char *code, size_t at, const char *msg)
{
    if (r->diags)
        lx_diag_add(r->diags, sev, code, at, "%s", msg);
}

static size_t *note_slot(lx_xw_gcg *g)
{
    return g->nev ? &g->ev[g->nev - 1].note_at : &g->pre_note_at;
}

/* Append a line of note text to the note of the last event. */
static void add_note(line_reader *r, const char *s, size_t len, int new_line)
{
    lx_xw_gcg *g = r->g;
    size_t *slot = note_slot(g);
    lx_buf b = LX_BUF_INIT;
    if (*slot)
        r->oom |= lx_buf_append_str(&b, g->pool.data + *slot - 1) || (new_line && lx_buf_append_char(&b, '\n'));
    r->oom |= lx_buf_append(&b, s, len) != 0;
    size_t at = r->oom ? 0 : xw_gcg_store(g, b.data ? b.data : "", b.len);
    r->oom |= at == 0;
    *slot = at;
    lx_buf_free(&b);
}

static int add_pragma(line_reader *r, const char *name, size_t nlen, const char *val, size_t vlen, size_t at)
{
    lx_xw_gcg *g = r->g;
    if (g->npragmas == g->pragmas_cap) {
        size_t cap = g->pragmas_cap ? g->pragmas_cap * 2 : 16;
        xw_pragma *p = realloc(g->pragmas, cap * sizeof *p);
        if (!p)
            return -1;
        g->pragmas = p;
        g->pragmas_cap = cap;
    }
    size_t na = xw_gcg_store(g, name, nlen), va = na ? xw_gcg_store(g, val, vlen) : 0;
    if (!va)
        return -1;
    g->pragmas[g->npragmas++] = (xw_pragma){na, va, at, g->nev};
    return 0;
}

static void read_player(line_reader *r, int who, const char *val, size_t vlen, size_t at)
{
    lx_xw_gcg *g = r->g;
    size_t k = 0;
    while (k < vlen && val[k] != ' ' && val[k] != '\t')
        k++;
    int printable = 1;
    for (size_t i = 0; i < k; i++)
        printable &= (unsigned char)val[i] > ' ' && val[i] != 0x7F;
    if (k == 0 || !printable) {
        warn(r, LX_ERROR, "PRAGMA_SYNTAX", at, "#player1 and #player2 give the player's nickname (no control "
             "characters), then the name");
        return;
    }
    if (g->nick_at[who]) {
        warn(r, LX_ERROR, "PRAGMA_REPEATED", at, "this player is named twice; the first is kept");
        return;
    }
    size_t n = k;
    while (n < vlen && (val[n] == ' ' || val[n] == '\t'))
        n++;
    g->nick_at[who] = xw_gcg_store(g, val, k);
    g->name_at[who] = xw_gcg_store(g, val + n, vlen - n);
    r->oom |= !g->nick_at[who] || !g->name_at[who];
    if (who + 1 > g->nplayers)
        g->nplayers = who + 1;
}

static void read_final_rack(line_reader *r, int who, const char *val, size_t vlen, size_t at)
{
    lx_xw_gcg *g = r->g;
    uint8_t tiles[LX_XW_MAX_SIDE];
    int n = xw_gcg_read_tiles(g, val, vlen, at, tiles, LX_XW_MAX_SIDE, r->diags);
    if (n < 0)
        return;
    g->final_rack_at[who] = g->tiles.len;
    g->final_rack_len[who] = (size_t)n;
    g->has_final_rack[who] = 1;
    r->oom |= lx_buf_append(&g->tiles, tiles, (size_t)n) != 0;
}

static void read_pragma(line_reader *r, const char *s, size_t len, size_t at)
{
    size_t n = 1;
    while (n < len && s[n] != ' ' && s[n] != '\t')
        n++;
    size_t v = n;
    while (v < len && (s[v] == ' ' || s[v] == '\t'))
        v++;
    const char *name = s + 1, *val = s + v;
    size_t nlen = n - 1, vlen = len - v;
    for (size_t i = 0; i < nlen; i++)
        if ((unsigned char)name[i] < 0x20 || name[i] == 0x7F) {
            warn(r, LX_WARNING, "GCG_JUNK_LINE", at, "a pragma name holds control characters; the line was ignored");
            r->in_note = 0;
            return;
        }
    if (nlen == 4 && strncasecmp(name, "note", 4) == 0) {
        add_note(r, val, vlen, 1);
        r->in_note = 1;
        return;
    }
    r->in_note = 0;
    if (nlen == 7 && (strncasecmp(name, "player1", 7) == 0 || strncasecmp(name, "player2", 7) == 0))
        read_player(r, name[6] - '1', val, vlen, at);
    else if (nlen == 5 && (strncasecmp(name, "rack1", 5) == 0 || strncasecmp(name, "rack2", 5) == 0))
        read_final_rack(r, name[4] - '1', val, vlen, at + v);
    if (add_pragma(r, name, nlen, val, vlen, at) != 0)
        r->oom = 1;
}

int xw_gcg_read_lines(lx_xw_gcg *g, lx_diag_list *diags)
{
    line_reader r = {g, diags, 0, 0};
    const char *s = g->text.data;
    size_t len = g->text.len, start = 0;
    for (size_t i = 0; i <= len && !r.oom; i++) {
        if (i < len && s[i] != '\n')
            continue;
        size_t n = i - start;
        const char *line = s + start;
        size_t at = start;
        start = i + 1;
        while (n > 0 && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
            n--;
        if (n == 0)
            continue;
        if (line[0] == '#') {
            read_pragma(&r, line, n, at);
        } else if (line[0] == '>') {
            r.in_note = 0;
            if (xw_gcg_read_event(g, line, n, at, diags) != 0)
                return -1;
        } else if (r.in_note) {
            add_note(&r, line, n, 1);
        } else {
            warn(&r, LX_WARNING, "GCG_JUNK_LINE", at, "this line is not a pragma (#), an event (>) or the rest of a "
                 "#note; it was ignored");
        }
    }
    if (r.oom)
        return -1;
    for (size_t i = 0; i < g->nev; i++) {
        xw_event *e = &g->ev[i];
        e->pub.rack = e->rack_at == (size_t)-1 ? NULL : (const uint8_t *)g->tiles.data + e->rack_at;
        e->pub.note = e->note_at ? g->pool.data + e->note_at - 1 : NULL;
    }
    if (g->nev > 0 && !g->nick_at[0] && diags)
        lx_diag_add(diags, LX_WARNING, "NO_PLAYERS", 0, "the record has no #player1 and #player2 pragmas; players were "
                    "taken in the order they first move");
    return 0;
}
