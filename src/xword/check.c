/* check.c - checking whole crossword files: a file of CGP positions, or a GCG record.
 *
 * This is what `ludex check` does with .cgp and .gcg files, kept in the
 * library so that every caller gets the same verdicts: read, validate or
 * replay, and judge the words with the lexicon the record names (one
 * warning, never a verdict from another list, when that lexicon is not
 * available), or with the default lexicon when it names none. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "xword/gcg_impl.h"

typedef struct missing_lexicons {
    char names[8][LX_XW_MAX_NAME + 1];
    int n;
    int none_warned; /* "no lexicon judges" said once */
} missing_lexicons;

/* Whether `name` was already reported missing (remembering it if not). */
static int already_missing(missing_lexicons *m, const char *name)
{
    for (int i = 0; i < m->n; i++)
        if (strcasecmp(m->names[i], name) == 0)
            return 1;
    if (m->n < 8)
        snprintf(m->names[m->n++], sizeof m->names[0], "%s", name);
    return 0;
}

static void lexicon_missing(lx_diag_list *diags, size_t at, const char *name)
{
    lx_diag_add(diags, LX_WARNING, "LEXICON_UNAVAILABLE", at, "the lexicon %s is not available here (NWL and CSW are "
                "licensed and not shipped), so the words were not checked", name);
}

static void no_lexicon(lx_diag_list *diags, size_t at, const lx_xw_dist *d)
{
    lx_diag_add(diags, LX_WARNING, "WORDS_NOT_CHECKED", at, "no lexicon is named and the default one (%s) is "
                "English, not %s, so the words were not checked", LX_XW_DEFAULT_LEXICON, lx_xw_dist_name(d));
}

static void check_one_cgp(lx_xw_pos *p, lx_xw_data *data, missing_lexicons *missing, lx_diag_list *diags)
{
    int unavailable;
    lx_xw_pos_validate(p, diags);
    const char *lex = lx_xw_pos_ops(p)->lex;
    const lx_xw_lexicon *lx = lx_xw_data_judge(data, lex, lx_xw_pos_dist(p), &unavailable);
    if (unavailable && !already_missing(missing, lex))
        lexicon_missing(diags, p->base + p->op_at[XW_OP_LEX], lex);
    else if (!lx && !unavailable && !missing->none_warned++)
        no_lexicon(diags, p->base, lx_xw_pos_dist(p));
    if (lx)
        lx_xw_pos_check_words(p, lx, diags);
}

int lx_xw_check_cgp(const char *text, size_t len, lx_xw_data *data, lx_diag_list *diags, size_t *positions)
{
    lx_xw_pos *p = lx_xw_pos_new();
    missing_lexicons missing = {{{0}}, 0, 0};
    size_t start = 0, n = 0;
    int rc = p ? 0 : -1;
    for (size_t i = 0; i <= len && rc == 0; i++) {
        if (i < len && text[i] != '\n')
            continue;
        size_t a = start, b = i;
        start = i + 1;
        while (a < b && (text[a] == ' ' || text[a] == '\t' || text[a] == '\r'))
            a++;
        if (a == b || text[a] == '#')
            continue;
        n++;
        int got = lx_xw_cgp_read(p, text + a, b - a, a, data, diags);
        if (got < 0)
            rc = -1;
        else if (got == 0)
            check_one_cgp(p, data, &missing, diags);
    }
    if (n == 0 && rc == 0)
        lx_diag_add(diags, LX_ERROR, "NO_POSITION", 0, "the file holds no CGP record");
    lx_xw_pos_free(p);
    lx_diag_list_resolve(diags, text, len);
    if (positions)
        *positions = n;
    return rc;
}

static size_t pragma_offset(const lx_xw_gcg *g, const char *name)
{
    for (size_t i = 0; i < g->npragmas; i++)
        if (strcasecmp(g->pool.data + g->pragmas[i].name_at - 1, name) == 0)
            return g->pragmas[i].offset;
    return LX_NO_OFFSET;
}

int lx_xw_check_gcg(const char *bytes, size_t len, lx_xw_data *data, const lx_xw_gcg_options *opt,
                    lx_diag_list *diags, lx_xw_replay_summary *summary)
{
    lx_xw_gcg *g = lx_xw_gcg_read(bytes, len, data, opt, diags);
    if (!g) {
        lx_diag_list_resolve(diags, "", 0);
        return lx_diag_count_at_least(diags, LX_FATAL) > 0 ? 0 : -1;
    }
    int unavailable;
    const char *lex = lx_xw_gcg_pragma(g, "lexicon");
    const lx_xw_lexicon *lx = lx_xw_data_judge(data, lex, g->dist, &unavailable);
    if (unavailable)
        lexicon_missing(diags, pragma_offset(g, "lexicon"), lex);
    else if (!lx)
        no_lexicon(diags, LX_NO_OFFSET, g->dist);
    if (g->nev == 0)
        lx_diag_add(diags, LX_WARNING, "NO_EVENTS", LX_NO_OFFSET, "the record holds no moves");
    long rc = lx_xw_gcg_replay(g, lx, diags, summary);
    size_t tl;
    const char *t = lx_xw_gcg_text(g, &tl);
    lx_diag_list_resolve(diags, t, tl);
    lx_xw_gcg_free(g);
    return rc < 0 ? -1 : 0;
}
