/* wordlist.c - lexicons from plain word lists.
 *
 * One word per line, written in a distribution's labels (either case); the
 * words are read into tiles, sorted, made distinct and handed to the DAWG
 * builder.  For the default lexicon the list is Debian's wamerican, kept to
 * its lower-case a-z words of 2 to 15 letters (proper nouns, possessives and
 * accented words left out).  This does not decide which list is "the"
 * lexicon of a game: data.c does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xword/xword_impl.h"

static int line_wanted(const char *s, size_t len, const lx_xw_wordlist_options *opt)
{
    if (!opt->lower_ascii_only)
        return 1;
    for (size_t i = 0; i < len; i++)
        if (s[i] < 'a' || s[i] > 'z')
            return 0;
    return 1;
}

/* Read one word into tiles; its length, or -1 when it is not a word of d. */
static int read_word(const lx_xw_dist *d, const char *s, size_t len, int upcase, uint8_t *tiles)
{
    char up[4 * LX_XW_MAX_SIDE];
    if (upcase) {
        if (len >= sizeof up)
            return -1;
        for (size_t i = 0; i < len; i++)
            up[i] = (char)(s[i] - 'a' + 'A');
        s = up;
    }
    int n = 0;
    size_t i = 0;
    while (i < len) {
        int t, b, u;
        size_t k = xw_dist_read(d, s + i, len - i, 1, 0, &t, &b, &u);
        if (k == 0 || n >= LX_XW_MAX_SIDE)
            return -1;
        tiles[n++] = (uint8_t)(t & 0x7F);
        i += k;
    }
    return n;
}

typedef struct word_store {
    lx_buf tiles;
    xw_word_ref *refs;
    size_t *at; /* of each word in the buffer, which moves while it grows */
    size_t n, cap;
} word_store;

static int store_word(word_store *w, const uint8_t *tiles, int n)
{
    if (w->n == w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 4096;
        xw_word_ref *r = realloc(w->refs, cap * sizeof *r);
        if (r)
            w->refs = r;
        size_t *at = r ? realloc(w->at, cap * sizeof *at) : NULL;
        if (!at)
            return -1;
        w->at = at;
        w->cap = cap;
    }
    w->at[w->n] = w->tiles.len;
    w->refs[w->n++] = (xw_word_ref){NULL, (uint16_t)n};
    return lx_buf_append(&w->tiles, tiles, (size_t)n);
}

static lx_xw_lexicon *build(const char *name, word_store *w)
{
    for (size_t i = 0; i < w->n; i++) /* the buffer has stopped moving */
        w->refs[i].tiles = (const uint8_t *)w->tiles.data + w->at[i];
    if (w->n > 0)
        qsort(w->refs, w->n, sizeof *w->refs, xw_word_ref_cmp);
    const uint8_t **words = malloc((w->n ? w->n : 1) * sizeof *words);
    uint8_t *lens = malloc(w->n ? w->n : 1);
    lx_xw_lexicon *lx = NULL;
    if (words && lens) {
        for (size_t i = 0; i < w->n; i++)
            words[i] = w->refs[i].tiles, lens[i] = (uint8_t)w->refs[i].len;
        lx = xw_lexicon_build(name, words, lens, w->n);
    }
    free(words);
    free(lens);
    return lx;
}

lx_xw_lexicon *lx_xw_lexicon_from_words(const char *name, const char *text, size_t len, const lx_xw_dist *d,
                                        const lx_xw_wordlist_options *opt, size_t *skipped)
{
    static const lx_xw_wordlist_options none = {0, 0, 0};
    word_store w = {LX_BUF_INIT, NULL, NULL, 0, 0};
    uint8_t tiles[LX_XW_MAX_SIDE];
    size_t skip = 0, start = 0;
    int oom = 0;
    opt = opt ? opt : &none;
    for (size_t i = 0; i <= len && !oom; i++) {
        if (i < len && text[i] != '\n')
            continue;
        size_t n = i - start;
        const char *s = text + start;
        start = i + 1;
        while (n > 0 && (s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
            n--;
        if (n == 0)
            continue;
        int k = line_wanted(s, n, opt) ? read_word(d, s, n, opt->lower_ascii_only, tiles) : -1;
        if (k <= 0 || (opt->min_len && k < opt->min_len) || (opt->max_len && k > opt->max_len)) {
            skip++;
            continue;
        }
        oom = store_word(&w, tiles, k) != 0;
    }
    lx_xw_lexicon *lx = oom ? NULL : build(name, &w);
    lx_buf_free(&w.tiles);
    free(w.refs);
    free(w.at);
    if (skipped)
        *skipped = skip;
    return lx;
}
