/* notation.c - GM[6] values as SGF writes them: moves ("31hefe", "66",
 * "double", "take", "drop"), points ('a'..'x', 'y' the bar, 'z' off), and
 * their canonical written form.
 *
 * Reading only turns text into an action; whether the action is legal is
 * checkplay.c's and game.c's business. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bgammon/bg_impl.h"

static int word_is(const char *s, size_t len, const char *word)
{
    return strlen(word) == len && strncasecmp(s, word, len) == 0;
}

static int is_point_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int parse_roll(lx_colour who, const char *s, size_t len, bg_action *a, lx_game_error *err)
{
    if (len < 2 || s[0] < '1' || s[0] > '6' || s[1] < '1' || s[1] > '6')
        return lx_game_fail(err, "BG_MOVE_SYNTAX",
                            "'%.*s' is not a backgammon move: a move is the two dice (1 to 6) and from/to pairs of "
                            "points a..z (31hefe), or double, take or drop",
                            (int)(len > 40 ? 40 : len), s);
    a->kind = BG_ROLL;
    a->dice[0] = s[0] - '0';
    a->dice[1] = s[1] - '0';
    size_t letters = len - 2;
    for (size_t i = 2; i < len; i++)
        if (!is_point_letter(s[i]))
            return lx_game_fail(err, "BG_MOVE_SYNTAX",
                                "'%.*s': after the dice come from/to pairs of points a..z, and '%c' is not one",
                                (int)(len > 40 ? 40 : len), s, s[i]);
    if (letters % 2)
        return lx_game_fail(err, "BG_MOVE_SYNTAX", "'%.*s': the points come in from/to pairs, and one is alone",
                            (int)(len > 40 ? 40 : len), s);
    if (letters / 2 > 4)
        return lx_game_fail(err, "BG_TOO_MANY_STEPS", "'%.*s' has %zu from/to pairs; a roll moves at most four checkers",
                            (int)(len > 40 ? 40 : len), s, letters / 2);
    a->play.nsteps = (uint8_t)(letters / 2);
    a->play.hits = 0;
    for (size_t k = 0; k < 4; k++) {
        if (k < letters / 2) {
            a->play.step[k].from = (uint8_t)lx_bgammon_letter_point(who, s[2 + 2 * k]);
            a->play.step[k].to = (uint8_t)lx_bgammon_letter_point(who, s[3 + 2 * k]);
        } else {
            a->play.step[k] = (lx_bgammon_step){0, 0};
        }
    }
    return 0;
}

int bg_parse_action(lx_colour who, const char *raw, size_t len, bg_action *a, lx_game_error *err)
{
    memset(a, 0, sizeof *a);
    lx_trim(&raw, &len);
    if (len == 0)
        return lx_game_fail(err, "BG_MOVE_SYNTAX",
                            "the move is empty: a backgammon move is the dice and from/to pairs (31hefe), or double, "
                            "take or drop");
    if (word_is(raw, len, "double")) {
        a->kind = BG_DOUBLE;
        return 0;
    }
    if (word_is(raw, len, "take")) {
        a->kind = BG_TAKE;
        return 0;
    }
    if (word_is(raw, len, "drop")) {
        a->kind = BG_DROP;
        return 0;
    }
    if (len >= 6 && strncasecmp(raw, "resign", 6) == 0)
        return lx_game_fail(err, "BG_MOVE_SYNTAX",
                            "a resignation is not a move in GM[6]: RE records it, with its points (RE[W+2R])");
    if (word_is(raw, len, "beaver") || word_is(raw, len, "redouble") || word_is(raw, len, "accept") ||
        word_is(raw, len, "pass") || word_is(raw, len, "reject"))
        return lx_game_fail(err, "BG_MOVE_SYNTAX",
                            "'%.*s' is not a GM[6] move: cube actions are double (also for a redouble or a beaver), "
                            "take and drop",
                            (int)len, raw);
    return parse_roll(who, raw, len, a, err);
}

size_t bg_format_action(lx_colour who, const bg_action *a, char *buf, size_t cap)
{
    const char *word = a->kind == BG_DOUBLE ? "double" : a->kind == BG_TAKE ? "take" : a->kind == BG_DROP ? "drop" : NULL;
    if (word) {
        int n = snprintf(buf, cap, "%s", word);
        return n > 0 && (size_t)n < cap ? (size_t)n : 0;
    }
    size_t need = 2 + 2u * a->play.nsteps;
    if (cap <= need)
        return 0;
    buf[0] = (char)('0' + a->dice[0]);
    buf[1] = (char)('0' + a->dice[1]);
    for (int k = 0; k < a->play.nsteps; k++) {
        buf[2 + 2 * k] = lx_bgammon_point_letter(who, a->play.step[k].from);
        buf[3 + 2 * k] = lx_bgammon_point_letter(who, a->play.step[k].to);
    }
    buf[need] = '\0';
    return need;
}

/* Lower case, white space around cut; 1 (keep the raw value) when that
 * changes nothing. */
static int lower_trimmed(const char *raw, size_t len, lx_buf *out)
{
    const char *s = raw;
    size_t n = len;
    lx_trim(&s, &n);
    int changed = n != len;
    for (size_t i = 0; i < n; i++)
        changed |= isupper((unsigned char)s[i]) != 0;
    if (!changed)
        return 1;
    for (size_t i = 0; i < n; i++)
        if (lx_buf_append_char(out, (char)tolower((unsigned char)s[i])) != 0)
            return -1;
    return 0;
}

int bg_canonical_value(const char *id, const char *raw, size_t len, lx_buf *out)
{
    if (!strcmp(id, "B") || !strcmp(id, "W") || !strcmp(id, "AB") || !strcmp(id, "AW") || !strcmp(id, "AE"))
        return lower_trimmed(raw, len, out);
    return 1;
}
