/* mail/result_words.h - a game's result said with names, for the mails (result_words.c). */
#ifndef LUDEX_MAIL_RESULT_WORDS_H
#define LUDEX_MAIL_RESULT_WORDS_H

#include "service/service.h"

/* "bob wins by resignation (W+R)", "a draw (0)", "alice wins 1 point (dropped double) (W+1)": the
 * result of sg (g its description) in words with its SGF code after them, appended to out; the
 * code alone when it says nothing more. */
void mail_result_words(const srv_game *sg, const svc_game_info *g, lx_buf *out);
/* The same from g alone, dropped telling whether the last move dropped a double (backgammon). */
void mail_result_words_as(const svc_game_info *g, int dropped, lx_buf *out);

#endif
