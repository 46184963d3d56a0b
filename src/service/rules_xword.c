/* service/rules_xword.c - crossword games in ludexd: the server keeps the bag.
 *
 * Options: -lexicon=NAME (default wamerican), -ld=NAME (the letter
 * distribution, default english), -nostrict (words are not checked).  The
 * board is CrosswordGame.  USER1 moves first.
 *
 * The bag is shuffled with getrandom() (srv_random) and racks of 7 are dealt
 * from it.  Moves: "8D WORD" (across), "D8 WORD" (down), "8D.WORD"; "." for a
 * tile already on the board, a lower-case letter for a blank; "pass" or "-";
 * "exch ABC", "exchange ABC" or "-ABC" ("?" a blank); "resign".  A word the
 * lexicon lacks is refused (ERR PHONY) and it stays the player's turn: the
 * server judges at once, there is no challenge.
 *
 * Hidden state (the game's state text): the bag in order and both racks, as
 * hex tile numbers ("bag=.. r0=.. r1=..").  A stored move is the mover's rack
 * before the move (hex), the move as written and its score: "0f0e.. 8D WORD +32".
 * The game ends when a player goes out with the bag empty (plus twice the
 * opponent's rack) or after six zero-score turns in a row (each loses the
 * value of their rack).  `show` shows a player their own rack only; the
 * record (GCG) shows racks and exchanged tiles only once the game is over. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "ludex/xword.h"
#include "service/rules_util.h"

#define BAG_MAX 512

typedef struct xw_game {
    lx_xw_pos *p;
    const lx_xw_dist *d;
    const lx_xw_lexicon *lx; /* NULL: -nostrict */
    uint8_t bag[BAG_MAX];
    int nbag;
    uint8_t rack[2][LX_XW_RACK_SIZE];
    int nrack[2];
    long score[2];
    int zeros, turn, over, resigned, out_seat, ended; /* ended: end-of-game racks counted */
    lx_buf state;
} xw_game;

static lx_xw_data *xw_data;

static lx_xw_data *data(void)
{
    if (xw_data)
        return xw_data;
    const char *env = getenv(LX_XW_DATA_ENV);
    if (env && *env)
        return xw_data = lx_xw_data_new(env);
#ifdef LX_XWORD_DATADIR
    return xw_data = lx_xw_data_new(LX_XWORD_DATADIR);
#else
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return xw_data = lx_xw_data_new("");
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (slash)
        *slash = 0;
    lx_buf path = LX_BUF_INIT;
    lx_buf_printf(&path, "%s/../share/ludex/xword:%s/data/xword:%s/../data/xword", exe, exe, exe);
    xw_data = lx_xw_data_new(path.data ? path.data : "");
    lx_buf_free(&path);
    return xw_data;
#endif
}

static int name_ok(const char *s)
{
    if (!*s || strlen(s) > LX_XW_MAX_NAME)
        return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_' ||
              *s == '-'))
            return 0;
    return 1;
}

static int xw_options(int argc, char *const *argv, lx_buf *canon, lx_game_error *err)
{
    char lexicon[LX_XW_MAX_NAME + 1] = LX_XW_DEFAULT_LEXICON, ld[LX_XW_MAX_NAME + 1] = LX_XW_DEFAULT_DIST;
    int strict = 1;
    for (int i = 0; i < argc; i++) {
        char name[32], value[LX_XW_MAX_NAME + 2];
        if (opt_split(argv[i], name, sizeof name, value, sizeof value) != 0)
            return lx_game_fail(err, "BAD_OPTION", "'%s' is not an option (-lexicon=NAME, -ld=NAME, -nostrict)",
                                argv[i]);
        if (!strcmp(name, "lexicon") && name_ok(value))
            snprintf(lexicon, sizeof lexicon, "%s", value);
        else if (!strcmp(name, "ld") && name_ok(value))
            snprintf(ld, sizeof ld, "%s", value);
        else if (!strcmp(name, "nostrict") && !value[0])
            strict = 0;
        else
            return lx_game_fail(err, "BAD_OPTION", "unknown or bad option '%s'", argv[i]);
    }
    lx_buf_printf(canon, "ld=%s lexicon=%s strict=%d", ld, lexicon, strict);
    return 0;
}

