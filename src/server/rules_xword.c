/* server/rules_xword.c - crossword games in ludexd: not playable yet.
 *
 * The crossword library (ludex/xword.h) reads, checks and scores positions
 * and records, but ludexd does not deal racks from a bag yet; a challenge
 * answers ERR NOT_AVAILABLE.  What is missing is listed in the help text. */
#include <stdlib.h>

#include "server/rules_util.h"

static int xw_options(int argc, char *const *argv, lx_buf *canon, lx_game_error *err)
{
    (void)argc;
    (void)argv;
    (void)canon;
    return lx_game_fail(err, "NOT_AVAILABLE", "crossword games are not playable on this server yet");
}

static void *xw_create(const char *options, lx_game_error *err)
{
    (void)options;
    lx_game_fail(err, "NOT_AVAILABLE", "crossword games are not playable on this server yet");
    return NULL;
}

static void xw_destroy(void *g) { (void)g; }

static int xw_play(void *g, int seat, const char *text, lx_buf *stored, char colour[8], lx_game_error *err)
{
    (void)g, (void)seat, (void)text, (void)stored, (void)colour;
    return lx_game_fail(err, "NOT_AVAILABLE", "crossword games are not playable on this server yet");
}

static int xw_replay(void *g, int seat, const char *stored, char colour[8])
{
    (void)g, (void)seat, (void)stored, (void)colour;
    return -1;
}

static int xw_seat_to_move(const void *g)
{
    (void)g;
    return -1;
}

static void xw_result(const void *g, char re[32])
{
    (void)g;
    re[0] = 0;
}

static int xw_show(const void *g, int viewer, int size, lx_buf *out)
{
    (void)g, (void)viewer, (void)size;
    return lx_buf_append_str(out, "");
}

static int xw_history_text(const char *stored, lx_buf *out) { return lx_buf_append_str(out, stored); }

static int xw_record(const srv_game *sg, lx_buf *out)
{
    (void)sg, (void)out;
    return -1;
}

static const char *xw_state(const void *g)
{
    (void)g;
    return "";
}

static int xw_restore(void *g, const char *state)
{
    (void)g, (void)state;
    return -1;
}

static int xw_between_turns(void *g)
{
    (void)g;
    return 0;
}

const srv_rules rules_crossword = {
    "crossword", xw_options, xw_create, xw_destroy, xw_play, xw_replay, xw_seat_to_move, xw_result, xw_show,
    xw_history_text, xw_record, xw_state, xw_restore, xw_between_turns,
    "crossword games are not playable on this server yet: the bag, the racks and\n"
    "the GCG record of a live game are still to be written (see src/server/rules_xword.c).\n",
};
