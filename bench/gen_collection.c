/* gen_collection.c - deterministic test data for `make bench`.
 *
 * Writes SGF files that look like what the readers of ludex meet in the wild,
 * always the same bytes for the same arguments (a fixed-seed splitmix64
 * generator, integer arithmetic only), so figures from different runs and
 * machines are comparable:
 *
 *   gen_collection hex OUT BYTES     Hex-like game trees until OUT holds >= BYTES:
 *       GM[11], HexGui-style root (FF GM SZ AP CA PB PW RE DT), games of
 *       random legal moves (30-120 planned) on 11x11..19x19 that stop when a
 *       side joins its edges (RE[B+]/RE[W+]) or else end in a resignation or
 *       a time loss (RE[W+R], RE[B+T], ...), now and then the spec's
 *       swap-pieces, comments with escapes, line breaks and soft line
 *       breaks, a few variations.
 *   gen_collection bg OUT BYTES      backgammon game trees, the same way: one
 *       GNU Backgammon money session (a file is one match to ludex), each
 *       game with a GNU-Backgammon-style root (MI[length:0][game:N][ws:..]
 *       [bs:..][wtime:0]..., RE, CV, CO), random legal plays such as
 *       B[31fbdc] (the most dice, the larger die, bar first, bearing off
 *       exactly or from the highest point), now and then W[double] with
 *       B[take] or B[drop], a resignation (RE[B+2R]) or a variation,
 *       private analysis-like properties (A, DA, LU) and long comments.
 *       Both start from the same seed whatever BYTES is, so a smaller BYTES
 *       gives a prefix (in whole trees) of a larger file.  A collection holds
 *       one game, so `make bench`'s 100 MB collection is two files of 50 MB.
 *   gen_collection deep OUT LEVELS        (;FF[4]GM[11]SZ[11](;B[a1](;W[b2](...))))
 *       LEVELS nested variations of one node each.
 *   gen_collection long OUT NODES         one Hex-like game tree of NODES nodes
 *       in a single main line (the whole tree must be held at once).
 *
 * What it deliberately does not do: play well (in hex and bg every move is
 * random, but legal, and every result is what the board and the cube say;
 * deep and long are about shape, not rules), or imitate any program byte
 * for byte.  It is a benchmark input, not a test oracle.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- output ------------------------------------------------------------------ */

static FILE *out;
static unsigned long long written;

static void put(const char *s, size_t n)
{
    if (fwrite(s, 1, n, out) != n) {
        perror("gen_collection: write");
        exit(2);
    }
    written += n;
}

static void puts_(const char *s) { put(s, strlen(s)); }

static void putf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void putf(const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof tmp) {
        fprintf(stderr, "gen_collection: internal line too long\n");
        exit(2);
    }
    put(tmp, (size_t)n);
}

/* ---- randomness ----------------------------------------------------------------- */

static uint64_t rng_state = 0x6c756465782d3031ull; /* "ludex-01" */

static uint64_t next64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform in [lo, hi]. */
static int range(int lo, int hi) { return lo + (int)(next64() % (uint64_t)(hi - lo + 1)); }
/* True with probability pct percent. */
static int chance(int pct) { return range(0, 99) < pct; }

#define PICK(arr) (arr[next64() % (sizeof arr / sizeof arr[0])])

/* ---- shared vocabulary ------------------------------------------------------------ */

static const char *names[] = {
    "alice", "bob", "Arek", "Zoë", "Łukasz", "田中", "Müller", "hexhead", "mohex", "wolve",
    "player1", "player2", "Ryan", "Tiziana", "Jan de Vries", "O'Brien", "gnubg", "Snowie",
    "Falafel", "stick", "nack", "Ayşe", "Mikko", "Ana Lúcia", "ken", "kim", "Nakamura Kōji",
    "jdkovac", "Bruno", "lila",
};

/* Words for comments; a few carry the characters that must be escaped. */
static const char *words[] = {
    "the", "a", "bridge", "ladder", "edge", "template", "strong", "weak", "move", "here",
    "blocks", "connects", "threat", "virtual", "connection", "is", "not", "enough", "better",
    "was", "cube", "gammon", "race", "pip", "count", "prime", "anchor", "blot", "hit",
    "equity", "take", "pass", "double", "too", "good", "[d4\\]", "C:\\\\games\\\\hex",
    "a\\]b", "x:y", "(see", "below)", "50%", "&", "<ok>", "\"quoted\"", "café", "ça",
};

