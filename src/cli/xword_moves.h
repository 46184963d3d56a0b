/* xword_moves.h - `ludex xword moves` and `ludex xword best` (xword_moves.c). */
#ifndef LX_CLI_XWORD_MOVES_H
#define LX_CLI_XWORD_MOVES_H

int cli_xword_moves(int argc, char **argv);
int cli_xword_best(int argc, char **argv);

#endif
