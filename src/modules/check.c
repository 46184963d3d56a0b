/* check.c - lx_check_document: everything `ludex check` does to one file.
 *
 * Read the document tree by tree (one tree in memory at a time, reused), run
 * the generic FF[4] checks with the game's own property table, replay the
 * tree under its game's rules when a module for its GM is registered, and
 * say so when none is: GM[21], GM[11] and GM[6] files get RULES_NOT_CHECKED
 * until their modules exist; other games UNSUPPORTED_GAME.  A file whose
 * trees name different games gets MIXED_GAMES.  Where a game's trees make
 * one whole (a backgammon match), its module's collection hooks see them all.
 * The summary counts the trees, their nodes, the moves the rules accepted
 * (every line's, with all_variations) and the trees left unchecked. */
#include <stdlib.h>

#include "base/text.h"
#include "ludex/hex.h"
#include "ludex/twixt.h"

#include "ludex/game.h"

/* What a game's spec says about B and W when this build has no module for it:
 * the Twixt spec (GM[21]) writes a long move as several values,
 * B[-i'3][-J4'][\\i'4][K4], where FF[4] allows one.  A module, once
 * registered, brings its own table and this one is not used. */
static const lx_sgf_propdef twixt_moves[] = {
    {"B", LX_PROP_MOVE, LX_VT_MOVE, LX_VT_NONE, LX_PF_LIST, "Black's move (Twixt: a long move is a list)"},
    {"W", LX_PROP_MOVE, LX_VT_MOVE, LX_VT_NONE, LX_PF_LIST, "White's move (Twixt: a long move is a list)"},
};

static lx_sgf_check_options generic_options(int gm, const lx_game_module *m)
{
    if (m)
        return (lx_sgf_check_options){m->props, m->nprops};
    if (gm == 21)
        return (lx_sgf_check_options){twixt_moves, sizeof twixt_moves / sizeof twixt_moves[0]};
    return (lx_sgf_check_options){NULL, 0};
}

/* The GM of a tree and where to point when speaking of it. */
static int tree_gm(const lx_sgf_tree *t, size_t *at)
{
    lx_sgf_prop p = lx_sgf_find_prop(t, 0, "GM");
    *at = p != LX_SGF_NIL ? lx_sgf_prop_offset(t, p) : lx_sgf_tree_offset(t);
    return lx_sgf_tree_gm(t);
}

/* Why tree t (of GM gm, named at `at`) has no rules here: the warning
 * `ludex check` gives.  Nothing for a GM that is not a positive number: the
 * generic checks say GM_INVALID. */
static void say_unchecked(const lx_sgf_tree *t, int gm, size_t at, lx_diag_list *diags)
{
    if (lx_sgf_find_prop(t, 0, "GM") == LX_SGF_NIL && lx_hex_is_little_golem(t)) {
        lx_diag_add(diags, LX_WARNING, "LITTLE_GOLEM_HEX", at,
                    "this looks like a Little Golem Hex record (no GM, White first, two-letter cells); rules not "
                    "checked - `ludex convert FILE --to sgf` turns it into standard Hex SGF");
        return;
    }
    if (lx_sgf_find_prop(t, 0, "GM") == LX_SGF_NIL && lx_twixt_is_little_golem(t)) {
        lx_diag_add(diags, LX_WARNING, "LITTLE_GOLEM_TWIXT", at,
                    "this looks like a Little Golem Twixt record (no GM, b[..] and r[..] moves); rules not checked "
                    "- `ludex convert FILE --to sgf` turns it into standard Twixt SGF");
        return;
    }
    const char *name = lx_game_gm_name(gm);
    if (gm == 21 || gm == 11 || gm == 6)
        lx_diag_add(diags, LX_WARNING, "RULES_NOT_CHECKED", at,
                    "GM[%d] (%s): rules not checked - this build has no %s module; syntax and the generic "
                    "FF[4] rules were checked", gm, name, name);
    else if (gm > 0)
        lx_diag_add(diags, LX_WARNING, "UNSUPPORTED_GAME", at,
                    "GM[%d]%s%s%s is not a game ludex plays; only syntax and the generic FF[4] rules were checked",
                    gm, name ? " (" : "", name ? name : "", name ? ")" : "");
}

