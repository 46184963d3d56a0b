/* tree.c - storage, navigation and building of SGF game trees (layout in
 * tree_impl.h).  Navigation is O(1) except child counting and sibling walks. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sgf/tree_impl.h"

lx_sgf_tree *lx_sgf_tree_new(void)
{
    lx_sgf_tree *t = calloc(1, sizeof *t);
    if (t)
        t->offset = UINT32_MAX;
    return t;
}

void lx_sgf_tree_free(lx_sgf_tree *t)
{
    if (!t)
        return;
    free(t->nodes);
    free(t->props);
    free(t->values);
    free(t->name_at);
    free(t->hash);
    lx_buf_free(&t->names);
    lx_buf_free(&t->pool);
    free(t);
}

static int direct_key(const char *id, size_t len)
{
    if (len == 1)
        return id[0] - 'A' + 1;
    if (len == 2)
        return (id[0] - 'A' + 1) * 27 + (id[1] - 'A' + 1);
    return -1;
}

void lx_sgf_tree_reset(lx_sgf_tree *t, const lx_sgf_doc *doc, const char *text)
{
    t->doc = doc;
    t->text = text;
    t->offset = UINT32_MAX;
    t->nnodes = t->nprops = t->nvalues = 0;
    /* The interned IDs are kept: the next tree of a document mostly uses the
     * same ones, and an ID's number only has to be stable within a tree. */
    lx_buf_clear(&t->pool);
}

static int grow(void **arr, uint32_t *cap, size_t elem)
{
    if (*cap >= UINT32_MAX / 2)
        return -1;
    uint32_t ncap = *cap ? *cap * 2 : 64;
    void *p = realloc(*arr, (size_t)ncap * elem);
    if (!p)
        return -1;
    *arr = p;
    *cap = ncap;
    return 0;
}

static uint32_t hash_id(const char *id, size_t len)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)id[i]) * 16777619u;
    return h;
}

/* The hash slot for `id`: where it is, or the empty slot where it would go. */
static uint32_t *hash_slot(const lx_sgf_tree *t, const char *id, size_t len)
{
    uint32_t mask = t->hash_cap - 1, i = hash_id(id, len) & mask;
    for (;; i = (i + 1) & mask) {
        uint32_t e = t->hash[i];
        if (e == 0)
            return &t->hash[i];
        const char *n = t->names.data + t->name_at[e - 1];
        if (strncmp(n, id, len) == 0 && n[len] == '\0')
            return &t->hash[i];
    }
}

/* Keep the hash at most half full. */
static int hash_grow(lx_sgf_tree *t)
{
    if (t->hash_cap && (t->hash_used + 1) * 2 <= t->hash_cap)
        return 0;
    uint32_t cap = t->hash_cap ? t->hash_cap * 2 : 64;
    if (cap == 0)
        return -1;
    uint32_t *old = t->hash, oldcap = t->hash_cap;
    t->hash = calloc(cap, sizeof *t->hash);
    if (!t->hash) {
        t->hash = old;
        return -1;
    }
    t->hash_cap = cap;
    for (uint32_t i = 0; i < oldcap; i++) {
        if (old[i]) {
            const char *n = t->names.data + t->name_at[old[i] - 1];
            *hash_slot(t, n, strlen(n)) = old[i];
        }
    }
    free(old);
    return 0;
}

static uint32_t add_name(lx_sgf_tree *t, const char *id, size_t len)
{
    if (t->nnames == t->cap_names && grow((void **)&t->name_at, &t->cap_names, sizeof *t->name_at))
        return UINT32_MAX;
    if (t->names.len + len + 1 >= UINT32_MAX)
        return UINT32_MAX;
    uint32_t at = (uint32_t)t->names.len;
    if (lx_buf_append(&t->names, id, len) || lx_buf_append(&t->names, "", 1))
        return UINT32_MAX;
    t->name_at[t->nnames] = at;
    return t->nnames++;
}

