/* diag.c - the diagnostic list (see ludex/diag.h).
 *
 * Messages live in one growing string pool so that a file with many problems
 * costs a few allocations, not one per diagnostic.  Positions are stored as
 * byte offsets while reading (cheap) and turned into line and column once, at
 * the end, by lx_diag_list_resolve. */
#include "ludex/diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ludex/buf.h"

struct lx_diag_list {
    lx_diag *items;
    size_t *msg_at; /* message offsets in pool (pool may move) */
    size_t n, cap, limit, dropped;
    size_t summary; /* index+1 of the TOO_MANY_DIAGNOSTICS warning, 0 = none yet */
    size_t count_by_sev[3];
    lx_buf pool;
};

lx_diag_list *lx_diag_list_new(void)
{
    lx_diag_list *l = calloc(1, sizeof *l);
    if (l)
        l->limit = 10000;
    return l;
}

void lx_diag_list_free(lx_diag_list *l)
{
    if (!l)
        return;
    free(l->items);
    free(l->msg_at);
    lx_buf_free(&l->pool);
    free(l);
}

void lx_diag_list_clear(lx_diag_list *l)
{
    l->n = 0;
    l->dropped = 0;
    l->summary = 0;
    memset(l->count_by_sev, 0, sizeof l->count_by_sev);
    lx_buf_clear(&l->pool);
}

void lx_diag_list_set_limit(lx_diag_list *l, size_t max)
{
    l->limit = max;
}

static int grow(lx_diag_list *l)
{
    size_t cap = l->cap ? l->cap * 2 : 16;
    lx_diag *items = realloc(l->items, cap * sizeof *items);
    if (!items)
        return -1;
    l->items = items;
    size_t *at = realloc(l->msg_at, cap * sizeof *at);
    if (!at)
        return -1;
    l->msg_at = at;
    l->cap = cap;
    return 0;
}

static int add(lx_diag_list *l, lx_severity sev, const char *code, size_t offset, uint32_t line,
               uint32_t col, const char *fmt, va_list ap)
{
    if ((unsigned)sev > LX_FATAL)
        sev = LX_FATAL;
    l->count_by_sev[sev]++;
    if (l->n >= l->limit) {
        l->dropped++;
        return 0;
    }
    if (l->n == l->cap && grow(l) != 0) {
        l->dropped++;
        return -1;
    }
    size_t at = l->pool.len;
    char small[512];
    int len = vsnprintf(small, sizeof small, fmt, ap);
    if (len < 0)
        len = 0;
    if ((size_t)len >= sizeof small) {
        /* our own sentences are short; echoes of input get cut here, on a
         * character boundary so the message stays valid UTF-8 */
        len = (int)sizeof small - 1;
        int lead = len - 1;
        while (lead > 0 && ((unsigned char)small[lead] & 0xC0) == 0x80)
            lead--;
        unsigned char c = (unsigned char)small[lead];
        int need = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
        if (lead + need > len)
            len = lead; /* the last character was cut: leave it out */
    }
    if (lx_buf_append(&l->pool, small, (size_t)len) != 0 || lx_buf_append(&l->pool, "", 1) != 0) {
        l->dropped++;
        return -1;
    }
    lx_diag *d = &l->items[l->n];
    d->code = code;
    d->severity = sev;
    d->offset = offset;
    d->line = line;
    d->col = col;
    d->message = NULL;
    l->msg_at[l->n] = at;
    l->n++;
    return 0;
}

int lx_diag_add(lx_diag_list *l, lx_severity sev, const char *code, size_t offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = add(l, sev, code, offset, 0, 0, fmt, ap);
    va_end(ap);
    return r;
}

static int add_copy(lx_diag_list *l, lx_severity sev, const char *code, size_t offset, uint32_t line,
                    uint32_t col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = add(l, sev, code, offset, line, col, fmt, ap);
    va_end(ap);
    return r;
}