static void note_unchecked(const lx_sgf_tree *t, int gm, size_t at, lx_diag_list *diags, lx_check_summary *s)
{
    s->unchecked++;
    say_unchecked(t, gm, at, diags);
}

const lx_game_module *lx_game_rules_for_tree(const lx_game_registry *reg, const lx_sgf_tree *t, lx_diag_list *why)
{
    size_t at;
    int gm = tree_gm(t, &at);
    const lx_game_module *m = gm <= 0 ? NULL : reg ? lx_game_by_gm(reg, gm) : lx_game_builtin_by_gm(gm);
    if (m || !why)
        return m;
    if (gm > 0) {
        say_unchecked(t, gm, at, why);
        return NULL;
    }
    lx_sgf_prop p = lx_sgf_find_prop(t, 0, "GM");
    lx_sgf_value v = {"", 0, LX_NO_OFFSET};
    if (p != LX_SGF_NIL && lx_sgf_value_count(t, p) > 0)
        v = lx_sgf_get_value(t, p, 0);
    int n = v.len > 32 ? 32 : (int)v.len;
    lx_diag_add(why, LX_ERROR, "GM_INVALID", at,
                "GM[%.*s%s]: the game must be a positive number (11 Hex, 6 Backgammon, 21 Twixt)", n,
                v.raw ? v.raw : "", (size_t)n < v.len ? "..." : "");
    return NULL;
}

/* What a file's trees share: the first game named, and the whole the trees
 * of one game make together (a backgammon match). */
typedef struct file_state {
    int first_gm;
    const lx_game_module *whole_module;
    void *whole;
    int no_whole;   /* a range of the file (lx_check_range): no whole can be made */
    int want_whole; /* ... and a tree would have needed one */
} file_state;

/* Give tree t to its module's collection hooks (the first such module only). */
static int add_to_whole(file_state *f, const lx_game_module *m, const lx_sgf_tree *t, lx_diag_list *diags)
{
    if (!m->collection_new || !m->collection_add || !m->collection_end)
        return 0;
    if (f->no_whole) {
        f->want_whole = 1;
        return 0;
    }
    if (!f->whole_module) {
        f->whole = m->collection_new();
        if (!f->whole)
            return -1;
        f->whole_module = m;
    }
    return f->whole_module == m ? m->collection_add(f->whole, t, diags) : 0;
}

/* Each move the replay applied (on every line, with all_variations) counts once. */
static int count_move(void *ctx, const lx_replay_event *ev)
{
    (void)ev;
    ++*(size_t *)ctx;
    return 0;
}

static int check_tree(const lx_sgf_tree *t, size_t index, const lx_game_registry *reg,
                      const lx_check_options *opt, file_state *f, lx_check_summary *s, lx_diag_list *diags)
{
    size_t at;
    int gm = tree_gm(t, &at);
    if (index == 0)
        f->first_gm = gm;
    else if (gm != f->first_gm && gm > 0 && f->first_gm > 0)
        lx_diag_add(diags, LX_ERROR, "MIXED_GAMES", at,
                    "this game tree is GM[%d] but the file's first is GM[%d]; a collection holds one game", gm,
                    f->first_gm);
    const lx_game_module *m = gm > 0 && reg ? lx_game_by_gm(reg, gm) : NULL;
    lx_sgf_check_options co = generic_options(gm, m);
    if (lx_sgf_check_tree(t, &co, diags) != 0)
        return -1;
    if (!m) {
        note_unchecked(t, gm, at, diags, s);
        return 0;
    }
    lx_replay_options ro = {opt && opt->all_variations, 0, 0};
    lx_replay_hooks count = {&s->moves, count_move, NULL, NULL};
    if (lx_replay_tree(t, index, m, &ro, &count, diags) != 0)
        return -1;
    return add_to_whole(f, m, t, diags);
}