static void shuffle(uint8_t *t, int n)
{
    for (int i = n - 1; i > 0; i--) {
        uint32_t r, lim = UINT32_MAX - UINT32_MAX % (uint32_t)(i + 1);
        do
            srv_random(&r, sizeof r);
        while (r >= lim);
        int j = (int)(r % (uint32_t)(i + 1));
        uint8_t x = t[i];
        t[i] = t[j];
        t[j] = x;
    }
}

static void draw_tiles(xw_game *g, int seat)
{
    while (g->nrack[seat] < LX_XW_RACK_SIZE && g->nbag > 0)
        g->rack[seat][g->nrack[seat]++] = g->bag[--g->nbag];
}

static void xw_destroy(void *p)
{
    xw_game *g = p;
    if (!g)
        return;
    lx_xw_pos_free(g->p);
    lx_buf_free(&g->state);
    free(g);
}

static void *xw_create(const char *options, lx_game_error *err)
{
    char ld[LX_XW_MAX_NAME + 1], lexicon[LX_XW_MAX_NAME + 1];
    lx_xw_data *dt = data();
    if (!opt_get(options, "ld", ld, sizeof ld))
        snprintf(ld, sizeof ld, "%s", LX_XW_DEFAULT_DIST);
    if (!opt_get(options, "lexicon", lexicon, sizeof lexicon))
        snprintf(lexicon, sizeof lexicon, "%s", LX_XW_DEFAULT_LEXICON);
    int strict = (int)opt_long(options, "strict", 1);
    const lx_xw_dist *d = dt ? lx_xw_data_dist(dt, ld, NULL) : NULL;
    const lx_xw_layout *l = dt ? lx_xw_data_layout(dt, LX_XW_DEFAULT_BOARD, NULL) : NULL;
    if (!d || !l) {
        lx_game_fail(err, "BAD_OPTION", d ? "the board %s is not available" : "there is no letter distribution '%s'",
                     d ? LX_XW_DEFAULT_BOARD : ld);
        return NULL;
    }
    const lx_xw_lexicon *lx = NULL;
    if (strict && !(lx = lx_xw_data_lexicon(dt, lexicon, d, NULL))) {
        lx_game_fail(err, "NO_LEXICON",
                     "the lexicon '%s' is not available here for the %s distribution (name one with -lexicon=NAME, "
                     "or use -nostrict)", lexicon, ld);
        return NULL;
    }
    xw_game *g = calloc(1, sizeof *g);
    if (!g || !(g->p = lx_xw_pos_new()) || lx_xw_pos_reset(g->p, d, l, 2) != 0) {
        xw_destroy(g);
        lx_game_fail(err, "INTERNAL", "out of memory");
        return NULL;
    }
    g->d = d;
    g->lx = lx;
    g->out_seat = -1;
    for (int t = 0; t <= lx_xw_dist_letters(d); t++)
        for (int k = lx_xw_dist_count(d, t); k > 0 && g->nbag < BAG_MAX; k--)
            g->bag[g->nbag++] = (uint8_t)t;
    shuffle(g->bag, g->nbag);
    draw_tiles(g, 0);
    draw_tiles(g, 1);
    return g;
}

static int rack_value(const xw_game *g, int seat)
{
    int v = 0;
    for (int i = 0; i < g->nrack[seat]; i++)
        v += lx_xw_dist_value(g->d, g->rack[seat][i]);
    return v;
}

/* Count the racks left once the game is over (idempotent). */
static void check_end(xw_game *g)
{
    if (g->resigned) {
        g->over = 1;
        return;
    }
    if (g->ended)
        return;
    for (int s = 0; s < 2 && g->out_seat < 0; s++)
        if (g->nbag == 0 && g->nrack[s] == 0)
            g->out_seat = s;
    if (g->out_seat >= 0) {
        g->score[g->out_seat] += 2L * rack_value(g, 1 - g->out_seat);
        g->over = g->ended = 1;
    } else if (g->zeros >= LX_XW_MAX_ZEROS) {
        g->score[0] -= rack_value(g, 0);
        g->score[1] -= rack_value(g, 1);
        g->over = g->ended = 1;
    }
}

