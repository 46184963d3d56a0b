/* rules.c - the rules of Twixt: whose turn, where a peg may go, long moves,
 * swaps, giving up, and the end of the game.
 *
 * A turn is one B or W property.  Its values come one at a time (the replay
 * driver checks and plays each), so the position keeps the long move in
 * progress: `open` is its colour and `phase` how far it got.  Removals come
 * first, then additions, then the peg, which autolinks and ends the turn; a
 * special move stands alone.  While a turn is open only its colour may go on.
 * A property that ends without a peg is refused at its last value: the module
 * marks such values when it reads the record (TW_NOTE_ENDS_OPEN), and a value
 * that follows the peg in its property (TW_NOTE_AFTER_PEG).  Before a
 * puzzle's IP (TW_NOTE_RELAXED) either colour may move at any time and a turn
 * may end without its peg, as the spec allows.
 *
 * Every check says which rule a move breaks, with a stable code (TWIXT_...)
 * and a sentence naming the holes and links involved.  Applying never fails:
 * it plays what the check accepted, and leaves the union-find fresh. */
#include <stdio.h>
#include <string.h>

#include "twixt/twixt_impl.h"

const char *tw_colour_name(lx_colour c)
{
    return c == LX_BLACK ? "Black" : c == LX_WHITE ? "White" : "nobody";
}

const char *tw_link_name(const tw_geom *g, int32_t l, char *buf, size_t cap)
{
    char a[16], b[16];
    int32_t p, q;
    tw_link_ends(g, l, &p, &q);
    snprintf(buf, cap, "%s-%s", tw_cell_name(g, p, a, sizeof a), tw_cell_name(g, q, b, sizeof b));
    return buf;
}

lx_twixt_point tw_mirror(lx_twixt_point p)
{
    return (lx_twixt_point){p.row, p.col};
}

static const char *border_words(const lx_twixt_board *b, lx_colour c, char *buf, size_t cap)
{
    char last[16];
    if (c == LX_WHITE) {
        snprintf(buf, cap, "rows 1 and %d", b->g.rows);
    } else {
        tw_point_name((lx_twixt_point){b->g.cols - 1, 0}, last, sizeof last);
        last[strcspn(last, "0123456789")] = '\0';
        snprintf(buf, cap, "columns a and %s", last);
    }
    return buf;
}

int32_t tw_removal_link(const lx_twixt_board *b, const lx_twixt_move *m)
{
    int32_t l;
    for (int slope = -1; slope <= 1; slope += 2)
        if (tw_move_link(&b->g, m, slope, &l) == 0 && b->link[l])
            return l;
    return -1;
}

/* ---- whose turn --------------------------------------------------------------------- */

static lx_colour expected_colour(const lx_twixt_board *b)
{
    if (b->open != LX_NO_COLOUR)
        return b->open;
    if (b->relaxed_seen && b->puzzle_pl != LX_NO_COLOUR)
        return b->puzzle_pl;
    return b->to_play;
}

lx_colour lx_twixt_to_play(const lx_twixt_board *b) { return expected_colour(b); }

void lx_twixt_set_to_play(lx_twixt_board *b, lx_colour c)
{
    b->to_play = c;
    if (b->puzzle)
        b->puzzle_pl = c;
}

int tw_check_turn(const lx_twixt_board *b, lx_colour who, const lx_twixt_move *m, lx_game_error *err)
{
    if (m->notes & TW_NOTE_RELAXED)
        return 0;
    lx_colour want = expected_colour(b);
    if (who == want)
        return 0;
    if (b->open != LX_NO_COLOUR)
        return lx_game_fail(err, "TWIXT_WRONG_TURN", "%s's long move is not finished: it ends with a peg",
                            tw_colour_name(b->open));
    return lx_game_fail(err, "TWIXT_WRONG_TURN", "it is %s's turn, not %s's", tw_colour_name(want), tw_colour_name(who));
}

