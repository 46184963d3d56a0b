/* service/game_kind.c - the names of the game kinds, and case-insensitive words. */
#include "service/game_kind.h"

static const char *const game_names[G_COUNT] = {"twixt", "hex", "backgammon", "crossword"};

int proto_word_is(const char *word, const char *keyword)
{
    for (; *word && *keyword; word++, keyword++) {
        char a = *word >= 'A' && *word <= 'Z' ? (char)(*word + 32) : *word;
        if (a != *keyword)
            return 0;
    }
    return *word == 0 && *keyword == 0;
}

const char *proto_game_name(proto_game g) { return g >= 0 && g < G_COUNT ? game_names[g] : "?"; }

proto_game proto_game_of(const char *word)
{
    for (int g = 0; g < G_COUNT; g++)
        if (proto_word_is(word, game_names[g]))
            return (proto_game)g;
    return G_NONE;
}

