/* line/help.c - the help command: the commands, and each game's own. */
#include <string.h>

#include "line/line_int.h"

static const char general_help[] =
    "ludexd: Twixt, Hex, Backgammon and crossword games.  One command per line;\n"
    "every reply is 'OK ...' or 'ERR CODE message', body lines, then a line '.'.\n"
    "signup USER PASSWORD [EMAIL]     login USER PASSWORD     password OLD NEW\n"
    "set display small|medium|big|large     whoami     help [GAME]     quit\n"
    "set notify mail|board|digest|off     address EMAIL     verify [CODE]\n"
    "ratings GAME [USER]     standings GAME     (Glicko-2; a challenge with -unrated is not rated)\n"
    "games [USER] [next|active|pending|finished|all]   (most urgent first, with the time left)\n"
    "set challenges open|ask|closed   accept BOARD   decline BOARD [why]   block USER   unblock USER\n"
    "GAME seek [options]   seeks [GAME]   join SEEK   GAME draw BOARD   takeback BOARD   rematch BOARD\n"
    "vacation DAYS|off   (30 days a year: your clocks stand still)\n"
    "tournament new NAME GAME roundrobin[:2]|swiss:R|knockout [options] [-players=MIN-MAX]\n"
    "  [-start=full|YYYY-MM-DD] [-rated|-unrated] [-rounds=together|sequential] [-days=N]  -> OK ID\n"
    "tournament join|leave|start|show ID   tournaments [open|running|finished]\n"
    "challenge options for every game: -days=D (per move, 7 by default), -clock=14d+1d/30d, -unrated,\n"
    "  -publicchat (watchers read the board's chat)\n"
    "GAME challenge USER1 USER2 [options]   -> OK BOARD (USER1 moves first)\n"
    "GAME move BOARD USER PASSWORD MOVE[#N] (after login: GAME move BOARD MOVE[#N])\n"
    "GAME swap BOARD [USER PASSWORD]        GAME resign BOARD [USER PASSWORD]\n"
    "GAME show BOARD [SIZE]   GAME history BOARD   GAME record BOARD [gnubg]   GAME games [USER]\n"
    "GAME conditional BOARD [M1 R1 [M2 R2 ...] | clear]   (Hex, Twixt: if they play M1 you answer R1 ...;\n"
    "    at once, your clock not charged; any other move ends them; private; nothing after BOARD lists them)\n"
    "watch BOARD / unwatch BOARD: each new move comes as a line '* GAME BOARD N COLOUR MOVE'\n"
    "GAME move ... MOVE[#N] # COMMENT   (a word '#' alone: the rest is the move's comment, in the record)\n"
    "message USER TEXT   chat BOARD TEXT   messages   (texts up to 500 bytes, 30 a minute;\n"
    "    a board's chat is for its two players; show adds its last lines; messages lists the unread)\n"
    "GAME is twixt, hex, backgammon or crossword; 'help GAME' tells its options and moves.\n"
    "A refused move changes nothing: it is still your turn.\n";

cmd_end cmd_help(conn *c, proto_cmd *cmd)
{
    const char *text = general_help;
    if (cmd->argc == 1) {
        proto_game g = proto_game_of(cmd->argv[0]);
        if (g == G_NONE)
            return cmd_refuse(c, "UNKNOWN_GAME", "%s", proto_unknown_game);
        text = svc_game_help(g);
    }
    reply_ok(&c->reply, "help");
    reply_body(&c->reply, text, strlen(text));
    return CMD_ANSWERED;
}