static int xw_seat_to_move(const void *p)
{
    const xw_game *g = p;
    return g->over ? -1 : g->turn;
}

static void xw_result(const void *p, char re[32])
{
    const xw_game *g = p;
    if (!g->over)
        re[0] = 0;
    else if (g->resigned)
        snprintf(re, 32, "%d+R", g->resigned == 1 ? 2 : 1);
    else if (g->score[0] == g->score[1])
        snprintf(re, 32, "0");
    else
        snprintf(re, 32, "%d+%ld", g->score[0] > g->score[1] ? 1 : 2, labs(g->score[0] - g->score[1]));
}

static void hex_tiles(const uint8_t *t, int n, lx_buf *out)
{
    for (int i = 0; i < n; i++)
        lx_buf_printf(out, "%02x", t[i]);
}

static int unhex_tiles(const char *s, size_t len, uint8_t *t, int cap)
{
    if (len % 2 || (int)(len / 2) > cap)
        return -1;
    for (size_t i = 0; i < len; i += 2) {
        char h[3] = {s[i], s[i + 1], 0}, *end;
        long v = strtol(h, &end, 16);
        if (*end || v < 0 || v > LX_XW_MAX_LETTERS)
            return -1;
        t[i / 2] = (uint8_t)v;
    }
    return (int)(len / 2);
}

static void label_tiles(const xw_game *g, const uint8_t *t, int n, lx_buf *out)
{
    for (int i = 0; i < n; i++) {
        const char *l = lx_xw_dist_label(g->d, t[i]);
        lx_buf_printf(out, strlen(l) > 1 && t[i] ? "[%s]" : "%s", l);
    }
}

/* Take the tiles of a move (letters; blank bit: a blank) off a rack. */
static int take_tiles(uint8_t *rack, int *n, const uint8_t *tiles, int k)
{
    uint8_t r[LX_XW_RACK_SIZE];
    int m = *n;
    memcpy(r, rack, (size_t)m);
    for (int i = 0; i < k; i++) {
        int want = tiles[i] & LX_XW_BLANK_BIT ? 0 : tiles[i], j = 0;
        while (j < m && r[j] != want)
            j++;
        if (j == m)
            return -1;
        r[j] = r[--m];
    }
    memcpy(rack, r, (size_t)m);
    *n = m;
    return 0;
}

static void set_racks(xw_game *g, int seat)
{
    lx_xw_pos_set_rack(g->p, 0, g->rack[seat], (size_t)g->nrack[seat]);
    lx_xw_pos_set_rack(g->p, 1, g->rack[1 - seat], (size_t)g->nrack[1 - seat]);
}

static int lower_word(const char *s, const char *w)
{
    size_t n = strlen(w);
    return !strncasecmp(s, w, n) && (s[n] == ' ' || s[n] == 0);
}

/* A placement m by seat checked as the rules check it (legal, words in the lexicon, tiles held),
 * changing nothing but rack/nrack (the seat's rack without the tiles played): 0 with its score
 * in sc, or -1 with err. */
static int check_place(xw_game *g, int seat, const lx_xw_move *m, lx_xw_scored *sc, uint8_t *rack, int *nrack,
                       lx_game_error *err)
{
    set_racks(g, seat);
    if (lx_xw_move_check(g->p, m, 0, sc, err) != 0)
        return -1;
    for (size_t i = 0; g->lx && i < sc->nwords; i++) {
        uint8_t t[LX_XW_MAX_SIDE];
        int n = lx_xw_word_tiles(g->p, m, &sc->words[i], t);
        if (n > 0 && !lx_xw_lexicon_has(g->lx, t, (size_t)n)) {
            lx_buf w = LX_BUF_INIT;
            lx_xw_word_text(g->p, m, &sc->words[i], &w);
            lx_game_fail(err, "PHONY", "%s is not a word of the lexicon %s", w.data ? w.data : "?",
                         lx_xw_lexicon_name(g->lx));
            lx_buf_free(&w);
            return -1;
        }
    }
    uint8_t played[LX_XW_MAX_SIDE];
    int k = 0;
    for (int i = 0; i < m->len; i++)
        if (m->tiles[i])
            played[k++] = m->tiles[i];
    if (take_tiles(rack, nrack, played, k) != 0)
        return lx_game_fail(err, "TILE_NOT_IN_RACK", "you do not hold those tiles");
    return 0;
}

