/* check_split.c - one big SGF collection checked on several threads.
 *
 * The games of a collection are independent (but for a backgammon match and
 * the file's first GM), so the document is cut into ranges of whole game
 * trees and each range is read and checked on a worker (lx_check_range);
 * the ranges' diagnostics are added to the file's list in file order, which
 * makes the list, and so the output, the same as a check on one thread.
 *
 * Cutting: a light scanner (find_cut) counts parentheses outside values
 * and ends a range after a tree that closes some way past its start.  It
 * does not repair what the reader repairs (an unescaped ']', a missing
 * '('...), so its cut is checked rather than trusted: a range starts where the previous one was cut, and its
 * reader must stop exactly at its cut (a tree of its own ended there), which
 * proves the cut is a place the one-thread reader stops at too.  When a
 * reader runs past its cut, the ranges after it are thrown away and the rest
 * of the file is checked on the calling thread from where that reader
 * stopped.  When a tree needs the whole file (a backgammon match), or memory
 * runs out, the file is checked again the usual way (lx_check_document).
 *
 * Memory: at most WINDOW_PER_JOB ranges per worker are out at a time; one
 * range's tree and diagnostics live until it is merged.  The charset is
 * settled once for the whole file (one lx_sgf_doc, shared, read-only); a
 * file read as UTF-8 is checked for it by each range on its worker, not
 * before (lx_sgf_doc_new_utf8_later), and bytes that are not UTF-8 mean a
 * whole-file check, which repairs them.
 *
 * For the tests (tests/cli/run): LUDEX_CHECK_SPLIT_TRACE=1 prints how the
 * file was cut on standard error (check.c reads LUDEX_CHECK_SPLIT). */
#include <pthread.h>
#include <stdint.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/check.h"
#include "cli/cli.h"

enum { WINDOW_PER_JOB = 3, MAX_THREADS = 256, MIN_CHUNK = 65536 };

typedef struct range {
    int done, oom;
    size_t start, end;
    int last;
    lx_check_summary s;
    lx_diag_list *diags;
    lx_check_range_end e;
} range;

typedef struct split {
    const lx_sgf_doc *doc;
    const char *text;
    size_t len, chunk;
    size_t tail;     /* non-zero: ranges shrink to chunk / ... near the end (see range_size) */
    lx_check_range_spec spec;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    size_t cut;      /* where the next range starts */
    int cut_all;     /* the last range is out */
    size_t next, merged, window;
    range *r;
    int stop;        /* no more ranges: the rest is the calling thread's, or all of it */
    int redo, oom, resume;
    int not_utf8;    /* the redo is for bytes that are not UTF-8 */
    size_t resume_pos;
    lx_check_summary sum;
    lx_diag_list *all;
} split;

#ifdef __SSE2__
/* One bit per byte of the 64 at p equal to c or to d. */
static uint64_t eq64(const char *p, char c, char d)
{
    __m128i vc = _mm_set1_epi8(c), vd = _mm_set1_epi8(d);
    uint64_t m = 0;
    for (int k = 3; k >= 0; k--) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * k));
        m = m << 16 | (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, vc), _mm_cmpeq_epi8(v, vd)));
    }
    return m;
}
#endif

/* One bit per parenthesis in the n bytes at p (n <= 64). */
static uint64_t paren_bits(const char *p, size_t n)
{
#ifdef __SSE2__
    if (n == 64)
        return eq64(p, '(', ')');
#endif
    uint64_t b = 0;
    for (size_t k = 0; k < n; k++)
        if (p[k] == '(' || p[k] == ')')
            b |= (uint64_t)1 << k;
    return b;
}

/* Whether a value is open at i: the last bracket before it not escaped is a
 * '[' (a '[' opens a value or is inside one; a ']' closes one or is junk).
 * Only the bytes from lo on are looked at; `open_at_lo` is the answer when
 * they hold no bracket.  Every backslash counts as an escape, which outside a
 * value (junk) it is not: a guess, which the readers check. */
static int value_open_at(const char *s, size_t lo, size_t i, int open_at_lo)
{
    while (i > lo) {
        char c = s[--i];
        if (c != '[' && c != ']')
            continue;
        size_t k = 0;
        while (i - k > lo && s[i - k - 1] == '\\')
            k++;
        if ((k & 1) == 0)
            return c == '[';
        i -= k;
    }
    return open_at_lo;
}

/* Where a range starting at `from` (outside any tree) should end: just
 * after the ')' that closes a game tree at least `chunk` bytes on, or the
 * end of the text.  One pass, no recursion: the parentheses are found 64
 * bytes at a time and counted when outside values; whether a value is open
 * at one is seen by looking back to the nearest bracket, no further than the
 * parenthesis before (a collection's values hold few parentheses), so most
 * bytes are looked at once, in a vector. */
