/* write.c - the SGF writer: a game tree -> canonical SGF FF[4] text.
 *
 * One tree always gives the same bytes, and writing what was written changes
 * nothing: write(read(write(read(x)))) == write(read(x)), byte for byte.
 * read(write(T)) has T's shape, T's property IDs (in the order below) and
 * T's decoded values.  The canonical form:
 *
 * Layout
 *   - "(" and the root node alone on the first line.
 *   - A node with one child goes on in the same sequence (";B[aa];W[bb]");
 *     a node with several children writes each child as a variation "(...)",
 *     and every "(" of a variation starts a new line.
 *   - The nodes of a sequence share a line until the next node would end its
 *     line past column 79 (columns counted in UTF-8 characters): that node
 *     starts a new line.  Lines break only before a node or a "(", never
 *     inside a node, so one long node makes one long line.
 *   - ")" follows the last node of its variation directly (")))" at the end
 *     of nested variations); the tree's last ")" is followed by "\n".
 * Property order within a node (duplicates stay where the sort puts them,
 * in the order written; the checker reports them):
 *   1. root properties: FF CA GM SZ AP ST, then any other root property;
 *   2. game-info: GN EV RO DT PC PB BR BT PW WR WT RU HA KM TM OT RE AN CP
 *      SO US ON GC, then any other game-info property;
 *   3. setup: PL AE AB AW (as GNU Backgammon needs), then any other setup property;
 *   4. move: B W KO MN, then any other move property;
 *   5. every other known property (annotation, markup, inherit, misc);
 *   6. unknown properties, in the order written.
 *   "Known" means in the FF[4] table or in the options' `extra` table (which
 *   is searched first, so a game may type a property its own way); the
 *   category is the table's.  "Any other" in groups 1-5: alphabetical by ID.
 * Values, by the type of the property (or of each half of a composed value,
 * split at the first unescaped ':'):
 *   - Text, SimpleText: decoded (escapes and soft line breaks removed, line
 *     breaks as "\n"; in SimpleText white space as " ") and re-escaped
 *     minimally: "\" and "]", and ":" too in properties that compose values.
 *   - Number, Real, Double, Color, none: as written, white space around cut.
 *   - Point, Move, Stone, and every unknown property: the game module's
 *     canonical form when the options give `game_value` (called once per
 *     point: each half of a composed value or of a "p1:p2" rectangle on its
 *     own; a return other than 0 or 1 fails the write), else the bytes as
 *     written.  They are not decoded as text because a backslash may mean
 *     something there: the Twixt spec writes ";B[\i'4]" for "add a link of
 *     negative slope at i'4", which generic unescaping would turn into "i'4".
 *     Only what would make the file invalid is repaired: an unescaped "]"
 *     (the reader keeps one when it repairs an early-closing bracket) is
 *     written "\]", and a lone "\" at the very end (which would escape the
 *     closing bracket) is left out - as decoding leaves it out.
 *   - A property without any value (built trees only) is written "ID[]".
 *   - CA: the root's CA of a tree read from a document is written CA[UTF-8],
 *     whatever it said: the document's text is UTF-8 (the reader converts),
 *     so that is what is written.  Not only when the reader converted: a
 *     file with a UTF-8 byte-order mark and CA[ISO-8859-1] is read as UTF-8
 *     without conversion, and keeping its CA would make the next reading
 *     take the UTF-8 bytes for Latin-1.  A built tree's CA is kept.
 *   - With `drop_unknown`, unknown properties are left out.
 *
 * Never recursive (an explicit stack of pending variations, so a million
 * nested variations need a million stack entries on the heap), and no
 * allocation per node: values go straight into `out`, scratch space grows
 * once and is reused.  Not done here: checking (check.c), the canonical form
 * of game-specific values (the game modules, through `game_value`), writing
 * in a charset other than UTF-8. */
#include <stdlib.h>
#include <string.h>

#include "sgf/tree_impl.h"

#define WRAP_COLUMN 79
#define UNKNOWN_RANK UINT32_MAX
#define SMALL_NAMES 64

typedef struct name_info {
    const lx_sgf_propdef *def; /* NULL: unknown */
    uint32_t rank;             /* place in the canonical order; UNKNOWN_RANK if unknown */
    const char *id;
    size_t idlen;
} name_info;