static int xw_play(void *p, int seat, const char *text, lx_buf *stored, char colour[8], lx_game_error *err)
{
    xw_game *g = p;
    snprintf(colour, 8, "%s", seat ? "2" : "1");
    if (g->over)
        return lx_game_fail(err, "GAME_OVER", "the game is over");
    if (!strcasecmp(text, "resign")) {
        g->resigned = seat + 1;
        g->over = 1;
        lx_buf_append_str(stored, "resign");
        return 0;
    }
    if (g->turn != seat)
        return lx_game_fail(err, "NOT_YOUR_TURN", "it is not your turn");
    char buf[STORE_TEXT_MAX + 2];
    if (!strcasecmp(text, "pass"))
        snprintf(buf, sizeof buf, "-");
    else if (lower_word(text, "exch") || lower_word(text, "exchange"))
        snprintf(buf, sizeof buf, "-%s", text + strcspn(text, " ") + strspn(text + strcspn(text, " "), " "));
    else
        snprintf(buf, sizeof buf, "%s", text);
    lx_xw_move m;
    lx_xw_scored sc;
    memset(&sc, 0, sizeof sc);
    if (lx_xw_move_parse(g->d, lx_xw_pos_rows(g->p), lx_xw_pos_cols(g->p), buf, strlen(buf), &m, err) != 0)
        return -1;
    uint8_t rack[LX_XW_RACK_SIZE];
    int nrack = g->nrack[seat];
    memcpy(rack, g->rack[seat], sizeof rack);
    if (m.kind == LX_XW_EXCHANGE) {
        if (!m.tiles_known || m.len < 1)
            return lx_game_fail(err, "BAD_MOVE", "name the tiles to exchange: exch ABC (? for a blank)");
        if (g->nbag < LX_XW_EXCHANGE_LIMIT)
            return lx_game_fail(err, "EXCHANGE_NOT_ALLOWED", "the bag holds %d tiles; exchanging needs %d", g->nbag,
                                LX_XW_EXCHANGE_LIMIT);
        if (take_tiles(rack, &nrack, m.tiles, m.len) != 0)
            return lx_game_fail(err, "TILE_NOT_IN_RACK", "you do not hold all of those tiles");
    } else if (m.kind == LX_XW_PLACE && check_place(g, seat, &m, &sc, rack, &nrack, err) != 0) {
        return -1;
    }
    /* accepted: write it down, then change the game */
    hex_tiles(g->rack[seat], g->nrack[seat], stored);
    lx_buf_append_char(stored, ' ');
    if (lx_xw_move_write(g->d, &m, 0, stored) != 0)
        return lx_game_fail(err, "INTERNAL", "out of memory");
    lx_buf_printf(stored, " %+ld", sc.score);
    memcpy(g->rack[seat], rack, sizeof rack);
    g->nrack[seat] = nrack;
    if (m.kind == LX_XW_PLACE)
        lx_xw_pos_place(g->p, &m);
    draw_tiles(g, seat);
    if (m.kind == LX_XW_EXCHANGE) {
        for (int i = 0; i < m.len; i++)
            g->bag[g->nbag++] = m.tiles[i] & (uint8_t)~LX_XW_BLANK_BIT;
        shuffle(g->bag, g->nbag);
    }
    g->score[seat] += sc.score;
    g->zeros = sc.score > 0 ? 0 : g->zeros + 1;
    g->turn = 1 - seat;
    check_end(g);
    return 0;
}