int tw_check_not_over(const lx_twixt_board *b, lx_game_error *err)
{
    if (b->winner != LX_NO_COLOUR)
        return lx_game_fail(err, "TWIXT_GAME_OVER", "the game is over: %s has joined its border rows",
                            tw_colour_name(b->winner));
    if (b->gave_up != LX_NO_COLOUR)
        return lx_game_fail(err, "TWIXT_GAME_OVER", "the game is over: %s %s", tw_colour_name(b->gave_up),
                            b->gave_up_forfeit ? "forfeited" : "resigned");
    return 0;
}

/* ---- pegs ------------------------------------------------------------------------------ */

int tw_check_peg(const lx_twixt_board *b, lx_colour who, lx_twixt_point at, lx_game_error *err)
{
    char name[16], words[40];
    tw_point_name(at, name, sizeof name);
    if (!tw_on_board(&b->g, at.col, at.row))
        return lx_game_fail(err, "TWIXT_OFF_BOARD", "%s is off the board", name);
    if (!tw_hole_allowed(&b->g, LX_NO_COLOUR, at.col, at.row))
        return lx_game_fail(err, "TWIXT_CORNER", "%s is a corner; a Twixt board has no corner holes", name);
    if (!tw_hole_allowed(&b->g, who, at.col, at.row))
        return lx_game_fail(err, "TWIXT_OPPONENT_BORDER", "%s is in %s's border rows (%s); %s may not place a peg there",
                            name, tw_colour_name(tw_other(who)), border_words(b, tw_other(who), words, sizeof words),
                            tw_colour_name(who));
    lx_colour there = tw_colour(b->peg[tw_cell(&b->g, at.col, at.row)]);
    if (there != LX_NO_COLOUR)
        return lx_game_fail(err, "TWIXT_OCCUPIED", "%s already holds a %s peg", name, tw_colour_name(there));
    return 0;
}

/* ---- long-move parts ------------------------------------------------------------------ */

static int check_part_order(const lx_twixt_board *b, lx_colour who, const lx_twixt_move *m, lx_game_error *err)
{
    if (b->rules == LX_TWIXT_PP)
        return lx_game_fail(err, "TWIXT_PP_NO_LONG_MOVES", "RU[PP] has no long moves: links are never removed or "
                            "added by hand");
    if (m->kind == LX_TWIXT_REMOVE && b->open == who && b->phase == TW_PHASE_ADD)
        return lx_game_fail(err, "TWIXT_LONG_MOVE_ORDER", "a long move lists its removals first, then its "
                            "additions, then the peg");
    if ((m->notes & TW_NOTE_ENDS_OPEN) && !(m->notes & TW_NOTE_RELAXED))
        return lx_game_fail(err, "TWIXT_INCOMPLETE_TURN", "this %s move ends without a peg: a long move's last "
                            "part is the peg it places", tw_colour_name(who));
    return 0;
}

static int check_removal(const lx_twixt_board *b, lx_colour who, const lx_twixt_move *m, lx_game_error *err)
{
    char centre[16], link[40];
    tw_centre_name(m->cx2, m->cy2, centre, sizeof centre);
    int32_t l = tw_removal_link(b, m);
    if (l < 0)
        return lx_game_fail(err, "TWIXT_NO_LINK_TO_REMOVE", "there is no link at %s to remove", centre);
    if (b->link[l] != tw_code(who))
        return lx_game_fail(err, "TWIXT_NOT_OWN_LINK", "the link at %s (%s) is %s's; a player removes only "
                            "their own links", centre, tw_link_name(&b->g, l, link, sizeof link),
                            tw_colour_name(tw_colour(b->link[l])));
    return 0;
}

