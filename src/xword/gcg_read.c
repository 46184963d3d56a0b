/* gcg_read.c - reading a GCG record: its charset, its pragmas, its lines.
 *
 * GCG is line-based: "#pragma value" lines, ">nick: ..." event lines
 * (gcg_event.c), and lines continuing the previous #note.  The charset is
 * #character-encoding's when the bytes agree with it; the spec's default is
 * ISO-8859-1, but records written by today's programs are UTF-8 without
 * saying so, so valid UTF-8 is read as UTF-8 (with a warning when it is not
 * plain ASCII).  The distribution comes from the caller, a #tile-distribution
 * pragma, the lexicon's name (NWL, CSW: English; OSPS: Polish ...), or the
 * letters the record uses; the board from the caller or #board-layout.
 * Replaying is gcg_replay.c's business; this only reads. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/text.h"
#include "xword/gcg_impl.h"

/* Store text as the writer will give it back: control characters dropped,
 * each line trimmed of white space at both ends. */
size_t xw_gcg_store(lx_xw_gcg *g, const char *s, size_t len)
{
    size_t at = g->pool.len;
    if (lx_buf_reserve(&g->pool, len + 1) != 0)
        return 0;
    char *out = g->pool.data + at;
    size_t n = 0, line = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n') {
            while (n > line && (out[n - 1] == ' ' || out[n - 1] == '\t'))
                n--;
            out[n++] = '\n';
            line = n;
        } else if ((c == ' ' || c == '\t') && n == line) {
            continue;
        } else if (c >= 0x20 && c != 0x7F) {
            out[n++] = (char)c;
        }
    }
    while (n > line && (out[n - 1] == ' ' || out[n - 1] == '\t'))
        n--;
    out[n] = '\0';
    g->pool.len = at + n + 1;
    return at + 1;
}

void lx_xw_gcg_free(lx_xw_gcg *g)
{
    if (!g)
        return;
    lx_buf_free(&g->text);
    lx_buf_free(&g->pool);
    lx_buf_free(&g->tiles);
    free(g->pragmas);
    free(g->ev);
    free(g);
}

const char *lx_xw_gcg_text(const lx_xw_gcg *g, size_t *len)
{
    *len = g->text.len;
    return g->text.data ? g->text.data : "";
}

const lx_xw_dist *lx_xw_gcg_dist(const lx_xw_gcg *g)
{
    return g->dist;
}

const lx_xw_layout *lx_xw_gcg_layout(const lx_xw_gcg *g)
{
    return g->layout;
}

size_t lx_xw_gcg_events(const lx_xw_gcg *g)
{
    return g->nev;
}

const lx_xw_event *lx_xw_gcg_event(const lx_xw_gcg *g, size_t i)
{
    return i < g->nev ? &g->ev[i].pub : NULL;
}

const char *lx_xw_gcg_nick(const lx_xw_gcg *g, int player)
{
    return player >= 0 && player < 2 && g->nick_at[player] ? g->pool.data + g->nick_at[player] - 1 : NULL;
}

const char *lx_xw_gcg_player_name(const lx_xw_gcg *g, int player)
{
    return player >= 0 && player < 2 && g->name_at[player] ? g->pool.data + g->name_at[player] - 1 : NULL;
}

const char *lx_xw_gcg_pragma(const lx_xw_gcg *g, const char *name)
{
    for (size_t i = 0; i < g->npragmas; i++)
        if (strcasecmp(g->pool.data + g->pragmas[i].name_at - 1, name) == 0)
            return g->pool.data + g->pragmas[i].value_at - 1;
    return NULL;
}

/* ---- charset --------------------------------------------------------------------------------- */