typedef struct writer {
    const lx_sgf_tree *t;
    const lx_sgf_write_options *opt;
    lx_buf *out;
    int failed;       /* out of memory or game_value failed: the rest is skipped, `out` restored */
    uint32_t utf8_ca; /* name number of CA when the root's CA is written CA[UTF-8], else UINT32_MAX */
    size_t col;       /* characters on the current output line */
    name_info *names;
    name_info small_names[SMALL_NAMES];
    uint64_t *keys; /* a node's properties: rank << 32 | index in node */
    size_t cap_keys;
    uint32_t *stack; /* per open variation: the sibling to write after it */
    size_t depth, cap_stack;
    lx_buf scratch; /* decoded text, game values */
} writer;

/* ---- output primitives (sticky failure) ---- */

static void put(writer *w, const char *s, size_t n)
{
    lx_buf *o = w->out;
    if (o->len + n < o->cap) { /* the common case, without a call */
        memcpy(o->data + o->len, s, n);
        o->len += n;
        o->data[o->len] = '\0';
    } else if (!w->failed && lx_buf_append(o, s, n) != 0) {
        w->failed = 1;
    }
}

static void put_char(writer *w, char c)
{
    lx_buf *o = w->out;
    if (o->len + 1 < o->cap) {
        o->data[o->len++] = c;
        o->data[o->len] = '\0';
    } else if (!w->failed && lx_buf_append_char(o, c) != 0) {
        w->failed = 1;
    }
}

static void newline(writer *w)
{
    put_char(w, '\n');
    w->col = 0;
}

/* ---- property order ---- */

static const char *const root_order[] = {"FF", "CA", "GM", "SZ", "AP", "ST", NULL};
static const char *const info_order[] = {"GN", "EV", "RO", "DT", "PC", "PB", "BR", "BT", "PW", "WR", "WT", "RU",
                                         "HA", "KM", "TM", "OT", "RE", "AN", "CP", "SO", "US", "ON", "GC", NULL};
/* PL, then AE, then the stones: GNU Backgammon applies setup in the order
 * written, turns the board when it meets PL, and must clear points before
 * it adds stones, not after. */
static const char *const setup_order[] = {"PL", "AE", "AB", "AW", NULL};
static const char *const move_order[] = {"B", "W", "KO", "MN", NULL};
static const char *const no_order[] = {NULL};

typedef struct rank_item {
    unsigned group, listpos;
    const char *id;
    uint32_t name;
} rank_item;

static const lx_sgf_propdef *find_def(const lx_sgf_write_options *opt, const char *id)
{
    if (opt)
        for (size_t i = 0; i < opt->nextra; i++)
            if (opt->extra[i].id && strcmp(opt->extra[i].id, id) == 0)
                return &opt->extra[i];
    return lx_sgf_propdef_find(id);
}

static rank_item rank_item_of(const lx_sgf_propdef *def, const char *id, uint32_t name)
{
    unsigned group;
    const char *const *list;
    switch (def->category) {
    case LX_PROP_ROOT: group = 0, list = root_order; break;
    case LX_PROP_GAME_INFO: group = 1, list = info_order; break;
    case LX_PROP_SETUP: group = 2, list = setup_order; break;
    case LX_PROP_MOVE: group = 3, list = move_order; break;
    default: group = 4, list = no_order; break;
    }
    unsigned pos = 0;
    while (list[pos] && (list[pos][0] != id[0] || strcmp(list[pos], id) != 0))
        pos++;
    return (rank_item){group, pos, id, name};
}

static int cmp_rank_item(const void *a, const void *b)
{
    const rank_item *x = a, *y = b;
    if (x->group != y->group)
        return x->group < y->group ? -1 : 1;
    if (x->listpos != y->listpos)
        return x->listpos < y->listpos ? -1 : 1;
    return strcmp(x->id, y->id);
}

/* Look up every property ID of the tree once and number the known ones in
 * canonical order.  Returns 0, or -1 when out of memory. */
