/* line/msg_text.c - a message or chat line as one line of plain text.
 *
 * Shared by the line protocol's replies and the mail door's bodies, which
 * show messages the same way.  The text needs no escaping there: the
 * service refuses control characters in it, and a reply's body lines are
 * dot-stuffed by the reply writer.  JSON (the HTTP door) is written apart. */
#include "line/msg_text.h"

int msg_text_line(const store_message *m, lx_buf *out)
{
    if (m->board)
        return lx_buf_printf(out, "chat %lld %s: %s", (long long)m->board, m->sender, m->text);
    return lx_buf_printf(out, "message %s: %s", m->sender, m->text);
}