int lx_check_document(const char *bytes, size_t len, const lx_check_options *opt, lx_check_summary *summary,
                      lx_diag_list *diags)
{
    lx_check_summary local = {0};
    lx_check_summary *s = summary ? summary : &local;
    *s = (lx_check_summary){0};
    size_t fatal_before = lx_diag_count_at_least(diags, LX_FATAL);
    lx_sgf_doc *doc = lx_sgf_doc_new(bytes, len, 1, opt ? opt->read : NULL, diags);
    if (!doc)
        return lx_diag_count_at_least(diags, LX_FATAL) > fatal_before ? 0 : -1;
    lx_game_registry *own = NULL;
    const lx_game_registry *reg = opt ? opt->registry : NULL;
    if (!reg)
        reg = own = lx_game_registry_new();
    lx_sgf_reader *r = lx_sgf_reader_new(doc, diags);
    lx_sgf_tree *t = NULL;
    file_state f = {0, NULL, NULL, 0, 0};
    int rc = reg && r ? 0 : -1, got;
    while (rc == 0 && (got = lx_sgf_reader_next(r, &t)) != 0) {
        if (got < 0) {
            rc = -1;
            break;
        }
        s->nodes += lx_sgf_node_count(t);
        rc = check_tree(t, s->games++, reg, opt, &f, s, diags);
    }
    if (f.whole)
        f.whole_module->collection_end(f.whole, diags); /* reports and frees */
    if (rc == 0 && s->games == 0)
        lx_diag_add(diags, LX_ERROR, "NO_GAME_TREE", LX_NO_OFFSET, "the file holds no SGF game tree (none starts with \"(;\")");
    size_t tl;
    const char *text = lx_sgf_doc_text(doc, &tl);
    lx_diag_list_resolve(diags, text, tl);
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    lx_game_registry_free(own);
    lx_sgf_doc_free(doc);
    return rc;
}

/* Whether text[from, to) is valid UTF-8, for a document whose text was not
 * checked (lx_sgf_doc_new_utf8_later); always for one that was.  Ranges
 * start and end after a ')' or at the ends of the text, so they are all
 * valid exactly when the whole text is. */
static int range_utf8(const lx_sgf_doc *doc, size_t from, size_t to)
{
    size_t len;
    const char *text = lx_sgf_doc_text(doc, &len);
    to = to < len ? to : len;
    return !lx_sgf_doc_utf8_unchecked(doc) || from >= to || lx_utf8_valid_prefix(text + from, to - from) == to - from;
}

int lx_check_range(const lx_sgf_doc *doc, size_t start, size_t end, const lx_check_range_spec *spec,
                   lx_check_summary *s, lx_diag_list *diags, lx_check_range_end *out)
{
    if (!range_utf8(doc, start, end)) {
        *out = (lx_check_range_end){start, 0, 1, 1}; /* only lx_sgf_doc_new repairs it */
        return 0;
    }
    lx_sgf_reader *r = lx_sgf_reader_new(doc, diags);
    lx_sgf_tree *t = NULL;
    file_state f = {spec->first_gm, NULL, NULL, 1, 0};
    size_t index = spec->first_in_file ? 0 : 1; /* only "the file's first tree or not" matters */
    int rc = r ? 0 : -1, got = 1;
    if (r)
        lx_sgf_reader_seek(r, start);
    while (rc == 0 && !f.want_whole && lx_sgf_reader_pos(r) < end && (got = lx_sgf_reader_next(r, &t)) != 0) {
        if (got < 0) {
            rc = -1;
            break;
        }
        s->nodes += lx_sgf_node_count(t);
        s->games++;
        rc = check_tree(t, index++, spec->registry, spec->check, &f, s, diags);
    }
    out->pos = r ? lx_sgf_reader_pos(r) : start;
    out->at_end = got == 0;
    out->not_utf8 = !f.want_whole && out->pos > end && !range_utf8(doc, end, out->pos);
    out->want_whole = f.want_whole || out->not_utf8;
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    return rc;
}
