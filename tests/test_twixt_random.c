/* test_twixt_random.c - random Twixt games replayed by ludex and by a slow,
 * independent model written here: pegs in a plain grid, links in a plain
 * list, crossings by segment intersection (orientation tests) instead of the
 * crossing table, autolinking and wins by brute force.  After every move of
 * every game the two must hold the same pegs, the same links and the same
 * winner.  Games cover square and handicap boards, STD and PP, long moves
 * (removals, additions written both [\i'4] and [\\i'4], the peg), both
 * swaps and resignations.  Then the exact draw search is held against a
 * brute-force search over every simple path (small boards), and random
 * playouts against the model. */
#include "twixt_data/twixt_testutil.h"

#define MAXS 16
#define MAXL 1200

typedef struct mlink {
    lx_twixt_point a, b;
    int colour;
} mlink;

typedef struct model {
    int cols, rows, pp, handicap;
    int peg[MAXS][MAXS]; /* -1 empty, LX_BLACK, LX_WHITE */
    mlink link[MAXL];
    int nlinks;
    int to_play, moves, winner, gave_up;
} model;

static uint64_t rng_state;
static unsigned rnd(unsigned n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

static void model_init(model *m, int cols, int rows, int pp, int handicap)
{
    memset(m, 0, sizeof *m);
    m->cols = cols, m->rows = rows, m->pp = pp, m->handicap = handicap;
    for (int c = 0; c < MAXS; c++)
        for (int r = 0; r < MAXS; r++)
            m->peg[c][r] = -1;
    m->to_play = LX_WHITE;
    m->winner = m->gave_up = -1;
}

static int allowed(const model *m, int colour, int c, int r)
{
    if (c < 0 || r < 0 || c >= m->cols || r >= m->rows)
        return 0;
    int ec = c == 0 || c == m->cols - 1, er = r == 0 || r == m->rows - 1;
    if (ec && er)
        return 0;
    return colour == LX_WHITE ? !ec : !er;
}

static int orient(lx_twixt_point a, lx_twixt_point b, lx_twixt_point c)
{
    long v = (long)(b.col - a.col) * (c.row - a.row) - (long)(b.row - a.row) * (c.col - a.col);
    return (v > 0) - (v < 0);
}

static int same(lx_twixt_point a, lx_twixt_point b) { return a.col == b.col && a.row == b.row; }

static int cross(lx_twixt_point a, lx_twixt_point b, lx_twixt_point c, lx_twixt_point d)
{
    if (same(a, c) || same(a, d) || same(b, c) || same(b, d))
        return 0;
    return orient(a, b, c) * orient(a, b, d) < 0 && orient(c, d, a) * orient(c, d, b) < 0;
}

static int knight(lx_twixt_point a, lx_twixt_point b)
{
    int dx = abs(a.col - b.col), dy = abs(a.row - b.row);
    return (dx == 1 && dy == 2) || (dx == 2 && dy == 1);
}

static int find_link(const model *m, lx_twixt_point a, lx_twixt_point b)
{
    for (int i = 0; i < m->nlinks; i++)
        if ((same(m->link[i].a, a) && same(m->link[i].b, b)) || (same(m->link[i].a, b) && same(m->link[i].b, a)))
            return i;
    return -1;
}

/* May `colour` make link a-b now (both ends its pegs, no forbidden crossing)? */
static int can_link(const model *m, int colour, lx_twixt_point a, lx_twixt_point b)
{
    if (!knight(a, b) || m->peg[a.col][a.row] != colour || m->peg[b.col][b.row] != colour || find_link(m, a, b) >= 0)
        return 0;
    for (int i = 0; i < m->nlinks; i++)
        if ((!m->pp || m->link[i].colour != colour) && cross(a, b, m->link[i].a, m->link[i].b))
            return 0;
    return 1;
}

static const int steps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

static void add_link(model *m, int colour, lx_twixt_point a, lx_twixt_point b)
{
    assert_true(m->nlinks < MAXL);
    m->link[m->nlinks++] = (mlink){a, b, colour};
}

static int connected(const model *m, int colour)
{
    int seen[MAXS][MAXS] = {{0}}, queue[MAXS * MAXS][2], head = 0, tail = 0;
    for (int c = 0; c < m->cols; c++)
        for (int r = 0; r < m->rows; r++)
            if (m->peg[c][r] == colour && (colour == LX_WHITE ? r == 0 : c == 0))
                seen[c][r] = 1, queue[tail][0] = c, queue[tail++][1] = r;
    while (head < tail) {
        lx_twixt_point p = {queue[head][0], queue[head][1]};
        head++;
        if (colour == LX_WHITE ? p.row == m->rows - 1 : p.col == m->cols - 1)
            return 1;
        for (int i = 0; i < m->nlinks; i++) {
            if (m->link[i].colour != colour)
                continue;
            lx_twixt_point q = same(m->link[i].a, p) ? m->link[i].b : same(m->link[i].b, p) ? m->link[i].a : p;
            if (!same(q, p) && !seen[q.col][q.row])
                seen[q.col][q.row] = 1, queue[tail][0] = q.col, queue[tail++][1] = q.row;
        }
    }
    return 0;
}

static void model_peg(model *m, int colour, lx_twixt_point p)
{
    m->peg[p.col][p.row] = colour;
    for (int k = 0; k < 8; k++) {
        lx_twixt_point q = {p.col + steps[k][0], p.row + steps[k][1]};
        if (q.col >= 0 && q.row >= 0 && q.col < m->cols && q.row < m->rows && can_link(m, colour, p, q))
            add_link(m, colour, p, q);
    }
    m->moves++;
    m->to_play = !colour;
    if (m->winner < 0 && connected(m, colour))
        m->winner = colour;
}

static void model_remove(model *m, int i)
{
    m->link[i] = m->link[--m->nlinks];
}

/* ---- one random game -------------------------------------------------------------------------- */

#define MAXMOVES 256

typedef struct game {
    lx_buf sgf;
    int nmoves;
    int kinds[4]; /* pegs, long moves, swaps, resignations */
    uint64_t sig[MAXMOVES]; /* the model's position after each move */
    int winner[MAXMOVES];
} game;

/* A fingerprint of a position: every hole's peg, then every link as (ends in
 * a fixed order, colour), links sorted so that order of making does not count. */
static uint64_t fnv(uint64_t h, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        h = (h ^ ((v >> (8 * i)) & 0xff)) * 0x100000001b3ull;
    return h;
}

static int by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static uint64_t link_key(lx_twixt_point a, lx_twixt_point b, int colour)
{
    if (a.col > b.col || (a.col == b.col && a.row > b.row)) {
        lx_twixt_point t = a;
        a = b;
        b = t;
    }
    return ((uint64_t)a.col << 40) | ((uint64_t)a.row << 30) | ((uint64_t)b.col << 20) | ((uint64_t)b.row << 10) |
           (uint64_t)colour;
}

static uint64_t fingerprint(int cols, int rows, const int *pegs, uint64_t *keys, int nkeys)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < cols * rows; i++)
        h = fnv(h, (uint64_t)(pegs[i] + 1));
    qsort(keys, (size_t)nkeys, sizeof *keys, by_value);
    for (int i = 0; i < nkeys; i++)
        h = fnv(h, keys[i]);
    return h;
}

