/* ids.c - GNU Backgammon's position ID and match ID, both ways.
 *
 * Both are bit strings written in base64 (A-Z a-z 0-9 + /, no padding),
 * bytes filled from their lowest bit up, as GNU Backgammon documents them.
 *
 * Position ID (80 bits, 14 characters): for the player not on roll, then the
 * player on roll, each counted from its own side, for its points 1 to 24 and
 * then its bar, as many 1 bits as checkers followed by one 0 bit.
 *
 * Match ID (66 bits in 9 bytes, 12 characters), from bit 0: cube value as a
 * power of two (4 bits), cube owner (2: player 0, player 1, or 3 centred),
 * player on roll (1), Crawford game (1), game state (3: none, playing, over,
 * resigned, dropped), whose turn to act (1), double offered (1), resignation
 * offered (2: none, single, gammon, backgammon), the two dice (3 bits each, 0
 * when not rolled), match length (15), then the scores of player 0 and of
 * player 1 (15 each).  Player 0 is White, player 1 Black.  GNU Backgammon
 * 1.07 adds one more bit, found by asking it: set unless the Jacoby rule is
 * in force (so an ID written before the bit existed reads as Jacoby, the
 * money-game default). */
#include <string.h>

#include "bgammon/bg_impl.h"

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int b64_value(char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    return c == '+' ? 62 : c == '/' ? 63 : -1;
}

/* n bytes -> ceil(n * 4 / 3) characters, NUL-terminated. */
static void encode(const uint8_t *bytes, size_t n, char *out)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)bytes[i] << 16;
        if (i + 1 < n)
            v |= (uint32_t)bytes[i + 1] << 8;
        if (i + 2 < n)
            v |= bytes[i + 2];
        size_t chars = n - i >= 3 ? 4 : n - i + 1;
        for (size_t k = 0; k < chars; k++)
            out[o++] = b64[(v >> (18 - 6 * k)) & 63];
    }
    out[o] = '\0';
}

/* `len` characters -> n bytes; 0, or -1 when a character is not base64. */
static int decode(const char *s, size_t len, uint8_t *bytes, size_t n)
{
    memset(bytes, 0, n);
    size_t bit = 0;
    for (size_t i = 0; i < len; i++) {
        int v = b64_value(s[i]);
        if (v < 0)
            return -1;
        for (int k = 5; k >= 0; k--, bit++)
            if ((v >> k) & 1) {
                if (bit / 8 >= n)
                    return -1;
                bytes[bit / 8] |= (uint8_t)(1u << (7 - bit % 8));
            }
    }
    return 0;
}

static void put_bits(uint8_t *bytes, int *pos, unsigned value, int width)
{
    for (int k = 0; k < width; k++, (*pos)++)
        if ((value >> k) & 1)
            bytes[*pos / 8] |= (uint8_t)(1u << (*pos % 8));
}

static unsigned get_bits(const uint8_t *bytes, int *pos, int width)
{
    unsigned v = 0;
    for (int k = 0; k < width; k++, (*pos)++)
        if ((bytes[*pos / 8] >> (*pos % 8)) & 1)
            v |= 1u << k;
    return v;
}

/* ---- position ID ------------------------------------------------------------------- */

void lx_bgammon_position_id(const lx_bgammon_board *b, lx_colour on_roll, char out[15])
{
    uint8_t bytes[10] = {0};
    int pos = 0;
    lx_colour sides[2] = {bg_other(on_roll), on_roll};
    for (int s = 0; s < 2; s++)
        for (int i = 1; i <= 25; i++) {
            int n = b->checkers[sides[s]][i];
            for (int k = 0; k < n && pos < 80; k++, pos++)
                bytes[pos / 8] |= (uint8_t)(1u << (pos % 8));
            pos++; /* the 0 that ends the point */
        }
    encode(bytes, 10, out);
}

int lx_bgammon_position_from_id(const char *id, size_t len, lx_colour on_roll, lx_bgammon_board *b,
                                lx_game_error *err)
{
    uint8_t bytes[10];
    if (len != 14 || decode(id, len, bytes, sizeof bytes) != 0)
        return lx_game_fail(err, "BG_BAD_POSITION_ID",
                            "a position ID is 14 characters of base64 (A-Z a-z 0-9 + /), not '%.*s'",
                            (int)(len > 40 ? 40 : len), id);
    memset(b, 0, sizeof *b);
    lx_colour sides[2] = {bg_other(on_roll), on_roll};
    int pos = 0;
    for (int s = 0; s < 2; s++) {
        int total = 0;
        for (int i = 1; i <= 25; i++) {
            while (pos < 80 && (bytes[pos / 8] >> (pos % 8)) & 1) {
                b->checkers[sides[s]][i]++;
                total++;
                pos++;
            }
            if (pos >= 80 || total > LX_BGAMMON_CHECKERS)
                return lx_game_fail(err, "BG_BAD_POSITION_ID",
                                    "position ID %.14s gives a side more than 15 checkers", id);
            pos++;
        }
        b->checkers[sides[s]][0] = (uint8_t)(LX_BGAMMON_CHECKERS - total);
    }
    for (; pos < 80; pos++)
        if ((bytes[pos / 8] >> (pos % 8)) & 1)
            return lx_game_fail(err, "BG_BAD_POSITION_ID", "position ID %.14s has bits set past its last point", id);
    if (lx_bgammon_board_check(b, err) != 0)
        return lx_game_fail(err, "BG_BAD_POSITION_ID", "position ID %.14s puts checkers of both colours on one point",
                            id);
    return 0;
}

