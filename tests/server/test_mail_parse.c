/* test_mail_parse.c - the mail gateway's parser: headers, MIME, charsets, and
 * which lines of a real person's mail are the commands to run. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mail/message.h"

static const char *const words[] = {"twixt", "hex", "backgammon", "login", "help", NULL};

typedef struct got {
    mail_msg m;
    lx_buf out;
    const char *lines[64];
    size_t n, dropped, ignored;
} got;

/* Parse text (must succeed) and take up to max command lines. */
static void run(got *g, const char *text, size_t max)
{
    char err[200];
    memset(g, 0, sizeof *g);
    assert_int_equal(mail_parse(text, strlen(text), &g->m, err, sizeof err), 0);
    assert_string_equal(err, "");
    g->n = mail_commands(&g->m, words, &g->out, g->lines, max, &g->dropped, &g->ignored);
}

static void done(got *g)
{
    mail_msg_free(&g->m);
    lx_buf_free(&g->out);
}

/* Exactly these command lines (NULL-terminated), and that many ignored. */
static void expect(const got *g, size_t ignored, const char *const *want)
{
    size_t n = 0;
    while (want[n])
        n++;
    assert_int_equal(g->n, n);
    for (size_t i = 0; i < n; i++)
        assert_string_equal(g->lines[i], want[i]);
    assert_int_equal(g->ignored, ignored);
    assert_int_equal(g->dropped, 0);
}

/* Parse mail, take up to 10 command lines: exactly want (when not NULL),
 * that many ignored; the text and content note (when not NULL). */
static void check(const char *mail, const char *text, const char *note, size_t ignored,
                  const char *const *want)
{
    got g;
    run(&g, mail, 10);
    if (text)
        assert_string_equal(g.m.text.data, text);
    if (note)
        assert_string_equal(g.m.content_note, note);
    if (want)
        expect(&g, ignored, want);
    done(&g);
}

static void test_qp_latin1_alternative(void **state)
{
    got g;
    (void)state;
    run(&g,
        "From: Alice <alice@example.org>\r\n"
        "To: ludex@example.net\r\n"
        "Subject: my move\r\n"
        "MIME-Version: 1.0\r\n"
        "Content-Type: multipart/alternative;\r\n"
        "\tboundary=\"=_alt 1\"\r\n"
        "\r\n"
        "This is a multi-part message in MIME format.\r\n"
        "--=_alt 1\r\n"
        "Content-Type: text/plain; CHARSET=ISO-8859-1\r\n"
        "Content-Transfer-Encoding: Quoted-Printable\r\n"
        "\r\n"
        "Bonjour, voil=E0 mon coup, caf=E9 !\r\n"
        "twixt move 12 alice pw j1=\r\n"
        "2\r\n"
        "--=_alt 1\r\n"
        "Content-Type: text/html; charset=iso-8859-1\r\n"
        "\r\n"
        "<p>twixt move 12 alice pw j12</p>\r\n"
        "--=_alt 1--\r\n",
        10);
    assert_string_equal(g.m.from, "alice@example.org");
    assert_string_equal(g.m.content_note, "text/plain; charset=ISO-8859-1; quoted-printable");
    assert_string_equal(g.m.text.data,
                        "Bonjour, voil\xC3\xA0 mon coup, caf\xC3\xA9 !\ntwixt move 12 alice pw j12");
    expect(&g, 1, (const char *const[]){"twixt move 12 alice pw j12", NULL});
    done(&g);
}

static void test_base64_plain(void **state)
{
    (void)state;
    /* "hex move 3 bob pw e5\nthanks\n" */
    check("From: bob@example.org\n"
          "Content-Type: text/plain; charset=utf-8\n"
          "Content-Transfer-Encoding: base64\n"
          "\n"
          "aGV4IG1vdmUgMyBib2IgcHcgZTUK\n"
          "dGhhbmtzCg==\n",
          "hex move 3 bob pw e5\nthanks\n", "text/plain; charset=utf-8; base64", 1,
          (const char *const[]){"hex move 3 bob pw e5", NULL});
    /* truncated base64, and junk in it: what there is, is decoded */
    check("From: a@b.org\nContent-Transfer-Encoding: base64\n\naGV4I*G1v!dmUgMS\n", "hex move 1", NULL, 0,
          NULL);
}