static uint64_t model_fingerprint(const model *m)
{
    static int pegs[MAXS * MAXS];
    static uint64_t keys[MAXL];
    for (int c = 0; c < m->cols; c++)
        for (int r = 0; r < m->rows; r++)
            pegs[r * m->cols + c] = m->peg[c][r];
    for (int i = 0; i < m->nlinks; i++)
        keys[i] = link_key(m->link[i].a, m->link[i].b, m->link[i].colour);
    return fingerprint(m->cols, m->rows, pegs, keys, m->nlinks);
}

static uint64_t engine_fingerprint(const lx_twixt_board *b)
{
    static int pegs[MAXS * MAXS];
    static uint64_t keys[MAXL];
    static lx_twixt_link links[MAXL];
    int cols = lx_twixt_cols(b), rows = lx_twixt_rows(b), n = 0;
    for (int c = 0; c < cols; c++)
        for (int r = 0; r < rows; r++)
            pegs[r * cols + c] = lx_twixt_peg_at(b, c, r);
    for (int colour = 0; colour < 2; colour++) {
        size_t k = lx_twixt_links(b, (lx_colour)colour, links, MAXL);
        for (size_t i = 0; i < k; i++)
            keys[n++] = link_key(links[i].a, links[i].b, colour);
    }
    return fingerprint(cols, rows, pegs, keys, n);
}

