/* ludex/sgf.h - SGF FF[4] documents, game trees, reading, decoding, checking, writing.
 *
 * A document (lx_sgf_doc) is the text of one file, converted to UTF-8 when it
 * was written in another charset.  A reader (lx_sgf_reader) cuts a document
 * into game trees one at a time, so a 100 MB collection never has to be held
 * as a whole tree.  A tree (lx_sgf_tree) stores its nodes, properties and
 * values in flat arrays addressed by 32-bit indices; every value is kept
 * exactly as it was written (the bytes between '[' and ']') and decoded only
 * on request.  Nothing here knows any particular game: game-specific value
 * types (Point, Move, Stone) are checked by the game modules (ludex/game.h).
 *
 * Reading never recurses and never stops at the first problem: each one is a
 * diagnostic in the caller's lx_diag_list (codes are listed in README.md).
 */
#ifndef LUDEX_SGF_H
#define LUDEX_SGF_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "diag.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- documents ------------------------------------------------------------ */

typedef struct lx_sgf_doc lx_sgf_doc;

typedef struct lx_sgf_read_options {
    /* Read the bytes as this charset (any name iconv knows), ignoring CA and
     * detection.  NULL: a byte-order mark, else the first game's CA, else
     * UTF-8 when the bytes are valid UTF-8, else ISO-8859-1 (FF[4]'s default). */
    const char *encoding;
} lx_sgf_read_options;

/* Make a document of `len` bytes.  With `borrow` non-zero the bytes stay the
 * caller's and must outlive the document (no copy is made when they are
 * already UTF-8); otherwise they are copied.  Charset problems go to `diags`.
 * Returns NULL only when out of memory or when `len` exceeds 4 GiB - 1 (then
 * with a FILE_TOO_LARGE diagnostic). */
lx_sgf_doc *lx_sgf_doc_new(const char *bytes, size_t len, int borrow,
                           const lx_sgf_read_options *opt, lx_diag_list *diags);
/* lx_sgf_doc_new with `borrow`, except that bytes read as UTF-8 are not
 * checked for it here (lx_sgf_doc_utf8_unchecked then says so).  For
 * lx_check_range, which checks the bytes of its own range, on several
 * threads at once, and stops with want_whole at bytes that are not UTF-8:
 * only lx_sgf_doc_new repairs them.  Give such a document to nothing else. */
lx_sgf_doc *lx_sgf_doc_new_utf8_later(const char *bytes, size_t len, const lx_sgf_read_options *opt,
                                      lx_diag_list *diags);
void lx_sgf_doc_free(lx_sgf_doc *doc);
/* The document's text, UTF-8. */
const char *lx_sgf_doc_text(const lx_sgf_doc *doc, size_t *len);
/* The charset the bytes were read as ("UTF-8", "ISO-8859-1", ...). */
const char *lx_sgf_doc_charset(const lx_sgf_doc *doc);
/* Non-zero when the text was converted to UTF-8 from another charset. */
int lx_sgf_doc_converted(const lx_sgf_doc *doc);
/* Non-zero when the text was taken as UTF-8 without being checked
 * (lx_sgf_doc_new_utf8_later). */
int lx_sgf_doc_utf8_unchecked(const lx_sgf_doc *doc);

/* ---- trees ------------------------------------------------------------------ */

typedef struct lx_sgf_tree lx_sgf_tree;
typedef uint32_t lx_sgf_node; /* node index within a tree; the root is 0 */
typedef uint32_t lx_sgf_prop; /* property index within a tree */
#define LX_SGF_NIL UINT32_MAX

typedef struct lx_sgf_value {
    const char *raw; /* the bytes between '[' and ']' as written (escapes kept) */
    size_t len;
    size_t offset; /* offset of '[' in the document; LX_NO_OFFSET for built values */
} lx_sgf_value;

/* An empty tree to build by hand (values then live in the tree). */
lx_sgf_tree *lx_sgf_tree_new(void);
void lx_sgf_tree_free(lx_sgf_tree *t);
/* The document the tree was read from, or NULL for a built tree. */
const lx_sgf_doc *lx_sgf_tree_doc(const lx_sgf_tree *t);
/* Offset of the tree's '(' in its document (LX_NO_OFFSET when built). */
size_t lx_sgf_tree_offset(const lx_sgf_tree *t);
/* The game of the tree: its root's GM (1, FF[4]'s default, when absent), or
 * 0 when GM is not a positive number. */
int lx_sgf_tree_gm(const lx_sgf_tree *t);

size_t lx_sgf_node_count(const lx_sgf_tree *t);
lx_sgf_node lx_sgf_parent(const lx_sgf_tree *t, lx_sgf_node n);
lx_sgf_node lx_sgf_first_child(const lx_sgf_tree *t, lx_sgf_node n);
lx_sgf_node lx_sgf_next_sibling(const lx_sgf_tree *t, lx_sgf_node n);
size_t lx_sgf_child_count(const lx_sgf_tree *t, lx_sgf_node n);
/* Offset of the node's ';' (LX_NO_OFFSET when built or when ';' was missing). */
size_t lx_sgf_node_offset(const lx_sgf_tree *t, lx_sgf_node n);