/* Cut a stored move into the rack (hex), the move and the score. */
static int split_stored(const char *s, const char **rack, size_t *nrack, const char **move, size_t *nmove, long *score)
{
    const char *sp = strchr(s, ' '), *last = strrchr(s, ' ');
    if (!sp || last == sp)
        return -1;
    *rack = s;
    *nrack = (size_t)(sp - s);
    *move = sp + 1;
    *nmove = (size_t)(last - sp - 1);
    char *end;
    *score = strtol(last + 1, &end, 10);
    return *end ? -1 : 0;
}

static int xw_replay(void *p, int seat, const char *stored, char colour[8])
{
    xw_game *g = p;
    snprintf(colour, 8, "%s", seat ? "2" : "1");
    if (!strcmp(stored, "resign")) {
        g->resigned = seat + 1;
        g->over = 1;
        return 0;
    }
    const char *rk, *mv;
    size_t nrk, nmv;
    long score;
    lx_xw_move m;
    lx_game_error err;
    if (split_stored(stored, &rk, &nrk, &mv, &nmv, &score) != 0)
        return -1;
    lx_game_error_init(&err);
    int rc = lx_xw_move_parse(g->d, lx_xw_pos_rows(g->p), lx_xw_pos_cols(g->p), mv, nmv, &m, &err);
    lx_game_error_free(&err);
    if (rc != 0)
        return -1;
    if (m.kind == LX_XW_PLACE)
        lx_xw_pos_place(g->p, &m);
    g->score[seat] += score;
    g->zeros = score > 0 ? 0 : g->zeros + 1;
    g->turn = 1 - seat;
    return 0;
}

/* The board and scores drawn with neither rack: the racks are cleared for the drawing and put back. */
static int draw_without_racks(const xw_game *cg, lx_draw_format fmt, int size, lx_buf *out)
{
    xw_game *g = (xw_game *)cg;
    uint8_t none[1] = {0};
    lx_xw_pos_set_rack(g->p, 0, none, 0);
    lx_xw_pos_set_rack(g->p, 1, none, 0);
    /* a position's first player is the one to move (CGP): the names and scores follow the turn */
    int t = g->turn == 1 ? 1 : 0;
    lx_xw_pos_set_score(g->p, 0, g->score[t]);
    lx_xw_pos_set_score(g->p, 1, g->score[1 - t]);
    static const char *const names[2][2] = {{"player 1", "player 2"}, {"player 2", "player 1"}};
    int rc = lx_xw_draw(g->p, fmt, size, names[t], out);
    set_racks(g, g->turn);
    return rc;
}

static int xw_show(const void *cp, int viewer, int size, lx_buf *out)
{
    const xw_game *g = cp;
    int rc = draw_without_racks(g, LX_DRAW_ASCII, size, out);
    lx_buf_printf(out, "Scores: %ld to %ld; %d tiles in the bag; %d zero-score turns in a row\n", g->score[0],
                  g->score[1], g->nbag, g->zeros);
    if (viewer == 0 || viewer == 1) {
        lx_buf_append_str(out, "Your rack: ");
        label_tiles(g, g->rack[viewer], g->nrack[viewer], out);
        lx_buf_append_char(out, '\n');
    }
    if (g->over && !g->resigned)
        for (int s = 0; s < 2; s++) {
            lx_buf_printf(out, "Rack of player %d at the end: ", s + 1);
            label_tiles(g, g->rack[s], g->nrack[s], out);
            lx_buf_append_char(out, '\n');
        }
    return rc;
}

static int xw_history_text(const char *stored, lx_buf *out)
{
    const char *sp = strchr(stored, ' ');
    return lx_buf_append_str(out, sp ? sp + 1 : stored);
}

/* Tiles written in an exchange: "[CH]" is one, and so is each other character (UTF-8). */
static int count_tiles(const char *p, size_t n)
{
    int tiles = 0;
    for (size_t i = 0; i < n; tiles++) {
        if (p[i] == '[') {
            const char *close = memchr(p + i, ']', n - i);
            i = close ? (size_t)(close - p) + 1 : n;
        } else {
            i++;
            while (i < n && ((unsigned char)p[i] & 0xc0) == 0x80)
                i++;
        }
    }
    return tiles;
}

