/* data.c - where distributions, boards and lexicons come from.
 *
 * An lx_xw_data is a list of directories and a cache.  Names come from
 * untrusted records (CGP's bdn, ld and lex), so a name is never used to
 * build a path: each directory is listed and an entry whose stem equals the
 * name (case-insensitively, '-' and '_' alike) is taken.  What was loaded,
 * and what was looked for and not found, stays in the cache until the data
 * is freed, so reading a million positions touches the disk once.  The
 * cache is behind a mutex: one lx_xw_data may serve several threads. */
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "xword/xword_impl.h"

enum { KIND_DIST, KIND_LAYOUT, KIND_LEXICON };

typedef struct xw_entry {
    int kind;
    char name[LX_XW_MAX_NAME + 1];
    const lx_xw_dist *dist; /* lexicons: the distribution their tiles are read with */
    void *item;             /* NULL: looked for, not found */
} xw_entry;

struct lx_xw_data {
    char **dirs;
    size_t ndirs;
    pthread_mutex_t lock;
    xw_entry *e;
    size_t n, cap;
};

static const char *const known_dists[] = {"english", "english_super", "french", "german", "spanish", "catalan",
                                          "polish", "dutch", "norwegian", "slovene", NULL};

const char *const *lx_xw_dist_known_names(void)
{
    return known_dists;
}

static int add_dir(lx_xw_data *d, const char *s, size_t len)
{
    if (len == 0)
        return 0;
    char **dirs = realloc(d->dirs, (d->ndirs + 1) * sizeof *dirs);
    if (!dirs)
        return -1;
    d->dirs = dirs;
    if (!(dirs[d->ndirs] = strndup(s, len)))
        return -1;
    d->ndirs++;
    return 0;
}

lx_xw_data *lx_xw_data_new(const char *path)
{
    lx_xw_data *d = calloc(1, sizeof *d);
    if (!d || pthread_mutex_init(&d->lock, NULL) != 0) {
        free(d);
        return NULL;
    }
    if (!path)
        path = getenv(LX_XW_DATA_ENV);
    for (const char *s = path; s && *s;) {
        const char *colon = strchr(s, ':');
        size_t len = colon ? (size_t)(colon - s) : strlen(s);
        if (add_dir(d, s, len) != 0) {
            lx_xw_data_free(d);
            return NULL;
        }
        s += len + (colon != NULL);
    }
    return d;
}

static void free_item(xw_entry *e)
{
    if (!e->item)
        return;
    if (e->kind == KIND_DIST)
        lx_xw_dist_free(e->item);
    else if (e->kind == KIND_LAYOUT)
        lx_xw_layout_free(e->item);
    else
        lx_xw_lexicon_free(e->item);
}

void lx_xw_data_free(lx_xw_data *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->n; i++)
        free_item(&d->e[i]);
    for (size_t i = 0; i < d->ndirs; i++)
        free(d->dirs[i]);
    free(d->dirs);
    free(d->e);
    pthread_mutex_destroy(&d->lock);
    free(d);
}

static xw_entry *find_entry(lx_xw_data *d, int kind, const char *name, const lx_xw_dist *dist)
{
    for (size_t i = d->n; i-- > 0;)
        if (d->e[i].kind == kind && d->e[i].dist == dist && xw_name_eq(d->e[i].name, name))
            return &d->e[i];
    return NULL;
}

/* Remember item (NULL: not found) under name; the item is freed on failure. */
static xw_entry *remember(lx_xw_data *d, int kind, const char *name, const lx_xw_dist *dist, void *item)
{
    if (d->n == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 16;
        xw_entry *e = realloc(d->e, cap * sizeof *e);
        if (!e) {
            xw_entry tmp = {kind, "", dist, item};
            free_item(&tmp);
            return NULL;
        }
        d->e = e;
        d->cap = cap;
    }
    xw_entry *e = &d->e[d->n++];
    e->kind = kind;
    snprintf(e->name, sizeof e->name, "%s", name);
    e->dist = dist;
    e->item = item;
    return e;
}

static int add_item(lx_xw_data *d, int kind, const char *name, void *item)
{
    pthread_mutex_lock(&d->lock);
    xw_entry *e = remember(d, kind, name, NULL, item);
    pthread_mutex_unlock(&d->lock);
    return e ? 0 : -1;
}

