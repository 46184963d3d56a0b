/* convert.c - lx_convert: other programs' records to standard SGF and back
 * (ludex/convert.h), what `ludex convert` and the bindings' convert() run.
 *
 * Little Golem records are SGF dialects: read as SGF tree by tree, each tree
 * converted by its game's module and written in canonical form.  T1 and the
 * Twixt server's move lists are read by the Twixt module into a tree; SGF is
 * written to them from the first tree's main line.  Diagnostics are resolved
 * against the input's text. */
#include <strings.h>

#include "ludex/convert.h"
#include "ludex/game.h"
#include "ludex/hex.h"
#include "ludex/twixt.h"

typedef int (*convert_run)(const char *bytes, size_t len, const lx_sgf_read_options *read, lx_buf *out,
                           lx_diag_list *diags);

static int write_sgf(const lx_game_module *m, const lx_sgf_tree *t, lx_buf *out)
{
    lx_sgf_write_options wo = {0};
    lx_game_write_options(m, &wo);
    return lx_sgf_write_tree(t, &wo, out);
}

/* One Little Golem tree to a standard one: the module's converter, then its canonical form. */
static int hex_tree(const lx_sgf_tree *lg, lx_buf *out, lx_diag_list *diags)
{
    lx_sgf_tree *std = lx_hex_convert_little_golem(lg, diags);
    if (!std)
        return 0; /* the converter said why */
    int rc = lx_hex_normalize_tree(std, diags) != 0 || write_sgf(&lx_hex_module, std, out) != 0 ? -1 : 0;
    lx_sgf_tree_free(std);
    return rc;
}

static int twixt_tree(const lx_sgf_tree *lg, lx_buf *out, lx_diag_list *diags)
{
    lx_sgf_tree *std = lx_twixt_convert_little_golem(lg, diags);
    int rc = !std || write_sgf(&lx_twixt_module, std, out) != 0 ? -1 : 0;
    lx_sgf_tree_free(std);
    return rc;
}

/* Little Golem's Twixt writes b[..] and r[..]: lower-case IDs, its own, not news;
 * its other reading problems are kept. */
static void keep_errors(const lx_diag_list *from, lx_diag_list *to)
{
    for (size_t i = 0; i < lx_diag_count(from); i++) {
        const lx_diag *d = lx_diag_get(from, i);
        if (d->severity >= LX_ERROR)
            lx_diag_add(to, d->severity, d->code, d->offset, "%s", d->message);
    }
}

/* Every tree of an SGF document through `each`; reading problems go to diags
 * (only the errors, with quiet_reading). */
static int each_tree(const char *bytes, size_t len, const lx_sgf_read_options *read, int quiet_reading,
                     int (*each)(const lx_sgf_tree *, lx_buf *, lx_diag_list *), lx_buf *out, lx_diag_list *diags)
{
    lx_sgf_doc *doc = lx_sgf_doc_new(bytes, len, 1, read, diags);
    if (!doc)
        return lx_diag_count_at_least(diags, LX_FATAL) ? 0 : -1;
    lx_diag_list *reading = quiet_reading ? lx_diag_list_new() : diags;
    lx_sgf_reader *r = reading ? lx_sgf_reader_new(doc, reading) : NULL;
    lx_sgf_tree *t = NULL;
    int rc = r ? 0 : -1;
    while (rc == 0 && r && lx_sgf_reader_next(r, &t) > 0)
        rc = each(t, out, diags);
    if (quiet_reading && reading)
        keep_errors(reading, diags);
    size_t tl;
    const char *text = lx_sgf_doc_text(doc, &tl);
    lx_diag_list_resolve(diags, text, tl);
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    if (quiet_reading)
        lx_diag_list_free(reading);
    lx_sgf_doc_free(doc);
    return rc;
}

static int from_lg_hex(const char *bytes, size_t len, const lx_sgf_read_options *read, lx_buf *out,
                       lx_diag_list *diags)
{
    return each_tree(bytes, len, read, 0, hex_tree, out, diags);
}

static int from_lg_twixt(const char *bytes, size_t len, const lx_sgf_read_options *read, lx_buf *out,
                         lx_diag_list *diags)
{
    return each_tree(bytes, len, read, 1, twixt_tree, out, diags);
}

static int import_text(lx_sgf_tree *(*reader)(const char *, size_t, lx_diag_list *), const char *bytes, size_t len,
                       lx_buf *out, lx_diag_list *diags)
{
    lx_sgf_tree *t = reader(bytes, len, diags);
    if (!t)
        return -1;
    int rc = write_sgf(&lx_twixt_module, t, out);
    lx_sgf_tree_free(t);
    return rc;
}

