/* cgp_ops.c - the fifth CGP field: opcodes and their operands.
 *
 * "bb 40; lex CSW21; lm 8D.WORD;": each operation is a name, operands
 * separated by spaces, and a ';'.  Every opcode of the spec (bb bdn cr etl
 * gid ld lex lm mcnz ti tmr to var) and the newer oru has its operands'
 * number and type checked here; values that are well-formed but unlikely
 * (a negative bingo bonus) are validate.c's business.  An opcode ludex does
 * not know is kept, operands and all, with a warning, and written back.
 * lm is only stored here: its tiles can be read once the distribution is
 * known (xw_cgp_parse_lm). */
#include <stdlib.h>
#include <string.h>

#include "xword/xword_impl.h"

#define MAX_OPERANDS 8

typedef struct op_tok {
    const char *s;
    size_t len, at; /* at: offset from the position's base */
} op_tok;

typedef struct op_reader {
    lx_xw_pos *p;
    lx_diag_list *diags;
    op_tok name;
    op_tok arg[MAX_OPERANDS];
    size_t nargs;       /* operands seen (may exceed MAX_OPERANDS) */
    const char *span;   /* from the first operand to the end of the last */
    size_t span_len;
} op_reader;

static const char *const op_names[XW_NOPS] = {"bb", "bdn", "cr", "etl", "gid", "ld", "lex",
                                             "lm", "mcnz", "ti", "tmr", "to", "var", "oru"};

static void diag(op_reader *r, lx_severity sev, const char *code, size_t at, const char *fmt, const char *a,
                 const char *b)
{
    if (r->diags)
        lx_diag_add(r->diags, sev, code, r->p->base + at, fmt, a, b);
}

/* A token's text as a C string (cut to fit). */
static const char *tok_text(const op_tok *t, char *buf, size_t cap)
{
    size_t n = t->len < cap - 1 ? t->len : cap - 1;
    memcpy(buf, t->s, n);
    buf[n] = '\0';
    return buf;
}

static int read_integer(op_reader *r, long *out)
{
    char a[64], b[64];
    if (r->nargs == 1 && xw_parse_long(r->arg[0].s, r->arg[0].len, 1, out) == 0)
        return 0;
    if (r->nargs == 1)
        diag(r, LX_ERROR, "OPCODE_OPERAND", r->arg[0].at, "%s takes a whole number, not \"%s\"",
             tok_text(&r->name, a, sizeof a), tok_text(&r->arg[0], b, sizeof b));
    else
        diag(r, LX_ERROR, "OPCODE_OPERAND", r->name.at, "%s takes one whole number%s",
             tok_text(&r->name, a, sizeof a), r->nargs ? ", not several operands" : "");
    return -1;
}

static int read_text(op_reader *r, int index)
{
    char a[64];
    if (r->nargs != 1) {
        diag(r, LX_ERROR, "OPCODE_OPERAND", r->name.at, "%s takes one operand (without spaces)%s",
             tok_text(&r->name, a, sizeof a), "");
        return -1;
    }
    size_t at = xw_pos_store(r->p, r->arg[0].s, r->arg[0].len);
    if (!at)
        return -2;
    r->p->text_at[index] = at;
    return 0;
}

static int read_cr(op_reader *r)
{
    static const char *const rules[] = {"single", "double", "triple", "void", "5pt", "10pt"};
    char a[64];
    int rc = read_text(r, 1);
    if (rc != 0)
        return rc;
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        if (strlen(rules[i]) == r->arg[0].len && memcmp(rules[i], r->arg[0].s, r->arg[0].len) == 0)
            return 0;
    diag(r, LX_ERROR, "OPCODE_VALUE", r->arg[0].at, "cr %s: the challenge rule is one of single, double, triple, "
         "void, 5pt, 10pt%s", tok_text(&r->arg[0], a, sizeof a), "");
    return 0;
}

static int read_tmr(op_reader *r)
{
    char a[64];
    lx_xw_pos *p = r->p;
    p->ops.ntmr = 0;
    if (r->nargs != 1) {
        diag(r, LX_ERROR, "OPCODE_OPERAND", r->name.at, "tmr takes one operand: milliseconds per player, "
             "separated by '/'%s%s", "", "");
        return -1;
    }
    const char *s = r->arg[0].s;
    size_t len = r->arg[0].len, start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i < len && s[i] != '/')
            continue;
        long v;
        if (xw_parse_long(s + start, i - start, 1, &v) != 0) {
            diag(r, LX_ERROR, "OPCODE_OPERAND", r->arg[0].at + start, "tmr %s: each timer is a whole number of "
                 "milliseconds%s", tok_text(&r->arg[0], a, sizeof a), "");
            p->ops.ntmr = 0;
            return -1;
        }
        if (p->ops.ntmr == p->tmr_cap) {
            size_t cap = p->tmr_cap ? p->tmr_cap * 2 : 8;
            long *t = realloc(p->tmr, cap * sizeof *t);
            if (!t)
                return -2;
            p->tmr = t;
            p->tmr_cap = cap;
        }
        p->tmr[p->ops.ntmr++] = v;
        start = i + 1;
    }
    return 0;
}