static size_t find_cut(const char *s, size_t len, size_t from, size_t chunk)
{
    size_t depth = 0, goal = from + chunk;
    size_t lo = from;  /* the bytes before lo were looked at ... */
    int open_lo = 0;   /* ... and a value was open there */
    int tree = 0;      /* the outermost '(' is followed by ';': a tree, not "()" junk */
    for (size_t base = from; base < len; base += 64) {
        for (uint64_t m = paren_bits(s + base, len - base < 64 ? len - base : 64); m; m &= m - 1) {
            size_t i = base + (size_t)__builtin_ctzll(m);
            int open = value_open_at(s, lo, i, open_lo);
            lo = i + 1;
            open_lo = open;
            if (open)
                continue;
            if (s[i] == '(') {
                if (depth++ == 0) {
                    size_t j = i + 1;
                    while (j < len && (s[j] == ' ' || s[j] == '\n' || s[j] == '\r' || s[j] == '\t'))
                        j++;
                    tree = j < len && s[j] == ';';
                }
            } else if (depth > 0 && --depth == 0 && tree && i + 1 >= goal) {
                return i + 1;
            }
        }
    }
    return len;
}

/* Add range k's outcome to the file's (under the lock, in order). */
static void merge(split *sp, range *g)
{
    if (!sp->stop) {
        if (g->oom || lx_diag_list_append(sp->all, g->diags) != 0) {
            sp->stop = sp->oom = 1;
        } else if (g->e.want_whole) {
            sp->stop = sp->redo = 1;
            sp->not_utf8 = g->e.not_utf8;
        } else {
            sp->sum.games += g->s.games;
            sp->sum.nodes += g->s.nodes;
            sp->sum.moves += g->s.moves;
            sp->sum.unchecked += g->s.unchecked;
            if (!g->last && g->e.pos != g->end) {
                sp->stop = sp->resume = 1;
                sp->resume_pos = g->e.pos;
            }
        }
    }
    lx_diag_list_free(g->diags);
    g->diags = NULL;
    g->done = 0;
}

/* How far on from `start` the next range should end: sp->chunk, or with
 * sp->tail less near the end of the file, down to MIN_CHUNK, so that the
 * threads' last ranges end at about the same time. */
static size_t range_size(const split *sp, size_t start)
{
    if (!sp->tail)
        return sp->chunk;
    size_t c = (sp->len - start) / sp->tail;
    return c < MIN_CHUNK ? MIN_CHUNK : c > sp->chunk ? sp->chunk : c;
}

static void *worker(void *arg)
{
    split *sp = arg;
    for (;;) {
        pthread_mutex_lock(&sp->mu);
        while (!sp->stop && !sp->cut_all && sp->next >= sp->merged + sp->window)
            pthread_cond_wait(&sp->cv, &sp->mu);
        if (sp->stop || sp->cut_all) {
            pthread_mutex_unlock(&sp->mu);
            return NULL;
        }
        size_t k = sp->next++;
        range *g = &sp->r[k % sp->window];
        g->start = sp->cut;
        g->end = find_cut(sp->text, sp->len, g->start, range_size(sp, g->start));
        g->last = g->end >= sp->len;
        sp->cut = g->end;
        sp->cut_all = g->last;
        pthread_mutex_unlock(&sp->mu);

        lx_check_range_spec spec = sp->spec;
        spec.first_in_file = k == 0;
        g->s = (lx_check_summary){0};
        g->diags = lx_diag_list_new();
        g->oom = !g->diags || lx_check_range(sp->doc, g->start, g->end, &spec, &g->s, g->diags, &g->e) != 0;

        pthread_mutex_lock(&sp->mu);
        g->done = 1;
        while (sp->merged < sp->next && sp->r[sp->merged % sp->window].done)
            merge(sp, &sp->r[sp->merged++ % sp->window]);
        pthread_cond_broadcast(&sp->cv);
        pthread_mutex_unlock(&sp->mu);
    }
}

/* The file's first tree's GM (0: none), read without diagnostics. */
static int first_gm(const lx_sgf_doc *doc, int *found)
{
    lx_sgf_reader *r = lx_sgf_reader_new(doc, NULL);
    lx_sgf_tree *t = NULL;
    int got = r ? lx_sgf_reader_next(r, &t) : -1, gm = got == 1 ? lx_sgf_tree_gm(t) : 0;
    *found = got == 1;
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    return got < 0 ? -1 : gm;
}

/* Check the trees of doc on `jobs` threads into sp->all and sp->sum.
 * 0, 1 when only a whole-file check will do, 2 when the text is not all
 * UTF-8 (a document that repairs it will do), -1 out of memory. */
