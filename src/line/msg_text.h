/* line/msg_text.h - a message or chat line as plain text, for the line protocol and mail. */
#ifndef LUDEX_LINE_MSG_TEXT_H
#define LUDEX_LINE_MSG_TEXT_H

#include "ludex/buf.h"
#include "store/store.h"

/* "message FROM: TEXT" or "chat BOARD FROM: TEXT", without an end of line (the service
 * keeps control characters out of the text, so it is one line as it is).  0 or -1. */
int msg_text_line(const store_message *m, lx_buf *out);

#endif