static int check_addition(const lx_twixt_board *b, lx_colour who, const lx_twixt_move *m, lx_game_error *err)
{
    char centre[16], link[40], other[40];
    int32_t l, p, q, x;
    tw_centre_name(m->cx2, m->cy2, centre, sizeof centre);
    if (tw_move_link(&b->g, m, m->slope, &l) != 0)
        return lx_game_fail(err, "TWIXT_OFF_BOARD", "the link %c%s would leave the board", m->slope > 0 ? '/' : '\\',
                            centre);
    tw_link_ends(&b->g, l, &p, &q);
    tw_link_name(&b->g, l, link, sizeof link);
    if (b->peg[p] != tw_code(who) || b->peg[q] != tw_code(who))
        return lx_game_fail(err, "TWIXT_ADD_NEEDS_PEGS", "%c%s would link %s, but %s has no peg on both ends",
                            m->slope > 0 ? '/' : '\\', centre, link, tw_colour_name(who));
    if (b->link[l])
        return lx_game_fail(err, "TWIXT_LINK_EXISTS", "the link %s is already there", link);
    lx_colour only = b->rules == LX_TWIXT_PP ? tw_other(who) : LX_NO_COLOUR;
    lx_colour c = tw_crossing(b, l, only, &x);
    if (c != LX_NO_COLOUR)
        return lx_game_fail(err, "TWIXT_LINK_CROSSES", "the link %s would cross %s's link %s; links may not cross",
                            link, tw_colour_name(c), tw_link_name(&b->g, x, other, sizeof other));
    return 0;
}

/* ---- special moves --------------------------------------------------------------------- */

static int check_swap(const lx_twixt_board *b, lx_colour who, lx_game_error *err)
{
    if (b->handicap)
        return lx_game_fail(err, "TWIXT_SWAP_HANDICAP", "a handicap game (HA) has no swap");
    if (b->no_swap)
        return lx_game_fail(err, "TWIXT_NO_SWAP", "this game is played without the swap");
    if (b->g.cols != b->g.rows)
        return lx_game_fail(err, "TWIXT_SWAP_NONSQUARE", "a swap needs a square board; this one is %d x %d",
                            b->g.cols, b->g.rows);
    if (b->moves != 1 || b->swapped || b->pegs[tw_other(who)] != 1 || b->pegs[who] != 0 ||
        b->last_kind != LX_TWIXT_PEG || b->last_colour != tw_other(who))
        return lx_game_fail(err, "TWIXT_SWAP_NOT_SECOND", "a swap may only be the second move of the game, after "
                            "the first player's one peg");
    return 0;
}

int lx_twixt_check_move(const lx_twixt_board *b, lx_colour who, const lx_twixt_move *m, lx_game_error *err)
{
    if (who != LX_BLACK && who != LX_WHITE)
        return lx_game_fail(err, "TWIXT_BAD_COLOUR", "a move is White's or Black's");
    if (tw_check_not_over(b, err) != 0)
        return -1;
    int special = m->kind != LX_TWIXT_PEG && m->kind != LX_TWIXT_REMOVE && m->kind != LX_TWIXT_ADD;
    if (special && b->open != LX_NO_COLOUR && !(m->notes & TW_NOTE_RELAXED))
        return lx_game_fail(err, "TWIXT_LONG_MOVE_ORDER", "%s stands alone; it cannot end a long move",
                            m->kind == LX_TWIXT_RESIGN ? "resign" : m->kind == LX_TWIXT_FORFEIT ? "forfeit" : "a swap");
    if ((m->notes & TW_NOTE_AFTER_PEG) && !(m->notes & TW_NOTE_RELAXED))
        return lx_game_fail(err, "TWIXT_LONG_MOVE_ORDER", "the peg ends a long move; nothing may follow it in the "
                            "same property");
    if (m->kind == LX_TWIXT_RESIGN || m->kind == LX_TWIXT_FORFEIT)
        return 0; /* either colour may give up at any time */
    if (tw_check_turn(b, who, m, err) != 0)
        return -1;
    switch (m->kind) {
    case LX_TWIXT_PEG: return tw_check_peg(b, who, m->at, err);
    case LX_TWIXT_REMOVE:
        return check_part_order(b, who, m, err) != 0 ? -1 : check_removal(b, who, m, err);
    case LX_TWIXT_ADD:
        return check_part_order(b, who, m, err) != 0 ? -1 : check_addition(b, who, m, err);
    default: return check_swap(b, who, err);
    }
}