static int rank_names(writer *w)
{
    uint32_t n = w->t->nnames;
    rank_item small_items[SMALL_NAMES];
    w->names = n <= SMALL_NAMES ? w->small_names : malloc(n * sizeof *w->names);
    rank_item *items = n <= SMALL_NAMES ? small_items : malloc(n * sizeof *items);
    if (!w->names || !items) {
        if (items != small_items)
            free(items);
        return -1;
    }
    size_t nknown = 0;
    for (uint32_t i = 0; i < n; i++) {
        const char *id = lx_sgf_tree_name(w->t, i);
        name_info *ni = &w->names[i];
        *ni = (name_info){find_def(w->opt, id), UNKNOWN_RANK, id, strlen(id)};
        if (ni->def) {
            rank_item it = rank_item_of(ni->def, id, i);
            size_t j = nknown++;
            if (nknown <= SMALL_NAMES) /* insertion sort while small */
                for (; j > 0 && cmp_rank_item(&items[j - 1], &it) > 0; j--)
                    items[j] = items[j - 1];
            items[j] = it;
        }
    }
    if (nknown > SMALL_NAMES)
        qsort(items, nknown, sizeof *items, cmp_rank_item);
    for (size_t k = 0; k < nknown; k++)
        w->names[items[k].name].rank = (uint32_t)k;
    if (items != small_items)
        free(items);
    return 0;
}

/* Fill w->keys with node n's properties in canonical order; returns how many
 * (dropped unknown ones left out), or -1 when out of memory. */
static long sorted_props(writer *w, const sgf_node *nd)
{
    if (nd->nprops > w->cap_keys) {
        size_t cap = nd->nprops < 16 ? 16 : nd->nprops * 2;
        uint64_t *k = realloc(w->keys, cap * sizeof *k);
        if (!k)
            return -1;
        w->keys = k;
        w->cap_keys = cap;
    }
    int drop = w->opt && w->opt->drop_unknown;
    size_t m = 0;
    for (uint32_t i = 0; i < nd->nprops; i++) {
        const name_info *ni = &w->names[w->t->props[nd->first_prop + i].name];
        if (drop && !ni->def)
            continue;
        uint64_t key = (uint64_t)ni->rank << 32 | i;
        size_t j = m++;
        for (; j > 0 && w->keys[j - 1] > key; j--) /* insertion sort: nodes are small, often sorted */
            w->keys[j] = w->keys[j - 1];
        w->keys[j] = key;
    }
    return (long)m;
}

/* ---- values ---- */

/* Bytes kept as written, made safe: an unescaped ']' becomes "\]" and a lone
 * '\' at the end is left out. */
static void put_raw(writer *w, const char *s, size_t n)
{
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\') {
            if (i + 1 == n) {
                put(w, s + run, i - run); /* a lone '\' at the end */
                return;
            }
            i++;
        } else if (s[i] == ']') {
            put(w, s + run, i - run);
            put_char(w, '\\');
            run = i;
        }
    }
    put(w, s + run, n - run);
}

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

/* Length of s without a lone '\' at its end (one escaping nothing). */
static size_t without_lone_backslash(const char *s, size_t n)
{
    size_t k = 0;
    while (k < n && s[n - 1 - k] == '\\')
        k++;
    return n - (k & 1);
}

static void put_trimmed(writer *w, const char *s, size_t n)
{
    while (n > 0 && is_space(s[0]))
        s++, n--;
    for (size_t before = n + 1; n != before;) { /* "5 \" -> "5 " -> "5" */
        before = n;
        n = without_lone_backslash(s, n);
        while (n > 0 && is_space(s[n - 1]))
            n--;
    }
    put_raw(w, s, n);
}

/* Whether a Text/SimpleText value could read differently from its decoded,
 * re-escaped form; when not, its bytes are written as they are. */
static int text_needs_rewrite(const char *s, size_t n, int simple, int in_compose)
{
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '\\' || c == ']' || c == '\r' || c == '\t' || c == '\v' || c == '\f' ||
            (simple && c == '\n') || (in_compose && c == ':'))
            return 1;
    }
    return 0;
}