/* A comment of `nwords` words: escapes, and now and then a line break,
 * a blank line or a soft line break (backslash + newline). */
static void comment(int nwords)
{
    puts_("C[");
    for (int i = 0; i < nwords; i++) {
        if (i) {
            int r = range(0, 99);
            if (r < 3)
                puts_("\n");
            else if (r < 4)
                puts_("\n\n");
            else if (r < 5)
                puts_("\\\n");
            else
                puts_(" ");
        }
        puts_(PICK(words));
    }
    puts_("]");
}

/* printf `fmt` with n numbers drawn in order from the ranges lim[i] (the
 * order of evaluation of function arguments is unspecified in C, so draws
 * are never written as arguments of one call). */
static void analysis(const char *fmt, int n, const int (*lim)[2])
{
    int v[5] = {0};
    for (int i = 0; i < n && i < 5; i++)
        v[i] = range(lim[i][0], lim[i][1]);
    putf(fmt, v[0], v[1], v[2], v[3], v[4]);
}

static void date_value(void)
{
    int y = range(1998, 2024), m = range(1, 12), d = range(1, 28);
    putf("DT[%04d-%02d-%02d]", y, m, d);
}

/* ---- Hex ---------------------------------------------------------------------- */

static const int hex_sizes[] = {11, 11, 11, 13, 13, 14, 15, 17, 19};
static const char *hex_apps[] = {"HexGui:0.9.GIT", "HexGui:0.2", "Hex-benzene:0.1", "MoHex:2.0",
                                 "LittleGolem:2.0", "KataHex:1.0"};
static const char *hex_gave_up[] = {"R", "R", "Resign", "T", "Time"}; /* after "B+" / "W+" */

static int force_ca; /* write CA[UTF-8] in this record's root whatever the dice say */

/* A Hex board: cell = col + row * size, a1 top left; Black joins the top and
 * bottom rows, White the left and right columns. */
typedef struct hexgame {
    int size, cells;
    unsigned char colour[19 * 19]; /* 0 empty, 1 Black, 2 White */
} hexgame;

static int hex_free_cell(const hexgame *g)
{
    int c = range(0, g->cells - 1);
    while (g->colour[c])
        c = (c + 1) % g->cells;
    return c;
}

/* Does the group at `cell` join its colour's two sides? (a flood fill; the
 * generator is not timed) */
static int hex_joins(const hexgame *g, int cell)
{
    static const int dc[6] = {-1, 1, 0, 0, 1, -1}, dr[6] = {0, 0, -1, 1, -1, 1};
    int stack[19 * 19], n = 0, low = 0, high = 0;
    unsigned char seen[19 * 19] = {0};
    unsigned char colour = g->colour[cell];
    stack[n++] = cell;
    seen[cell] = 1;
    while (n) {
        int p = stack[--n], c = p % g->size, r = p / g->size;
        int along = colour == 1 ? r : c;
        low |= along == 0;
        high |= along == g->size - 1;
        for (int k = 0; k < 6; k++) {
            int c2 = c + dc[k], r2 = r + dr[k];
            if (c2 < 0 || r2 < 0 || c2 >= g->size || r2 >= g->size)
                continue;
            int q = c2 + r2 * g->size;
            if (!seen[q] && g->colour[q] == colour) {
                seen[q] = 1;
                stack[n++] = q;
            }
        }
    }
    return low && high;
}

/* One node ";B[e5]" on a free cell (now and then with a comment); returns
 * non-zero when the move wins.  `per_line`: 0 = every node on its own line,
 * k = a line break every k nodes. */
static int hex_move(hexgame *g, int white, int moveno, int per_line, int comments)
{
    if (per_line == 0 || (moveno > 0 && moveno % per_line == 0))
        puts_("\n");
    int c = hex_free_cell(g);
    g->colour[c] = (unsigned char)(white ? 2 : 1);
    putf(";%c[%c%d]", white ? 'W' : 'B', 'a' + c % g->size, 1 + c / g->size);
    if (comments && chance(8))
        comment(range(3, 25));
    return hex_joins(g, c);
}

/* A game played at random until one side joins its sides (RE[B+] or RE[W+])
 * or the planned length runs out (then the side to move gives up: B+R, W+T,
 * ...).  The record is built in memory first: RE, in the root, depends on how
 * the game ends. */