static void test_html_only(void **state)
{
    got g;
    (void)state;
    run(&g,
        "From: carol@example.org\n"
        "Content-Type: text/html; charset=\"utf-8\"\n"
        "\n"
        "<html><head><title>twixt move 9 x y z</title><style>p { color: red }</style></head><body>\n"
        "<div>twixt move 1 alice pw j12</div><blockquote>twixt move 1 alice pw a1</blockquote>\n"
        "<div>twixt&nbsp;move 2 alice pw k&#49;3<br>hex move 4 a &lt;b&gt; &amp; &#x41;&eacute;</div>\n"
        "<script>twixt move 3 evil</script><p>bye</p></body></html>\n",
        10);
    assert_string_equal(g.m.content_note, "text/html; charset=utf-8; 7bit");
    assert_null(strstr(g.m.text.data, "a1"));
    expect(&g, 1,
           (const char *const[]){"twixt move 1 alice pw j12", "twixt move 2 alice pw k13",
                                 "hex move 4 a <b> & A\xC3\xA9", NULL});
    done(&g);
}

static void test_nested_multipart(void **state)
{
    (void)state;
    check("From: dave@example.org\n"
          "Content-Type: multipart/mixed; boundary=outer\n"
          "\n"
          "--outer\n"
          "Content-Type: text/plain; name=notes.txt\n"
          "Content-Disposition: attachment; filename=notes.txt\n"
          "\n"
          "twixt move 1 attached file\n"
          "--outer\n"
          "Content-Type: multipart/alternative; boundary=\"inner\"\n"
          "\n"
          "--inner\n"
          "Content-Type: text/html\n"
          "\n"
          "<div>twixt move 5 dave pw html</div>\n"
          "--inner\n"
          "Content-Type: text/plain\n"
          "\n"
          "twixt move 5 dave pw plain\n"
          "--inner--\n"
          "--outer--\n",
          "twixt move 5 dave pw plain", "text/plain; charset=us-ascii; 7bit", 0,
          (const char *const[]){"twixt move 5 dave pw plain", NULL});
}

static void test_quoted_reply(void **state)
{
    static const struct {
        const char *mail;
        size_t ignored;
    } replies[] = {
        {"From: alice@example.org\n\nHi Bob,\n\n"
         "twixt move 12 alice pw j12\n"
         "  > twixt move 11 alice pw a1\n\n"
         "On Tue, 24 Nov 2026, Bob <b@x> wrote:\n"
         "> twixt move 11 bob pw k11\n"
         ">> twixt move 10 alice pw c3\n"
         "twixt move 99 after the attribution\n",
         1},
        /* the attribution wrapped over two lines */
        {"From: alice@example.org\n\ntwixt move 12 alice pw j12\n"
         "On Tue, 24 Nov 2026 at 10:15, Bob Example <bob@\n"
         "example.org> wrote:\n"
         "twixt move 11 bob pw k11\n",
         0},
    };
    (void)state;
    for (size_t i = 0; i < sizeof replies / sizeof replies[0]; i++)
        check(replies[i].mail, NULL, NULL, replies[i].ignored,
              (const char *const[]){"twixt move 12 alice pw j12", NULL});
}

static void test_signature(void **state)
{
    (void)state;
    check("From: a@b.org\n\ntwixt move 1 a pw b2\n-- \nhelp is on the way\ntwixt move 2 a pw c3\n", NULL,
          NULL, 0, (const char *const[]){"twixt move 1 a pw b2", NULL});
    check("From: a@b.org\n\nhelp\n--\nhex move 1\n", NULL, NULL, 0, (const char *const[]){"help", NULL});
}

static void test_outlook(void **state)
{
    (void)state;
    static const char *const tails[] = {
        "-----Original Message-----\nFrom: Bob\ntwixt move 2 b pw x\n",
        "----- Original Message -----\ntwixt move 2 b pw x\n",
        "________________________________\nFrom: Bob <bob@x.org>\nSent: Tuesday\ntwixt move 2 b pw x\n",
        "\nFrom: Bob <bob@x.org>\nSent: Tuesday, 24 November 2026\nTo: Alice\n\ntwixt move 2 b pw x\n",
        "Begin forwarded message:\n\ntwixt move 2 b pw x\n",
        "---------- Forwarded message ---------\ntwixt move 2 b pw x\n",
    };
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        char mail[512];
        snprintf(mail, sizeof mail, "From: a@b.org\n\ntwixt move 1 a pw b2\n%s", tails[i]);
        check(mail, NULL, NULL, 0, (const char *const[]){"twixt move 1 a pw b2", NULL});
    }
    /* a From: line not followed by Sent: or Date: is just a line */
    check("From: a@b.org\n\nx\n\nFrom: me\ntwixt move 3 a pw c\n", NULL, NULL, 2,
          (const char *const[]){"twixt move 3 a pw c", NULL});
}

