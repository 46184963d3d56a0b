/* read.c - the SGF reader: document text -> game trees, one at a time.
 *
 * A hand-written scanner with an explicit stack (never recursion), so a file
 * of a million nested variations needs a million stack entries on the heap,
 * not a million C frames.  It follows the FF[4] grammar
 *     Collection = GameTree+   GameTree = "(" Sequence GameTree* ")"
 *     Sequence = Node+   Node = ";" Property*   Property = PropIdent PropValue+
 * and, in the spirit of SGFC, repairs what real files get wrong, with a
 * diagnostic each time:
 *   junk outside game trees (JUNK_OUTSIDE_TREE), a tree that starts without
 *   "(" (MISSING_OPEN_PAREN), a node without ";" (MISSING_SEMICOLON),
 *   lower-case letters in an ID (LOWERCASE_PROP_ID), an ID without a value
 *   (PROP_WITHOUT_VALUE), an unescaped "]" that closes a value early
 *   (UNESCAPED_BRACKET), stray characters in a node (ILLEGAL_CHARACTER),
 *   "()" without nodes (EMPTY_VARIATION), a node after a variation
 *   (NODE_AFTER_VARIATION), variations beside the root
 *   (ROOT_VARIATION), and trees or values still open at the end
 *   (UNCLOSED_TREE, UNCLOSED_VALUE).
 * Values are not decoded here: a value is the (offset, length) of the bytes
 * between its brackets. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sgf/tree_impl.h"

typedef struct frame {
    uint32_t attach; /* node the variation's first node hangs from (NIL at top) */
    uint32_t last;   /* the variation's last node so far, NIL before its first */
    uint32_t open;   /* offset of its '(' */
} frame;

struct lx_sgf_reader {
    const lx_sgf_doc *doc;
    const char *s;
    size_t len, pos;
    lx_diag_list *diags;
    frame *stack;
    size_t depth, cap;
    /* IDs already reported as lower-case in this tree: one bit per interned
     * name (a tree interns fewer than 65536), and the first few names set, so
     * that clearing for the next tree rarely needs the whole map. */
    uint8_t lowercase_seen[65536 / 8];
    uint32_t lowercase_list[32];
    size_t nlowercase;
};

lx_sgf_reader *lx_sgf_reader_new(const lx_sgf_doc *doc, lx_diag_list *diags)
{
    lx_sgf_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->doc = doc;
    r->s = lx_sgf_doc_text(doc, &r->len);
    r->diags = diags;
    return r;
}

void lx_sgf_reader_free(lx_sgf_reader *r)
{
    if (!r)
        return;
    free(r->stack);
    free(r);
}

/* Character classes, one table read per byte in the hot loops. */
enum {
    C_WS = 1, C_UPPER = 2, C_LOWER = 4,
    C_AFTER = 8, /* '[' ';' '(' ')': may follow a value */
    C_STOP = 16  /* ']' '\\': where a scan through a value must look closer */
};
#define WS4 C_WS, C_WS, C_WS, C_WS
#define U8 C_UPPER, C_UPPER, C_UPPER, C_UPPER, C_UPPER, C_UPPER, C_UPPER, C_UPPER
#define L8 C_LOWER, C_LOWER, C_LOWER, C_LOWER, C_LOWER, C_LOWER, C_LOWER, C_LOWER
static const unsigned char char_class[256] = {
    ['\t'] = C_WS, ['\n'] = C_WS, ['\v'] = C_WS, ['\f'] = C_WS, ['\r'] = C_WS, [' '] = C_WS,
    ['['] = C_AFTER, [';'] = C_AFTER, ['('] = C_AFTER, [')'] = C_AFTER, [']'] = C_STOP, ['\\'] = C_STOP,
    ['A'] = U8, U8, U8, C_UPPER, C_UPPER, /* A..Z */
    ['a'] = L8, L8, L8, C_LOWER, C_LOWER, /* a..z */
};
#undef WS4
#undef U8
#undef L8

static inline int is_ws(unsigned char c) { return char_class[c] & C_WS; }
static inline int is_upper(unsigned char c) { return char_class[c] & C_UPPER; }
static inline int is_letter(unsigned char c) { return char_class[c] & (C_UPPER | C_LOWER); }