/* History as the opponent and the watchers see it while the game goes on:
 * an exchange says how many tiles, never which ("-3 +0"). */
static int xw_history_public(const char *stored, lx_buf *out)
{
    const char *sp = strchr(stored, ' ');
    const char *mv = sp ? sp + 1 : stored;
    size_t n = strcspn(mv, " ");
    if (mv[0] != '-' || n < 2)
        return lx_buf_append_str(out, mv);
    lx_buf_printf(out, "-%d", count_tiles(mv + 1, n - 1));
    return lx_buf_append_str(out, mv + n);
}

static void nick_of(const srv_game *sg, int s, char *nick, size_t cap)
{
    snprintf(nick, cap, "%s%s", sg->player[s], s == 1 && !strcmp(sg->player[0], sg->player[1]) ? "_2" : "");
}

static int xw_record(const srv_game *sg, lx_buf *out)
{
    const xw_game *g = sg->g;
    char nick[2][STORE_NAME_MAX + 4], lexicon[LX_XW_MAX_NAME + 1] = "", ld[LX_XW_MAX_NAME + 1] = "";
    nick_of(sg, 0, nick[0], sizeof nick[0]);
    nick_of(sg, 1, nick[1], sizeof nick[1]);
    opt_get(sg->options, "lexicon", lexicon, sizeof lexicon);
    opt_get(sg->options, "ld", ld, sizeof ld);
    int shown = g->over; /* racks and exchanged tiles only once the game is over */
    lx_buf_printf(out, "#character-encoding UTF-8\n#player1 %s %s\n#player2 %s %s\n", nick[0], sg->player[0], nick[1],
                  sg->player[1]);
    char event[80], round[16];
    if (record_event_of(sg->options, event, round)) /* a tournament's game */
        lx_buf_printf(out, round[0] ? "#title %s, round %s\n" : "#title %s\n", event, round);
    if (opt_long(sg->options, "strict", 1))
        lx_buf_printf(out, "#lexicon %s\n", lexicon);
    if (ld[0] && strcasecmp(ld, LX_XW_DEFAULT_DIST))
        lx_buf_printf(out, "#letter-distribution %s\n", ld);
    long total[2] = {0, 0};
    for (size_t i = 0; i < sg->nmoves; i++) {
        const char *s = sg->moves[i].text, *rk, *mv;
        size_t nrk, nmv;
        long score;
        int seat = sg->moves[i].seat;
        if (!strcmp(s, "resign"))
            continue;
        if (split_stored(s, &rk, &nrk, &mv, &nmv, &score) != 0)
            return -1;
        total[seat] += score;
        lx_buf_printf(out, ">%s: ", nick[seat]);
        if (shown) {
            uint8_t t[LX_XW_RACK_SIZE];
            int n = unhex_tiles(rk, nrk, t, LX_XW_RACK_SIZE);
            if (n < 0)
                return -1;
            label_tiles(g, t, n, out);
            lx_buf_append_char(out, ' ');
        }
        if (!shown && nmv > 1 && mv[0] == '-') {
            lx_xw_move m;
            lx_game_error err;
            lx_game_error_init(&err);
            int rc = lx_xw_move_parse(g->d, lx_xw_pos_rows(g->p), lx_xw_pos_cols(g->p), mv, nmv, &m, &err);
            lx_game_error_free(&err);
            if (rc != 0)
                return -1;
            lx_buf_printf(out, "-%d", m.len);
        } else {
            lx_buf_printf(out, "%.*s", (int)nmv, mv);
        }
        lx_buf_printf(out, " %+ld %ld\n", score, total[seat]);
        if (sg->moves[i].comment) /* the comment written with the move: a note on the event (one line) */
            lx_buf_printf(out, "#note %s\n", sg->moves[i].comment);
    }
    if (g->over && !g->resigned && g->ended) {
        if (g->out_seat >= 0) {
            int o = g->out_seat;
            long v = 2L * rack_value(g, 1 - o);
            lx_buf_printf(out, ">%s: (", nick[o]);
            label_tiles(g, g->rack[1 - o], g->nrack[1 - o], out);
            lx_buf_printf(out, ") %+ld %ld\n", v, total[o] + v);
        } else {
            for (int s = 0; s < 2; s++) {
                long v = rack_value(g, s);
                lx_buf_printf(out, ">%s: ", nick[s]);
                label_tiles(g, g->rack[s], g->nrack[s], out);
                lx_buf_append_str(out, " (");
                label_tiles(g, g->rack[s], g->nrack[s], out);
                lx_buf_printf(out, ") %+ld %ld\n", -v, total[s] - v);
            }
        }
    }
    return 0;
}

