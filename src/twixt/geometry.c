/* geometry.c - the shape of a Twixt board: padded cells, knight's moves, links,
 * which links cross which, and link centres.
 *
 * Crossing is pure geometry and the same everywhere on the board: a link
 * (0,0)-(1,2), say, is crossed by exactly nine links, whose left ends lie at
 * fixed offsets from its own.  tw_cross_pattern lists them for the four link
 * directions (it was worked out by proper segment intersection; the tests
 * check it the same way on whole boards).  tw_geom_init turns the pattern into
 * link-index offsets for one board width, so "does anything cross this link"
 * is nine array reads with no bounds check: TW_PAD cells of padding keep
 * every offset inside the array, and padding never holds a link.
 *
 * What this does not do: know about pegs, colours or rules. */
#include "twixt/twixt_impl.h"

/* dir 0..3: the step from a link's left end to its right end (column, row). */
const int8_t tw_dir_step[4][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}};

/* The 8 knight's moves; the first four are the link directions. */
const int8_t tw_knight_step[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

/* For a link of direction d at (0,0): the (column, row, dir) of the left end
 * of each link that crosses it. */
const int8_t tw_cross_pattern[4][9][3] = {
    {{-1, 0, 1}, {-1, 1, 2}, {-1, 2, 2}, {0, 1, 1}, {0, 1, 2}, {0, 1, 3}, {0, 2, 2}, {0, 2, 3}, {0, 3, 3}},
    {{-1, 1, 2}, {0, -1, 0}, {0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 0, 0}, {1, 1, 2}, {1, 1, 3}, {1, 2, 3}},
    {{-1, -1, 1}, {0, -2, 0}, {0, -1, 0}, {0, -1, 1}, {0, 1, 3}, {1, -2, 0}, {1, -1, 0}, {1, -1, 1}, {1, 0, 3}},
    {{-1, -2, 1}, {-1, -1, 1}, {-1, 0, 2}, {0, -3, 0}, {0, -2, 0}, {0, -2, 1}, {0, -1, 0}, {0, -1, 1}, {0, -1, 2}},
};

static int dir_of_step(int dx, int dy)
{
    for (int d = 0; d < 4; d++)
        if (tw_dir_step[d][0] == dx && tw_dir_step[d][1] == dy)
            return d;
    return -1;
}

void tw_geom_init(tw_geom *g, int cols, int rows)
{
    g->cols = cols;
    g->rows = rows;
    g->stride = cols + 2 * TW_PAD;
    g->ncells = (int32_t)g->stride * (rows + 2 * TW_PAD);
    for (int k = 0; k < 8; k++) {
        int dx = tw_knight_step[k][0], dy = tw_knight_step[k][1];
        g->knight[k] = dy * g->stride + dx;
        if (dx > 0)
            g->klink[k] = dir_of_step(dx, dy);
        else
            g->klink[k] = 4 * g->knight[k] + dir_of_step(-dx, -dy);
    }
    for (int d = 0; d < 4; d++)
        for (int i = 0; i < 9; i++) {
            const int8_t *c = tw_cross_pattern[d][i];
            g->cross[d][i] = 4 * (c[1] * g->stride + c[0]) + c[2] - d; /* from link index 4 * cell + d */
        }
}

int32_t tw_link_index(const tw_geom *g, int32_t p, int32_t q)
{
    for (int k = 0; k < 8; k++)
        if (p + g->knight[k] == q)
            return 4 * p + g->klink[k];
    return -1;
}

void tw_link_ends(const tw_geom *g, int32_t l, int32_t *p, int32_t *q)
{
    int d = (int)(l & 3);
    *p = l >> 2;
    *q = *p + tw_dir_step[d][1] * g->stride + tw_dir_step[d][0];
}

int tw_centre_ends(int cx2, int cy2, int slope, lx_twixt_point *a, lx_twixt_point *b)
{
    int steep = (cx2 & 1) && !(cy2 & 1), shallow = !(cx2 & 1) && (cy2 & 1);
    if (!steep && !shallow)
        return -1;
    int left = steep ? (cx2 - 1) / 2 : cx2 / 2 - 1, right = steep ? left + 1 : left + 2;
    int top = steep ? cy2 / 2 - 1 : (cy2 - 1) / 2, bottom = steep ? top + 2 : top + 1;
    /* '\' falls to the right (row 1 at the top): left end on the top row. */
    a->col = left;
    b->col = right;
    a->row = slope < 0 ? top : bottom;
    b->row = slope < 0 ? bottom : top;
    return 0;
}
