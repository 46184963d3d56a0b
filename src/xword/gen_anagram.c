/* gen_anagram.c - the word map's anagram lists: for each multiset of
 * letters that is a word, the words it makes (all of the same length), so
 * the best-play search can put words straight down on an extent (the rack
 * tiles it plays and the board tiles it runs through) instead of walking
 * the GADDAG there, as MAGPIE's word map does.
 *
 * The words are gathered with their fingerprints (gen_wordmap.c's sum of a
 * key per letter) as the word map's walk meets them, then each list of a
 * fingerprint and length is counted in an open-addressing table, given its
 * place and filled: its words one after another.  Two multisets whose 64-bit sums
 * collide share a list: the search checks each word's tiles against the
 * rack, so it then only tries a word too many.  The letters, and 16 bytes
 * a slot of a table at most half full (wamerican's 63,612 words, 59,139
 * multisets: 0.5 + 2.1 MB). */
#include <stdlib.h>
#include <string.h>

#include "xword/gen_impl.h"

typedef struct word_ref {
    uint64_t h;
    uint32_t at; /* in letters */
    uint8_t len;
} word_ref;

struct xw_anagram_build {
    word_ref *w;
    size_t n, cap;
    uint8_t *letters;
    size_t nletters, letters_cap;
    int oom;
};

xw_anagram_build *xw_anagram_build_new(void)
{
    return calloc(1, sizeof(xw_anagram_build));
}

/* Room for one more of `size` bytes in *p (cap of them): 0, or -1. */
static int grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    size_t c = *cap ? *cap : 1024;
    while (c < need)
        c *= 2;
    void *np = realloc(*p, c * size);
    if (!np)
        return -1;
    *p = np;
    *cap = c;
    return 0;
}

void xw_anagram_add(xw_anagram_build *b, uint64_t h, const uint8_t *word, int len)
{
    if (!b || b->oom)
        return;
    if (b->nletters + (size_t)len >= UINT32_MAX || grow((void **)&b->w, &b->cap, b->n + 1, sizeof *b->w) != 0 ||
        grow((void **)&b->letters, &b->letters_cap, b->nletters + (size_t)len, 1) != 0) {
        b->oom = 1;
        return;
    }
    b->w[b->n++] = (word_ref){h, (uint32_t)b->nletters, (uint8_t)len};
    memcpy(b->letters + b->nletters, word, (size_t)len);
    b->nletters += (size_t)len;
}

/* The slot of (h, len) in wm's table, taken when `add` and not there;
 * NULL when not there. */
static xw_anagrams *slot_of(xw_wordmap *wm, uint64_t h, int len, int add)
{
    for (size_t i = (size_t)h & wm->an_mask;; i = (i + 1) & wm->an_mask) {
        xw_anagrams *a = &wm->an[i];
        if (a->len == 0) {
            if (!add)
                return NULL;
            a->h = h;
            a->len = (uint8_t)len;
            return a;
        }
        if (a->h == h && a->len == len)
            return a;
    }
}

/* b's words into wm's lists, without sorting: each list counted, given its
 * place, then filled (a list keeps the lexicon's order).  0, or -1 out of
 * memory (or a list too long to count). */
static int lists(xw_anagram_build *b, xw_wordmap *wm)
{
    size_t cap = 64;
    while (cap < 2 * b->n) /* at most one list a word */
        cap *= 2;
    wm->an = calloc(cap, sizeof *wm->an);
    wm->an_letters = malloc(b->nletters ? b->nletters : 1);
    if (!wm->an || !wm->an_letters)
        return -1;
    wm->an_mask = cap - 1;
    for (size_t i = 0; i < b->n; i++) {
        xw_anagrams *a = slot_of(wm, b->w[i].h, b->w[i].len, 1);
        if (a->n == UINT16_MAX)
            return -1;
        a->n++;
    }
    size_t out = 0;
    for (size_t i = 0; i <= wm->an_mask; i++) {
        xw_anagrams *a = &wm->an[i];
        a->first = (uint32_t)out;
        out += (size_t)a->n * a->len;
        a->n = 0; /* counted again as the words go in */
    }
    for (size_t i = 0; i < b->n; i++) {
        xw_anagrams *a = slot_of(wm, b->w[i].h, b->w[i].len, 0);
        memcpy(wm->an_letters + a->first + (size_t)a->n * a->len, b->letters + b->w[i].at, b->w[i].len);
        a->n++;
    }
    return 0;
}

void xw_anagram_build_end(xw_anagram_build *b, xw_wordmap *wm)
{
    if (!b)
        return;
    if (!b->oom) {
        if (lists(b, wm) != 0) {
            free(wm->an);
            free(wm->an_letters);
            wm->an = NULL;
            wm->an_letters = NULL;
        }
    }
    free(b->w);
    free(b->letters);
    free(b);
}
