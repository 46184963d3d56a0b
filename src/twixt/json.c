/* json.c - a Twixt position's members of a `ludex replay --json` record.
 *
 * `"pegs":{"W":[...],"B":[...]},"links":{"W":[[P,Q],...],"B":[...]}`: holes
 * by their lower-case names; each link's two ends in byte order of their
 * names, each list sorted in plain byte order (strcmp, as any script's
 * default sort gives: "a1" < "a10" < "a2"); links sorted by first end, then
 * second.  Names are made into fixed slots of one block and sorted there. */
#include <stdlib.h>
#include <string.h>

#include "base/coord.h"
#include "twixt/twixt_impl.h"

#define NAME_BYTES 12

static int by_name(const void *a, const void *b)
{
    return strcmp(a, b);
}

static int by_link(const void *a, const void *b)
{
    int c = strcmp(a, b);
    return c ? c : strcmp((const char *)a + NAME_BYTES, (const char *)b + NAME_BYTES);
}

static int peg_list(const lx_twixt_board *b, uint8_t code, char *names, lx_buf *out)
{
    size_t n = 0;
    for (int r = 0; r < b->g.rows; r++)
        for (int c = 0; c < b->g.cols; c++)
            if (b->peg[tw_cell(&b->g, c, r)] == code)
                lx_coord_point_name(c, r + 1, names + NAME_BYTES * n++, NAME_BYTES);
    qsort(names, n, NAME_BYTES, by_name);
    if (lx_buf_append_char(out, '[') != 0)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (lx_buf_printf(out, "%s\"%s\"", i ? "," : "", names + NAME_BYTES * i) != 0)
            return -1;
    return lx_buf_append_char(out, ']');
}

static int link_list(const lx_twixt_board *b, uint8_t code, char *names, lx_buf *out)
{
    size_t n = 0;
    for (int32_t l = 0; l < 4 * b->g.ncells; l++) {
        if (b->link[l] != code)
            continue;
        int32_t p, q;
        char *a = names + 2 * NAME_BYTES * n++, *z = a + NAME_BYTES;
        tw_link_ends(&b->g, l, &p, &q);
        lx_coord_point_name(tw_col(&b->g, p), tw_row(&b->g, p) + 1, a, NAME_BYTES);
        lx_coord_point_name(tw_col(&b->g, q), tw_row(&b->g, q) + 1, z, NAME_BYTES);
        if (strcmp(a, z) > 0) {
            char tmp[NAME_BYTES];
            memcpy(tmp, a, NAME_BYTES);
            memcpy(a, z, NAME_BYTES);
            memcpy(z, tmp, NAME_BYTES);
        }
    }
    qsort(names, n, 2 * NAME_BYTES, by_link);
    if (lx_buf_append_char(out, '[') != 0)
        return -1;
    for (size_t i = 0; i < n; i++) {
        const char *a = names + 2 * NAME_BYTES * i;
        if (lx_buf_printf(out, "%s[\"%s\",\"%s\"]", i ? "," : "", a, a + NAME_BYTES) != 0)
            return -1;
    }
    return lx_buf_append_char(out, ']');
}

static size_t count_links(const lx_twixt_board *b)
{
    size_t n = 0;
    for (int32_t l = 0; l < 4 * b->g.ncells; l++)
        n += b->link[l] != 0;
    return n;
}

int lx_twixt_describe_json(const lx_twixt_board *b, lx_buf *out)
{
    size_t pegs = b->pegs[0] > b->pegs[1] ? b->pegs[0] : b->pegs[1], links = count_links(b);
    size_t slots = pegs > 2 * links ? pegs : 2 * links;
    char *names = malloc(slots ? slots * NAME_BYTES : 1);
    if (!names)
        return -1;
    int rc = lx_buf_append_str(out, "\"pegs\":{\"W\":");
    rc = rc ? rc : peg_list(b, TW_WHITE, names, out);
    rc = rc ? rc : lx_buf_append_str(out, ",\"B\":");
    rc = rc ? rc : peg_list(b, TW_BLACK, names, out);
    rc = rc ? rc : lx_buf_append_str(out, "},\"links\":{\"W\":");
    rc = rc ? rc : link_list(b, TW_WHITE, names, out);
    rc = rc ? rc : lx_buf_append_str(out, ",\"B\":");
    rc = rc ? rc : link_list(b, TW_BLACK, names, out);
    rc = rc ? rc : lx_buf_append_char(out, '}');
    free(names);
    return rc;
}