static void hex_record(void)
{
    hexgame g;
    g.size = PICK(hex_sizes);
    g.cells = g.size * g.size;
    memset(g.colour, 0, sizeof g.colour);
    int moves = range(30, 120);
    if (moves > g.cells - 20)
        moves = g.cells - 20;
    int per_line = chance(50) ? 0 : range(8, 12);
    int comments = chance(60);

    /* the moves go to a side buffer: RE must be known before the root is written */
    static char *body;
    static size_t body_cap;
    FILE *saved = out;
    unsigned long long saved_written = written;
    FILE *mem = open_memstream(&body, &body_cap);
    if (!mem) {
        perror("gen_collection: open_memstream");
        exit(2);
    }
    out = mem;

    /* variations: at most two branch points, each a short alternative */
    int branch1 = chance(15) ? range(5, moves - 5) : -1;
    int branch2 = branch1 >= 0 && chance(30) ? range(branch1 + 1, moves - 1) : -1;
    hexgame at_branch[2];
    int open = 0, branch_white[2], winner = 0, m;
    for (m = 0; m < moves && !winner; m++) {
        if (m == branch1 || m == branch2) {
            /* the main line goes on in the first variation, the alternative follows it */
            puts_("\n(");
            at_branch[open] = g;
            branch_white[open++] = m & 1;
        }
        if (m == 1 && chance(5)) {
            /* swap-pieces (the spec's meaning): Black's stone becomes White's,
             * mirrored across the long diagonal; Black moves next */
            puts_(";W[swap-pieces]");
            for (int c = 0; c < g.cells; c++)
                if (g.colour[c] == 1) {
                    g.colour[c] = 0;
                    g.colour[(c / g.size) + (c % g.size) * g.size] = 2;
                }
            continue;
        }
        if (hex_move(&g, m & 1, m, per_line, comments))
            winner = (m & 1) ? 2 : 1;
    }
    while (open-- > 0) {
        puts_(")\n(");
        hexgame *alt = &at_branch[open];
        int n = range(2, 10);
        for (int k = 0; k < n; k++)
            if (hex_move(alt, (branch_white[open] + k) & 1, k + 1, per_line, comments))
                break;
        puts_(")");
    }
    puts_(")\n");
    if (fclose(mem) != 0) {
        perror("gen_collection: open_memstream");
        exit(2);
    }
    out = saved;
    written = saved_written;

    putf("(;FF[4]GM[11]SZ[%d]AP[%s]", g.size, PICK(hex_apps));
    if (chance(50) || force_ca)
        puts_("CA[UTF-8]");
    const char *pb = PICK(names), *pw = PICK(names);
    putf("PB[%s]PW[%s]", pb, pw);
    if (winner)
        putf("RE[%c+]", winner == 1 ? 'B' : 'W');
    else /* the side to move gives up */
        putf("RE[%c+%s]", (m & 1) ? 'B' : 'W', PICK(hex_gave_up));
    date_value();
    if (chance(15)) {
        int year = range(2000, 2023), ro = range(1, 9);
        putf("EV[Hex Olympiad %d]RO[%d]", year, ro);
    }
    if (comments && chance(20))
        comment(range(10, 60));
    put(body, body_cap);
}

/* ---- backgammon --------------------------------------------------------------- */

/* Games of random legal plays.  A position counts each side's checkers on its
 * own points: 1..24, 25 the bar, 0 borne off; White's point p is Black's
 * 25 - p.  In SGF, 'a'..'x' are White's points 1..24, 'y' the bar, 'z' off. */
enum { BG_WHITE = 0, BG_BLACK = 1, BG_MAX_PLAYS = 4096 };

typedef struct bgpos {
    unsigned char pt[2][26];
} bgpos;

typedef struct bgplay {
    int n;
    int from[4], to[4], die[4];
} bgplay;

static const char *bg_apps[] = {"GNU Backgammon:1.06.002", "GNU Backgammon:1.07.001", "GNU Backgammon:1.05.000"};
static const char *bg_places[] = {"FIBS", "DailyGammon", "Backgammon Studio Heroes", "club night"};

static char bg_letter(int who, int p)
{
    if (p >= 25)
        return 'y';
    if (p <= 0)
        return 'z';
    return (char)(who == BG_WHITE ? 'a' + p - 1 : 'a' + 24 - p);
}

