/* test_diag.c - the diagnostic list: limits and the summary of what was left
 * out, position resolution (lines, CR/LF, columns in characters), ordering,
 * and messages cut on a character boundary. */
#include "testutil.h"

static void positions_count_lines_and_characters(void **state)
{
    (void)state;
    const char *text = "ab\r\ncd\réf\nxyz";
    lx_diag_list *l = lx_diag_list_new();
    lx_diag_add(l, LX_ERROR, "X3", 12, "three");         /* 'y' on line 4 */
    lx_diag_add(l, LX_WARNING, "X1", 1, "one");          /* 'b' */
    lx_diag_add(l, LX_ERROR, "X2", 9, "two");            /* 'f' after a 2-byte é */
    lx_diag_add(l, LX_FATAL, "X0", LX_NO_OFFSET, "file"); /* whole file: first */
    lx_diag_list_resolve(l, text, strlen(text));
    assert_int_equal(lx_diag_count(l), 4);
    const char *codes[] = {"X0", "X1", "X2", "X3"};
    uint32_t lines[] = {0, 1, 3, 4}, cols[] = {0, 2, 2, 2};
    for (size_t i = 0; i < 4; i++) {
        const lx_diag *d = lx_diag_get(l, i);
        assert_string_equal(d->code, codes[i]);
        assert_int_equal(d->line, lines[i]);
        assert_int_equal(d->col, cols[i]);
    }
    assert_int_equal(lx_diag_count_at_least(l, LX_ERROR), 3);
    assert_int_equal(lx_diag_count_at_least(l, LX_FATAL), 1);
    lx_diag_list_free(l);
}

static void the_limit_is_summarised_once_and_last(void **state)
{
    (void)state;
    lx_diag_list *l = lx_diag_list_new();
    lx_diag_list_set_limit(l, 3);
    for (int i = 0; i < 10; i++)
        lx_diag_add(l, LX_ERROR, "E", (size_t)(10 - i), "e%d", i);
    lx_diag_list_resolve(l, "0123456789ab", 12);
    assert_int_equal(lx_diag_count(l), 4);
    assert_int_equal(lx_diag_dropped(l), 7);
    const lx_diag *last = lx_diag_get(l, 3);
    assert_string_equal(last->code, "TOO_MANY_DIAGNOSTICS");
    assert_int_equal(last->severity, LX_WARNING);
    assert_string_equal(last->message, "7 more diagnostics were left out after the first 3");
    assert_int_equal(lx_diag_count_at_least(l, LX_ERROR), 10);
    /* more drops, resolved again: still one summary, still last, updated */
    lx_diag_add(l, LX_ERROR, "E", 0, "late");
    lx_diag_list_resolve(l, "0123456789ab", 12);
    assert_int_equal(lx_diag_count(l), 4);
    assert_string_equal(lx_diag_get(l, 3)->message, "8 more diagnostics were left out after the first 3");
    lx_diag_list_clear(l);
    assert_int_equal(lx_diag_count(l), 0);
    assert_int_equal(lx_diag_dropped(l), 0);
    lx_diag_list_free(l);
}

static void long_messages_are_cut_on_a_character_boundary(void **state)
{
    (void)state;
    char big[2000] = "xy"; /* then é é é ...: the cut at 511 bytes falls inside an é */
    for (size_t i = 2; i + 2 < sizeof big; i += 2)
        memcpy(big + i, "\xC3\xA9", 2);
    big[sizeof big - 1] = '\0';
    lx_diag_list *l = lx_diag_list_new();
    lx_diag_add(l, LX_ERROR, "LONG", 0, "%s", big);
    const char *m = lx_diag_get(l, 0)->message;
    size_t n = strlen(m);
    assert_int_equal(n, 510);
    for (size_t i = 2; i < n;) {
        unsigned char c = (unsigned char)m[i];
        size_t k = c < 0x80 ? 1 : 2;
        assert_true(c < 0x80 || c == 0xC3);
        assert_true(i + k <= n);
        i += k;
    }
    lx_diag_list_free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(positions_count_lines_and_characters),
        cmocka_unit_test(the_limit_is_summarised_once_and_last),
        cmocka_unit_test(long_messages_are_cut_on_a_character_boundary),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
