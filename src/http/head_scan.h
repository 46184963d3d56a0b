/* http/head_scan.h - an HTTP request head read a byte at a time: where it ends, and what makes
 * it one to refuse (RFC 9112 5, 6.3).  No socket, no allocation: the fuzzer runs it alone. */
#ifndef LUDEX_HTTP_HEAD_SCAN_H
#define LUDEX_HTTP_HEAD_SCAN_H

#include <stddef.h>

typedef struct head_scan {
    size_t total;          /* head bytes scanned */
    size_t line_len;       /* bytes of the current line (its CR included) */
    unsigned char first;   /* the current line's first byte */
    int first_line_done;
    int in_value;          /* past the current header line's colon */
    char name[20];         /* the current header's name, lower-case (cut) */
    size_t name_len;
    int content_lengths, transfer_encodings;
    const char *bad;       /* why the head is refused (a static sentence), or NULL */
} head_scan;

void head_scan_start(head_scan *h);
/* One more byte of the head: 1 when it ends the head (the LF of its empty line), else 0. */
int head_scan_byte(head_scan *h, unsigned char c);

#endif
