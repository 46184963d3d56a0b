/* json.c - a Hex position's members of a `ludex replay --json` record.
 *
 * `"stones":{"B":[...],"W":[...]}`: every stone by its lower-case cell name,
 * each list sorted in plain byte order of the names (strcmp, as any script's
 * default string sort gives): "a1" < "a10" < "a2" < "aa1" < "b1".  Names are
 * made once into one block (at most 9 bytes each: three letters, five digits,
 * NUL) and sorted there. */
#include <stdlib.h>
#include <string.h>

#include "base/coord.h"
#include "hex/hex_impl.h"

#define NAME_BYTES 12

static int by_name(const void *a, const void *b)
{
    return strcmp(a, b);
}

static int stone_list(const lx_hex_board *b, int colour, char *names, lx_buf *out)
{
    size_t n = 0;
    for (int r = 0; r < b->g.rows; r++)
        for (int c = 0; c < b->g.cols; c++)
            if (b->g.colour[hex_cell(&b->g, c, r)] == colour)
                lx_coord_point_name(c, r + 1, names + NAME_BYTES * n++, NAME_BYTES);
    qsort(names, n, NAME_BYTES, by_name);
    if (lx_buf_append_char(out, '[') != 0)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (lx_buf_printf(out, "%s\"%s\"", i ? "," : "", names + NAME_BYTES * i) != 0)
            return -1;
    return lx_buf_append_char(out, ']');
}

int lx_hex_describe_json(const lx_hex_board *b, lx_buf *out)
{
    size_t most = b->g.stones[0] > b->g.stones[1] ? b->g.stones[0] : b->g.stones[1];
    char *names = malloc(most ? most * NAME_BYTES : 1);
    if (!names)
        return -1;
    int rc = lx_buf_append_str(out, "\"stones\":{\"B\":");
    if (rc == 0)
        rc = stone_list(b, HEX_BLACK, names, out);
    if (rc == 0)
        rc = lx_buf_append_str(out, ",\"W\":");
    if (rc == 0)
        rc = stone_list(b, HEX_WHITE, names, out);
    if (rc == 0)
        rc = lx_buf_append_char(out, '}');
    free(names);
    return rc;
}
