/* testutil.h - helpers shared by the cmocka unit tests.
 *
 * read_one(text): read the first game tree of `text` and keep its diagnostics;
 * has_diag(code): whether a diagnostic with that code was reported (and where);
 * occurrences(s, what): how often a text holds a string (SVG drawings' elements);
 * assert_holds_all(text, wants): that a text holds each of a list of strings. */
#ifndef LX_TESTUTIL_H
#define LX_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ludex/ludex.h"

typedef struct parsed {
    lx_diag_list *diags;
    lx_sgf_doc *doc;
    lx_sgf_tree *trees[64];
    size_t ntrees;
} parsed;

static inline void parse_text_opt(parsed *p, const char *text, size_t len, const lx_sgf_read_options *opt)
{
    memset(p, 0, sizeof *p);
    p->diags = lx_diag_list_new();
    assert_non_null(p->diags);
    p->doc = lx_sgf_doc_new(text, len, 0, opt, p->diags);
    assert_non_null(p->doc);
    lx_sgf_reader *r = lx_sgf_reader_new(p->doc, p->diags);
    assert_non_null(r);
    lx_sgf_tree *t = NULL;
    int rc;
    while (p->ntrees < 64 && (rc = lx_sgf_reader_next(r, &t)) == 1) {
        p->trees[p->ntrees++] = t;
        t = NULL;
    }
    lx_sgf_reader_free(r);
    size_t tl;
    const char *tx = lx_sgf_doc_text(p->doc, &tl);
    lx_diag_list_resolve(p->diags, tx, tl);
}

static inline void parse_text(parsed *p, const char *text)
{
    parse_text_opt(p, text, strlen(text), NULL);
}

static inline void parsed_free(parsed *p)
{
    for (size_t i = 0; i < p->ntrees; i++)
        lx_sgf_tree_free(p->trees[i]);
    lx_sgf_doc_free(p->doc);
    lx_diag_list_free(p->diags);
}

/* How many times `what` occurs in `s` (overlapping occurrences counted). */
static inline size_t occurrences(const char *s, const char *what)
{
    size_t n = 0;
    for (const char *q = strstr(s, what); q; q = strstr(q + 1, what))
        n++;
    return n;
}

/* Fail, naming it, at the first string of the NULL-terminated `wants` that
 * `text` lacks. */
static inline void assert_holds_all(const char *text, const char *const *wants)
{
    for (size_t i = 0; wants[i]; i++)
        if (!strstr(text, wants[i]))
            fail_msg("the text lacks \"%s\"", wants[i]);
}

/* The first diagnostic with `code`, or NULL. */
static inline const lx_diag *find_diag(lx_diag_list *d, const char *code)
{
    for (size_t i = 0; i < lx_diag_count(d); i++) {
        const lx_diag *x = lx_diag_get(d, i);
        if (strcmp(x->code, code) == 0)
            return x;
    }
    return NULL;
}

/* Assert a diagnostic with `code` at line:col with severity sev exists. */
#define assert_diag(d, code, sev, ln, cl)                                                          \
    do {                                                                                           \
        const lx_diag *x_ = find_diag((d), (code));                                                \
        if (!x_)                                                                                   \
            fail_msg("no %s diagnostic", (code));                                                  \
        assert_int_equal(x_->severity, (sev));                                                     \
        assert_int_equal(x_->line, (ln));                                                          \
        assert_int_equal(x_->col, (cl));                                                           \
    } while (0)

#define assert_no_diag(d, code)                                                                    \
    do {                                                                                           \
        if (find_diag((d), (code)))                                                                \
            fail_msg("unexpected %s diagnostic: %s", (code), find_diag((d), (code))->message);     \
    } while (0)

/* The decoded first value of property `id` at node n as a C string in buf. */
static inline const char *raw_value(const lx_sgf_tree *t, lx_sgf_node n, const char *id, size_t i, char *buf, size_t cap)
{
    lx_sgf_prop p = lx_sgf_find_prop(t, n, id);
    if (p == LX_SGF_NIL || i >= lx_sgf_value_count(t, p))
        return NULL;
    lx_sgf_value v = lx_sgf_get_value(t, p, i);
    size_t k = v.len < cap - 1 ? v.len : cap - 1;
    memcpy(buf, v.raw, k);
    buf[k] = '\0';
    return buf;
}

#endif