/* ---- playing ----------------------------------------------------------------------------- */

static void end_turn(lx_twixt_board *b, lx_colour who, lx_colour next)
{
    b->open = LX_NO_COLOUR;
    b->phase = TW_PHASE_NONE;
    b->to_play = next;
    b->moves++;
    b->last_colour = who;
}

static void apply_swap(lx_twixt_board *b, lx_colour who, lx_twixt_move_kind kind)
{
    b->swapped = 1;
    b->last_kind = kind;
    if (kind == LX_TWIXT_SWAP_SIDES) {
        end_turn(b, who, who); /* the swapper's colour moves again */
        return;
    }
    int32_t from = b->last_peg;
    lx_twixt_point to = tw_mirror((lx_twixt_point){tw_col(&b->g, from), tw_row(&b->g, from)});
    tw_take_peg(b, from);
    b->last_peg = tw_cell(&b->g, to.col, to.row);
    tw_put_peg(b, b->last_peg, who);
    end_turn(b, who, tw_other(who));
}

int32_t tw_place_peg(lx_twixt_board *b, lx_colour who, lx_twixt_point at)
{
    int32_t p = tw_cell(&b->g, at.col, at.row);
    tw_refresh(b);
    tw_put_peg(b, p, who);
    b->last_peg = p;
    b->last_kind = LX_TWIXT_PEG;
    return p;
}

void tw_finish_turn(lx_twixt_board *b, lx_colour who)
{
    end_turn(b, who, tw_other(who));
    tw_refresh(b);
    if (b->winner == LX_NO_COLOUR && tw_connected_colour(b, who) == who)
        b->winner = who;
}

static void apply_peg(lx_twixt_board *b, lx_colour who, lx_twixt_point at)
{
    tw_autolink(b, tw_place_peg(b, who, at));
    tw_finish_turn(b, who);
}

static void apply_part(lx_twixt_board *b, lx_colour who, const lx_twixt_move *m)
{
    if (b->open != who) {
        b->open = who;
        b->phase = TW_PHASE_NONE;
    }
    if (m->kind == LX_TWIXT_REMOVE) {
        tw_clear_link(b, tw_removal_link(b, m));
        b->phase = TW_PHASE_REMOVE;
    } else {
        int32_t l;
        tw_move_link(&b->g, m, m->slope, &l);
        tw_set_link(b, l, who);
        b->phase = TW_PHASE_ADD;
    }
    if (m->notes & TW_NOTE_ENDS_OPEN) { /* a relaxed turn that ends here */
        b->open = LX_NO_COLOUR;
        b->phase = TW_PHASE_NONE;
        b->to_play = tw_other(who);
    }
}

void lx_twixt_apply_move(lx_twixt_board *b, lx_colour who, const lx_twixt_move *m)
{
    if (m->notes & TW_NOTE_RELAXED) {
        b->relaxed_seen = 1;
        if (b->open != LX_NO_COLOUR && b->open != who)
            b->open = LX_NO_COLOUR; /* a relaxed turn left open */
    } else if (b->relaxed_seen) {
        b->relaxed_seen = 0;
        if (b->puzzle_pl != LX_NO_COLOUR)
            b->to_play = b->puzzle_pl;
    }
    switch (m->kind) {
    case LX_TWIXT_PEG: apply_peg(b, who, m->at); break;
    case LX_TWIXT_REMOVE:
    case LX_TWIXT_ADD: apply_part(b, who, m); break;
    case LX_TWIXT_SWAP_PIECES:
    case LX_TWIXT_SWAP_SIDES: apply_swap(b, who, m->kind); break;
    case LX_TWIXT_RESIGN:
    case LX_TWIXT_FORFEIT:
        b->gave_up = who;
        b->gave_up_forfeit = m->kind == LX_TWIXT_FORFEIT;
        b->last_kind = m->kind;
        b->last_colour = who;
        b->moves++;
        break;
    }
    tw_refresh(b);
}