static void put_text(writer *w, const char *s, size_t n, int simple, int in_compose)
{
    if (!text_needs_rewrite(s, n, simple, in_compose)) {
        put(w, s, n);
        return;
    }
    lx_buf_clear(&w->scratch);
    int rc = simple ? lx_sgf_decode_simpletext(s, n, &w->scratch) : lx_sgf_decode_text(s, n, &w->scratch);
    if (rc == 0 && !w->failed)
        rc = lx_sgf_escape(w->scratch.data ? w->scratch.data : "", w->scratch.len, in_compose, w->out);
    if (rc != 0)
        w->failed = 1;
}

/* Point, Move, Stone and unknown values: the game's form, or the raw bytes. */
static void put_game_value(writer *w, const char *id, const char *s, size_t n)
{
    if (!w->opt || !w->opt->game_value) {
        put_raw(w, s, n);
        return;
    }
    lx_buf_clear(&w->scratch);
    int rc = w->opt->game_value(w->opt->ctx, id, s, n, &w->scratch);
    if (rc == 0)
        put_raw(w, w->scratch.data ? w->scratch.data : "", w->scratch.len);
    else if (rc == 1)
        put_raw(w, s, n);
    else
        w->failed = 1;
}

static void put_part(writer *w, lx_sgf_vtype type, const char *id, const char *s, size_t n, int in_compose)
{
    switch (type) {
    case LX_VT_TEXT: put_text(w, s, n, 0, in_compose); break;
    case LX_VT_SIMPLETEXT: put_text(w, s, n, 1, in_compose); break;
    case LX_VT_NONE:
    case LX_VT_NUMBER:
    case LX_VT_REAL:
    case LX_VT_DOUBLE:
    case LX_VT_COLOR: put_trimmed(w, s, n); break;
    default: put_game_value(w, id, s, n); break;
    }
}

static void put_value(writer *w, const lx_sgf_propdef *def, const char *id, const char *s, size_t n)
{
    put_char(w, '[');
    if (!def) {
        put_game_value(w, id, s, n);
    } else {
        unsigned composes = def->flags & (LX_PF_COMPOSE | LX_PF_COMPOSE_OPT);
        size_t split = (composes || (def->flags & LX_PF_POINT_LIST)) ? lx_sgf_compose_split(s, n) : (size_t)-1;
        if (split == (size_t)-1) {
            put_part(w, def->first, id, s, n, composes != 0);
        } else {
            put_part(w, def->first, id, s, split, composes != 0);
            put_char(w, ':');
            put_part(w, composes ? def->second : def->first, id, s + split + 1, n - split - 1, composes != 0);
        }
    }
    put_char(w, ']');
}

static void put_prop(writer *w, uint32_t node, uint32_t p)
{
    const lx_sgf_tree *t = w->t;
    const sgf_prop *pr = &t->props[p];
    const name_info *ni = &w->names[pr->name];
    put(w, ni->id, ni->idlen);
    if (node == 0 && pr->name == w->utf8_ca) {
        put(w, "[UTF-8]", 7);
        return;
    }
    if (pr->nvalues == 0)
        put(w, "[]", 2);
    for (uint32_t i = 0; i < pr->nvalues; i++) {
        const sgf_value *v = &t->values[pr->first_value + i];
        if (v->len & LX_VAL_IN_POOL)
            put_value(w, ni->def, ni->id, t->pool.data ? t->pool.data + v->off : "", v->len & ~LX_VAL_IN_POOL);
        else
            put_value(w, ni->def, ni->id, t->text + v->off, v->len);
    }
}

/* ---- nodes and layout ---- */

/* After a node was written at out[ns..]: move it to a new line when
 * `may_wrap` and it would end past WRAP_COLUMN, then update the column. */
static void node_layout(writer *w, size_t ns, int may_wrap)
{
    lx_buf *o = w->out;
    const unsigned char *s = (const unsigned char *)o->data + ns;
    size_t n = o->len - ns, first = 0, last = 0, lines = 0;
    for (size_t i = 0; i < n; i++) { /* characters on the node's first and last line */
        if (s[i] == '\n') {
            lines++;
            last = 0;
        } else if ((s[i] & 0xC0) != 0x80) {
            first += lines == 0;
            last++;
        }
    }
    if (may_wrap && w->col > 0 && w->col + first > WRAP_COLUMN) {
        if (lx_buf_reserve(o, 1) != 0) {
            w->failed = 1;
            return;
        }
        memmove(o->data + ns + 1, o->data + ns, n + 1); /* with the NUL */
        o->data[ns] = '\n';
        o->len++;
        w->col = 0;
    }
    w->col = lines ? last : w->col + first;
}