static void bg_start(bgpos *b)
{
    memset(b, 0, sizeof *b);
    for (int c = 0; c < 2; c++) {
        b->pt[c][24] = 2;
        b->pt[c][13] = 5;
        b->pt[c][8] = 3;
        b->pt[c][6] = 5;
    }
}

static int bg_all_home(const unsigned char *me)
{
    for (int p = 7; p <= 25; p++)
        if (me[p])
            return 0;
    return 1;
}

/* Move one checker of `who` from `from` with die d, if the rules allow it. */
static int bg_step(bgpos *b, int who, int from, int d, int *to_out)
{
    unsigned char *me = b->pt[who], *them = b->pt[!who];
    if (me[from] == 0 || (me[25] && from != 25))
        return 0;
    int to = from - d;
    if (to >= 1) {
        if (them[25 - to] >= 2)
            return 0;
        if (them[25 - to] == 1) { /* a hit */
            them[25 - to] = 0;
            them[25]++;
        }
        me[to]++;
    } else {
        if (!bg_all_home(me))
            return 0;
        for (int p = from + 1; to < 0 && p <= 6; p++)
            if (me[p])
                return 0; /* a larger die bears off only from the highest point */
        to = 0;
        me[0]++;
    }
    me[from]--;
    *to_out = to;
    return 1;
}

static bgplay bg_plays[BG_MAX_PLAYS];
static int bg_nplays, bg_best;

static void bg_search(const bgpos *b, int who, const int *dice, int ndice, bgplay *cur, int max_from)
{
    int moved = 0;
    for (int k = 0; k < ndice; k++) {
        if (k > 0 && dice[k] == dice[k - 1])
            continue; /* the same die again: the same plays */
        int rest[4], nrest = 0;
        for (int j = 0; j < ndice; j++)
            if (j != k)
                rest[nrest++] = dice[j];
        for (int from = 25; from >= 1; from--) {
            if (from > max_from)
                continue;
            bgpos c = *b;
            int to;
            if (!bg_step(&c, who, from, dice[k], &to))
                continue;
            moved = 1;
            cur->from[cur->n] = from;
            cur->to[cur->n] = to;
            cur->die[cur->n] = dice[k];
            cur->n++;
            /* a double's checkers are taken from the highest point down, which
             * reaches every play (in some order) once instead of many times */
            bg_search(&c, who, rest, nrest, cur, ndice == 4 || (nrest && rest[0] == dice[k]) ? from : 25);
            cur->n--;
        }
    }
    if (moved)
        return;
    if (cur->n > bg_best) {
        bg_best = cur->n;
        bg_nplays = 0;
    }
    if (cur->n == bg_best && bg_nplays < BG_MAX_PLAYS)
        bg_plays[bg_nplays++] = *cur;
}

/* Every legal play for the roll d1 d2 (all of them, or the first
 * BG_MAX_PLAYS): the most dice, and the larger die when only one can move. */
static void bg_legal_plays(const bgpos *b, int who, int d1, int d2)
{
    int dice[4] = {d1 > d2 ? d1 : d2, d1 > d2 ? d2 : d1, d1, d1}, n = d1 == d2 ? 4 : 2;
    bgplay cur;
    memset(&cur, 0, sizeof cur);
    bg_nplays = 0;
    bg_best = 0;
    bg_search(b, who, dice, n, &cur, 25);
    if (d1 != d2 && bg_best == 1) { /* only one die can move: the larger, when it can */
        int m = 0;
        for (int i = 0; i < bg_nplays; i++)
            if (bg_plays[i].die[0] == dice[0])
                bg_plays[m++] = bg_plays[i];
        if (m > 0)
            bg_nplays = m;
    }
}

static void bg_apply(bgpos *b, int who, const bgplay *pl)
{
    for (int i = 0; i < pl->n; i++) {
        int to;
        bg_step(b, who, pl->from[i], pl->die[i], &to);
    }
}

static void bg_write_roll(int who, int d1, int d2, const bgplay *pl, int newline)
{
    putf("%s;%c[%d%d", newline ? "\n" : "", who == BG_WHITE ? 'W' : 'B', d1 > d2 ? d1 : d2, d1 > d2 ? d2 : d1);
    for (int i = 0; i < pl->n; i++)
        putf("%c%c", bg_letter(who, pl->from[i]), bg_letter(who, pl->to[i]));
    puts_("]");
}