/* The value of "#character-encoding X" among the first lines of the raw bytes. */
static int declared_charset(const char *s, size_t len, char *out, size_t cap)
{
    static const char key[] = "#character-encoding";
    size_t i = 0;
    if (len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    for (int line = 0; line < 8 && i < len; line++) {
        size_t end = i;
        while (end < len && s[end] != '\n')
            end++;
        if (end - i > sizeof key && strncasecmp(s + i, key, sizeof key - 1) == 0) {
            size_t a = i + sizeof key - 1, b = end;
            while (a < b && (s[a] == ' ' || s[a] == '\t'))
                a++;
            while (b > a && (s[b - 1] == '\r' || s[b - 1] == ' ' || s[b - 1] == '\t'))
                b--;
            if (b - a == 0 || b - a >= cap)
                return 0;
            memcpy(out, s + a, b - a);
            out[b - a] = '\0';
            return 1;
        }
        i = end + 1;
    }
    return 0;
}

static int decode(lx_xw_gcg *g, const char *bytes, size_t len, const char *forced, lx_diag_list *diags)
{
    char cs[64];
    int valid = lx_utf8_valid_prefix(bytes, len) == len, ascii = lx_is_ascii(bytes, len);
    if (len >= 3 && memcmp(bytes, "\xEF\xBB\xBF", 3) == 0)
        bytes += 3, len -= 3;
    if (forced)
        return lx_charset_to_utf8(forced, bytes, len, &g->text, diags);
    if (declared_charset(bytes, len, cs, sizeof cs)) {
        if (lx_charset_is_utf8(cs) || (valid && !ascii)) {
            if (!lx_charset_is_utf8(cs) && diags)
                lx_diag_add(diags, LX_WARNING, "CHARSET_MISMATCH", LX_NO_OFFSET, "#character-encoding says %s, but "
                            "the bytes are valid UTF-8; read as UTF-8", cs);
            return lx_utf8_repair(bytes, len, &g->text, diags);
        }
        if (lx_charset_known(cs))
            return lx_charset_to_utf8(cs, bytes, len, &g->text, diags);
        if (diags)
            lx_diag_add(diags, LX_WARNING, "CHARSET_UNKNOWN", LX_NO_OFFSET, "#character-encoding names %s, a charset "
                        "ludex does not know; read as %s", cs, valid ? "UTF-8" : "ISO-8859-1");
    } else if (valid && !ascii && diags) {
        lx_diag_add(diags, LX_WARNING, "CHARSET_ASSUMED", LX_NO_OFFSET, "no #character-encoding pragma, and the text "
                    "is not ASCII; the bytes are valid UTF-8 and were read as UTF-8 (GCG's default is ISO-8859-1)");
    }
    return valid ? lx_buf_append(&g->text, bytes, len) : lx_charset_to_utf8("ISO-8859-1", bytes, len, &g->text, diags);
}

/* ---- the distribution and the board ------------------------------------------------------------- */

/* The value of pragma `name` in the text (not yet read), into out. */
static int find_pragma(const lx_xw_gcg *g, const char *name, char *out, size_t cap)
{
    const char *s = g->text.data ? g->text.data : "";
    size_t len = g->text.len, n = strlen(name);
    for (size_t i = 0; i < len;) {
        size_t end = i;
        while (end < len && s[end] != '\n')
            end++;
        if (s[i] == '#' && end - i > n + 1 && strncasecmp(s + i + 1, name, n) == 0 &&
            (s[i + 1 + n] == ' ' || s[i + 1 + n] == '\t')) {
            size_t a = i + 1 + n, b = end;
            while (a < b && (s[a] == ' ' || s[a] == '\t'))
                a++;
            while (b > a && (s[b - 1] == '\r' || s[b - 1] == ' ' || s[b - 1] == '\t'))
                b--;
            if (b > a && b - a < cap) {
                memcpy(out, s + a, b - a);
                out[b - a] = '\0';
                /* the first word only */
                out[strcspn(out, " \t")] = '\0';
                return 1;
            }
        }
        i = end + 1;
    }
    return 0;
}

static const char *dist_of_lexicon(const char *lex)
{
    static const struct {
        const char *prefix, *dist;
    } map[] = {{"NWL", "english"},  {"TWL", "english"}, {"CSW", "english"},   {"OWL", "english"},
               {"OSPD", "english"}, {"ECWL", "english"}, {"CEL", "english"},  {"wamerican", "english"},
               {"OSPS", "polish"},  {"FRA", "french"},   {"ODS", "french"},   {"RD", "german"},
               {"DEU", "german"},   {"FILE", "spanish"}, {"DISC", "catalan"}, {"NSF", "norwegian"}};
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strncasecmp(lex, map[i].prefix, strlen(map[i].prefix)) == 0)
            return map[i].dist;
    return NULL;
}