static size_t skip_ws(const char *s, size_t len, size_t i)
{
    while (i < len && is_ws((unsigned char)s[i]))
        i++;
    return i;
}

static void diag(lx_sgf_reader *r, lx_severity sev, const char *code, size_t at, const char *fmt, const char *arg)
{
    if (r->diags)
        lx_diag_add(r->diags, sev, code, at, fmt, arg);
}

/* Eight bytes at a time, without a branch per byte: a mask with the high
 * bit of every byte of x that is ']' or '\\' - exact for the lowest such
 * byte (the bits above it may be wrong, and are never used). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && defined(__GNUC__)
#define SWAR 1
static inline uint64_t zero_bytes(uint64_t y)
{
    return (y - 0x0101010101010101u) & ~y & 0x8080808080808080u;
}
static inline uint64_t stop_bytes(const char *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
    return zero_bytes(x ^ 0x5d5d5d5d5d5d5d5du) | zero_bytes(x ^ 0x5c5c5c5c5c5c5c5cu);
}
#endif

/* Offset of the ']' that closes a value starting at `from`, or len.  Most
 * values are a few bytes ("e5", "31fbdc"), so a short forward scan comes
 * first, eight bytes a step where the machine allows; long ones go to
 * memchr, counting the backslashes before each ']'. */
static inline size_t find_close(const char *s, size_t len, size_t from)
{
    size_t p = from, stop = from + 32 < len ? from + 32 : len;
#ifdef SWAR
    while (p + 8 <= stop) {
        uint64_t m = stop_bytes(s + p);
        if (!m) {
            p += 8;
            continue;
        }
        p += (size_t)__builtin_ctzll(m) / 8;
        if (s[p] == ']')
            return p;
        p += 2; /* an escaped character */
    }
#endif
    while (p < stop) {
        unsigned char c = (unsigned char)s[p];
        if (!(char_class[c] & C_STOP)) {
            p++;
        } else if (c == ']') {
            return p;
        } else {
            p += 2; /* an escaped character */
        }
    }
    if (p >= len)
        return len;
    for (;;) {
        const char *q = memchr(s + p, ']', len - p);
        if (!q)
            return len;
        size_t at = (size_t)(q - s), k = 0;
        while (at - k > from && s[at - k - 1] == '\\')
            k++;
        if ((k & 1) == 0)
            return at;
        p = at + 1;
    }
}

/* Does the text at i look like what may follow a value: another value, a
 * node, a variation, the end of a tree, a property, or the end of file? */
static int good_after_value(const char *s, size_t len, size_t i)
{
    if (i < len && (char_class[(unsigned char)s[i]] & C_AFTER))
        return 1; /* the usual case, decided by one byte */
    i = skip_ws(s, len, i);
    if (i >= len)
        return 1;
    unsigned char c = (unsigned char)s[i];
    if (char_class[c] & C_AFTER)
        return 1;
    if (!is_letter(c))
        return 0;
    while (i < len && is_letter((unsigned char)s[i]))
        i++;
    i = skip_ws(s, len, i);
    return i < len && s[i] == '[';
}

static int push_frame(lx_sgf_reader *r, uint32_t attach, uint32_t open)
{
    if (r->depth == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 64;
        frame *f = realloc(r->stack, cap * sizeof *f);
        if (!f)
            return -1;
        r->stack = f;
        r->cap = cap;
    }
    r->stack[r->depth++] = (frame){attach, LX_SGF_NIL, open};
    return 0;
}

/* Does a ';' at i start a node (";" ws* letters ws* "[" or ";" ws* "(")? Used
 * to tell a tree whose "(" is missing from junk that happens to hold a ';'. */
static int looks_like_node(const char *s, size_t len, size_t i)
{
    i = skip_ws(s, len, i + 1);
    if (i >= len || !is_upper((unsigned char)s[i]))
        return 0;
    while (i < len && is_letter((unsigned char)s[i]))
        i++;
    i = skip_ws(s, len, i);
    return i < len && s[i] == '[';
}

/* Skip to the start of the next game tree; 1 when found (r->pos at its '('
 * or at the ';' of a tree missing its '('), 0 at the end. */
