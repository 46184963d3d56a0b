/* http/head_scan.c - an HTTP request head read a byte at a time (request_guard.c feeds it the
 * raw bytes before evhttp parses them).
 *
 * It finds the head's end (its empty line) and refuses what could let one request hide
 * another behind a proxy or cut a value short: a NUL byte, more than one Content-Length,
 * Content-Length with Transfer-Encoding, white space before a header's colon, a folded
 * line, a header line without a colon.  The first refusal found is kept.  It neither
 * copies nor allocates, and the same bytes give the same verdict however they arrive. */
#include <ctype.h>
#include <string.h>

#include "http/head_scan.h"

void head_scan_start(head_scan *h) { memset(h, 0, sizeof *h); }

static void refuse(head_scan *h, const char *why)
{
    if (!h->bad)
        h->bad = why;
}

static void end_header_line(head_scan *h)
{
    if (!h->in_value && h->line_len > 0)
        refuse(h, "a header line without a colon");
    if (h->in_value && h->name_len == 14 && !memcmp(h->name, "content-length", 14))
        h->content_lengths++;
    if (h->in_value && h->name_len == 17 && !memcmp(h->name, "transfer-encoding", 17))
        h->transfer_encodings++;
    if (h->content_lengths > 1)
        refuse(h, "more than one Content-Length");
    if (h->content_lengths && h->transfer_encodings)
        refuse(h, "Content-Length with Transfer-Encoding");
}

/* One byte of a header line (not its LF). */
static void header_byte(head_scan *h, unsigned char c)
{
    if (h->line_len == 0 && (c == ' ' || c == '\t'))
        refuse(h, "a folded header line");
    if (h->line_len == 0)
        h->first = c;
    h->line_len++;
    if (h->in_value || c == '\r')
        return;
    if (c == ':')
        h->in_value = 1;
    else if (c == ' ' || c == '\t')
        refuse(h, "white space in a header's name");
    else if (h->name_len < sizeof h->name)
        h->name[h->name_len++] = (char)tolower(c);
    else
        h->name_len = sizeof h->name + 1; /* longer than any name looked for */
}

int head_scan_byte(head_scan *h, unsigned char c)
{
    h->total++;
    if (c == 0)
        refuse(h, "a NUL byte in the head");
    if (c != '\n') {
        if (h->first_line_done)
            header_byte(h, c);
        return 0;
    }
    int empty = h->line_len == 0 || (h->line_len == 1 && h->first == '\r');
    if (!h->first_line_done)
        h->first_line_done = 1;
    else if (empty)
        return 1;
    else
        end_header_line(h);
    h->line_len = h->name_len = 0;
    h->in_value = 0;
    return 0;
}