uint32_t lx_sgf_tree_intern(lx_sgf_tree *t, const char *id, size_t len)
{
    if (len == 1 || len == 2) {
        int key = direct_key(id, len);
        if (t->direct[key])
            return t->direct[key] - 1u;
        uint32_t name = add_name(t, id, len);
        if (name != UINT32_MAX)
            t->direct[key] = name + 1;
        return name;
    }
    if (hash_grow(t) != 0)
        return UINT32_MAX;
    uint32_t *slot = hash_slot(t, id, len);
    if (*slot)
        return *slot - 1;
    uint32_t name = add_name(t, id, len);
    if (name != UINT32_MAX) {
        *slot = name + 1;
        t->hash_used++;
    }
    return name;
}

const char *lx_sgf_tree_name(const lx_sgf_tree *t, uint32_t name)
{
    return t->names.data + t->name_at[name];
}

int lx_sgf_tree_grow_nodes(lx_sgf_tree *t)
{
    return grow((void **)&t->nodes, &t->cap_nodes, sizeof *t->nodes);
}

int lx_sgf_tree_grow_props(lx_sgf_tree *t)
{
    return grow((void **)&t->props, &t->cap_props, sizeof *t->props);
}

int lx_sgf_tree_grow_values(lx_sgf_tree *t)
{
    return grow((void **)&t->values, &t->cap_values, sizeof *t->values);
}

/* ---- navigation ---- */

const lx_sgf_doc *lx_sgf_tree_doc(const lx_sgf_tree *t) { return t->doc; }
size_t lx_sgf_tree_offset(const lx_sgf_tree *t) { return t->offset == UINT32_MAX ? LX_NO_OFFSET : t->offset; }
size_t lx_sgf_node_count(const lx_sgf_tree *t) { return t->nnodes; }

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

int lx_sgf_tree_gm(const lx_sgf_tree *t)
{
    lx_sgf_prop p = t->nnodes ? lx_sgf_find_prop(t, 0, "GM") : LX_SGF_NIL;
    if (p == LX_SGF_NIL || lx_sgf_value_count(t, p) == 0)
        return 1;
    lx_sgf_value v = lx_sgf_get_value(t, p, 0);
    while (v.len && is_blank(v.raw[0]))
        v.raw++, v.len--;
    while (v.len && is_blank(v.raw[v.len - 1]))
        v.len--;
    long gm;
    if (lx_sgf_parse_number(v.raw, v.len, &gm) != 0 || gm <= 0 || gm > 100000)
        return 0;
    return (int)gm;
}
lx_sgf_node lx_sgf_parent(const lx_sgf_tree *t, lx_sgf_node n) { return t->nodes[n].parent; }
lx_sgf_node lx_sgf_first_child(const lx_sgf_tree *t, lx_sgf_node n) { return t->nodes[n].first_child; }
lx_sgf_node lx_sgf_next_sibling(const lx_sgf_tree *t, lx_sgf_node n) { return t->nodes[n].next_sibling; }

size_t lx_sgf_child_count(const lx_sgf_tree *t, lx_sgf_node n)
{
    size_t c = 0;
    for (uint32_t k = t->nodes[n].first_child; k != LX_SGF_NIL; k = t->nodes[k].next_sibling)
        c++;
    return c;
}

size_t lx_sgf_node_offset(const lx_sgf_tree *t, lx_sgf_node n)
{
    return t->nodes[n].offset == UINT32_MAX ? LX_NO_OFFSET : t->nodes[n].offset;
}

size_t lx_sgf_prop_count(const lx_sgf_tree *t, lx_sgf_node n) { return t->nodes[n].nprops; }
lx_sgf_prop lx_sgf_node_prop(const lx_sgf_tree *t, lx_sgf_node n, size_t i) { return t->nodes[n].first_prop + (uint32_t)i; }

static int all_upper(const char *id, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (id[i] < 'A' || id[i] > 'Z')
            return 0;
    return len > 0;
}

/* Without interning: the number of an ID already in the tree's table. */
uint32_t lx_sgf_id_number(const lx_sgf_tree *t, const char *id)
{
    size_t len = strlen(id);
    if (!all_upper(id, len))
        return LX_SGF_NIL;
    if (len <= 2)
        return t->direct[direct_key(id, len)] - 1u; /* 0 - 1: LX_SGF_NIL */
    if (t->hash_cap == 0)
        return LX_SGF_NIL;
    return *hash_slot(t, id, len) - 1u;
}

