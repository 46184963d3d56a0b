/* service/game_kind.h - the four kinds of game ludexd hosts, and their names.
 *
 * Shared by the service and every door: a kind is written "twixt", "hex",
 * "backgammon" or "crossword" on every door and in the store.  Depends on
 * nothing, so a parser (line/proto.c) can be fuzzed with it alone. */
#ifndef LUDEX_SERVICE_GAME_KIND_H
#define LUDEX_SERVICE_GAME_KIND_H

typedef enum proto_game { G_NONE = -1, G_TWIXT = 0, G_HEX, G_BACKGAMMON, G_CROSSWORD, G_COUNT } proto_game;

/* The name a game is written with ("twixt"...), and back (G_NONE when unknown). */
const char *proto_game_name(proto_game g);
proto_game proto_game_of(const char *word);
/* Case-insensitive ASCII equality of a word and a lower-case keyword. */
int proto_word_is(const char *word, const char *keyword);

#endif
