/* service/commands_board.c - the board a command of the classic language names, looked up once for
 * both doors that speak it (line and mail): the word read as a board's number (proto_number), the
 * game found as svc_game finds it, and one refusal for a word that names no board.
 *
 * Apart from commands.c, which only parses and is compiled alone into the fuzz harness: this one
 * reaches the games held. */
#include <string.h>

#include "service/ops.h"

srv_game *proto_board(srv *s, const proto_cmd *cmd, const char *word, int64_t *board, svc_status *st)
{
    int64_t id = proto_number(word);
    srv_game *sg = id ? svc_game(s, id, cmd->game, st) : NULL;
    if (!sg && (!st->code || !strcmp(st->code, "NO_SUCH_BOARD")))
        svc_fail(st, "NO_SUCH_BOARD", "there is no board '%.40s'", word);
    if (sg)
        *board = id;
    return sg;
}