lx_sgf_prop lx_sgf_find_prop(const lx_sgf_tree *t, lx_sgf_node n, const char *id)
{
    const sgf_node *nd = &t->nodes[n];
    uint32_t name = lx_sgf_id_number(t, id);
    if (name == LX_SGF_NIL) /* not an ID of this tree (nor of the trees before it) */
        return LX_SGF_NIL;
    for (uint32_t i = 0; i < nd->nprops; i++)
        if (t->props[nd->first_prop + i].name == name)
            return nd->first_prop + i;
    return LX_SGF_NIL;
}

const char *lx_sgf_prop_id(const lx_sgf_tree *t, lx_sgf_prop p) { return lx_sgf_tree_name(t, t->props[p].name); }
uint32_t lx_sgf_prop_id_number(const lx_sgf_tree *t, lx_sgf_prop p) { return t->props[p].name; }

size_t lx_sgf_prop_offset(const lx_sgf_tree *t, lx_sgf_prop p)
{
    return t->props[p].offset == UINT32_MAX ? LX_NO_OFFSET : t->props[p].offset;
}

lx_sgf_node lx_sgf_prop_node(const lx_sgf_tree *t, lx_sgf_prop p)
{
    /* Read trees store property runs in node order: the node is the last one
     * whose run starts at or before p.  Built trees may have moved runs, so a
     * miss falls back to a scan. */
    uint32_t lo = 0, hi = t->nnodes;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (t->nodes[mid].first_prop <= p)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo > 0) {
        const sgf_node *n = &t->nodes[lo - 1];
        if (p >= n->first_prop && p < n->first_prop + n->nprops)
            return lo - 1;
    }
    for (uint32_t i = 0; i < t->nnodes; i++)
        if (p >= t->nodes[i].first_prop && p < t->nodes[i].first_prop + t->nodes[i].nprops)
            return i;
    return LX_SGF_NIL;
}

size_t lx_sgf_value_count(const lx_sgf_tree *t, lx_sgf_prop p) { return t->props[p].nvalues; }

/* Whether text[0..len) holds `word` (ASCII letters, any case): memchr for
 * its last letter in each case, then a look at the letters before it. */
static int holds_word(const char *text, size_t len, const char *word)
{
    size_t n = strlen(word);
    if (n == 0 || len < n)
        return n == 0;
    for (int pass = 0; pass < 2; pass++) {
        int last = pass ? (word[n - 1] | 0x20) : (word[n - 1] & ~0x20);
        const char *at = text + n - 1, *end = text + len;
        while (at < end && (at = memchr(at, last, (size_t)(end - at))) != NULL) {
            if (strncasecmp(at - (n - 1), word, n) == 0)
                return 1;
            at++;
        }
    }
    return 0;
}

int lx_sgf_values_may_contain(const lx_sgf_tree *t, const char *word)
{
    if (!t->text || t->pool.len > 0)
        return 1;
    uint32_t lo = UINT32_MAX, hi = 0; /* the span of the text the values lie in */
    for (uint32_t i = 0; i < t->nvalues; i++) {
        if (t->values[i].len & LX_VAL_IN_POOL)
            return 1;
        if (t->values[i].off < lo)
            lo = t->values[i].off;
        if (t->values[i].off + t->values[i].len > hi)
            hi = t->values[i].off + t->values[i].len;
    }
    return lo < hi && holds_word(t->text + lo, hi - lo, word);
}

lx_sgf_value lx_sgf_get_value(const lx_sgf_tree *t, lx_sgf_prop p, size_t i)
{
    const sgf_value *v = &t->values[t->props[p].first_value + i];
    lx_sgf_value out;
    if (v->len & LX_VAL_IN_POOL) {
        out.raw = t->pool.data ? t->pool.data + v->off : "";
        out.len = v->len & ~LX_VAL_IN_POOL;
        out.offset = LX_NO_OFFSET;
    } else {
        out.raw = t->text + v->off;
        out.len = v->len;
        out.offset = v->off - 1;
    }
    return out;
}

/* ---- building ---- */

