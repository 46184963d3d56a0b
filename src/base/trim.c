/* trim.c - white space off both ends of a value, without copying it.
 *
 * White space is what isspace() says in the C locale (the only one ludex
 * runs in: it never calls setlocale), tested directly: this runs for every
 * move of every record, and isspace() costs a call into the C library. */
#include "base/text.h"

static int is_space(unsigned char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

void lx_trim(const char **s, size_t *len)
{
    while (*len && is_space((unsigned char)(*s)[0]))
        (*s)++, (*len)--;
    while (*len && is_space((unsigned char)(*s)[*len - 1]))
        (*len)--;
}