/* oru (opponent rack unknown): a flag, "oru;", or "oru 1;" / "oru 0;". */
static int read_oru(op_reader *r)
{
    int on = r->nargs == 0 || (r->nargs == 1 && r->arg[0].len == 1 && r->arg[0].s[0] == '1');
    int off = r->nargs == 1 && r->arg[0].len == 1 && r->arg[0].s[0] == '0';
    if (!on && !off) {
        diag(r, LX_ERROR, "OPCODE_OPERAND", r->name.at, "oru (opponent rack unknown) takes no operand, or 1 or 0%s%s",
             "", "");
        return -1;
    }
    if (on)
        r->p->ops.has |= LX_XW_OP_ORU;
    return 0;
}

static int read_lm(op_reader *r)
{
    if (r->nargs == 0 || r->nargs > 3) {
        diag(r, LX_ERROR, "OPCODE_OPERAND", r->name.at, "lm takes a move: \"8D WORD\", \"8D.WORD\", \"-\", "
             "\"-ABC\" or \"-2\", maybe with \"challenge\" before or \"+5\" after%s%s", "", "");
        return -1;
    }
    lx_buf *pool = &r->p->pool; /* the operands, joined by single spaces, straight into the pool */
    size_t at = pool->len;
    for (size_t i = 0; i < r->nargs; i++)
        if ((i && lx_buf_append_char(pool, ' ')) || lx_buf_append(pool, r->arg[i].s, r->arg[i].len))
            return -2;
    if (lx_buf_append_char(pool, '\0') != 0)
        return -2;
    r->p->lm_text_at = at + 1;
    r->p->lm_operands_at = r->arg[0].at;
    return 0;
}

static int read_known(op_reader *r, int i)
{
    lx_xw_ops *o = &r->p->ops;
    switch (i) {
    case XW_OP_BB: return read_integer(r, &o->bb);
    case XW_OP_ETL: return read_integer(r, &o->etl);
    case XW_OP_MCNZ: return read_integer(r, &o->mcnz);
    case XW_OP_TI: return read_integer(r, &o->ti);
    case XW_OP_TO: return read_integer(r, &o->to);
    case XW_OP_BDN: return read_text(r, 0);
    case XW_OP_CR: return read_cr(r);
    case XW_OP_GID: return read_text(r, 2);
    case XW_OP_LD: return read_text(r, 3);
    case XW_OP_LEX: return read_text(r, 4);
    case XW_OP_VAR: return read_text(r, 5);
    case XW_OP_TMR: return read_tmr(r);
    case XW_OP_ORU: return read_oru(r);
    default: return read_lm(r);
    }
}

static int grow_unknown(lx_xw_pos *p)
{
    if (p->nunk < p->unk_cap)
        return 0;
    size_t cap = p->unk_cap ? p->unk_cap * 2 : 4;
    xw_op_text *u = realloc(p->unk, cap * sizeof *u);
    if (!u)
        return -1;
    p->unk = u;
    lx_xw_unknown_op *pub = realloc(p->unk_pub, cap * sizeof *pub);
    if (!pub)
        return -1;
    p->unk_pub = pub;
    p->unk_cap = cap;
    return 0;
}

/* Keep an unknown opcode: its name and its operands with single spaces. */
static int keep_unknown(op_reader *r)
{
    char a[64];
    lx_xw_pos *p = r->p;
    diag(r, LX_WARNING, "OPCODE_UNKNOWN", r->name.at, "opcode %s is not one ludex knows; it was kept as it is%s",
         tok_text(&r->name, a, sizeof a), "");
    lx_buf norm = LX_BUF_INIT;
    int sp = 0, oom = 0;
    for (size_t i = 0; i < r->span_len && !oom; i++) {
        char c = r->span[i];
        int white = c == ' ' || c == '\t';
        if (!white && sp && norm.len)
            oom = lx_buf_append_char(&norm, ' ') != 0;
        if (!white && !oom)
            oom = lx_buf_append_char(&norm, c) != 0;
        sp = white;
    }
    size_t name_at = oom ? 0 : xw_pos_store(p, r->name.s, r->name.len);
    size_t ops_at = name_at ? xw_pos_store(p, norm.data ? norm.data : "", norm.len) : 0;
    lx_buf_free(&norm);
    if (!ops_at || grow_unknown(p) != 0)
        return -2;
    p->unk[p->nunk++] = (xw_op_text){name_at, ops_at};
    return 0;
}