lx_sgf_node lx_sgf_add_node(lx_sgf_tree *t, lx_sgf_node parent)
{
    if (parent == LX_SGF_NIL && t->nnodes > 0)
        return LX_SGF_NIL;
    if (parent != LX_SGF_NIL && parent >= t->nnodes)
        return LX_SGF_NIL;
    uint32_t id = lx_sgf_tree_push_node(t, parent, UINT32_MAX);
    if (id != LX_SGF_NIL)
        t->nodes[id].first_prop = t->nprops; /* empty run at the end */
    return id;
}

/* Make node n's property run end the props array, so it can grow in place. */
static int node_run_to_end(lx_sgf_tree *t, uint32_t n)
{
    sgf_node *nd = &t->nodes[n];
    if (nd->first_prop + nd->nprops == t->nprops)
        return 0;
    while (t->nprops + nd->nprops + 1 > t->cap_props)
        if (grow((void **)&t->props, &t->cap_props, sizeof *t->props))
            return -1;
    memcpy(&t->props[t->nprops], &t->props[nd->first_prop], nd->nprops * sizeof *t->props);
    nd->first_prop = t->nprops;
    t->nprops += nd->nprops;
    return 0;
}

lx_sgf_prop lx_sgf_add_prop(lx_sgf_tree *t, lx_sgf_node n, const char *id)
{
    size_t len = strlen(id);
    if (n >= t->nnodes || !all_upper(id, len))
        return LX_SGF_NIL;
    uint32_t name = lx_sgf_tree_intern(t, id, len);
    if (name == UINT32_MAX || node_run_to_end(t, n))
        return LX_SGF_NIL;
    if (t->nprops == t->cap_props && grow((void **)&t->props, &t->cap_props, sizeof *t->props))
        return LX_SGF_NIL;
    uint32_t p = t->nprops++;
    t->props[p] = (sgf_prop){t->nvalues, 0, UINT32_MAX, name};
    t->nodes[n].nprops++;
    return p;
}

static int prop_run_to_end(lx_sgf_tree *t, uint32_t p)
{
    sgf_prop *pr = &t->props[p];
    if (pr->first_value + pr->nvalues == t->nvalues)
        return 0;
    while (t->nvalues + pr->nvalues + 1 > t->cap_values)
        if (grow((void **)&t->values, &t->cap_values, sizeof *t->values))
            return -1;
    memcpy(&t->values[t->nvalues], &t->values[pr->first_value], pr->nvalues * sizeof *t->values);
    pr->first_value = t->nvalues;
    t->nvalues += pr->nvalues;
    return 0;
}

int lx_sgf_add_value(lx_sgf_tree *t, lx_sgf_prop p, const char *raw, size_t len)
{
    if (len >= LX_VAL_IN_POOL || t->pool.len + len >= LX_VAL_IN_POOL || prop_run_to_end(t, p))
        return -1;
    uint32_t off = (uint32_t)t->pool.len;
    if (lx_buf_append(&t->pool, raw, len) != 0)
        return -1;
    if (t->nvalues == t->cap_values && grow((void **)&t->values, &t->cap_values, sizeof *t->values))
        return -1;
    t->values[t->nvalues++] = (sgf_value){off, (uint32_t)len | LX_VAL_IN_POOL};
    t->props[p].nvalues++;
    return 0;
}

int lx_sgf_add_text_value(lx_sgf_tree *t, lx_sgf_prop p, const char *text, size_t len)
{
    lx_buf b = LX_BUF_INIT;
    int rc = lx_sgf_escape(text, len, 0, &b);
    if (rc == 0)
        rc = lx_sgf_add_value(t, p, b.data ? b.data : "", b.len);
    lx_buf_free(&b);
    return rc;
}

int lx_sgf_set_value(lx_sgf_tree *t, lx_sgf_prop p, const char *raw, size_t len)
{
    t->props[p].nvalues = 0;
    t->props[p].first_value = t->nvalues;
    return lx_sgf_add_value(t, p, raw, len);
}

void lx_sgf_remove_prop(lx_sgf_tree *t, lx_sgf_prop p)
{
    uint32_t n = lx_sgf_prop_node(t, p);
    if (n == LX_SGF_NIL)
        return;
    sgf_node *nd = &t->nodes[n];
    uint32_t end = nd->first_prop + nd->nprops;
    memmove(&t->props[p], &t->props[p + 1], (end - p - 1) * sizeof *t->props);
    nd->nprops--;
}