static void test_subject_command(void **state)
{
    (void)state;
    check("From: a@b.org\nSubject: Re: AW: Fwd: twixt move 12 alice pw j12\n\ntwixt move 12 alice pw j12\n",
          NULL, NULL, 0, (const char *const[]){"twixt move 12 alice pw j12", NULL});
    check("From: a@b.org\nSubject: RE[2]: help\n\ntwixt move 12 alice pw j12\nhelp\n", NULL, NULL, 0,
          (const char *const[]){"help", "twixt move 12 alice pw j12", "help", NULL});
    check("From: a@b.org\nSubject: Re: [ludex] twixt 12: your turn\n\nok\ntwixt move 12 alice pw j12\n", NULL,
          NULL, 1, (const char *const[]){"twixt move 12 alice pw j12", NULL});
}

static void test_encoded_subject(void **state)
{
    got g;
    (void)state;
    run(&g, "From: a@b.org\nSubject: =?ISO-8859-1?Q?caf=E9_au?=  =?iso-8859-1?q?_lait?= ok\n\n", 10);
    assert_string_equal(g.m.subject, "caf\xC3\xA9 au lait ok");
    done(&g);
    /* "héllo wörld" in UTF-8, base64, the "ö" split between two words */
    run(&g,
        "From: a@b.org\n"
        "Subject: =?UTF-8?B?aMOpbGxvIHfD?=\n"
        " =?UTF-8?B?tnJsZA==?=\n\n",
        10);
    assert_string_equal(g.m.subject, "h\xC3\xA9llo w\xC3\xB6rld");
    done(&g);
    run(&g, "From: a@b.org\nSubject: =?x-unknown?Q?bad=FF?= and =?utf-8?Q?broken\n\n", 10);
    assert_string_equal(g.m.subject, "bad\xEF\xBF\xBD and =?utf-8?Q?broken");
    done(&g);
}

static void test_max_commands(void **state)
{
    got g;
    lx_buf mail = LX_BUF_INIT;
    (void)state;
    lx_buf_append_str(&mail, "From: a@b.org\nSubject: twixt move 0 a pw a0\n\n");
    for (int i = 1; i <= 50; i++)
        lx_buf_printf(&mail, "twixt move %d a pw b%d\n\n", i, i);
    run(&g, mail.data, 20);
    assert_int_equal(g.n, 20);
    assert_int_equal(g.dropped, 31);
    assert_string_equal(g.lines[0], "twixt move 0 a pw a0");
    assert_string_equal(g.lines[19], "twixt move 19 a pw b19");
    for (size_t i = 0; i < g.n; i++)
        assert_null(strchr(g.lines[i], '\n'));
    done(&g);
    lx_buf_free(&mail);
}

static void test_crlf_and_headers(void **state)
{
    got g;
    (void)state;
    run(&g,
        "From mailer-daemon  Tue Nov 24 10:00:00 2026\r\n"
        "Return-Path: <>\r\n"
        "FROM: \"Doe, John\" (the boss) <john.doe@example.org>\r\n"
        "reply-to: Friends: alice@example.org, bob@example.org;\r\n"
        "Message-ID: <abc.123@example.org>\r\n"
        "In-Reply-To: <board.12.7.alice@ludex.example> (your move)\r\n"
        "References: <a@x> <b@y>\r\n"
        "\t<board.12.7.alice@ludex.example>\r\n"
        "Auto-Submitted: Auto-Replied (vacation)\r\n"
        "Precedence: BULK\r\n"
        "List-Unsubscribe: <mailto:x@y>\r\n"
        "X-Ludex: board 12\r\n"
        "Subject: a long\r\n"
        " folded subject\r\n"
        "\r\n"
        "line one\r\nline two\rline three\r\n",
        10);
    assert_int_equal(g.m.has_return_path, 1);
    assert_string_equal(g.m.return_path, "");
    assert_string_equal(g.m.from, "john.doe@example.org");
    assert_string_equal(g.m.reply_to, "alice@example.org");
    assert_string_equal(g.m.message_id, "abc.123@example.org");
    assert_string_equal(g.m.in_reply_to, "board.12.7.alice@ludex.example");
    assert_string_equal(g.m.references, "<a@x> <b@y> <board.12.7.alice@ludex.example>");
    assert_string_equal(g.m.auto_submitted, "auto-replied");
    assert_string_equal(g.m.precedence, "bulk");
    assert_int_equal(g.m.has_list_id, 1);
    assert_string_equal(g.m.x_ludex, "board 12");
    assert_string_equal(g.m.subject, "a long folded subject");
    assert_string_equal(g.m.text.data, "line one\nline two\nline three\n");
    expect(&g, 3, (const char *const[]){NULL});
    done(&g);
}

