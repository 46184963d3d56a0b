/* engine/htp_int.h - what the files of the HTP session share (internal to libludex).
 *
 * htp_line.c  one line cut into its id and words
 * htp.c       the session: the commands and their replies */
#ifndef LX_ENGINE_HTP_INT_H
#define LX_ENGINE_HTP_INT_H

#include <stddef.h>

#define HTP_LINE_MAX 1024 /* bytes of words a line keeps */
#define HTP_MAX_WORDS 8

typedef struct htp_words {
    char text[HTP_LINE_MAX];
    char id[19];           /* the digits of the id, "" when none */
    int bad_id;            /* an id of more digits than fit */
    int too_long;          /* more bytes or words than kept */
    int argc;              /* the command and its arguments */
    char *argv[HTP_MAX_WORDS];
} htp_words;

/* Cut `line` into `w`.  0 when the line holds nothing (no reply is due), 1 otherwise. */
int htp_cut_line(const char *line, size_t len, htp_words *w);

#endif
