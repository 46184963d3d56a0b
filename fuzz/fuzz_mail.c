/* fuzz_mail.c - libFuzzer harness for the mail gateway's parser.
 *
 * The input is one raw message (src/mail/message.c and its decoders, and
 * src/mail/commands.c, are compiled in; they need no socket).  A refusal
 * must say why.  A parsed message's text and Subject must be valid UTF-8
 * with no NUL (the text no CR either), its addresses plain local@domain;
 * its command lines at most the cap asked (the input's last byte picks it),
 * each non-empty, trimmed, one line, valid UTF-8, starting with a command
 * word, and inside the output buffer. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/text.h"
#include "mail/message.h"

static const char *const words[] = {"twixt", "hex", "help", "login", NULL};

static void valid_text(const char *s, size_t n)
{
    if (lx_utf8_valid_prefix(s, n) != n || strlen(s) != n)
        abort();
}

static void address(const char *a)
{
    if (a[0] && (!strchr(a, '@') || strpbrk(a, " \t\r\n<>\"") || a[0] == '-'))
        abort();
}

static void commands(const mail_msg *m, size_t max)
{
    lx_buf out = LX_BUF_INIT;
    const char *lines[16];
    size_t dropped = 0, ignored = 0;
    size_t n = mail_commands(m, words, &out, lines, max, &dropped, &ignored);
    if (n > max)
        abort();
    for (size_t i = 0; i < n; i++) {
        const char *l = lines[i];
        size_t len = strlen(l);
        if (l < out.data || l + len >= out.data + out.len + 1 || len == 0 || strchr(l, '\n') ||
            l[0] == ' ' || l[len - 1] == ' ' || lx_utf8_valid_prefix(l, len) != len)
            abort();
        size_t w = strcspn(l, " "), k = 0;
        while (words[k] && !(strlen(words[k]) == w && !strncasecmp(l, words[k], w)))
            k++;
        if (!words[k])
            abort();
    }
    lx_buf_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mail_msg m;
    char err[160];
    if (mail_parse((const char *)data, size, &m, err, sizeof err) != 0) {
        if (!err[0])
            abort();
        mail_msg_free(&m);
        return 0;
    }
    valid_text(m.text.data, m.text.len);
    if (memchr(m.text.data, '\r', m.text.len))
        abort();
    valid_text(m.subject, strlen(m.subject));
    address(m.from);
    address(m.reply_to);
    address(m.return_path);
    commands(&m, size ? data[size - 1] % 17 : 0);
    mail_msg_free(&m);
    return 0;
}