static void test_addresses(void **state)
{
    static const struct {
        const char *from, *want;
    } cases[] = {
        {"alice@example.org (Alice A.)", "alice@example.org"},
        {"<@relay.example:alice@example.org>", "alice@example.org"},
        {"\"a <fake@evil.org>, b\" <real@example.org>", "real@example.org"},
        {"undisclosed-recipients:;", ""},
        {"-oQ/tmp@example.org", ""},
        {"Alice <alice$(id)@example.org>", ""},
        {"just a name", ""},
        {"<>", ""},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        got g;
        char mail[256];
        snprintf(mail, sizeof mail, "Return-Path: <bounce@example.org>\nFrom: %s\n\nx\n", cases[i].from);
        run(&g, mail, 1);
        assert_string_equal(g.m.from, cases[i].want);
        assert_string_equal(g.m.return_path, "bounce@example.org");
        done(&g);
    }
}

/* An automatic answer goes to the envelope sender (Return-Path), to From when
 * there is none, and never to Reply-To (RFC 3834 section 4): a forged
 * Reply-To must not aim the server's answer at a third party. */
static void test_answer_address(void **state)
{
    static const struct {
        const char *headers, *want;
    } cases[] = {
        {"Return-Path: <envelope@example.org>\nFrom: from@example.org\nReply-To: victim@example.net\n",
         "envelope@example.org"},
        {"Reply-To: victim@example.net\nFrom: from@example.org\nReturn-Path: <envelope@example.org>\n",
         "envelope@example.org"},
        {"From: from@example.org\nReply-To: victim@example.net\n", "from@example.org"},
        {"Reply-To: victim@example.net\nFrom: Alice <from@example.org>\n", "from@example.org"},
        {"From: from@example.org\n", "from@example.org"},
        {"Return-Path: <>\nFrom: from@example.org\nReply-To: victim@example.net\n", ""},     /* a bounce */
        {"Return-Path: <MAILER-DAEMON>\nFrom: from@example.org\n", ""},                      /* unusable */
        {"Return-Path: <first@example.org>\nReturn-Path: <second@example.org>\nFrom: f@example.org\n",
         "first@example.org"},                                                               /* the MTA's, on top */
        {"Reply-To: victim@example.net\nSubject: no from\n", ""},
        {"Return-Path: <-oQ/tmp@example.org>\nFrom: from@example.org\n", ""},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        got g;
        char mail[512];
        snprintf(mail, sizeof mail, "%s\nhelp\n", cases[i].headers);
        run(&g, mail, 1);
        assert_string_equal(mail_answer_address(&g.m), cases[i].want);
        done(&g);
    }
}

static void test_malformed_mime(void **state)
{
    (void)state;
    /* headers only, without even a blank line */
    check("From: a@b.org\nSubject: help", "", "text/plain; charset=us-ascii; 7bit", 0,
          (const char *const[]){"help", NULL});
    /* the closing boundary is missing: the last part runs to the end */
    check("From: a@b.org\nContent-Type: multipart/mixed; boundary=b1\n\n--b1\n\ntwixt move 1 a pw b\n",
          "twixt move 1 a pw b\n", "text/plain; charset=us-ascii; 7bit", 0,
          (const char *const[]){"twixt move 1 a pw b", NULL});
    /* the boundary never comes: the body is read as text */
    check("From: a@b.org\nContent-Type: multipart/mixed; boundary=b1\n\ntwixt move 1 a pw b\n", NULL,
          "text/plain; charset=us-ascii; 7bit (multipart without its boundary)", 0,
          (const char *const[]){"twixt move 1 a pw b", NULL});
    /* an inner multipart left open is closed by the outer boundary */
    check("From: a@b.org\nContent-Type: multipart/mixed; boundary=o\n\n"
          "--o\nContent-Type: multipart/alternative; boundary=i\n\n--i\nContent-Type: image/png\n\nxx\n"
          "--o\nContent-Type: text/plain\n\nhelp\n--o--\nepilogue\n",
          "help", NULL, 0, (const char *const[]){"help", NULL});
    /* no text part at all */
    check("From: a@b.org\nContent-Type: image/png\nContent-Transfer-Encoding: base64\n\niVBORw0K\n", "", "",
          0, (const char *const[]){NULL});
    /* invalid quoted-printable and bytes that are not UTF-8 */
    check("From: a@b.org\nContent-Transfer-Encoding: quoted-printable\n\nhelp =ZZ =\n=4\xFF\n",
          "help =ZZ =4\xEF\xBF\xBD\n", NULL, 0, (const char *const[]){"help =ZZ =4\xEF\xBF\xBD", NULL});
}

