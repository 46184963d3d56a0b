/* twixt_testutil.h - helpers shared by the Twixt unit tests (test_twixt*.c).
 *
 * check(text): `ludex check` of an SGF text in memory, diagnostics resolved;
 * final_board(text): the position at the end of the main line;
 * last_json(text): the describe_json members of the last position replayed;
 * board_with(...): a position made directly (pegs and links) for geometry and
 * draw tests; refusal(...): play a move and expect a given code. */
#ifndef LX_TWIXT_TESTUTIL_H
#define LX_TWIXT_TESTUTIL_H

#include "testutil.h"

#include "base/coord.h"
#include "ludex/twixt.h"
#include "twixt/twixt_impl.h"

static inline lx_diag_list *check(const char *text)
{
    lx_diag_list *d = lx_diag_list_new();
    lx_check_summary s;
    lx_check_options opt = {0};
    assert_int_equal(lx_check_document(text, strlen(text), &opt, &s, d), 0);
    return d;
}

/* The first diagnostic of severity >= error, or NULL. */
static inline const lx_diag *first_error(lx_diag_list *d)
{
    for (size_t i = 0; i < lx_diag_count(d); i++)
        if (lx_diag_get(d, i)->severity >= LX_ERROR)
            return lx_diag_get(d, i);
    return NULL;
}

#define assert_clean(text)                                                                          \
    do {                                                                                           \
        lx_diag_list *d_ = check(text);                                                            \
        const lx_diag *e_ = first_error(d_);                                                       \
        if (e_)                                                                                    \
            fail_msg("unexpected %s at %u:%u: %s", e_->code, e_->line, e_->col, e_->message);      \
        lx_diag_list_free(d_);                                                                     \
    } while (0)

/* Expect exactly: the first error is `code` at line:col with `msg` (NULL: any message). */
#define assert_refused(text, want_code, ln, cl, msg)                                                \
    do {                                                                                           \
        lx_diag_list *d_ = check(text);                                                            \
        const lx_diag *e_ = first_error(d_);                                                       \
        const char *m_ = (msg);                                                                    \
        if (!e_)                                                                                   \
            fail_msg("no error; expected %s", (want_code));                                        \
        assert_string_equal(e_->code, (want_code));                                                \
        assert_int_equal(e_->line, (ln));                                                          \
        assert_int_equal(e_->col, (cl));                                                           \
        if (m_ != NULL)                                                                            \
            assert_string_equal(e_->message, m_);                                                  \
        lx_diag_list_free(d_);                                                                     \
    } while (0)

static inline lx_sgf_tree *read_tree(const char *text, lx_sgf_doc **doc)
{
    lx_diag_list *quiet = lx_diag_list_new();
    *doc = lx_sgf_doc_new(text, strlen(text), 0, NULL, quiet);
    assert_non_null(*doc);
    lx_sgf_reader *r = lx_sgf_reader_new(*doc, quiet);
    lx_sgf_tree *t = NULL;
    assert_int_equal(lx_sgf_reader_next(r, &t), 1);
    lx_sgf_reader_free(r);
    lx_diag_list_free(quiet);
    return t;
}

/* The position after the whole main line (or after `move` moves when move > 0). */
static inline lx_twixt_board *board_after(const char *text, size_t move)
{
    lx_sgf_doc *doc;
    lx_sgf_tree *t = read_tree(text, &doc);
    lx_diag_list *d = lx_diag_list_new();
    lx_twixt_board *b = lx_twixt_position_after(t, move ? move : (size_t)-1 / 2, d);
    assert_non_null(b);
    lx_diag_list_free(d);
    lx_sgf_tree_free(t);
    lx_sgf_doc_free(doc);
    return b;
}

static inline void json_of(const lx_twixt_board *b, char *buf, size_t cap)
{
    lx_buf out = LX_BUF_INIT;
    assert_int_equal(lx_twixt_describe_json(b, &out), 0);
    snprintf(buf, cap, "%s", out.data);
    lx_buf_free(&out);
}

static inline lx_twixt_point pt(const char *name)
{
    long c, r;
    assert_int_equal(lx_coord_parse_point(name, strlen(name), &c, &r), 0);
    return (lx_twixt_point){(int)c, (int)r - 1};
}

/* Put pegs "W:i6 j8 k10" style lists and links "i6-j8 j8-k10" straight onto a board. */
static inline void put_pegs(lx_twixt_board *b, lx_colour c, const char *list)
{
    char name[16];
    lx_game_error e;
    lx_game_error_init(&e);
    for (const char *s = list; *s;) {
        while (*s == ' ')
            s++;
        size_t n = strcspn(s, " ");
        if (!n)
            break;
        snprintf(name, sizeof name, "%.*s", (int)n, s);
        lx_twixt_point p = pt(name);
        if (lx_twixt_setup(b, p.col, p.row, c, &e) != 0)
            fail_msg("setup %s: %s", name, e.message.data);
        s += n;
    }
    lx_game_error_free(&e);
}

static inline void put_links(lx_twixt_board *b, lx_colour c, const char *list)
{
    char name[40];
    for (const char *s = list; *s;) {
        while (*s == ' ')
            s++;
        size_t n = strcspn(s, " ");
        if (!n)
            break;
        snprintf(name, sizeof name, "%.*s", (int)n, s);
        char *dash = strchr(name, '-');
        assert_non_null(dash);
        *dash = '\0';
        lx_twixt_point p = pt(name), q = pt(dash + 1);
        int32_t l = tw_link_index(&b->g, tw_cell(&b->g, p.col, p.row), tw_cell(&b->g, q.col, q.row));
        assert_true(l >= 0);
        assert_int_equal(lx_twixt_peg_at(b, p.col, p.row), c);
        assert_int_equal(lx_twixt_peg_at(b, q.col, q.row), c);
        tw_set_link(b, l, c);
        s += n;
    }
    tw_refresh(b);
}

#endif
