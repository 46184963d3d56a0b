/* xword_impl.h - what the files of xword/ share (internal to libludex).
 *
 * The structures behind the opaque types of ludex/xword.h and the helpers
 * more than one file needs: reading labels, square names, numbers, and the
 * bookkeeping of racks as tile counts.  Nothing here is public. */
#ifndef LX_XWORD_IMPL_H
#define LX_XWORD_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "ludex/xword.h"

/* ---- distributions ------------------------------------------------------------------ */

typedef struct xw_tile_info {
    char upper[LX_XW_MAX_LABEL + 1], lower[LX_XW_MAX_LABEL + 1];
    uint8_t ulen, llen;   /* bytes */
    uint8_t cps;          /* codepoints of the label */
    uint8_t bare_ok;      /* may be read without brackets: no other reading of its text */
    int count, value, vowel;
} xw_tile_info;

struct lx_xw_dist {
    char name[LX_XW_MAX_NAME + 1];
    int n;                                    /* letters; tiles[0] is the blank */
    int total;
    xw_tile_info tiles[LX_XW_MAX_LETTERS + 1];
    uint8_t ascii_upper[128], ascii_lower[128]; /* one-byte labels: tile, 0 for none */
    uint8_t longer[LX_XW_MAX_LETTERS * 2];    /* tiles (| 0x80 for lower) with labels of 2+ bytes, longest first */
    uint8_t longer_first[256];                /* bytes a label of 2+ bytes starts with */
    int nlonger;
    int max_cps;                              /* codepoints of the longest label */
};

/* Read one tile at s: brackets always allowed; without brackets only labels
 * marked bare_ok when longer than one codepoint.  *bracketed, *unbracketed_multi
 * tell how it was written.  Returns bytes read, 0 when none matches. */
size_t xw_dist_read(const lx_xw_dist *d, const char *s, size_t len, int allow_lower, int allow_blank, int *tile,
                    int *bracketed, int *unbracketed_multi);
/* Append tile t's label (bracketed when it has more than one codepoint and
 * `brackets`). */
int xw_dist_append_label(const lx_xw_dist *d, int t, int brackets, lx_buf *out);
/* Lower- or upper-case one UTF-8 text (Latin, Greek, Cyrillic letters). */
int xw_case_map(const char *in, size_t len, int to_upper, char *out, size_t cap);

/* ---- layouts ------------------------------------------------------------------------ */

struct lx_xw_layout {
    char name[LX_XW_MAX_NAME + 1];
    int rows, cols, start_row, start_col;
    uint8_t *lmul, *wmul; /* rows * cols */
};

/* ---- lexicons ----------------------------------------------------------------------- */

#define XW_KWG_ARC_MASK 0x3FFFFFu
#define XW_KWG_IS_END 0x400000u
#define XW_KWG_ACCEPTS 0x800000u

struct lx_xw_lexicon {
    char name[LX_XW_MAX_NAME + 1];
    uint32_t *nodes;
    size_t nnodes;
    size_t words;
    uint32_t dawg, gaddag; /* the roots' first nodes (arc indexes of nodes 0 and 1) */
    uint64_t digest;       /* a hash of the nodes: what the move generator keys its word map on */
    int ascending;         /* every run of siblings in ascending tile order (as wolges, MAGPIE and ludex write them) */
};

/* Build the node array of a KWG, DAWG and GADDAG, from sorted, distinct
 * words (tiles 1..63).  words[i] points at len[i] tiles.  NULL when out of
 * memory; *nnodes set. */
uint32_t *xw_kwg_build(const uint8_t *const *words, const uint8_t *lens, size_t n, size_t *nnodes);
/* Words spelled from the run starting at node `root`; (size_t)-1 for a
 * cycle (or no memory).  counts, when not NULL, receives per node the
 * words spelled from it and its later siblings (n entries, caller's). */
size_t xw_kwg_count_words(const uint32_t *nodes, size_t n, uint32_t root, uint32_t *counts);

/* Every arc in range, tiles at most 63, the last node ending a run; 0, or
 * -1 with *why set. */
int xw_kwg_check(const uint32_t *nodes, size_t n, const char **why);
/* The GADDAG run `gaddag`, which accepts `strings` strings, holds exactly
 * the strings the words of the DAWG run `dawg` make (kwg_agree.c); 0, or -1
 * with *why set. */
int xw_kwg_halves_agree(const uint32_t *nodes, size_t n, uint32_t dawg, uint32_t gaddag, size_t strings,
                        const char **why);