/* ---- match ID ------------------------------------------------------------------------ */

static unsigned log2_of(int cube)
{
    unsigned k = 0;
    while (k < 15 && (1 << (k + 1)) <= cube)
        k++;
    return k;
}

static unsigned cut15(int v)
{
    return v < 0 ? 0 : v > 32767 ? 32767 : (unsigned)v;
}

void lx_bgammon_match_id(const lx_bgammon_match_info *m, char out[13])
{
    uint8_t bytes[9] = {0};
    int pos = 0;
    put_bits(bytes, &pos, log2_of(m->cube), 4);
    put_bits(bytes, &pos, m->cube_owner == LX_NO_COLOUR ? 3u : (unsigned)bg_player(m->cube_owner), 2);
    put_bits(bytes, &pos, (unsigned)bg_player(m->on_roll), 1);
    put_bits(bytes, &pos, m->crawford != 0, 1);
    put_bits(bytes, &pos, (unsigned)m->state & 7, 3);
    put_bits(bytes, &pos, (unsigned)bg_player(m->turn), 1);
    put_bits(bytes, &pos, m->doubled != 0, 1);
    put_bits(bytes, &pos, (unsigned)m->resigned & 3, 2);
    put_bits(bytes, &pos, (unsigned)m->dice[0] & 7, 3);
    put_bits(bytes, &pos, (unsigned)m->dice[1] & 7, 3);
    put_bits(bytes, &pos, cut15(m->length), 15);
    put_bits(bytes, &pos, cut15(m->score[LX_WHITE]), 15);
    put_bits(bytes, &pos, cut15(m->score[LX_BLACK]), 15);
    put_bits(bytes, &pos, m->jacoby == 0, 1);
    encode(bytes, 9, out);
}

int lx_bgammon_match_from_id(const char *id, size_t len, lx_bgammon_match_info *m, lx_game_error *err)
{
    uint8_t bytes[9];
    if (len != 12 || decode(id, len, bytes, sizeof bytes) != 0)
        return lx_game_fail(err, "BG_BAD_MATCH_ID", "a match ID is 12 characters of base64 (A-Z a-z 0-9 + /), not '%.*s'",
                            (int)(len > 40 ? 40 : len), id);
    int pos = 0;
    unsigned cube = get_bits(bytes, &pos, 4), owner = get_bits(bytes, &pos, 2);
    m->cube = 1 << cube;
    m->cube_owner = owner == 3 ? LX_NO_COLOUR : bg_colour_of_player((int)owner);
    m->on_roll = bg_colour_of_player((int)get_bits(bytes, &pos, 1));
    m->crawford = (int)get_bits(bytes, &pos, 1);
    unsigned state = get_bits(bytes, &pos, 3);
    m->state = (lx_bgammon_game_state)state;
    m->turn = bg_colour_of_player((int)get_bits(bytes, &pos, 1));
    m->doubled = (int)get_bits(bytes, &pos, 1);
    m->resigned = (int)get_bits(bytes, &pos, 2);
    m->dice[0] = (int)get_bits(bytes, &pos, 3);
    m->dice[1] = (int)get_bits(bytes, &pos, 3);
    m->length = (int)get_bits(bytes, &pos, 15);
    m->score[LX_WHITE] = (int)get_bits(bytes, &pos, 15);
    m->score[LX_BLACK] = (int)get_bits(bytes, &pos, 15);
    m->jacoby = get_bits(bytes, &pos, 1) == 0;
    if (get_bits(bytes, &pos, 5) != 0)
        return lx_game_fail(err, "BG_BAD_MATCH_ID", "match ID %.12s has bits set past its last field", id);
    if (owner == 2)
        return lx_game_fail(err, "BG_BAD_MATCH_ID", "match ID %.12s names no cube owner (2 is not one)", id);
    if (state > 4)
        return lx_game_fail(err, "BG_BAD_MATCH_ID", "match ID %.12s has game state %u; states go from 0 to 4", id,
                            state);
    if (m->dice[0] > 6 || m->dice[1] > 6 || (m->dice[0] == 0) != (m->dice[1] == 0))
        return lx_game_fail(err, "BG_BAD_MATCH_ID", "match ID %.12s has dice %d and %d", id, m->dice[0], m->dice[1]);
    return 0;
}