int lx_xw_data_add_dist(lx_xw_data *d, lx_xw_dist *dist)
{
    return add_item(d, KIND_DIST, dist->name, dist);
}

int lx_xw_data_add_layout(lx_xw_data *d, lx_xw_layout *l)
{
    return add_item(d, KIND_LAYOUT, l->name, l);
}

int lx_xw_data_add_lexicon(lx_xw_data *d, lx_xw_lexicon *lx)
{
    return add_item(d, KIND_LEXICON, lx->name, lx);
}

/* ---- files -------------------------------------------------------------------------- */

static int read_file(const char *path, lx_buf *out)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    char chunk[65536];
    size_t got;
    int rc = 0;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
        if (lx_buf_append(out, chunk, got) != 0) {
            rc = -1;
            break;
        }
    if (ferror(f))
        rc = -1;
    fclose(f);
    return rc;
}

/* Whether directory entry `ent` is NAME.EXT for this name. */
static int entry_matches(const char *ent, const char *name, const char *ext)
{
    size_t n = strlen(ent), k = strlen(ext);
    if (n <= k || strcasecmp(ent + n - k, ext) != 0 || ent[0] == '.')
        return 0;
    char stem[LX_XW_MAX_NAME + 1];
    if (n - k > LX_XW_MAX_NAME)
        return 0;
    memcpy(stem, ent, n - k);
    stem[n - k] = '\0';
    return xw_name_eq(stem, name);
}

/* Find sub/NAME.EXT in the data directories and read it into out; the
 * file's path into path.  0 found, -1 not found or unreadable. */
static int find_file(const lx_xw_data *d, const char *sub, const char *name, const char *ext, lx_buf *path,
                     lx_buf *out)
{
    for (size_t i = 0; i < d->ndirs; i++) {
        lx_buf_clear(path);
        if (lx_buf_printf(path, "%s/%s", d->dirs[i], sub) != 0)
            return -1;
        DIR *dir = opendir(path->data);
        struct dirent *ent;
        while (dir && (ent = readdir(dir)) != NULL) {
            if (!entry_matches(ent->d_name, name, ext))
                continue;
            int rc = lx_buf_printf(path, "/%s", ent->d_name) == 0 ? read_file(path->data, out) : -1;
            closedir(dir);
            return rc;
        }
        if (dir)
            closedir(dir);
    }
    return -1;
}

static void *load_dist(lx_xw_data *d, const char *name, lx_buf *path, lx_buf *text, lx_diag_list *diags)
{
    if (find_file(d, "distributions", name, ".txt", path, text) != 0)
        return NULL;
    lx_diag_list *inner = lx_diag_list_new();
    lx_xw_dist *dist = lx_xw_dist_parse(name, text->data ? text->data : "", text->len, inner);
    if (!dist && diags)
        lx_diag_add(diags, LX_ERROR, "DATA_UNREADABLE", LX_NO_OFFSET, "%s: %s", path->data,
                    inner && lx_diag_count(inner) ? lx_diag_get(inner, 0)->message : "not a distribution");
    lx_diag_list_free(inner);
    return dist;
}

static void *load_layout(lx_xw_data *d, const char *name, lx_buf *path, lx_buf *text, lx_diag_list *diags)
{
    if (find_file(d, "boards", name, ".txt", path, text) != 0)
        return NULL;
    lx_diag_list *inner = lx_diag_list_new();
    lx_xw_layout *l = lx_xw_layout_parse(name, text->data ? text->data : "", text->len, inner);
    if (!l && diags)
        lx_diag_add(diags, LX_ERROR, "DATA_UNREADABLE", LX_NO_OFFSET, "%s: %s", path->data,
                    inner && lx_diag_count(inner) ? lx_diag_get(inner, 0)->message : "not a board layout");
    lx_diag_list_free(inner);
    return l;
}