static void centre_text(lx_twixt_point a, lx_twixt_point b, char *buf, size_t cap)
{
    char letters[8];
    int cx2 = a.col + b.col, cy2 = a.row + b.row;
    if (cx2 & 1) {
        lx_coord_column_name((cx2 - 1) / 2, letters, sizeof letters);
        snprintf(buf, cap, rnd(2) ? "%s'%d" : "%s*%d", letters, cy2 / 2 + 1);
    } else {
        lx_coord_column_name(cx2 / 2, letters, sizeof letters);
        snprintf(buf, cap, rnd(2) ? "%s%d'" : "%s%d*", letters, (cy2 - 1) / 2 + 1);
    }
    if (rnd(3) == 0)
        for (char *k = buf; *k; k++)
            *k = (char)(*k >= 'a' && *k <= 'z' ? *k - 32 : *k);
}

static int random_hole(const model *m, int colour, lx_twixt_point *p)
{
    int n = 0;
    for (int c = 0; c < m->cols; c++)
        for (int r = 0; r < m->rows; r++)
            n += allowed(m, colour, c, r) && m->peg[c][r] < 0;
    if (n == 0)
        return -1;
    int k = (int)rnd((unsigned)n);
    for (int c = 0; c < m->cols; c++)
        for (int r = 0; r < m->rows; r++)
            if (allowed(m, colour, c, r) && m->peg[c][r] < 0 && k-- == 0) {
                *p = (lx_twixt_point){c, r};
                return 0;
            }
    return -1;
}

/* A long move's removals and additions, written to the SGF and played on the model. */
static void long_move_parts(model *m, int colour, lx_buf *sgf)
{
    char centre[24];
    for (int tries = 1 + (int)rnd(2); tries > 0; tries--) {
        int own[MAXL], n = 0;
        for (int i = 0; i < m->nlinks; i++)
            if (m->link[i].colour == colour)
                own[n++] = i;
        if (!n)
            break;
        int i = own[rnd((unsigned)n)];
        centre_text(m->link[i].a, m->link[i].b, centre, sizeof centre);
        lx_buf_printf(sgf, "[-%s]", centre);
        model_remove(m, i);
    }
    for (int tries = (int)rnd(3); tries > 0; tries--) {
        lx_twixt_point c[64][2];
        int n = 0;
        for (int x = 0; x < m->cols && n < 64; x++)
            for (int y = 0; y < m->rows && n < 64; y++)
                for (int k = 0; k < 4 && n < 64; k++) {
                    lx_twixt_point a = {x, y}, b = {x + steps[k][0], y + steps[k][1]};
                    if (b.col < m->cols && b.row >= 0 && b.row < m->rows && can_link(m, colour, a, b))
                        c[n][0] = a, c[n++][1] = b;
                }
        if (!n)
            break;
        int i = (int)rnd((unsigned)n);
        lx_twixt_point a = c[i][0], b = c[i][1];
        centre_text(a, b, centre, sizeof centre);
        int slash = b.row < a.row; /* a is the left end: '/' rises to the right */
        lx_buf_printf(sgf, "[%s%s]", slash ? "/" : rnd(2) ? "\\" : "\\\\", centre);
        add_link(m, colour, a, b);
    }
}