static int find_tree_start(lx_sgf_reader *r, int *missing_paren)
{
    const char *s = r->s;
    size_t len = r->len, i = r->pos;
    size_t junk_at = LX_NO_OFFSET;
    *missing_paren = 0;
    for (;;) {
        i = skip_ws(s, len, i);
        if (i >= len)
            break;
        if (s[i] == '(') {
            size_t j = skip_ws(s, len, i + 1);
            if (j < len && (s[j] == ';' || s[j] == '(' || (is_upper((unsigned char)s[j]) && good_after_value(s, len, j))))
                break;
        } else if (s[i] == ';' && looks_like_node(s, len, i)) {
            *missing_paren = 1;
            break;
        }
        if (junk_at == LX_NO_OFFSET)
            junk_at = i;
        i++;
    }
    if (junk_at != LX_NO_OFFSET && junk_at < i)
        diag(r, LX_WARNING, "JUNK_OUTSIDE_TREE", junk_at,
             "text outside any game tree was ignored%s (a game tree starts with \"(;\")", "");
    r->pos = i;
    return i < len;
}

/* Read the values of a property whose ID ended at i; returns the new offset. */
static size_t read_values(lx_sgf_reader *r, lx_sgf_tree *t, size_t i, int keep, int *oom)
{
    const char *s = r->s;
    size_t len = r->len;
    while (i < len && s[i] == '[') {
        size_t start = i + 1, end = find_close(s, len, start), first = end, after = end + 1;
        while (after < len && is_ws((unsigned char)s[after]))
            after++; /* "]\n;B[..]": a line break before the next node is common */
        while (end < len && !(after < len && (char_class[(unsigned char)s[after]] & C_AFTER)) &&
               !good_after_value(s, len, end + 1)) {
            size_t next = find_close(s, len, end + 1);
            if (next >= len || memchr(s + end + 1, '[', next - end - 1))
                break; /* the ']' was right: what follows is junk or a new value */
            diag(r, LX_WARNING, "UNESCAPED_BRACKET", end,
                 "this ']' is not escaped but the value goes on after it%s; read as part of the value (write \\])", "");
            end = next;
        }
        if (end >= len) {
            diag(r, LX_ERROR, "UNCLOSED_VALUE", i, "this value is not closed by ']' before the end of the file%s", "");
        }
        if (keep && lx_sgf_tree_push_value(t, (uint32_t)start, (uint32_t)(end - start))) {
            *oom = 1;
            return len;
        }
        /* after is where white space after the first ']' ends */
        i = end >= len ? len : end == first ? after : skip_ws(s, len, end + 1);
    }
    return i;
}

/* Whether lower case in ID `name` was reported in this tree (and remember it). */
static int lowercase_reported(lx_sgf_reader *r, uint32_t name)
{
    uint8_t bit = (uint8_t)(1u << (name & 7));
    if (r->lowercase_seen[(name >> 3) & 0x1FFF] & bit)
        return 1;
    r->lowercase_seen[(name >> 3) & 0x1FFF] |= bit;
    if (r->nlowercase < sizeof r->lowercase_list / sizeof r->lowercase_list[0])
        r->lowercase_list[r->nlowercase] = name;
    r->nlowercase++;
    return 0;
}

static void lowercase_forget(lx_sgf_reader *r)
{
    if (r->nlowercase > sizeof r->lowercase_list / sizeof r->lowercase_list[0])
        memset(r->lowercase_seen, 0, sizeof r->lowercase_seen);
    else
        for (size_t k = 0; k < r->nlowercase; k++)
            r->lowercase_seen[(r->lowercase_list[k] >> 3) & 0x1FFF] = 0;
    r->nlowercase = 0;
}

/* Read a property ID at i (a letter) and its values into node `node`. */
/* The common case: an upper-case ID of one or two letters right before its
 * '[' (";B[e5]"), interned by its letters without copying them.  Returns the
 * offset after the values, or 0 when the general path must decide. */
static size_t read_short_property(lx_sgf_reader *r, lx_sgf_tree *t, uint32_t node, size_t i, int *oom)
{
    const char *s = r->s;
    size_t len = r->len, n = 1;
    if (i + 1 < len && is_upper((unsigned char)s[i + 1]))
        n = 2;
    if (i + n >= len || s[i + n] != '[')
        return 0;
    uint32_t name = lx_sgf_tree_intern_short(t, s + i, n);
    if (name == UINT32_MAX || lx_sgf_tree_push_prop(t, node, name, (uint32_t)i) == LX_SGF_NIL) {
        *oom = 1;
        return len;
    }
    return read_values(r, t, i + n, 1, oom);
}