/* Little-endian 32-bit word at b. */
static inline uint32_t xw_le32(const unsigned char *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* A word (or GADDAG string) to sort: qsort comparator xw_word_ref_cmp
 * orders by tiles, a prefix first. */
typedef struct xw_word_ref {
    const uint8_t *tiles;
    uint16_t len;
} xw_word_ref;
int xw_word_ref_cmp(const void *a, const void *b);

/* The built-in leave estimate (leave.c) of counts[i] of tiles[i], i < n. */
double xw_leave_builtin(const lx_xw_dist *d, const uint8_t *tiles, const int *counts, int n);
/* Its parts, for the generator to sum over many leaves of one rack: the
 * terms of c copies of tile t, and how many vowels and consonants they
 * are; and the sum of such parts (the terms are quarters: exact in any
 * order). */
typedef struct xw_leave_part {
    double v;
    int vowels, consonants;
} xw_leave_part;
void xw_leave_builtin_part(const lx_xw_dist *d, int t, int c, xw_leave_part *part);
static inline double xw_leave_builtin_sum(double v, int vowels, int consonants)
{
    int off = vowels > consonants ? vowels - consonants : consonants - vowels;
    return off > 1 ? v - 3.0 * (off - 1) : v;
}
/* The digest of a lexicon's nodes (lx->digest). */
uint64_t xw_kwg_digest(const uint32_t *nodes, size_t n);
/* 1 when every run of siblings is in ascending tile order (lx->ascending). */
int xw_kwg_ascending(const uint32_t *nodes, size_t n);
/* A lexicon (both halves) from sorted, distinct words; NULL when out of memory. */
lx_xw_lexicon *xw_lexicon_build(const char *name, const uint8_t *const *words, const uint8_t *lens, size_t n);

static inline uint32_t xw_kwg_arc(uint32_t node)
{
    return node & XW_KWG_ARC_MASK;
}

static inline int xw_kwg_tile(uint32_t node)
{
    return (int)(node >> 24);
}

/* ---- positions ---------------------------------------------------------------------- */

typedef struct xw_player {
    size_t rack_at, rack_len; /* into the position's rack pool */
    long score;
} xw_player;

/* Known CGP opcodes, in the order of the LX_XW_OP_* bits. */
enum { XW_OP_BB, XW_OP_BDN, XW_OP_CR, XW_OP_ETL, XW_OP_GID, XW_OP_LD, XW_OP_LEX, XW_OP_LM, XW_OP_MCNZ,
       XW_OP_TI, XW_OP_TMR, XW_OP_TO, XW_OP_VAR, XW_OP_ORU, XW_NOPS };

typedef struct xw_op_text {
    size_t name_at, operands_at; /* into the string pool */
} xw_op_text;

struct lx_xw_pos {
    const lx_xw_dist *dist;
    const lx_xw_layout *layout;
    int rows, cols;
    uint8_t *sq;
    uint32_t *sq_off;           /* where each square's tile was written (reading), relative to base */
    size_t sq_cap;
    xw_player *pl;
    size_t npl, pl_cap;
    uint8_t *racks;
    uint32_t *rack_off;         /* where each rack tile was written */
    size_t racks_len, racks_cap;
    long zero_turns;
    lx_xw_ops ops;
    /* storage behind ops */
    lx_buf pool;                /* strings, NUL-separated */
    size_t text_at[6];          /* bdn cr gid ld lex var: offsets in pool + 1, 0 when absent */
    long *tmr;
    size_t tmr_cap;
    xw_op_text *unk;
    lx_xw_unknown_op *unk_pub;
    size_t nunk, unk_cap;
    /* offsets of things diagnostics point at (relative to base), when read */
    size_t base;
    size_t field_at[4];         /* board, racks, scores, zero turns */
    size_t op_at[XW_NOPS];      /* each known opcode */
    size_t lm_text_at;          /* lm's operands (pool offset + 1), parsed once the distribution is known */
    size_t lm_operands_at;      /* where they were written */
    int read;                   /* set by lx_xw_cgp_read */
    /* the board and distribution the last record named (a file names the same ones) */
    const lx_xw_data *cache_data;
    const lx_xw_layout *cache_layout;
    const lx_xw_dist *cache_dist;
    char cache_bdn[LX_XW_MAX_NAME + 1], cache_ld[LX_XW_MAX_NAME + 1];
};

int xw_pos_size(lx_xw_pos *p, int rows, int cols, size_t players, size_t rack_tiles);
/* Read the opcodes field (text at offset `at` from base).  0, or -1 when out of memory. */
int xw_cgp_read_ops(lx_xw_pos *p, const char *text, size_t len, size_t at, lx_diag_list *diags);
/* Parse lm's stored operands with the position's distribution. */
void xw_cgp_parse_lm(lx_xw_pos *p, lx_diag_list *diags);
/* Forget every opcode (defaults back). */
void xw_pos_reset_ops(lx_xw_pos *p);
/* Make ops' pointers point into the pool again (after it grew). */
void xw_pos_fix_ops(lx_xw_pos *p);
/* Store a string in the pool; its offset + 1, 0 when out of memory. */
size_t xw_pos_store(lx_xw_pos *p, const char *s, size_t len);

static inline int xw_sq(const lx_xw_pos *p, int r, int c)
{
    return p->sq[(size_t)r * (size_t)p->cols + (size_t)c];
}

/* Count tiles: counts[0] blanks, counts[t] letter t.  Board blanks count as blanks. */
void xw_count_board(const lx_xw_pos *p, int *counts);
void xw_count_tiles(const uint8_t *tiles, size_t n, int *counts);

/* ---- numbers and text -------------------------------------------------------------- */

/* A decimal integer with an optional sign (sign: 0 none allowed, 1 '-' allowed,
 * 2 '+' or '-' allowed); 0 or -1 (not a number, or beyond +-10^15). */
int xw_parse_long(const char *s, size_t len, int sign, long *out);
/* Case-insensitive equality of names, '-' and '_' alike. */
int xw_name_eq(const char *a, const char *b);
/* Column letters A, B, ..., Z, AA ... for 0-based column c. */
size_t xw_column_name(int c, char *buf, size_t cap);

/* ---- scoring internals ------------------------------------------------------------- */

/* The tile on square (r, c) once move m is played (m may be NULL). */
int xw_tile_after(const lx_xw_pos *p, const lx_xw_move *m, int r, int c);
/* Turn letters written over board tiles of the same letter into tiles
 * played through; returns how many. */
int xw_spelled_through(const lx_xw_pos *p, lx_xw_move *m);

#endif