/* Roll, choose a random legal play, write it and play it. */
static void bg_turn(bgpos *b, int who, int opening, int newline, int annotate)
{
    int d1 = range(1, 6), d2 = range(1, 6);
    while (opening && d1 == d2)
        d2 = range(1, 6);
    bg_legal_plays(b, who, d1, d2);
    const bgplay *pl = &bg_plays[next64() % (uint64_t)bg_nplays];
    bg_write_roll(who, d1, d2, pl, newline);
    bg_apply(b, who, pl);
    if (!annotate)
        return;
    if (chance(30)) /* analysis-like private properties */
        analysis("A[ver:3][%d:%d.%03d:%d.%03d]", 5, (const int[][2]){{1, 20}, {0, 1}, {0, 999}, {0, 1}, {0, 999}});
    if (chance(10)) {
        const char *sign = chance(50) ? "-" : "";
        putf("LU[%s0.%04d]", sign, range(0, 9999));
    }
    if (chance(2))
        comment(range(40, 500)); /* now and then a long annotation */
}

static int bg_pips(const unsigned char *me)
{
    int n = 0;
    for (int p = 1; p <= 25; p++)
        n += p * me[p];
    return n;
}

/* The session the games belong to: one GNU Backgammon money session (MI
 * length 0), whose scores carry from game to game, so that the whole file
 * is one consistent match for `ludex check`. */
static struct {
    const char *white, *black, *app, *place;
    int game, ws, bs, ratings, wr, br;
    char date[16];
} session;

/* One game played to its end: bearing off (W+1, B+2 for a gammon...), a
 * dropped double, or now and then a resignation (B+2R). */
static void bg_record(void)
{
    static char *body;
    static size_t body_cap;
    FILE *saved = out;
    unsigned long long saved_written = written;
    FILE *mem = open_memstream(&body, &body_cap);
    if (!mem) {
        perror("gen_collection: open_memstream");
        exit(2);
    }
    out = mem;

    bgpos b;
    bg_start(&b);
    int cube = 1, owner = -1, who = chance(50) ? BG_WHITE : BG_BLACK;
    int newline = chance(70), winner = -1, points = 0, resigned = 0;
    int branch = chance(8) ? range(3, 30) : -1, branched = 0;
    bgpos at_branch;
    int branch_who = 0;
    for (int r = 0;; r++) {
        if (r > 0 && (owner < 0 || owner == who) && cube < 8 && chance(2)) {
            putf("%s;%c[double]", newline ? "\n" : "", who == BG_WHITE ? 'W' : 'B');
            if (chance(40))
                analysis("DA[%d.%03d][%d.%03d]", 4, (const int[][2]){{0, 1}, {0, 999}, {0, 1}, {0, 999}});
            if (chance(25)) {
                putf("%s;%c[drop]", newline ? "\n" : "", who == BG_WHITE ? 'B' : 'W');
                winner = who;
                points = cube;
                break;
            }
            putf("%s;%c[take]", newline ? "\n" : "", who == BG_WHITE ? 'B' : 'W');
            cube *= 2;
            owner = !who;
        }
        if (r == branch) {
            puts_("\n(");
            branched = 1;
            at_branch = b;
            branch_who = who;
        }
        bg_turn(&b, who, r == 0, newline, 1);
        if (b.pt[who][0] == 15) { /* borne off: a single game, a gammon or a backgammon */
            const unsigned char *loser = b.pt[!who];
            int level = 1;
            if (loser[0] == 0) {
                level = 2;
                for (int p = 19; p <= 25; p++)
                    if (loser[p])
                        level = 3;
            }
            winner = who;
            points = cube * level;
            break;
        }
        if (r > 20 && chance(1)) { /* the side behind in the race gives up */
            int loser = bg_pips(b.pt[BG_WHITE]) > bg_pips(b.pt[BG_BLACK]) ? BG_WHITE : BG_BLACK;
            winner = !loser;
            points = cube * range(1, 2);
            resigned = 1;
            break;
        }
        who = !who;
    }
    if (branched) { /* another play of the same position, and a roll or two after it */
        puts_(")\n(");
        int n = range(1, 3);
        for (int k = 0; k < n; k++) {
            int mover = k & 1 ? !branch_who : branch_who;
            bg_turn(&at_branch, mover, 0, newline, 0);
            if (at_branch.pt[mover][0] == 15)
                break;
        }
        puts_(")");
    }
    puts_(")\n");
    if (fclose(mem) != 0) {
        perror("gen_collection: open_memstream");
        exit(2);
    }
    out = saved;
    written = saved_written;

    puts_("(;FF[4]GM[6]CA[UTF-8]");
    putf("AP[%s]", session.app);
    putf("MI[length:0][game:%d][ws:%d][bs:%d][wtime:0][btime:0][wtimeout:0][btimeout:0]", session.game, session.ws,
         session.bs);
    putf("PW[%s]PB[%s]", session.white, session.black);
    if (session.ratings)
        putf("WR[%d]BR[%d]", session.wr, session.br);
    putf("DT[%s]PC[%s]", session.date, session.place);
    putf("RE[%c+%d%s]", winner == BG_WHITE ? 'W' : 'B', points, resigned ? "R" : "");
    puts_("CV[1]CO[c]");
    if (chance(10))
        comment(range(20, 200));
    put(body, body_cap);

    session.game++;
    if (winner == BG_WHITE)
        session.ws += points;
    else
        session.bs += points;
}