static int random_game(game *g, model *m, int max_moves)
{
    int square = rnd(4) != 0, cols = 5 + (int)rnd(12), rows = square ? cols : 5 + (int)rnd(12);
    int pp = rnd(3) == 0, handicap = !square || rnd(6) == 0;
    model_init(m, cols, rows, pp, handicap);
    lx_buf_clear(&g->sgf);
    lx_buf_printf(&g->sgf, "(;FF[4]GM[21]SZ[%d:%d]RU[%s]%s", cols, rows, pp ? "PP" : "STD", handicap ? "HA[]" : "");
    g->nmoves = 0;
    char name[16];
    while (g->nmoves < max_moves && m->winner < 0) {
        int colour = m->to_play;
        lx_buf_printf(&g->sgf, "\n;%c", colour == LX_WHITE ? 'W' : 'B');
        g->nmoves++;
        if (g->nmoves > 1)
            g->sig[g->nmoves - 2] = model_fingerprint(m), g->winner[g->nmoves - 2] = m->winner;
        if (m->moves == 1 && !handicap && rnd(4) == 0) {
            int sides = rnd(2);
            lx_buf_printf(&g->sgf, "[swap-%s]", sides ? "sides" : "pieces");
            g->kinds[2]++;
            m->moves++;
            if (sides) {
                m->to_play = colour;
            } else {
                for (int c = 0; c < cols; c++)
                    for (int r = 0; r < rows; r++)
                        if (m->peg[c][r] == !colour) {
                            m->peg[c][r] = -1;
                            m->peg[r][c] = colour; /* square board */
                            r = rows, c = cols;
                        }
                m->to_play = !colour;
            }
            continue;
        }
        lx_twixt_point p;
        if (random_hole(m, colour, &p) != 0 || rnd(200) == 0) {
            lx_buf_append_str(&g->sgf, "[resign]");
            g->kinds[3]++;
            m->gave_up = colour;
            break;
        }
        if (!pp && rnd(6) == 0) {
            long_move_parts(m, colour, &g->sgf);
            g->kinds[1]++;
        }
        lx_coord_point_name(p.col, p.row + 1, name, sizeof name);
        lx_buf_printf(&g->sgf, "[%s]", name);
        model_peg(m, colour, p);
        g->kinds[0]++;
    }
    lx_buf_append_str(&g->sgf, ")");
    g->sig[g->nmoves - 1] = model_fingerprint(m), g->winner[g->nmoves - 1] = m->winner;
    return g->nmoves;
}

/* ---- replaying it ---------------------------------------------------------------------------- */

/* Compare an engine position with the model, hole by hole and link by link. */
static void agree(const lx_twixt_board *b, const model *m)
{
    for (int c = 0; c < m->cols; c++)
        for (int r = 0; r < m->rows; r++)
            assert_int_equal(lx_twixt_peg_at(b, c, r), m->peg[c][r] < 0 ? LX_NO_COLOUR : (lx_colour)m->peg[c][r]);
    for (int i = 0; i < m->nlinks; i++)
        assert_int_equal(lx_twixt_link_at(b, m->link[i].a, m->link[i].b), m->link[i].colour);
    size_t nw = 0, nb = 0;
    for (int i = 0; i < m->nlinks; i++) {
        if (m->link[i].colour == LX_WHITE)
            nw++;
        else
            nb++;
    }
    assert_int_equal(lx_twixt_links(b, LX_WHITE, NULL, 0), nw);
    assert_int_equal(lx_twixt_links(b, LX_BLACK, NULL, 0), nb);
    lx_colour won = m->winner < 0 ? LX_NO_COLOUR : (lx_colour)m->winner;
    assert_int_equal(lx_twixt_connected(b), won);
    assert_int_equal(lx_twixt_connected_slow(b), won);
}

typedef struct checker {
    const game *g;
    const model *final;
    int moves, game_no;
} checker;

static int each_move(void *ctx, const lx_replay_event *ev)
{
    checker *c = ctx;
    size_t i = ev->move - 1;
    c->moves = (int)ev->move;
    if (engine_fingerprint(ev->position) != c->g->sig[i])
        fail_msg("game %d, move %zu: ludex and the model differ\n%s", c->game_no, ev->move, c->g->sgf.data);
    lx_colour won = c->g->winner[i] < 0 ? LX_NO_COLOUR : (lx_colour)c->g->winner[i];
    assert_int_equal(lx_twixt_connected(ev->position), won);
    return 0;
}

static void on_end(void *ctx, size_t game_index, const void *pos, const lx_game_result *res)
{
    checker *c = ctx;
    (void)game_index;
    assert_non_null(pos);
    agree(pos, c->final);
    if (c->final->winner >= 0 || c->final->gave_up >= 0)
        assert_true(res->over);
}