static void test_bom_nbsp_and_no_blank_line(void **state)
{
    (void)state;
    check("From: a@b.org\nthis line is not a field\n\xEF\xBB\xBFtwixt\xC2\xA0move 1\ta pw b2\xC2\xA0\n", NULL,
          NULL, 1, (const char *const[]){"twixt move 1 a pw b2", NULL});
}

static void test_refused_or_cut(void **state)
{
    mail_msg m;
    char err[200];
    (void)state;
    assert_int_equal(mail_parse("hello there\ntwixt move 1\n", 25, &m, err, sizeof err), -1);
    assert_string_equal(err, "the message has no header: its first line is not a field \"Name: value\"");
    mail_msg_free(&m);
    assert_int_equal(mail_parse("", 0, &m, err, sizeof err), -1);
    mail_msg_free(&m);
    char *big = malloc(MAIL_MAX_BYTES + 1);
    assert_non_null(big);
    /* over the limit: read only as far as the limit, and said so */
    memset(big, 'x', MAIL_MAX_BYTES + 1);
    memcpy(big, "From: a@b.org\n\nhelp\n", 20);
    assert_int_equal(mail_parse(big, MAIL_MAX_BYTES + 1, &m, err, sizeof err), 0);
    assert_int_equal(m.truncated, 1);
    assert_string_equal(m.from, "a@b.org");
    assert_int_equal(m.text.len, MAIL_MAX_BYTES - 15);
    mail_msg_free(&m);
    assert_int_equal(mail_parse(big, MAIL_MAX_BYTES, &m, err, sizeof err), 0);
    assert_int_equal(m.truncated, 0);
    mail_msg_free(&m);
    free(big);
}

static void test_deep_and_many_headers(void **state)
{
    got g;
    lx_buf mail = LX_BUF_INIT;
    (void)state;
    lx_buf_append_str(&mail, "From: a@b.org\n");
    for (int i = 0; i < 1200; i++)
        lx_buf_printf(&mail, "X-Filler-%d: %d\n", i, i);
    lx_buf_append_str(&mail, "Subject: too late\n\nhelp\n");
    run(&g, mail.data, 10);
    assert_string_equal(g.m.subject, ""); /* past the header line cap */
    expect(&g, 0, (const char *const[]){"help", NULL});
    done(&g);
    lx_buf_clear(&mail);
    /* deeper than MAIL_MAX_DEPTH: the part that is too deep is not entered */
    lx_buf_append_str(&mail, "From: a@b.org\nContent-Type: multipart/mixed; boundary=d0\n\n");
    for (int i = 0; i < 20; i++)
        lx_buf_printf(&mail, "--d%d\nContent-Type: multipart/mixed; boundary=d%d\n\n", i, i + 1);
    lx_buf_append_str(&mail, "--d20\n\nhelp\n");
    run(&g, mail.data, 10);
    assert_string_equal(g.m.text.data, "");
    done(&g);
    lx_buf_free(&mail);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_qp_latin1_alternative),
        cmocka_unit_test(test_base64_plain),
        cmocka_unit_test(test_html_only),
        cmocka_unit_test(test_nested_multipart),
        cmocka_unit_test(test_quoted_reply),
        cmocka_unit_test(test_signature),
        cmocka_unit_test(test_outlook),
        cmocka_unit_test(test_subject_command),
        cmocka_unit_test(test_encoded_subject),
        cmocka_unit_test(test_max_commands),
        cmocka_unit_test(test_crlf_and_headers),
        cmocka_unit_test(test_addresses),
        cmocka_unit_test(test_answer_address),
        cmocka_unit_test(test_malformed_mime),
        cmocka_unit_test(test_bom_nbsp_and_no_blank_line),
        cmocka_unit_test(test_refused_or_cut),
        cmocka_unit_test(test_deep_and_many_headers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