static size_t read_property(lx_sgf_reader *r, lx_sgf_tree *t, uint32_t node, size_t i, int *oom)
{
    const char *s = r->s;
    size_t len = r->len, at = i;
    if (is_upper((unsigned char)s[i])) {
        size_t next = read_short_property(r, t, node, i, oom);
        if (next)
            return next;
    }
    char small[32];
    size_t n = 0, upper = 0, lower = 0;
    while (i < len && is_letter((unsigned char)s[i])) {
        unsigned char c = (unsigned char)s[i++];
        if (is_upper(c))
            upper++;
        else
            lower++; /* a letter that is not upper case */
    }
    size_t idlen = i - at;
    char *id = idlen < sizeof small ? small : malloc(idlen + 1);
    if (!id) {
        *oom = 1;
        return len;
    }
    for (size_t k = at; k < i; k++) {
        unsigned char c = (unsigned char)s[k];
        if (upper == 0)
            id[n++] = (char)(c - 'a' + 'A');
        else if (is_upper(c))
            id[n++] = (char)c;
    }
    id[n] = '\0';
    size_t j = skip_ws(s, len, i);
    if (j >= len || s[j] != '[') {
        if (r->diags)
            lx_diag_add(r->diags, LX_ERROR, "PROP_WITHOUT_VALUE", at,
                        "property %s has no value; it was left out (write e.g. %s[])", id, id);
        if (id != small)
            free(id);
        return j;
    }
    uint32_t name = lx_sgf_tree_intern(t, id, n);
    if (lower && name != UINT32_MAX && !lowercase_reported(r, name))
        diag(r, LX_WARNING, "LOWERCASE_PROP_ID", at,
             upper ? "lower-case letters in a property ID are an FF[3] habit; read as %s (reported once per tree)"
                   : "property IDs are upper case; read as %s (reported once per tree)",
             id);
    if (id != small)
        free(id);
    if (name == UINT32_MAX || lx_sgf_tree_push_prop(t, node, name, (uint32_t)at) == LX_SGF_NIL) {
        *oom = 1;
        return len;
    }
    return read_values(r, t, j, 1, oom);
}

static uint32_t new_node(lx_sgf_reader *r, lx_sgf_tree *t, size_t at)
{
    frame *f = &r->stack[r->depth - 1];
    uint32_t parent = f->last != LX_SGF_NIL ? f->last : f->attach;
    if (parent == LX_SGF_NIL && t->nnodes > 0) {
        diag(r, LX_ERROR, "ROOT_VARIATION", at,
             "a game tree has one root node; this variation beside the root was attached below it%s", "");
        parent = 0;
    }
    uint32_t n = lx_sgf_tree_push_node(t, parent, (uint32_t)at);
    if (n != LX_SGF_NIL)
        f->last = n;
    return n;
}