static void random_games_agree_with_the_model(void **state)
{
    (void)state;
    static game g;
    static model m;
    rng_state = 0x9E3779B97F4A7C15ull;
    long total_moves = 0;
    for (int n = 0; n < 400; n++) {
        int moves = random_game(&g, &m, 20 + (int)rnd(200));
        lx_sgf_doc *doc;
        lx_sgf_tree *t = read_tree(g.sgf.data, &doc);
        lx_diag_list *d = lx_diag_list_new();
        checker c = {&g, &m, 0, n};
        lx_replay_hooks hooks = {&c, each_move, NULL, on_end};
        assert_int_equal(lx_replay_tree(t, 0, &lx_twixt_module, NULL, &hooks, d), 0);
        const lx_diag *e = first_error(d);
        if (e)
            fail_msg("game %d: %s: %s\n%s", n, e->code, e->message, g.sgf.data);
        assert_int_equal(c.moves, moves);
        if (n % 25 == 0) /* the library's own walk agrees with the driver's */
            for (int k = 1; k <= moves; k += 1 + moves / 6) {
                lx_twixt_board *b = lx_twixt_position_after(t, (size_t)k, d);
                assert_non_null(b);
                assert_true(engine_fingerprint(b) == g.sig[k - 1]);
                lx_twixt_board_free(b);
            }
        total_moves += moves;
        lx_diag_list_free(d);
        lx_sgf_tree_free(t);
        lx_sgf_doc_free(doc);
    }
    print_message("  %ld moves in 400 games: %d pegs, %d long moves, %d swaps, %d resignations\n", total_moves,
                  g.kinds[0], g.kinds[1], g.kinds[2], g.kinds[3]);
    assert_true(g.kinds[1] > 50); /* long moves */
    assert_true(g.kinds[2] > 10); /* swaps */
    assert_true(total_moves > 10000);
    lx_buf_free(&g.sgf);
}

/* ---- the exact draw search ---------------------------------------------------------------------- */

typedef struct brute {
    const model *m;
    int colour;
    int on_path[MAXS][MAXS];
    lx_twixt_point path[MAXS * MAXS];
    int depth;
    long steps;
} brute;

static int usable(const brute *s, lx_twixt_point p)
{
    const model *m = s->m;
    return allowed(m, s->colour, p.col, p.row) && m->peg[p.col][p.row] != !s->colour;
}

static int edge_ok(const brute *s, lx_twixt_point a, lx_twixt_point b)
{
    const model *m = s->m;
    for (int i = 0; i < m->nlinks; i++)
        if (m->link[i].colour != s->colour && cross(a, b, m->link[i].a, m->link[i].b))
            return 0;
    if (m->pp)
        return 1;
    for (int i = 1; i < s->depth; i++) /* the path's own links, under STD */
        if (cross(a, b, s->path[i - 1], s->path[i]))
            return 0;
    return 1;
}

/* Depth-first over every simple path (explicit stack of neighbour indices). */
static int brute_connect(brute *s)
{
    const model *m = s->m;
    int next[MAXS * MAXS];
    for (int c = 0; c < m->cols; c++)
        for (int r = 0; r < m->rows; r++) {
            lx_twixt_point start = {c, r};
            if (!usable(s, start) || (s->colour == LX_WHITE ? r != 0 : c != 0))
                continue;
            s->depth = 1;
            s->path[0] = start;
            next[0] = 0;
            s->on_path[c][r] = 1;
            while (s->depth > 0) {
                if (++s->steps > 3000000)
                    return -1;
                int d = s->depth - 1;
                lx_twixt_point p = s->path[d];
                if (s->colour == LX_WHITE ? p.row == m->rows - 1 : p.col == m->cols - 1) {
                    for (int i = 0; i < s->depth; i++)
                        s->on_path[s->path[i].col][s->path[i].row] = 0;
                    return 1;
                }
                if (next[d] == 8) {
                    s->on_path[p.col][p.row] = 0;
                    s->depth--;
                    continue;
                }
                int k = next[d]++;
                lx_twixt_point q = {p.col + steps[k][0], p.row + steps[k][1]};
                if (q.col < 0 || q.row < 0 || q.col >= m->cols || q.row >= m->rows || s->on_path[q.col][q.row] ||
                    !usable(s, q) || !edge_ok(s, p, q))
                    continue;
                s->path[s->depth] = q;
                next[s->depth++] = 0;
                s->on_path[q.col][q.row] = 1;
            }
        }
    return 0;
}