int lx_diag_list_append(lx_diag_list *dst, const lx_diag_list *src)
{
    size_t kept[3] = {0, 0, 0};
    int rc = 0;
    for (size_t i = 0; i < src->n; i++) {
        const lx_diag *d = &src->items[i];
        kept[d->severity]++;
        if (add_copy(dst, d->severity, d->code, d->offset, d->line, d->col, "%s", src->pool.data + src->msg_at[i]) != 0)
            rc = -1;
    }
    for (int s = 0; s < 3; s++) {
        size_t more = src->count_by_sev[s] - kept[s];
        dst->count_by_sev[s] += more;
        dst->dropped += more;
    }
    return rc;
}

int lx_diag_add_at(lx_diag_list *l, lx_severity sev, const char *code, uint32_t line, uint32_t col,
                   const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = add(l, sev, code, LX_NO_OFFSET, line, col, fmt, ap);
    va_end(ap);
    return r;
}

size_t lx_diag_count(const lx_diag_list *l)
{
    return l->n;
}

const lx_diag *lx_diag_get(const lx_diag_list *l, size_t i)
{
    if (i >= l->n)
        return NULL;
    lx_diag *d = &((lx_diag_list *)l)->items[i];
    d->message = l->pool.data + l->msg_at[i];
    return d;
}

size_t lx_diag_count_at_least(const lx_diag_list *l, lx_severity min)
{
    size_t c = 0;
    for (int s = (int)min; s <= (int)LX_FATAL; s++)
        c += l->count_by_sev[s];
    return c;
}

size_t lx_diag_dropped(const lx_diag_list *l)
{
    return l->dropped;
}

const char *lx_severity_name(lx_severity sev)
{
    switch (sev) {
    case LX_WARNING: return "warning";
    case LX_ERROR: return "error";
    default: return "fatal";
    }
}

/* Stable insertion-merge sort by (line, col): n is small in practice, but a
 * bottom-up merge keeps a pathological file from going quadratic. */
typedef struct {
    lx_diag d;
    size_t at;
    size_t seq;
} entry;

static int before(const entry *a, const entry *b)
{
    uint64_t ka = ((uint64_t)a->d.line << 32) | a->d.col, kb = ((uint64_t)b->d.line << 32) | b->d.col;
    if (ka != kb)
        return ka < kb;
    return a->seq < b->seq;
}

static void sort_entries(entry *e, entry *tmp, size_t n)
{
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = before(&e[j], &e[i]) ? e[j++] : e[i++];
            while (i < mid)
                tmp[k++] = e[i++];
            while (j < hi)
                tmp[k++] = e[j++];
        }
        memcpy(e, tmp, n * sizeof *e);
    }
}

typedef struct {
    size_t off;
    size_t idx;
} by_offset;

static int cmp_offset(const void *a, const void *b)
{
    const by_offset *x = a, *y = b;
    if (x->off != y->off)
        return x->off < y->off ? -1 : 1;
    return x->idx < y->idx ? -1 : (x->idx > y->idx);
}

/* Say, in one warning at the end, how many diagnostics the limit left out. */
static void summarize_dropped(lx_diag_list *l)
{
    if (l->dropped == 0)
        return;
    if (l->summary == 0) {
        if (l->n == l->cap && grow(l) != 0)
            return;
        l->items[l->n] = (lx_diag){"TOO_MANY_DIAGNOSTICS", LX_WARNING, LX_NO_OFFSET, 0, 0, NULL};
        l->summary = ++l->n;
        l->count_by_sev[LX_WARNING]++;
    }
    size_t at = l->pool.len;
    if (lx_buf_printf(&l->pool, "%zu more diagnostic%s left out after the first %zu", l->dropped,
                      l->dropped == 1 ? " was" : "s were", l->n - 1) != 0 ||
        lx_buf_append(&l->pool, "", 1) != 0)
        return;
    l->msg_at[l->summary - 1] = at;
}