static int from_t1(const char *bytes, size_t len, const lx_sgf_read_options *read, lx_buf *out, lx_diag_list *diags)
{
    (void)read;
    return import_text(lx_twixt_read_t1, bytes, len, out, diags);
}

static int from_server(const char *bytes, size_t len, const lx_sgf_read_options *read, lx_buf *out,
                       lx_diag_list *diags)
{
    (void)read;
    return import_text(lx_twixt_read_server_game, bytes, len, out, diags);
}

/* The first tree's main line through `writer` (a Twixt format). */
static int export_text(int (*writer)(const lx_sgf_tree *, lx_buf *, lx_diag_list *), const char *bytes, size_t len,
                       const lx_sgf_read_options *read, lx_buf *out, lx_diag_list *diags)
{
    lx_sgf_doc *doc = lx_sgf_doc_new(bytes, len, 1, read, diags);
    if (!doc)
        return lx_diag_count_at_least(diags, LX_FATAL) ? 0 : -1;
    lx_sgf_reader *r = lx_sgf_reader_new(doc, diags);
    lx_sgf_tree *t = NULL;
    int got = r ? lx_sgf_reader_next(r, &t) : -1, rc = 0;
    if (got < 0)
        rc = -1;
    else if (got == 0 || lx_sgf_tree_gm(t) != 21)
        lx_diag_add(diags, LX_ERROR, "NOT_TWIXT", LX_NO_OFFSET, "the file's first game is not a Twixt record (GM[21])");
    else if (writer(t, out, diags) < 0)
        rc = -1;
    else if (lx_sgf_reader_next(r, &t) > 0)
        lx_diag_add(diags, LX_WARNING, "ONLY_FIRST_GAME", lx_sgf_tree_offset(t),
                    "the file holds more than one game; only the first was converted");
    size_t tl;
    const char *text = lx_sgf_doc_text(doc, &tl);
    lx_diag_list_resolve(diags, text, tl);
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    lx_sgf_doc_free(doc);
    return rc;
}

static int to_t1(const char *bytes, size_t len, const lx_sgf_read_options *read, lx_buf *out, lx_diag_list *diags)
{
    return export_text(lx_twixt_write_t1, bytes, len, read, out, diags);
}

static int to_server(const char *bytes, size_t len, const lx_sgf_read_options *read, lx_buf *out,
                     lx_diag_list *diags)
{
    return export_text(lx_twixt_write_server_game, bytes, len, read, out, diags);
}

static const struct {
    const char *from, *to;
    convert_run run;
} conversions[] = {
    {"littlegolem-hex", "sgf", from_lg_hex}, {"littlegolem-twixt", "sgf", from_lg_twixt},
    {"t1", "sgf", from_t1},                  {"sgf", "t1", to_t1},
    {"twixt-server", "sgf", from_server},    {"sgf", "twixt-server", to_server},
};

static convert_run find(const char *from, const char *to)
{
    for (size_t i = 0; from && to && i < sizeof conversions / sizeof conversions[0]; i++)
        if (strcasecmp(conversions[i].from, from) == 0 && strcasecmp(conversions[i].to, to) == 0)
            return conversions[i].run;
    return NULL;
}

int lx_convert_known(const char *from, const char *to)
{
    return find(from, to) != NULL;
}

int lx_convert(const char *bytes, size_t len, const char *from, const char *to, const lx_sgf_read_options *read,
               lx_buf *out, lx_diag_list *diags)
{
    convert_run run = find(from, to);
    return run ? run(bytes, len, read, out, diags) : -2;
}

const char *lx_convert_sniff_sgf(const char *bytes, size_t len, const lx_sgf_read_options *read)
{
    const char *format = "sgf";
    lx_diag_list *quiet = lx_diag_list_new();
    lx_sgf_doc *doc = quiet ? lx_sgf_doc_new(bytes, len, 1, read, quiet) : NULL;
    lx_sgf_reader *r = doc ? lx_sgf_reader_new(doc, quiet) : NULL;
    lx_sgf_tree *t = NULL;
    if (r && lx_sgf_reader_next(r, &t) > 0) {
        if (lx_hex_is_little_golem(t))
            format = "littlegolem-hex";
        else if (lx_twixt_is_little_golem(t))
            format = "littlegolem-twixt";
    }
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(quiet);
    return format;
}