static void *load_lexicon(lx_xw_data *d, const char *name, const lx_xw_dist *dist, lx_buf *path, lx_buf *text,
                          lx_diag_list *diags)
{
    if (find_file(d, "lexica", name, ".kwg", path, text) == 0)
        return lx_xw_lexicon_from_kwg(name, text->data, text->len, diags);
    lx_buf_clear(text);
    lx_xw_wordlist_options opt = {0, 0, 0};
    if (find_file(d, "lexica", name, ".txt", path, text) == 0)
        return lx_xw_lexicon_from_words(name, text->data ? text->data : "", text->len, dist, &opt, NULL);
    if (!xw_name_eq(name, LX_XW_DEFAULT_LEXICON))
        return NULL;
    lx_buf_clear(text);
    if (read_file(LX_XW_WAMERICAN_PATH, text) != 0)
        return NULL;
    opt = (lx_xw_wordlist_options){2, 15, 1};
    return lx_xw_lexicon_from_words(LX_XW_DEFAULT_LEXICON, text->data ? text->data : "", text->len, dist, &opt,
                                    NULL);
}

/* Look up (kind, name, dist), loading on first use. */
static void *lookup(lx_xw_data *d, int kind, const char *name, const lx_xw_dist *dist, lx_diag_list *diags)
{
    if (!name || !*name || strlen(name) > LX_XW_MAX_NAME)
        return NULL;
    pthread_mutex_lock(&d->lock);
    /* a lexicon the caller added (kept without a distribution) wins over files */
    xw_entry *e = kind == KIND_LEXICON ? find_entry(d, kind, name, NULL) : NULL;
    if (e && !e->item)
        e = NULL;
    if (!e)
        e = find_entry(d, kind, name, kind == KIND_LEXICON ? dist : NULL);
    void *item = e ? e->item : NULL;
    if (!e) {
        lx_buf path = LX_BUF_INIT, text = LX_BUF_INIT;
        item = kind == KIND_DIST     ? load_dist(d, name, &path, &text, diags)
               : kind == KIND_LAYOUT ? load_layout(d, name, &path, &text, diags)
                                     : load_lexicon(d, name, dist, &path, &text, diags);
        lx_buf_free(&path);
        lx_buf_free(&text);
        e = remember(d, kind, name, kind == KIND_LEXICON ? dist : NULL, item);
        item = e ? item : NULL;
    }
    pthread_mutex_unlock(&d->lock);
    return item;
}

const lx_xw_dist *lx_xw_data_dist(lx_xw_data *d, const char *name, lx_diag_list *diags)
{
    return lookup(d, KIND_DIST, name, NULL, diags);
}

const lx_xw_layout *lx_xw_data_layout(lx_xw_data *d, const char *name, lx_diag_list *diags)
{
    return lookup(d, KIND_LAYOUT, name, NULL, diags);
}

/* The default lexicon holds English words, numbered as the English tiles are (its KWG
 * was built with that distribution): read with another distribution's tiles it would
 * allow words of another alphabet's numbers. */
static int default_lexicon_fits(const lx_xw_dist *dist)
{
    return xw_name_eq(dist->name, "english") || xw_name_eq(dist->name, "english_super");
}

const lx_xw_lexicon *lx_xw_data_lexicon(lx_xw_data *d, const char *name, const lx_xw_dist *dist,
                                        lx_diag_list *diags)
{
    if (!dist)
        return NULL;
    if (name && xw_name_eq(name, LX_XW_DEFAULT_LEXICON) && !default_lexicon_fits(dist)) {
        if (diags)
            lx_diag_add(diags, LX_ERROR, "LEXICON_ALPHABET", LX_NO_OFFSET,
                        "the lexicon %s holds English words; the %s distribution needs a lexicon of its own",
                        LX_XW_DEFAULT_LEXICON, dist->name);
        return NULL;
    }
    return lookup(d, KIND_LEXICON, name, dist, diags);
}

const lx_xw_lexicon *lx_xw_data_judge(lx_xw_data *d, const char *named, const lx_xw_dist *dist, int *unavailable)
{
    *unavailable = 0;
    if (named && *named) {
        const lx_xw_lexicon *lx = lx_xw_data_lexicon(d, named, dist, NULL);
        *unavailable = lx == NULL;
        return lx;
    }
    if (dist && default_lexicon_fits(dist))
        return lx_xw_data_lexicon(d, LX_XW_DEFAULT_LEXICON, dist, NULL);
    return NULL;
}