/* An opcode is lower-case letters, digits, '_' or '-'; operands have no control characters. */
static int op_well_formed(const op_reader *r)
{
    for (size_t i = 0; i < r->name.len; i++) {
        char c = r->name.s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
            return 0;
    }
    for (size_t i = 0; r->span && i < r->span_len; i++)
        if ((unsigned char)r->span[i] < 0x20 && r->span[i] != '\t')
            return 0;
    return r->name.len > 0;
}

static int apply_op(op_reader *r)
{
    char a[64];
    if (!op_well_formed(r)) {
        diag(r, LX_ERROR, "OPCODE_SYNTAX", r->name.at, "'%s' is not an operation: an opcode is lower-case letters, "
             "and operands hold no control characters%s", tok_text(&r->name, a, sizeof a), "");
        return 0;
    }
    for (int i = 0; i < XW_NOPS; i++) {
        if (strlen(op_names[i]) != r->name.len || memcmp(op_names[i], r->name.s, r->name.len) != 0)
            continue;
        if (r->p->ops.has & (1u << i)) {
            diag(r, LX_ERROR, "OPCODE_REPEATED", r->name.at, "opcode %s appears more than once; the first was kept%s",
                 tok_text(&r->name, a, sizeof a), "");
            return 0;
        }
        r->p->op_at[i] = r->name.at;
        int rc = read_known(r, i);
        if (rc == -2)
            return -1;
        if (rc == 0 && i != XW_OP_ORU)
            r->p->ops.has |= 1u << i;
        return 0;
    }
    return keep_unknown(r) == -2 ? -1 : 0;
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

int xw_cgp_read_ops(lx_xw_pos *p, const char *s, size_t len, size_t at, lx_diag_list *diags)
{
    op_reader r = {p, diags, {NULL, 0, 0}, {{NULL, 0, 0}}, 0, NULL, 0};
    size_t i = 0;
    while (i < len) {
        while (i < len && is_space(s[i]))
            i++;
        if (i >= len)
            break;
        if (s[i] == ';') {
            diag(&r, LX_WARNING, "OPCODE_EMPTY", at + i, "an empty operation (a lone ';') was ignored%s%s", "", "");
            i++;
            continue;
        }
        size_t start = i;
        while (i < len && !is_space(s[i]) && s[i] != ';')
            i++;
        r.name = (op_tok){s + start, i - start, at + start};
        r.nargs = 0;
        r.span = NULL;
        r.span_len = 0;
        for (;;) {
            while (i < len && is_space(s[i]))
                i++;
            if (i >= len || s[i] == ';')
                break;
            size_t a0 = i;
            while (i < len && !is_space(s[i]) && s[i] != ';')
                i++;
            if (r.nargs < MAX_OPERANDS)
                r.arg[r.nargs] = (op_tok){s + a0, i - a0, at + a0};
            if (!r.span)
                r.span = s + a0;
            r.span_len = (size_t)(s + i - r.span);
            r.nargs++;
        }
        if (i >= len)
            diag(&r, LX_WARNING, "MISSING_SEMICOLON", at + i, "the last operation is not ended by ';' (read as if "
                 "it were)%s%s", "", "");
        if (apply_op(&r) != 0)
            return -1;
        i += i < len;
    }
    xw_pos_fix_ops(p);
    return 0;
}

/* ---- lm ---------------------------------------------------------------------------------- */

/* Cut "+5" (a challenge bonus) off the end of s. */
static size_t cut_bonus(const char *s, size_t len, long *bonus)
{
    size_t sp = len;
    while (sp > 0 && s[sp - 1] != ' ')
        sp--;
    long v;
    if (sp > 0 && sp < len && s[sp] == '+' && xw_parse_long(s + sp, len - sp, 2, &v) == 0) {
        *bonus = v;
        return sp - 1;
    }
    return len;
}

void xw_cgp_parse_lm(lx_xw_pos *p, lx_diag_list *diags)
{
    if (!(p->ops.has & LX_XW_OP_LM) || !p->lm_text_at)
        return;
    const char *s = p->pool.data + p->lm_text_at - 1;
    size_t len = strlen(s);
    p->ops.lm_kind = LX_XW_LM_MOVE;
    p->ops.lm_bonus = -1;
    if (len > 10 && memcmp(s, "challenge ", 10) == 0) {
        p->ops.lm_kind = LX_XW_LM_CHALLENGED;
        s += 10;
        len -= 10;
    }
    len = cut_bonus(s, len, &p->ops.lm_bonus);
    lx_game_error e;
    lx_game_error_init(&e);
    if (lx_xw_move_parse(p->dist, p->rows, p->cols, s, len, &p->ops.lm, &e) != 0) {
        if (diags)
            lx_diag_add(diags, LX_ERROR, "LM_SYNTAX", p->base + p->lm_operands_at, "lm %.*s: %s", (int)len, s,
                        e.message.data ? e.message.data : "not a move");
        p->ops.has &= ~(unsigned)LX_XW_OP_LM;
    }
    lx_game_error_free(&e);
}