int lx_twixt_play(lx_twixt_board *b, lx_colour who, const lx_twixt_move *m, lx_game_error *err)
{
    if (lx_twixt_check_move(b, who, m, err) != 0)
        return -1;
    lx_twixt_apply_move(b, who, m);
    return 0;
}

static int is_turn_end(const lx_twixt_move *m)
{
    return m->kind != LX_TWIXT_REMOVE && m->kind != LX_TWIXT_ADD;
}

int lx_twixt_play_turn(lx_twixt_board *b, lx_colour who, const lx_twixt_move *parts, size_t n, lx_game_error *err)
{
    if (n == 0 || !is_turn_end(&parts[n - 1]))
        return lx_game_fail(err, "TWIXT_INCOMPLETE_TURN", "this %s move ends without a peg: a long move's last part "
                            "is the peg it places", tw_colour_name(who));
    for (size_t i = 0; i + 1 < n; i++)
        if (is_turn_end(&parts[i]))
            return lx_game_fail(err, "TWIXT_LONG_MOVE_ORDER", "the peg ends a long move; nothing may follow it");
    lx_twixt_board *work = n > 1 ? lx_twixt_board_copy(b) : b;
    if (!work)
        return lx_game_fail(err, "TWIXT_NO_MEMORY", "out of memory");
    for (size_t i = 0; i < n; i++) {
        if (lx_twixt_play(work, who, &parts[i], err) != 0) {
            if (work != b)
                lx_twixt_board_free(work);
            return -1;
        }
    }
    if (work != b) { /* take over the copy's state */
        lx_twixt_board tmp = *b;
        *b = *work;
        *work = tmp;
        lx_twixt_board_free(work);
    }
    return 0;
}

/* ---- setup -------------------------------------------------------------------------------- */

int lx_twixt_setup(lx_twixt_board *b, int col, int row, lx_colour c, lx_game_error *err)
{
    char name[16];
    lx_twixt_point at = {col, row};
    tw_point_name(at, name, sizeof name);
    if (!tw_on_board(&b->g, col, row))
        return lx_game_fail(err, "TWIXT_OFF_BOARD", "%s is off the board", name);
    if (!tw_hole_allowed(&b->g, LX_NO_COLOUR, col, row))
        return lx_game_fail(err, "TWIXT_CORNER", "%s is a corner; a Twixt board has no corner holes", name);
    if (c != LX_NO_COLOUR && !tw_hole_allowed(&b->g, c, col, row))
        return lx_game_fail(err, "TWIXT_OPPONENT_BORDER", "%s is in %s's border rows; a %s peg may not stand there",
                            name, tw_colour_name(tw_other(c)), tw_colour_name(c));
    int32_t p = tw_cell(&b->g, col, row);
    tw_take_peg(b, p);
    if (c != LX_NO_COLOUR)
        tw_put_peg(b, p, c);
    tw_refresh(b);
    if (b->winner == LX_NO_COLOUR)
        b->winner = lx_twixt_connected(b);
    return 0;
}

/* ---- the end ----------------------------------------------------------------------------- */

lx_colour lx_twixt_winner(const lx_twixt_board *b)
{
    if (b->winner != LX_NO_COLOUR)
        return b->winner;
    if (b->gave_up != LX_NO_COLOUR)
        return tw_other(b->gave_up);
    return LX_NO_COLOUR;
}

void lx_twixt_result(const lx_twixt_board *b, lx_game_result *out)
{
    lx_colour w = lx_twixt_winner(b);
    memset(out, 0, sizeof *out);
    out->winner = w;
    if (w != LX_NO_COLOUR) {
        out->over = 1;
        const char *how = b->winner != LX_NO_COLOUR ? "" : b->gave_up_forfeit ? "F" : "R";
        snprintf(out->re, sizeof out->re, "%c+%s", w == LX_WHITE ? 'W' : 'B', how);
    } else if (lx_twixt_is_dead_draw(b)) {
        out->over = 1;
        snprintf(out->re, sizeof out->re, "0");
    }
}