/* Where resolution has got to in the text: lines are found with memchr (a
 * line break is "\n", "\r\n" counted once at its "\n", or a lone "\r"), and
 * columns counted in characters from the start of the line, incrementally so
 * that many diagnostics on one long line stay linear. */
typedef struct text_cursor {
    size_t pos;        /* lines before pos are counted */
    uint32_t line;
    size_t line_start;
    size_t col_pos;    /* characters before col_pos on this line are counted */
    uint32_t col;
} text_cursor;

static void new_line(text_cursor *c, size_t start)
{
    c->line++;
    c->line_start = c->col_pos = start;
    c->col = 1;
}

static void advance_lines(const char *text, size_t len, text_cursor *c, size_t target)
{
    while (c->pos < target) {
        const char *nl = memchr(text + c->pos, '\n', target - c->pos);
        size_t stop = nl ? (size_t)(nl - text) : target;
        for (size_t q = c->pos; q < stop;) {
            const char *cr = memchr(text + q, '\r', stop - q);
            if (!cr)
                break;
            size_t at = (size_t)(cr - text);
            if (at + 1 >= len || text[at + 1] != '\n')
                new_line(c, at + 1);
            q = at + 1;
        }
        if (!nl) {
            c->pos = target;
            break;
        }
        new_line(c, stop + 1);
        c->pos = stop + 1;
    }
}

static uint32_t column_at(const char *text, text_cursor *c, size_t target)
{
    for (; c->col_pos < target; c->col_pos++) {
        unsigned char ch = (unsigned char)text[c->col_pos];
        if ((ch & 0xC0) != 0x80 && ch != '\r')
            c->col++;
    }
    return c->col;
}

void lx_diag_list_resolve(lx_diag_list *l, const char *text, size_t len)
{
    if (l->n == 0) {
        summarize_dropped(l);
        return;
    }
    if (l->summary) { /* keep the summary last: take it out while sorting */
        lx_diag keep = l->items[l->summary - 1];
        size_t keep_at = l->msg_at[l->summary - 1];
        memmove(&l->items[l->summary - 1], &l->items[l->summary], (l->n - l->summary) * sizeof *l->items);
        memmove(&l->msg_at[l->summary - 1], &l->msg_at[l->summary], (l->n - l->summary) * sizeof *l->msg_at);
        l->items[l->n - 1] = keep;
        l->msg_at[l->n - 1] = keep_at;
        l->summary = l->n;
    }
    /* Visit diagnostics in offset order, walking the text once. */
    by_offset *order = malloc(l->n * sizeof *order);
    entry *e = malloc(l->n * sizeof *e), *tmp = malloc(l->n * sizeof *tmp);
    if (!order || !e || !tmp) {
        free(order);
        free(e);
        free(tmp);
        return;
    }
    size_t m = 0;
    for (size_t i = 0; i < l->n; i++)
        if (l->items[i].line == 0 && l->items[i].offset != LX_NO_OFFSET)
            order[m++] = (by_offset){l->items[i].offset, i};
    qsort(order, m, sizeof *order, cmp_offset);
    text_cursor cur = {0, 1, 0, 0, 1};
    for (size_t k = 0; k < m; k++) {
        size_t target = order[k].off < len ? order[k].off : len;
        advance_lines(text, len, &cur, target);
        uint32_t line = cur.line, col = column_at(text, &cur, target);
        l->items[order[k].idx].line = line;
        l->items[order[k].idx].col = col;
    }
    size_t sorted = l->summary ? l->n - 1 : l->n;
    for (size_t i = 0; i < sorted; i++)
        e[i] = (entry){l->items[i], l->msg_at[i], i};
    sort_entries(e, tmp, sorted);
    for (size_t i = 0; i < sorted; i++) {
        l->items[i] = e[i].d;
        l->msg_at[i] = e[i].at;
    }
    free(order);
    free(e);
    free(tmp);
    summarize_dropped(l);
}
