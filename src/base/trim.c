/* trim.c - white space off both ends of a value, without copying it. */
#include <ctype.h>

#include "base/text.h"

void lx_trim(const char **s, size_t *len)
{
    while (*len && isspace((unsigned char)(*s)[0]))
        (*s)++, (*len)--;
    while (*len && isspace((unsigned char)(*s)[*len - 1]))
        (*len)--;
}