/* ---- the three files -------------------------------------------------------------- */

/* A collection holds one game (ludex reports MIXED_GAMES otherwise), so the
 * Hex-like and the backgammon-like halves are two files. */
static void gen_hex(unsigned long long target)
{
    force_ca = 1; /* the first root's CA settles the charset of the whole file */
    while (written < target) {
        hex_record();
        force_ca = 0;
    }
}

static void gen_bg(unsigned long long target)
{
    session.white = PICK(names);
    do
        session.black = PICK(names);
    while (session.black == session.white);
    session.app = PICK(bg_apps);
    session.place = PICK(bg_places);
    session.ratings = chance(50);
    session.wr = range(1300, 2100);
    session.br = range(1300, 2100);
    int y = range(2005, 2024), m = range(1, 12), d = range(1, 28);
    snprintf(session.date, sizeof session.date, "%04d-%02d-%02d", y, m, d);
    while (written < target)
        bg_record();
}

static void gen_deep(long levels)
{
    puts_("(;FF[4]GM[11]SZ[11]");
    for (long i = 0; i < levels; i++) {
        int c = (int)(i % 121);
        putf("(;%c[%c%d]", i & 1 ? 'W' : 'B', 'a' + c % 11, 1 + c / 11);
        if (i % 64 == 63)
            puts_("\n");
    }
    for (long i = 0; i < levels; i++) {
        puts_(")");
        if (i % 128 == 127)
            puts_("\n");
    }
    puts_(")\n");
}

static void gen_long(long nodes)
{
    puts_("(;FF[4]GM[11]SZ[19]AP[ludex-bench:1]PB[long]PW[line]");
    for (long i = 1; i < nodes; i++) {
        int c = (int)((i * 7) % 361);
        putf(";%c[%c%d]", i & 1 ? 'B' : 'W', 'a' + c % 19, 1 + c / 19);
        if (i % 16 == 0)
            puts_("\n");
    }
    puts_(")\n");
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: gen_collection hex|bg|deep|long OUT N\n");
        return 2;
    }
    char *end;
    unsigned long long n = strtoull(argv[3], &end, 10);
    if (*end || n == 0) {
        fprintf(stderr, "gen_collection: N must be a positive integer\n");
        return 2;
    }
    out = fopen(argv[2], "wb");
    if (!out) {
        perror(argv[2]);
        return 2;
    }
    static char buf[1 << 20];
    setvbuf(out, buf, _IOFBF, sizeof buf);
    if (!strcmp(argv[1], "hex"))
        gen_hex(n);
    else if (!strcmp(argv[1], "bg"))
        gen_bg(n);
    else if (!strcmp(argv[1], "deep"))
        gen_deep((long)n);
    else if (!strcmp(argv[1], "long"))
        gen_long((long)n);
    else {
        fprintf(stderr, "gen_collection: unknown kind %s\n", argv[1]);
        return 2;
    }
    if (fclose(out) != 0) {
        perror(argv[2]);
        return 2;
    }
    printf("%s: %llu bytes\n", argv[2], written);
    return 0;
}