/* A position from random moves: pegs with autolinking, some links taken away. */
static void random_position(model *m, lx_twixt_board **b, int size, int pegs)
{
    model_init(m, size, size, rnd(4) == 0, 1);
    *b = lx_twixt_board_new(size, size, m->pp ? LX_TWIXT_PP : LX_TWIXT_STD);
    lx_twixt_set_handicap(*b, 1);
    lx_game_error e;
    lx_game_error_init(&e);
    for (int i = 0; i < pegs; i++) {
        lx_twixt_point p;
        if (random_hole(m, m->to_play, &p) != 0)
            break;
        lx_twixt_move mv = {.kind = LX_TWIXT_PEG, .at = p};
        assert_int_equal(lx_twixt_play(*b, (lx_colour)m->to_play, &mv, &e), 0);
        model_peg(m, m->to_play, p);
        if (m->winner >= 0)
            break;
    }
    lx_game_error_free(&e);
}

static void the_draw_search_is_exact(void **state)
{
    (void)state;
    rng_state = 777;
    static model m;
    int answers[2] = {0, 0}, hard = 0, checked = 0;
    for (int n = 0; n < 3000; n++) {
        lx_twixt_board *b;
        int size = 5 + (int)rnd(3);
        random_position(&m, &b, size, (int)rnd((unsigned)(size * size)));
        for (int colour = 0; colour < 2; colour++) {
            brute s;
            memset(&s, 0, sizeof s);
            s.m = &m;
            s.colour = colour;
            int want = brute_connect(&s);
            if (want < 0)
                continue;
            int got = lx_twixt_can_connect(b, (lx_colour)colour);
            if (got != want)
                fail_msg("position %d, %s: ludex %d, brute force %d", n, colour ? "White" : "Black", got, want);
            answers[want]++;
            checked++;
            hard += tw_can_connect_budget(b, (lx_colour)colour, 0) < 0; /* needed the exhaustive step */
        }
        lx_twixt_board_free(b);
    }
    print_message("  draw search: %d answers checked (%d no, %d yes, %d needing the exhaustive step)\n", checked,
                  answers[0], answers[1], hard);
    assert_true(answers[0] > 100);
    assert_true(answers[1] > 100);
}

/* Positions (found by a random search) where the first path found crosses
 * itself, so the search must go on exhaustively: in the first two there is a
 * path in the graph but no chain (a plain graph search would be wrong), in the
 * last two a chain exists round the crossing. */
static const struct {
    const char *sgf;
    lx_colour who;
    int can;
} pockets[] = {
    {"(;FF[4]GM[21]SZ[8]HA[];W[f4];B[e3];W[b8];B[d4];W[g4];B[e6];W[e2];B[f7];W[b3];B[f3];W[b4];B[h3];W[e5];B[c3];"
     "W[g7];B[e7];W[e4];B[h7];W[c6];B[a7];W[g2];B[b7];W[d5];B[c4];W[e1];B[c2];W[f8];B[d2];W[c1];B[h4];W[f2];B[h5];"
     "W[g5];B[h2])", LX_BLACK, 0},
    {"(;FF[4]GM[21]SZ[8]HA[];W[c8];B[e4];W[e2];B[c3];W[b8];B[h4];W[g6];B[d2];W[d5];B[b6];W[g4];B[a5];W[e1];B[h7];"
     "W[e6];B[a2];W[c4];B[f7];W[e8];B[c2];W[d4];B[f4];W[e5];B[f5];W[g5];B[c6];W[b4];B[a3];W[f3];B[e7];W[g2];B[g7];"
     "W[g1];B[h6];W[d8])", LX_WHITE, 0},
    {"(;FF[4]GM[21]SZ[8]HA[];W[g7];B[d7];W[d3];B[c2];W[b4];B[c6];W[c7];B[c5];W[e2];B[b7];W[c8];B[e3];W[d2];B[g5];"
     "W[e1];B[f2];W[g4];B[c3];W[g8];B[a2];W[d5];B[d4];W[b8];B[b2];W[f6];B[h6];W[f1];B[h3];W[g3];B[a6];W[g6])",
     LX_BLACK, 1},
    {"(;FF[4]GM[21]SZ[8]HA[];W[d6];B[a2];W[c5];B[e3];W[c4];B[c3];W[g3];B[g2];W[f3];B[d3];W[e4];B[a5];W[e1];B[e5];"
     "W[f2];B[g6];W[b8];B[b5];W[c8];B[a4];W[g8];B[c7];W[e2];B[b6];W[f5];B[c6];W[e8];B[b7];W[f6];B[e6];W[c2];B[d7];"
     "W[f7];B[a7];W[b2];B[h3];W[e7];B[d2];W[c1])", LX_WHITE, 1},
};

