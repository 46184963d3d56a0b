/* mail/message.h - the play-by-mail gateway's pure parsing: one RFC 5322 +
 * MIME message in, its headers and its text (UTF-8) out, then the command
 * lines to run from that text.
 *
 * No socket, no service, no output: the fuzz harness (fuzz/fuzz_mail.c) runs
 * these as they are.  Every walk is iterative and bounded (header lines,
 * header bytes, MIME depth and part count), and the text never grows past a
 * small multiple of the message. */
#ifndef LUDEX_MAIL_MESSAGE_H
#define LUDEX_MAIL_MESSAGE_H

#include <stddef.h>

#include "ludex/buf.h"

#define MAIL_MAX_BYTES (1024 * 1024) /* a message over this is refused by the caller, not parsed */
#define MAIL_MAX_HEADER_LINES 1000   /* of one header block; the lines past it are not read */
#define MAIL_MAX_HEADER_BYTES (64 * 1024)
#define MAIL_MAX_DEPTH 8             /* nested multiparts; deeper ones are not entered */
#define MAIL_MAX_PARTS 1000          /* MIME entities looked at */

typedef struct mail_msg {
    char from[256];          /* addr-spec of From: ("alice@example.org"), "" when none/unparsable */
    char reply_to[256];      /* addr-spec of Reply-To:, "" when none (never answered: mail_answer_address) */
    char return_path[256];   /* addr-spec of Return-Path: ("" when absent or "<>") */
    int has_return_path;     /* a Return-Path: header was there (so "" with it means the null sender <>) */
    char message_id[256];    /* Message-ID without the angle brackets, "" when none */
    char in_reply_to[256];   /* first msg-id of In-Reply-To, no brackets */
    char references[1024];   /* References' ids with brackets, one space between, whole ids up to the cap */
    char subject[512];       /* decoded (RFC 2047, any charset) to UTF-8, unfolded, no control characters */
    char auto_submitted[64]; /* Auto-Submitted keyword lowercased ("auto-replied"), "" when absent */
    char precedence[32];     /* Precedence keyword lowercased ("bulk", "list", "junk"), "" when absent */
    int has_list_id;         /* List-Id: or List-Unsubscribe: present */
    char x_ludex[64];        /* value of our own header X-Ludex: (on every mail ludexd sends), "" when absent */
    char content_note[128];  /* the part the text came from: "text/plain; charset=iso-8859-1; quoted-printable";
                                "" when the message has no text part */
    lx_buf text;             /* the text in UTF-8, LF line ends, no NUL bytes */
    int truncated;           /* the message was over MAIL_MAX_BYTES: only that much of it was read */
} mail_msg;

/* Parse a message (CRLF, LF or bare CR line ends; an mbox "From " line first
 * is skipped).  0, or -1 with a sentence in err when it is unusable: no
 * header field at all on its first line, or out of memory.  Of a message
 * over MAIL_MAX_BYTES only the first MAIL_MAX_BYTES are read and
 * m->truncated is set: its headers say whom to answer, its commands are for
 * the caller not to run.
 * Everything else is read leniently: no blank line after the headers (the
 * first line that is not a field starts the body), no text part (empty
 * text), a missing or never-found boundary, invalid base64 or
 * quoted-printable, an unknown charset (read as UTF-8, bad bytes becoming
 * U+FFFD).  The first text/plain part that is not an attachment is taken;
 * without one, the first text/html part turned into text (its <blockquote>s
 * left out).  Addresses are kept only when they are a plain local@domain:
 * letters, digits and .!#%&'*+/=?^_{}~- before the '@', letters, digits,
 * '.' and '-' after it, no '-' first (never a command-line option for
 * sendmail); otherwise "".  Free with mail_msg_free, after a failure too. */
int mail_parse(const char *raw, size_t len, mail_msg *m, char *err, size_t errcap);
void mail_msg_free(mail_msg *m);

/* The command lines of a message, in order: the Subject first when it holds
 * a command, then the body's.  A line holds a command when its first word
 * (case-insensitive) is one of command_words (NULL-terminated).  The
 * Subject's "Re:", "Fwd:", "AW:", "Re[2]:"... prefixes are stripped first;
 * when the body's first command is the same as the Subject's it is not
 * given twice.  In the body, quoted lines ('>') are left out, and the text
 * stops at a signature ("-- " or "--"), a reply attribution ("On ... wrote:",
 * also wrapped over two or three lines, and a few other languages'), an
 * original or forwarded message marker, an Outlook "____" rule or an Outlook
 * header block (From: after a blank line, then Sent:/Date:).  A BOM and
 * zero-width spaces are removed, NBSP and tabs become spaces, each line is
 * trimmed.
 *
 * out is cleared, then holds the lines NUL-separated; lines[i] point into it
 * (valid until out changes).  Returns the count, at most max; command lines
 * past max are counted in *dropped ((size_t)-1 when out of memory).  Body
 * lines kept for reading (not blank, not quoted, before the stop) that are
 * not commands are counted in *ignored.  dropped and ignored may be NULL. */
size_t mail_commands(const mail_msg *m, const char *const *command_words, lx_buf *out,
                     const char **lines, size_t max, size_t *dropped, size_t *ignored);

/* The address an automatic answer to m goes to (RFC 3834 section 4): the
 * envelope sender, as the delivery agent's Return-Path gives it (the first
 * Return-Path: field; Postfix's pipe with flags=R and local(8) prepend it),
 * or From: when the message has no Return-Path at all; "" when that address
 * is missing or unusable, the null sender <> of a bounce included, and then
 * nothing is answered.  Never Reply-To: anyone can point that at a third
 * party.  The pointer is into m. */
const char *mail_answer_address(const mail_msg *m);

#endif
