/* fuzz_http_head.c - libFuzzer harness for the HTTP door's raw head scanner (src/http/head_scan.c).
 *
 * The input is fed a byte at a time, as bytes arriving on a connection would be.  Where the
 * scanner says the head ended, a plain reference reading of the same bytes (split at LF,
 * line by line) must find the head's end at the same byte and the same verdict: refused
 * exactly when the head holds a NUL byte, a folded line, a header line without a colon,
 * white space before a colon, two Content-Length, or Content-Length with Transfer-Encoding.
 * Heads after the first are scanned too (a kept-alive connection's next request). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "http/head_scan.h"

/* The name of a header line (before its first colon), CRs left out, lower-cased, as far as
 * 19 bytes; 0 when it has white space, and *colon set when there is a colon. */
static size_t line_name(const uint8_t *line, size_t n, char name[20], int *colon, int *space)
{
    size_t k = 0;
    *colon = *space = 0;
    for (size_t i = 0; i < n; i++) {
        if (line[i] == ':') {
            *colon = 1;
            break;
        }
        if (line[i] == '\r')
            continue;
        if (line[i] == ' ' || line[i] == '\t')
            *space = 1;
        if (k < 19)
            name[k] = (char)line[i];
        k++;
    }
    name[k < 19 ? k : 19] = 0;
    return k;
}

/* The reference reading of one head at data[0..n): its length up to and including the LF of
 * its empty line (0 when it does not end in n), and whether it is to be refused. */
static size_t reference(const uint8_t *data, size_t n, int *refused)
{
    int lengths = 0, encodings = 0, bad = 0;
    size_t start = 0, line_no = 0;
    for (size_t i = 0; i < n; i++) {
        bad |= data[i] == 0;
        if (data[i] != '\n')
            continue;
        const uint8_t *line = data + start;
        size_t len = i - start;
        start = i + 1;
        if (line_no++ == 0)
            continue;
        if (len == 0 || (len == 1 && line[0] == '\r')) {
            *refused = bad || lengths > 1 || (lengths && encodings);
            return i + 1;
        }
        char name[20];
        int colon, space;
        size_t k = line_name(line, len, name, &colon, &space);
        bad |= line[0] == ' ' || line[0] == '\t' || !colon || space;
        lengths += k == 14 && !strcasecmp(name, "content-length");
        encodings += k == 17 && !strcasecmp(name, "transfer-encoding");
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t begin = 0;
    head_scan h;
    head_scan_start(&h);
    for (size_t i = 0; i < size; i++) {
        if (!head_scan_byte(&h, data[i]))
            continue;
        int refused = -1;
        size_t len = reference(data + begin, size - begin, &refused);
        if (len != i + 1 - begin || refused != (h.bad != NULL) || h.total != len)
            abort();
        begin = i + 1;
        head_scan_start(&h);
    }
    int refused;
    if (reference(data + begin, size - begin, &refused) != 0) /* the scanner saw no end: nor may the reference */
        abort();
    return 0;
}