static void put_node(writer *w, uint32_t n, int may_wrap)
{
    if (w->failed)
        return;
    const sgf_node *nd = &w->t->nodes[n];
    size_t ns = w->out->len;
    put_char(w, ';');
    if (nd->nprops == 1 && !(w->opt && w->opt->drop_unknown)) {
        put_prop(w, n, nd->first_prop); /* the common case: nothing to sort */
    } else {
        long m = sorted_props(w, nd);
        if (m < 0)
            w->failed = 1;
        for (long k = 0; k < m; k++)
            put_prop(w, n, nd->first_prop + (uint32_t)(w->keys[k] & 0xFFFFFFFFu));
    }
    if (!w->failed)
        node_layout(w, ns, may_wrap);
}

static void push_pending(writer *w, uint32_t sibling)
{
    if (w->depth == w->cap_stack) {
        size_t cap = w->cap_stack ? w->cap_stack * 2 : 64;
        uint32_t *s = realloc(w->stack, cap * sizeof *s);
        if (!s) {
            w->failed = 1;
            return;
        }
        w->stack = s;
        w->cap_stack = cap;
    }
    w->stack[w->depth++] = sibling;
}

static void open_variation(writer *w, uint32_t n)
{
    if (w->col > 0)
        newline(w);
    put_char(w, '(');
    w->col++;
    push_pending(w, w->t->nodes[n].next_sibling);
    put_node(w, n, 0);
}

/* Close the variation that just ended and every one finished with it; open
 * the next pending one.  Returns its first node, or NIL when the tree is done. */
static uint32_t next_variation(writer *w)
{
    put_char(w, ')');
    w->col++;
    while (w->depth > 0 && !w->failed) {
        uint32_t s = w->stack[--w->depth];
        if (s != LX_SGF_NIL) {
            open_variation(w, s);
            return s;
        }
        put_char(w, ')'); /* the parent's variations are done: its sequence ends */
        w->col++;
    }
    return LX_SGF_NIL;
}

static void put_tree(writer *w)
{
    const sgf_node *nodes = w->t->nodes;
    put_char(w, '(');
    w->col++;
    put_node(w, 0, 0);
    if (nodes[0].first_child != LX_SGF_NIL)
        newline(w);
    uint32_t cur = 0;
    while (cur != LX_SGF_NIL && !w->failed) {
        uint32_t c = nodes[cur].first_child;
        if (c == LX_SGF_NIL) {
            cur = next_variation(w);
        } else if (nodes[c].next_sibling == LX_SGF_NIL) {
            put_node(w, c, 1);
            cur = c;
        } else {
            open_variation(w, c);
            cur = c;
        }
    }
    newline(w);
}

/* The name number of CA when the tree was read from a document and its root
 * has CA (to be written CA[UTF-8]), else UINT32_MAX. */
static uint32_t root_ca_to_rewrite(const lx_sgf_tree *t)
{
    if (!t->doc || t->nnodes == 0)
        return UINT32_MAX;
    lx_sgf_prop p = lx_sgf_find_prop(t, 0, "CA");
    return p == LX_SGF_NIL ? UINT32_MAX : t->props[p].name;
}

int lx_sgf_write_tree(const lx_sgf_tree *t, const lx_sgf_write_options *opt, lx_buf *out)
{
    if (!t || !out)
        return -1;
    writer w;
    memset(&w, 0, sizeof w);
    w.t = t;
    w.opt = opt;
    w.out = out;
    w.utf8_ca = root_ca_to_rewrite(t);
    size_t start = out->len;
    if (rank_names(&w) != 0)
        w.failed = 1;
    else if (t->nnodes > 0)
        put_tree(&w);
    else
        put(&w, "(;)\n", 4); /* an empty built tree: the smallest valid tree */
    if (w.names != w.small_names)
        free(w.names);
    free(w.keys);
    free(w.stack);
    lx_buf_free(&w.scratch);
    if (w.failed) {
        out->len = start;
        if (out->data)
            out->data[start] = '\0';
        return -1;
    }
    return 0;
}
