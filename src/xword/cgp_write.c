/* cgp_write.c - a position as canonical CGP.
 *
 * Canonical means one text per position: runs of empty squares as
 * numbers, tiles of more than one codepoint in brackets ([CH]), designated
 * blanks in lower case, each rack sorted in distribution order with blanks
 * last (as the spec's examples write them), and the opcodes, known and
 * unknown, in alphabetical order, each as "name operands;" with single
 * spaces.  lm is written the newer way, "8D.WORD". */
#include <stdlib.h>
#include <string.h>

#include "xword/xword_impl.h"

static int write_board(const lx_xw_pos *p, lx_buf *out)
{
    int rc = 0;
    for (int r = 0; r < p->rows && !rc; r++) {
        int run = 0;
        if (r > 0)
            rc = lx_buf_append_char(out, '/');
        for (int c = 0; c < p->cols && !rc; c++) {
            int t = xw_sq(p, r, c);
            if (!t) {
                run++;
                continue;
            }
            if (run)
                rc = lx_buf_printf(out, "%d", run);
            run = 0;
            rc = rc || xw_dist_append_label(p->dist, t, 1, out);
        }
        if (run && !rc)
            rc = lx_buf_printf(out, "%d", run);
    }
    return rc;
}

static int write_rack(const lx_xw_pos *p, size_t i, lx_buf *out)
{
    int counts[LX_XW_MAX_LETTERS + 1] = {0}, rc = 0;
    size_t n;
    const uint8_t *rack = lx_xw_pos_rack(p, i, &n);
    xw_count_tiles(rack, n, counts);
    for (int t = 1; t <= p->dist->n && !rc; t++)
        for (int k = 0; k < counts[t] && !rc; k++)
            rc = xw_dist_append_label(p->dist, t, 1, out);
    for (int k = 0; k < counts[0] && !rc; k++)
        rc = lx_buf_append_char(out, '?');
    return rc;
}

typedef struct op_out {
    const char *text;       /* set once the scratch buffer stops growing */
    size_t at, len, name_len;
} op_out;

static int cmp_ops(const void *a, const void *b)
{
    const op_out *x = a, *y = b;
    size_t n = x->name_len < y->name_len ? x->name_len : y->name_len;
    int c = memcmp(x->text, y->text, n);
    return c ? c : (x->name_len > y->name_len) - (x->name_len < y->name_len);
}

/* Write one known opcode's text ("bb 40") into tmp; 1 when it is present. */
static int format_known(const lx_xw_pos *p, int i, lx_buf *tmp)
{
    static const char *const names[XW_NOPS] = {"bb", "bdn", "cr", "etl", "gid", "ld", "lex",
                                               "lm", "mcnz", "ti", "tmr", "to", "var", "oru"};
    const lx_xw_ops *o = &p->ops;
    const char *texts[XW_NOPS] = {NULL, o->bdn, o->cr, NULL, o->gid, o->ld, o->lex, NULL, NULL, NULL, NULL, NULL, o->var};
    const long nums[XW_NOPS] = {o->bb, 0, 0, o->etl, 0, 0, 0, 0, o->mcnz, o->ti, 0, o->to};
    if (!(o->has & (1u << i)))
        return 0;
    lx_buf_append_str(tmp, names[i]);
    if (texts[i])
        return lx_buf_printf(tmp, " %s", texts[i]) ? -1 : 1;
    if (i == XW_OP_TMR) {
        for (size_t k = 0; k < o->ntmr; k++)
            lx_buf_printf(tmp, "%c%ld", k ? '/' : ' ', o->tmr[k]);
        return 1;
    }
    if (i == XW_OP_LM) {
        lx_buf_append_str(tmp, o->lm_kind == LX_XW_LM_CHALLENGED ? " challenge " : " ");
        lx_xw_move_write(p->dist, &o->lm, 1, tmp);
        if (o->lm_bonus >= 0)
            lx_buf_printf(tmp, " +%ld", o->lm_bonus);
        return 1;
    }
    if (i == XW_OP_ORU)
        return 1;
    return lx_buf_printf(tmp, " %ld", nums[i]) ? -1 : 1;
}

static int write_ops(const lx_xw_pos *p, lx_buf *out)
{
    op_out ops[XW_NOPS];
    op_out *all = NULL;
    size_t n = 0;
    lx_buf tmp = LX_BUF_INIT;
    int rc = 0;
    for (int i = 0; i < XW_NOPS; i++) {
        size_t at = tmp.len;
        if (format_known(p, i, &tmp) > 0)
            ops[n++] = (op_out){NULL, at, tmp.len - at, 0};
    }
    all = malloc((n + p->nunk + 1) * sizeof *all);
    if (!all) {
        lx_buf_free(&tmp);
        return -1;
    }
    memcpy(all, ops, n * sizeof *all);
    for (size_t i = 0; i < p->nunk; i++) {
        size_t at = tmp.len;
        const lx_xw_unknown_op *u = &p->ops.unknown[i];
        lx_buf_printf(&tmp, *u->operands ? "%s %s" : "%s%s", u->name, u->operands);
        all[n++] = (op_out){NULL, at, tmp.len - at, 0};
    }
    for (size_t i = 0; i < n; i++) {
        all[i].text = tmp.data + all[i].at;
        const char *sp = memchr(all[i].text, ' ', all[i].len);
        all[i].name_len = sp ? (size_t)(sp - all[i].text) : all[i].len;
    }
    qsort(all, n, sizeof *all, cmp_ops);
    for (size_t i = 0; i < n && !rc; i++)
        rc = lx_buf_append_char(out, ' ') || lx_buf_append(out, tmp.data + all[i].at, all[i].len) ||
             lx_buf_append_char(out, ';');
    free(all);
    lx_buf_free(&tmp);
    return rc;
}

int lx_xw_cgp_write(const lx_xw_pos *p, lx_buf *out)
{
    int rc = write_board(p, out) || lx_buf_append_char(out, ' ');
    for (size_t i = 0; i < p->npl && !rc; i++)
        rc = (i && lx_buf_append_char(out, '/')) || write_rack(p, i, out);
    rc = rc || lx_buf_append_char(out, ' ');
    for (size_t i = 0; i < p->npl && !rc; i++)
        rc = lx_buf_printf(out, i ? "/%ld" : "%ld", p->pl[i].score);
    rc = rc || lx_buf_printf(out, " %ld", p->zero_turns) || write_ops(p, out);
    return rc ? -1 : 0;
}