static int parse_tree(lx_sgf_reader *r, lx_sgf_tree *t, int missing_paren)
{
    const char *s = r->s;
    size_t len = r->len, i = r->pos;
    int oom = 0;
    r->depth = 0;
    t->offset = (uint32_t)i;
    if (missing_paren) {
        diag(r, LX_ERROR, "MISSING_OPEN_PAREN", i, "a game tree must start with \"(\" before its first \";\"%s", "");
        if (push_frame(r, LX_SGF_NIL, (uint32_t)i))
            return -1;
    }
    size_t junk_at = LX_NO_OFFSET;
    while (i < len) {
        unsigned char c = (unsigned char)s[i];
        if (c == ';' && junk_at == LX_NO_OFFSET) {
            /* the usual case first: a node, and a property right after it */
            frame *f = &r->stack[r->depth - 1];
            if (f->last != LX_SGF_NIL && t->nodes[f->last].first_child != LX_SGF_NIL)
                diag(r, LX_ERROR, "NODE_AFTER_VARIATION", i,
                     "a node after a variation: variations end a sequence; read as one more variation%s", "");
            if (new_node(r, t, i) == LX_SGF_NIL)
                return -1;
            i++;
            if (i < len && is_upper((unsigned char)s[i])) {
                i = read_property(r, t, r->stack[r->depth - 1].last, i, &oom);
                if (oom)
                    return -1;
            }
            continue;
        }
        if (is_ws(c)) {
            i++;
            continue;
        }
        if (!(char_class[c] & (C_UPPER | C_LOWER | C_AFTER)) && c != ']') {
            if (junk_at == LX_NO_OFFSET)
                junk_at = i;
            i++;
            continue;
        }
        if (junk_at != LX_NO_OFFSET) {
            diag(r, LX_ERROR, "ILLEGAL_CHARACTER", junk_at,
                 "characters that are neither a property nor a node were ignored%s", "");
            junk_at = LX_NO_OFFSET;
        }
        if (c == '(') {
            frame *f = r->depth ? &r->stack[r->depth - 1] : NULL;
            uint32_t attach = f ? (f->last != LX_SGF_NIL ? f->last : f->attach) : LX_SGF_NIL;
            if (push_frame(r, attach, (uint32_t)i))
                return -1;
            i++;
        } else if (c == ')') {
            frame *f = &r->stack[r->depth - 1];
            if (f->last == LX_SGF_NIL)
                diag(r, LX_WARNING, "EMPTY_VARIATION", f->open, "this game tree or variation has no node of its own%s", "");
            r->depth--;
            i++;
            if (r->depth == 0)
                break;
        } else if (c == ';') {
            frame *f = &r->stack[r->depth - 1];
            if (f->last != LX_SGF_NIL && t->nodes[f->last].first_child != LX_SGF_NIL)
                diag(r, LX_ERROR, "NODE_AFTER_VARIATION", i,
                     "a node after a variation: variations end a sequence; read as one more variation%s", "");
            if (new_node(r, t, i) == LX_SGF_NIL)
                return -1;
            i++;
        } else if (is_letter(c)) {
            frame *f = &r->stack[r->depth - 1];
            /* A node's properties are one run: after a variation closed, the
             * frame's last node can take no more, so these start a node. */
            if (f->last == LX_SGF_NIL || f->last != t->nnodes - 1) {
                diag(r, LX_ERROR, "MISSING_SEMICOLON", i, "a node must start with \";\"; one was assumed here%s", "");
                if (new_node(r, t, i) == LX_SGF_NIL)
                    return -1;
            }
            i = read_property(r, t, r->stack[r->depth - 1].last, i, &oom);
            if (oom)
                return -1;
        } else if (c == '[') {
            diag(r, LX_ERROR, "VALUE_WITHOUT_PROPERTY", i, "a value with no property ID before it was ignored%s", "");
            i = read_values(r, t, i, 0, &oom);
        } else { /* ']' */
            diag(r, LX_ERROR, "ILLEGAL_CHARACTER", i, "a ']' outside any value was ignored%s", "");
            i++;
        }
    }
    if (junk_at != LX_NO_OFFSET)
        diag(r, LX_ERROR, "ILLEGAL_CHARACTER", junk_at, "characters that are neither a property nor a node were ignored%s", "");
    if (r->depth > 0)
        diag(r, LX_ERROR, "UNCLOSED_TREE", r->stack[0].open,
             "this game tree is not closed by ')' before the end of the file%s", r->depth > 1 ? " (nor are variations inside it)" : "");
    if (t->nnodes == 0 && lx_sgf_tree_push_node(t, LX_SGF_NIL, UINT32_MAX) == LX_SGF_NIL)
        return -1; /* "()" or "(((" : an empty root, so every tree has one */
    r->pos = i;
    return 0;
}

int lx_sgf_reader_next(lx_sgf_reader *r, lx_sgf_tree **tree)
{
    int missing_paren;
    if (!find_tree_start(r, &missing_paren))
        return 0;
    lx_sgf_tree *t = *tree;
    if (!t) {
        t = lx_sgf_tree_new();
        if (!t)
            return -1;
        *tree = t;
    }
    lx_sgf_tree_reset(t, r->doc, r->s);
    lowercase_forget(r);
    if (parse_tree(r, t, missing_paren) != 0)
        return -1;
    return 1;
}

size_t lx_sgf_reader_pos(const lx_sgf_reader *r)
{
    return r->pos;
}

void lx_sgf_reader_seek(lx_sgf_reader *r, size_t pos)
{
    r->pos = pos < r->len ? pos : r->len;
}