size_t lx_sgf_prop_count(const lx_sgf_tree *t, lx_sgf_node n);
/* The i-th property of node n, in the order written. */
lx_sgf_prop lx_sgf_node_prop(const lx_sgf_tree *t, lx_sgf_node n, size_t i);
/* The first property of node n with this ID, or LX_SGF_NIL. */
lx_sgf_prop lx_sgf_find_prop(const lx_sgf_tree *t, lx_sgf_node n, const char *id);
/* The property's ID in canonical form (upper-case letters), NUL-terminated. */
const char *lx_sgf_prop_id(const lx_sgf_tree *t, lx_sgf_prop p);
/* A small integer naming the ID within this tree (equal IDs, equal numbers). */
uint32_t lx_sgf_prop_id_number(const lx_sgf_tree *t, lx_sgf_prop p);
/* The number of an upper-case ID within this tree, as lx_sgf_prop_id_number
 * gives it; LX_SGF_NIL means that no property of the tree has that ID (a
 * cheap test before a walk that looks for it). */
uint32_t lx_sgf_id_number(const lx_sgf_tree *t, const char *id);
/* Whether some value of the tree may contain `word` (ASCII, any case): 0
 * means certainly none does, so a search of every value for it can be
 * skipped; 1 when one may (a cheap scan of the text the values were read
 * from; always 1 for a tree whose values are not all in the document). */
int lx_sgf_values_may_contain(const lx_sgf_tree *t, const char *word);
/* Offset of the property's ID in the document (LX_NO_OFFSET when built). */
size_t lx_sgf_prop_offset(const lx_sgf_tree *t, lx_sgf_prop p);
/* The node that holds the property. */
lx_sgf_node lx_sgf_prop_node(const lx_sgf_tree *t, lx_sgf_prop p);
size_t lx_sgf_value_count(const lx_sgf_tree *t, lx_sgf_prop p);
lx_sgf_value lx_sgf_get_value(const lx_sgf_tree *t, lx_sgf_prop p, size_t i);

/* Building.  A root is made by lx_sgf_add_node(t, LX_SGF_NIL) on an empty tree;
 * other nodes become the last child of `parent`.  Values are given as they are
 * to be written (already escaped); lx_sgf_add_text_value escapes for you.
 * Each returns LX_SGF_NIL / -1 when out of memory. */
lx_sgf_node lx_sgf_add_node(lx_sgf_tree *t, lx_sgf_node parent);
lx_sgf_prop lx_sgf_add_prop(lx_sgf_tree *t, lx_sgf_node n, const char *id);
int lx_sgf_add_value(lx_sgf_tree *t, lx_sgf_prop p, const char *raw, size_t len);
int lx_sgf_add_text_value(lx_sgf_tree *t, lx_sgf_prop p, const char *text, size_t len);
/* Remove a property from its node (its index becomes invalid). */
void lx_sgf_remove_prop(lx_sgf_tree *t, lx_sgf_prop p);
/* Replace the values of a property with one raw value. */
int lx_sgf_set_value(lx_sgf_tree *t, lx_sgf_prop p, const char *raw, size_t len);

/* ---- reading ------------------------------------------------------------------ */

typedef struct lx_sgf_reader lx_sgf_reader;

lx_sgf_reader *lx_sgf_reader_new(const lx_sgf_doc *doc, lx_diag_list *diags);
void lx_sgf_reader_free(lx_sgf_reader *r);
/* Read the next game tree.  *tree may hold a tree from an earlier call, which
 * is then cleared and reused (its memory too); or NULL, and a new tree is made.
 * Returns 1 with a tree, 0 at the end of the document, -1 when out of memory. */
int lx_sgf_reader_next(lx_sgf_reader *r, lx_sgf_tree **tree);
/* Where the reader is in the document text: after the last tree read (or
 * where the next search for a tree starts).  A reader set with
 * lx_sgf_reader_seek to a position another reader of the same document
 * reached reads from there exactly what that reader would have read next:
 * the reader carries nothing else from tree to tree. */
size_t lx_sgf_reader_pos(const lx_sgf_reader *r);
void lx_sgf_reader_seek(lx_sgf_reader *r, size_t pos);

/* ---- decoding values ------------------------------------------------------------ */

/* Text: escapes removed, soft line breaks (backslash + line break) removed,
 * every line break written as "\n".  SimpleText: the same, and every line
 * break or other white space becomes a space.  Appends to `out`. */
int lx_sgf_decode_text(const char *raw, size_t len, lx_buf *out);
int lx_sgf_decode_simpletext(const char *raw, size_t len, lx_buf *out);
/* Escape text for writing as a value: '\\' and ']' always, ':' too when
 * `in_compose` is non-zero.  Appends to `out`. */
int lx_sgf_escape(const char *text, size_t len, int in_compose, lx_buf *out);
/* Offset of the first unescaped ':' in a raw value, or (size_t)-1. */
size_t lx_sgf_compose_split(const char *raw, size_t len);
/* One value of a compressible list of points (FF[4]): a point "p", or the
 * rectangle "p1:p2".  Sets the two corners, each trimmed of white space
 * (both the same point for a single point).  Returns 1 for a rectangle, 0
 * for a single point. */