static int run_split(split *sp, const lx_check_options *check, int jobs)
{
    int found, gm = first_gm(sp->doc, &found);
    if (gm < 0)
        return -1;
    const lx_game_module *m = gm > 0 ? lx_game_by_gm(sp->spec.registry, gm) : NULL;
    if (!found || (m && m->collection_new))
        return 1;
    sp->spec.check = check;
    sp->spec.first_gm = gm;
    if (sp->chunk == 0) {
        sp->chunk = sp->len / ((size_t)jobs * 32);
        sp->chunk = sp->chunk < MIN_CHUNK ? MIN_CHUNK : sp->chunk > (4u << 20) ? (4u << 20) : sp->chunk;
        sp->tail = (size_t)jobs * 8;
    }
    sp->window = (size_t)jobs * WINDOW_PER_JOB;
    sp->r = calloc(sp->window, sizeof *sp->r);
    if (!sp->r || pthread_mutex_init(&sp->mu, NULL) != 0)
        return free(sp->r), -1;
    pthread_cond_init(&sp->cv, NULL);
    pthread_t th[MAX_THREADS];
    int n = 0;
    for (; n < jobs - 1 && n < MAX_THREADS; n++)
        if (pthread_create(&th[n], NULL, worker, sp) != 0)
            break;
    worker(sp);
    for (int i = 0; i < n; i++)
        pthread_join(th[i], NULL);
    for (size_t i = 0; i < sp->window; i++)
        lx_diag_list_free(sp->r[i].diags);
    free(sp->r);
    pthread_cond_destroy(&sp->cv);
    pthread_mutex_destroy(&sp->mu);
    if (getenv("LUDEX_CHECK_SPLIT_TRACE"))
        fprintf(stderr, "%s: %zu ranges, chunk %zu, threads %d, stop %d redo %d resume %d at %zu\n",
                sp->not_utf8 ? "not UTF-8, again" : "split", sp->next, sp->chunk, n + 1, sp->stop, sp->redo,
                sp->resume, sp->resume_pos);
    if (sp->oom)
        return -1;
    if (sp->redo)
        return sp->not_utf8 ? 2 : 1;
    if (sp->resume) {
        lx_check_range_spec spec = sp->spec;
        spec.first_in_file = sp->sum.games == 0;
        lx_check_range_end e;
        if (lx_check_range(sp->doc, sp->resume_pos, sp->len, &spec, &sp->sum, sp->all, &e) != 0)
            return -1;
        if (e.want_whole)
            return e.not_utf8 ? 2 : 1;
    }
    if (sp->sum.games == 0)
        lx_diag_add(sp->all, LX_ERROR, "NO_GAME_TREE", LX_NO_OFFSET, "the file holds no SGF game tree (none starts with \"(;\")");
    lx_diag_list_resolve(sp->all, sp->text, sp->len);
    return 0;
}

/* run_split on a document of the bytes, its UTF-8 checked by the ranges
 * (`later`) or first, on the calling thread (lx_sgf_doc_new repairs it). */
static int split_doc(split *sp, const char *bytes, size_t len, const lx_check_options *check, int jobs, int later)
{
    sp->all = lx_diag_list_new();
    lx_sgf_doc *doc = !sp->all ? NULL
                      : later  ? lx_sgf_doc_new_utf8_later(bytes, len, check->read, sp->all)
                               : lx_sgf_doc_new(bytes, len, 1, check->read, sp->all);
    int rc = 1;
    if (doc) {
        sp->doc = doc;
        sp->text = lx_sgf_doc_text(doc, &sp->len);
        rc = run_split(sp, check, jobs);
    }
    lx_sgf_doc_free(doc);
    if (rc != 0) {
        lx_diag_list_free(sp->all);
        sp->all = NULL;
    }
    return rc;
}

int cli_check_split(const char *bytes, size_t len, const lx_check_options *check, int jobs, size_t chunk,
                    lx_check_summary *s, lx_diag_list **diags)
{
    split sp;
    lx_game_registry *own = NULL;
    const lx_game_registry *reg = check->registry ? check->registry : (own = lx_game_registry_new());
    int rc = 1;
    for (int later = 1; reg && later >= 0; later--) {
        memset(&sp, 0, sizeof sp);
        sp.chunk = chunk;
        sp.spec.registry = reg;
        if ((rc = split_doc(&sp, bytes, len, check, jobs, later)) != 2)
            break; /* 2: again, the text checked and repaired first */
    }
    lx_game_registry_free(own);
    if (rc == 0) {
        *s = sp.sum;
        *diags = sp.all;
        return 0;
    }
    if (rc < 0)
        return -1;
    /* the usual way: a backgammon match, a document that could not be made ... */
    *s = (lx_check_summary){0};
    *diags = lx_diag_list_new();
    return *diags ? lx_check_document(bytes, len, check, s, *diags) : -1;
}