static void model_from_sgf(model *m, const char *sgf)
{
    model_init(m, 8, 8, 0, 1);
    for (const char *p = strstr(sgf, ";W["); p; p = strchr(p + 1, ';')) {
        int colour = p[1] == 'W' ? LX_WHITE : LX_BLACK;
        long c, r;
        const char *v = p + 3, *end = strchr(v, ']');
        assert_int_equal(lx_coord_parse_point(v, (size_t)(end - v), &c, &r), 0);
        model_peg(m, colour, (lx_twixt_point){(int)c, (int)r - 1});
    }
}

static void crossing_paths_are_not_chains(void **state)
{
    (void)state;
    static model m;
    for (size_t i = 0; i < sizeof pockets / sizeof pockets[0]; i++) {
        lx_twixt_board *b = board_after(pockets[i].sgf, 0);
        model_from_sgf(&m, pockets[i].sgf);
        agree(b, &m);
        assert_int_equal(tw_can_connect_budget(b, pockets[i].who, 0), -1); /* the first path crosses itself */
        brute s;
        memset(&s, 0, sizeof s);
        s.m = &m;
        s.colour = pockets[i].who;
        assert_int_equal(brute_connect(&s), pockets[i].can);
        assert_int_equal(lx_twixt_can_connect(b, pockets[i].who), pockets[i].can);
        lx_twixt_board_free(b);
    }
    /* and more of them at random */
    rng_state = 4242;
    int found = 0;
    for (int n = 0; n < 20000 && found < 5; n++) {
        lx_twixt_board *b;
        random_position(&m, &b, 6 + (int)rnd(2), 10 + (int)rnd(25));
        for (int colour = 0; colour < 2; colour++) {
            if (m.pp || tw_can_connect_budget(b, (lx_colour)colour, 0) >= 0)
                continue;
            brute s;
            memset(&s, 0, sizeof s);
            s.m = &m;
            s.colour = colour;
            int want = brute_connect(&s);
            if (want >= 0) {
                assert_int_equal(lx_twixt_can_connect(b, (lx_colour)colour), want);
                found++;
            }
        }
        lx_twixt_board_free(b);
    }
}

/* ---- playouts ----------------------------------------------------------------------------------- */

static void playouts_agree_with_the_model(void **state)
{
    (void)state;
    static model m;
    lx_twixt_playout *p = lx_twixt_playout_new(12, 12, LX_TWIXT_STD);
    uint64_t seed = 99;
    int wins[2] = {0, 0};
    for (int n = 0; n < 200; n++) {
        int moves;
        lx_colour w = lx_twixt_playout_run(p, &seed, &moves);
        model_init(&m, 12, 12, 0, 0);
        for (int i = 0; i < moves; i++) {
            lx_twixt_point at;
            assert_int_equal(lx_twixt_playout_move(p, i, &at), 0);
            assert_int_equal(m.peg[at.col][at.row], -1);
            assert_true(allowed(&m, i % 2 ? LX_BLACK : LX_WHITE, at.col, at.row));
            assert_int_equal(m.winner, -1);
            model_peg(&m, i % 2 ? LX_BLACK : LX_WHITE, at);
        }
        assert_int_equal(m.winner < 0 ? LX_NO_COLOUR : (lx_colour)m.winner, w);
        if (w != LX_NO_COLOUR)
            wins[w]++;
    }
    assert_true(wins[0] > 20 && wins[1] > 20);
    lx_twixt_playout_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_games_agree_with_the_model),
        cmocka_unit_test(the_draw_search_is_exact),
        cmocka_unit_test(crossing_paths_are_not_chains),
        cmocka_unit_test(playouts_agree_with_the_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