int lx_sgf_point_span(const char *raw, size_t len, const char **p1, size_t *n1, const char **p2, size_t *n2);
/* Strict number syntax: [+-]digits.  Returns 0 and the value, or -1. */
int lx_sgf_parse_number(const char *raw, size_t len, long *out);
/* The board size of node n: SZ[n] (n x n) or SZ[columns:rows], each side from
 * min to max (white space around the numbers allowed).  1 when there is no
 * SZ (cols and rows untouched), 0 with the size, -1 when SZ is not such a
 * size.  *where (may be NULL) gets the SZ property or LX_SGF_NIL. */
int lx_sgf_read_size(const lx_sgf_tree *t, lx_sgf_node n, long min, long max, int *cols, int *rows,
                     lx_sgf_prop *where);
/* Strict real syntax: Number ["." digits].  Returns 0 and the value, or -1. */
int lx_sgf_parse_real(const char *raw, size_t len, double *out);

/* ---- the FF[4] property table ------------------------------------------------------ */

typedef enum lx_sgf_category {
    LX_PROP_MOVE, LX_PROP_SETUP, LX_PROP_ROOT, LX_PROP_GAME_INFO, LX_PROP_NODE, /* annotation, markup, misc */
    LX_PROP_INHERIT
} lx_sgf_category;

typedef enum lx_sgf_vtype {
    LX_VT_NONE,       /* empty value */
    LX_VT_NUMBER,
    LX_VT_REAL,
    LX_VT_DOUBLE,     /* 1 or 2 */
    LX_VT_COLOR,      /* B or W */
    LX_VT_SIMPLETEXT,
    LX_VT_TEXT,
    LX_VT_POINT,      /* game-specific */
    LX_VT_MOVE,       /* game-specific */
    LX_VT_STONE,      /* game-specific */
    LX_VT_ANY         /* unknown: anything goes */
} lx_sgf_vtype;

/* How values are put together. */
enum {
    LX_PF_LIST = 1,          /* one or more values */
    LX_PF_ELIST = 2,         /* a list, or one empty value */
    LX_PF_COMPOSE = 4,       /* each value is "first:second" */
    LX_PF_COMPOSE_OPT = 8,   /* "first" or "first:second" */
    LX_PF_NONE_OR = 16,      /* the value may also be empty */
    LX_PF_POINT_LIST = 32    /* a list of points that may be compressed as "p1:p2" rectangles */
};

typedef struct lx_sgf_propdef {
    const char *id;
    lx_sgf_category category;
    lx_sgf_vtype first, second; /* second: the type after ':' when composed */
    unsigned flags;
    const char *description;   /* a few words, for diagnostics and `ludex info` */
} lx_sgf_propdef;

/* The FF[4] general property definition for `id`, or NULL. */
const lx_sgf_propdef *lx_sgf_propdef_find(const char *id);
/* Whether FF[4] gives property `id` points (or point:point, point:text)
 * as values: AB AW AE AR CR DD LB LN MA SL SQ TR VW.  B and W are moves. */
int lx_sgf_prop_holds_points(const char *id);

/* ---- generic checks ------------------------------------------------------------------ */

typedef struct lx_sgf_check_options {
    const lx_sgf_propdef *extra; /* game-specific properties (checked and typed like FF[4] ones) */
    size_t nextra;
} lx_sgf_check_options;

/* Check one tree against the FF[4] rules that hold for every game (see README
 * for the list).  Problems go to `diags`.  Returns 0, or -1 when out of memory. */
int lx_sgf_check_tree(const lx_sgf_tree *t, const lx_sgf_check_options *opt, lx_diag_list *diags);

/* ---- writing ----------------------------------------------------------------------- */

typedef struct lx_sgf_write_options {
    int drop_unknown;  /* leave out properties that are neither FF[4] nor in `extra` */
    const lx_sgf_propdef *extra;
    size_t nextra;
    /* Game-specific canonical form of a Point/Move/Stone value: write the value
     * as it should appear between '[' and ']' into `out` and return 0; or
     * return 1 to keep the raw value as written.  NULL: raw values kept. */
    int (*game_value)(void *ctx, const char *id, const char *raw, size_t len, lx_buf *out);
    void *ctx;
} lx_sgf_write_options;

/* Append the canonical SGF text of `t` to `out` (see README: canonical form).
 * Returns 0, or -1 when out of memory. */
int lx_sgf_write_tree(const lx_sgf_tree *t, const lx_sgf_write_options *opt, lx_buf *out);
/* Make the root's CA true of the UTF-8 text the writer makes of a tree read
 * from `doc`: CA[UTF-8] when the text was converted from another charset
 * (added when missing), or when it was read as UTF-8 although CA names
 * another charset.  Otherwise CA stays as it is.  0, or -1 out of memory. */
int lx_sgf_mark_utf8(lx_sgf_tree *t, const lx_sgf_doc *doc);

#ifdef __cplusplus
}
#endif
#endif
