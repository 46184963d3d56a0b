/* engine/htp_line.c - one line of the text protocol cut into an id and words
 * (see htp_int.h), by GTP version 2's rules: control characters but tab and
 * line feed dropped, tabs as spaces, '#' to the end a comment, the line
 * ending at its first line feed.  Bounded: a line keeps at most
 * HTP_LINE_MAX bytes of words and HTP_MAX_WORDS words, and says when it had
 * more; it never allocates. */
#include <ctype.h>
#include <string.h>

#include "engine/htp_int.h"

int htp_cut_line(const char *line, size_t len, htp_words *w)
{
    memset(w, 0, sizeof *w);
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        if (c == '\n' || c == '#')
            break;
        if (c == '\t')
            c = ' ';
        if (c < 32 || c == 127)
            continue;
        if (n + 1 >= sizeof w->text) {
            w->too_long = 1;
            break;
        }
        w->text[n++] = (char)c;
    }
    w->text[n] = '\0';
    char *p = w->text;
    int first = 1;
    for (;;) {
        while (*p == ' ')
            *p++ = '\0';
        if (!*p)
            break;
        char *word = p;
        while (*p && *p != ' ')
            p++;
        if (first && isdigit((unsigned char)word[0])) {
            size_t k = 0;
            while (isdigit((unsigned char)word[k]))
                k++;
            if (word + k == p) {
                if (k >= sizeof w->id)
                    w->bad_id = 1;
                else
                    memcpy(w->id, word, k);
                first = 0;
                continue;
            }
        }
        first = 0;
        if (w->argc == HTP_MAX_WORDS) {
            w->too_long = 1;
            break;
        }
        w->argv[w->argc++] = word;
    }
    return w->argc > 0 || w->id[0] || w->bad_id;
}