static const char *xw_state(const void *cp)
{
    xw_game *g = (xw_game *)cp;
    lx_buf_clear(&g->state);
    lx_buf_append_str(&g->state, "bag=");
    hex_tiles(g->bag, g->nbag, &g->state);
    for (int s = 0; s < 2; s++) {
        lx_buf_printf(&g->state, " r%d=", s);
        hex_tiles(g->rack[s], g->nrack[s], &g->state);
    }
    return g->state.data ? g->state.data : "";
}

static int xw_restore(void *p, const char *state)
{
    xw_game *g = p;
    const char *r0 = strstr(state, " r0="), *r1 = strstr(state, " r1=");
    if (strncmp(state, "bag=", 4) || !r0 || !r1 || r1 < r0)
        return -1;
    int nb = unhex_tiles(state + 4, (size_t)(r0 - state - 4), g->bag, BAG_MAX);
    int n0 = unhex_tiles(r0 + 4, (size_t)(r1 - r0 - 4), g->rack[0], LX_XW_RACK_SIZE);
    int n1 = unhex_tiles(r1 + 4, strlen(r1 + 4), g->rack[1], LX_XW_RACK_SIZE);
    if (nb < 0 || n0 < 0 || n1 < 0)
        return -1;
    g->nbag = nb;
    g->nrack[0] = n0;
    g->nrack[1] = n1;
    check_end(g);
    return 0;
}

static int xw_between_turns(void *g)
{
    (void)g;
    return 0;
}

static int xw_check_record(const char *bytes, size_t len, lx_diag_list *diags)
{
    lx_xw_gcg_options opt = {NULL, NULL, NULL};
    lx_xw_replay_summary sum;
    memset(&sum, 0, sizeof sum);
    lx_xw_data *d = data();
    return d ? lx_xw_check_gcg(bytes, len, d, &opt, diags, &sum) : -1;
}

/* The board for the web, without either rack: a player's own rack comes through xw_rack only. */
static int xw_svg(const void *cp, int viewer, lx_buf *out)
{
    (void)viewer;
    return draw_without_racks(cp, LX_DRAW_SVG, 0, out);
}

/* The position as CGP for `viewer`: the board, the scores (the mover's first, as CGP has
 * them), the zero-score turns, the lexicon, and the viewer's own rack when it is the
 * viewer's turn: never anyone else's, never the bag. */
static int xw_position(const void *cp, int viewer, lx_buf *out)
{
    xw_game *g = (xw_game *)cp;
    uint8_t none[1] = {0};
    int t = g->turn == 1 ? 1 : 0;
    lx_xw_pos_set_rack(g->p, 0, viewer == t ? g->rack[t] : none, viewer == t ? (size_t)g->nrack[t] : 0);
    lx_xw_pos_set_rack(g->p, 1, none, 0);
    lx_xw_pos_set_score(g->p, 0, g->score[t]);
    lx_xw_pos_set_score(g->p, 1, g->score[1 - t]);
    lx_xw_pos_set_zero_turns(g->p, g->zeros);
    int rc = g->lx ? lx_xw_pos_set_op_text(g->p, "lex", lx_xw_lexicon_name(g->lx)) : 0;
    if (rc == 0)
        rc = lx_xw_cgp_write(g->p, out);
    set_racks(g, g->turn);
    return rc;
}

