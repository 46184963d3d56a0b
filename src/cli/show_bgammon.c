/* show_bgammon.c - `ludex show POSITIONID:MATCHID`: draw a backgammon
 * position given by GNU Backgammon's IDs instead of a record.
 *
 * show.c asks show_position_argument() first when its operand is not a file
 * that exists; anything that does not read as an ID pair is left to show.c
 * (which then says the file cannot be opened).  --move and --game mean
 * nothing for an ID pair and are ignored. */
#include "cli/cli.h"
#include "ludex/bgammon.h"

/* 1 when `arg` was a position given by IDs (drawn, or an error said, with
 * the exit status in *status); 0 when it is not one. */
int show_position_argument(const char *arg, lx_draw_format fmt, int size, int *status)
{
    if (!lx_bgammon_is_id_pair(arg))
        return 0;
    lx_buf out = LX_BUF_INIT;
    lx_game_error err;
    lx_game_error_init(&err);
    if (lx_bgammon_draw_ids(arg, fmt, size, &out, &err) != 0) {
        cli_error("show", "%s: %s", arg, err.message.data ? err.message.data : "cannot be drawn");
        *status = CLI_PROBLEMS;
    } else {
        *status = cli_write_stdout("show", out.data ? out.data : "", out.len) == 0 ? CLI_OK : CLI_FAILURE;
    }
    lx_game_error_free(&err);
    lx_buf_free(&out);
    return 1;
}