/* Whether every non-ASCII character of the event lines is in d's labels. */
static int letters_fit(const lx_xw_gcg *g, const lx_xw_dist *d)
{
    const char *s = g->text.data ? g->text.data : "";
    int in_event = 0, after_colon = 0;
    for (size_t i = 0; i < g->text.len;) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n')
            in_event = 0, after_colon = 0;
        else if (i == 0 || s[i - 1] == '\n')
            in_event = c == '>';
        if (in_event && c == ':')
            after_colon = 1;
        size_t k = c < 0x80 ? 1 : lx_utf8_sequence((const unsigned char *)s + i, g->text.len - i);
        k = k ? k : 1;
        if (in_event && after_colon && c >= 0x80) {
            char ch[5] = {0};
            memcpy(ch, s + i, k < 4 ? k : 4);
            int found = 0;
            for (int t = 1; t <= d->n && !found; t++)
                found = strstr(d->tiles[t].upper, ch) || strstr(d->tiles[t].lower, ch);
            if (!found)
                return 0;
        }
        i += k;
    }
    return 1;
}

static const lx_xw_dist *guess_dist(lx_xw_gcg *g, lx_xw_data *data, lx_diag_list *diags)
{
    static const char *const order[] = {"english", "polish", "german", "spanish", "catalan",
                                        "french",  "norwegian", "slovene", "dutch"};
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        const lx_xw_dist *d = lx_xw_data_dist(data, order[i], NULL);
        if (d && letters_fit(g, d)) {
            if (i > 0 && diags)
                lx_diag_add(diags, LX_WARNING, "DISTRIBUTION_ASSUMED", LX_NO_OFFSET, "the record names no lexicon "
                            "or distribution; its letters fit the %s distribution, which was used", order[i]);
            return d;
        }
    }
    return lx_xw_data_dist(data, LX_XW_DEFAULT_DIST, diags);
}

static int choose_rules(lx_xw_gcg *g, lx_xw_data *data, const lx_xw_gcg_options *opt, lx_diag_list *diags)
{
    char name[LX_XW_MAX_NAME + 1], lex[LX_XW_MAX_NAME + 1];
    const char *dn = opt && opt->dist ? opt->dist : NULL;
    if (!dn && (find_pragma(g, "tile-distribution", name, sizeof name) ||
                find_pragma(g, "letter-distribution", name, sizeof name)))
        dn = name;
    if (!dn && find_pragma(g, "lexicon", lex, sizeof lex))
        dn = dist_of_lexicon(lex);
    g->dist = dn ? lx_xw_data_dist(data, dn, diags) : guess_dist(g, data, diags);
    if (!g->dist && diags)
        lx_diag_add(diags, LX_FATAL, "UNKNOWN_DISTRIBUTION", LX_NO_OFFSET, "no letter distribution named %s is "
                    "available", dn ? dn : LX_XW_DEFAULT_DIST);
    const char *bn = opt && opt->board ? opt->board : NULL;
    if (!bn && find_pragma(g, "board-layout", name, sizeof name))
        bn = name;
    bn = bn ? bn : LX_XW_DEFAULT_BOARD;
    g->layout = lx_xw_data_layout(data, bn, diags);
    if (!g->layout && diags)
        lx_diag_add(diags, LX_FATAL, "UNKNOWN_BOARD", LX_NO_OFFSET, "no board layout named %s is available", bn);
    return g->dist && g->layout ? 0 : -1;
}

lx_xw_gcg *lx_xw_gcg_read(const char *bytes, size_t len, lx_xw_data *data, const lx_xw_gcg_options *opt,
                          lx_diag_list *diags)
{
    lx_xw_gcg *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    if (decode(g, bytes, len, opt ? opt->encoding : NULL, diags) != 0 || lx_buf_append(&g->text, "", 0) != 0 ||
        lx_buf_append(&g->pool, "", 0) != 0 || lx_buf_append(&g->tiles, "", 0) != 0 || choose_rules(g, data, opt, diags) != 0 ||
        xw_gcg_read_lines(g, diags) != 0) {
        lx_xw_gcg_free(g);
        return NULL;
    }
    return g;
}