static int xw_rack(const void *cp, int seat, lx_buf *out)
{
    const xw_game *g = cp;
    if (seat != 0 && seat != 1)
        return 1;
    label_tiles(g, g->rack[seat], g->nrack[seat], out);
    return 0;
}

/* A placement scored from seat's own rack as if played now: the game is not changed (the racks
 * set for the check are set back for the player to move). */
static int xw_preview(const void *cp, int seat, const char *text, long *score, int *bingo, lx_buf *words,
                      lx_game_error *err)
{
    xw_game *g = (xw_game *)cp;
    lx_xw_move m;
    lx_xw_scored sc;
    memset(&sc, 0, sizeof sc);
    if (g->over)
        return lx_game_fail(err, "GAME_OVER", "the game is over");
    if (lx_xw_move_parse(g->d, lx_xw_pos_rows(g->p), lx_xw_pos_cols(g->p), text, strlen(text), &m, err) != 0)
        return -1;
    if (m.kind != LX_XW_PLACE)
        return lx_game_fail(err, "BAD_MOVE", "only a placement of tiles is scored: 8D WORD or D8 WORD");
    uint8_t rack[LX_XW_RACK_SIZE];
    int nrack = g->nrack[seat];
    memcpy(rack, g->rack[seat], sizeof rack);
    int rc = check_place(g, seat, &m, &sc, rack, &nrack, err);
    for (size_t i = 0; rc == 0 && i < sc.nwords; i++) {
        lx_xw_word_text(g->p, &m, &sc.words[i], words);
        lx_buf_append_char(words, '\n');
    }
    set_racks(g, g->turn);
    *score = sc.score;
    *bingo = sc.bingo;
    return rc;
}

/* The points, the bag, and what viewer cannot see: the bag and the racks not theirs (counts). */
static void xw_scoreboard(const void *cp, int viewer, svc_scoreboard *out)
{
    const xw_game *g = cp;
    out->has_score = out->has_bag = 1;
    out->score[0] = g->score[0];
    out->score[1] = g->score[1];
    out->bag = g->nbag;
    out->unseen = g->nbag + (viewer != 0 ? g->nrack[0] : 0) + (viewer != 1 ? g->nrack[1] : 0);
}

/* The distribution's tiles and their values: "? 0", "A 1" ... */
static void xw_tile_values(const void *cp, lx_buf *out)
{
    const xw_game *g = cp;
    for (int t = 0; t <= lx_xw_dist_letters(g->d); t++)
        lx_buf_printf(out, "%s %d\n", lx_xw_dist_label(g->d, t), lx_xw_dist_value(g->d, t));
}

const srv_rules rules_crossword = {
    "crossword", xw_options, xw_create, xw_destroy, xw_play, xw_replay, xw_seat_to_move, xw_result, xw_show,
    xw_history_text, xw_record, xw_state, xw_restore, xw_between_turns,
    "crossword challenge USER1 USER2 [-lexicon=NAME] [-ld=NAME] [-nostrict]\n"
    "    USER1 moves first.  The server keeps the bag and deals racks of 7;\n"
    "    words are checked against the lexicon (default wamerican) unless -nostrict.\n"
    "crossword move BOARD USER PASSWORD MOVE   (BOARD MOVE after login)\n"
    "    MOVE: 8D WORD (across, row first), D8 WORD (down, column first),\n"
    "    '.' for a tile on the board, lower case for a blank; pass (or -);\n"
    "    exch ABC (or -ABC; ? a blank); resign.  A word not in the lexicon is\n"
    "    refused (ERR PHONY) and it is still your turn.\n"
    "    The game ends when a player goes out with the bag empty, or after six\n"
    "    zero-score turns in a row.\n"
    "crossword show BOARD (the board, the scores and your own rack only)\n"
    "crossword history BOARD   crossword record BOARD (GCG)   crossword games [USER]\n",
    NULL, NULL, /* no note, one form of record */
    .svg = xw_svg, .rack = xw_rack, .position = xw_position, .history_public = xw_history_public, .check_record = xw_check_record,
    .scoreboard = xw_scoreboard, .preview = xw_preview, .tile_values = xw_tile_values,
};
