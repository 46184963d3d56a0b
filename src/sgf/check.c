/* check.c - the generic FF[4] checks on one game tree, for every game.
 *
 * What is checked (codes in README.md):
 *   - where properties may stand: root properties only in the root, game info
 *     in one node per path, no move and setup properties in one node, not both
 *     B and W in one node, no ID twice in one node;
 *   - values, by the property table (props.c, and the caller's game-specific
 *     table, which wins): how many, empty or not, Number, Real, Double, Color,
 *     none, composed "a:b", valid UTF-8 text; and what FF, GM, SZ and ST may be.
 * What is not: Point, Move and Stone values (only the ':' structure of
 * compressed point lists and composed values is looked at: the coordinates are
 * the game module's business), mixed GM values in one file (the game layer),
 * and unknown or private properties, which are legal and stay silent.
 *
 * Speed: the tree is walked once, forward over node indices; it never recurses
 * (a parent always has a smaller index than its children, so "game info seen
 * on the path" is one byte per node filled in that one pass).  Each distinct
 * property ID is looked up once per tree and cached by its per-tree number;
 * values are only looked at when their type needs it (nothing for a B or W
 * whose type is game-specific).  One scratch block per call, on the stack
 * when the tree is small. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/text.h"
#include "sgf/tree_impl.h"

/* A sanity bound on SZ, not an FF[4] rule: 702 = 26 + 26 * 26 columns, as far
 * as column names a..z, aa..zz reach.  A game module may allow less. */
#define SZ_MAX 702

/* What a property ID means for the placement checks, as bits. */
enum {
    ROLE_MOVE = 1,
    ROLE_SETUP = 2,
    ROLE_ROOT = 4,
    ROLE_GAME_INFO = 8,
    ROLE_BLACK = 16,
    ROLE_WHITE = 32
};

/* FF[4] root properties whose values have rules beyond their type. */
typedef enum special { SPECIAL_NONE, SPECIAL_FF, SPECIAL_GM, SPECIAL_SZ, SPECIAL_ST, SPECIAL_CA, SPECIAL_AP } special;

enum { CHECK_COUNT = 1, CHECK_VALUES = 2 };

typedef struct name_info {
    const lx_sgf_propdef *def; /* NULL: unknown, never checked */
    uint32_t last_node;        /* the last node of 2+ properties it was seen in (DUPLICATE_PROPERTY) */
    uint8_t roles;
    uint8_t checks;
    uint8_t special;
} name_info;

typedef struct checker {
    const lx_sgf_tree *t;
    lx_diag_list *diags;
    name_info *names;
    uint8_t *info_on_path; /* per node: game info in this node or an ancestor */
    int oom;
} checker;

/* A value's bytes, wherever they live. */
typedef struct value_ref {
    const char *raw;
    size_t len;
    size_t offset;   /* of '[', or LX_NO_OFFSET */
    int maybe_bad_utf8; /* built values may hold anything; document text is UTF-8 */
} value_ref;

/* ---- reporting ---- */

static void report(checker *c, lx_severity sev, const char *code, size_t offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static void report(checker *c, lx_severity sev, const char *code, size_t offset, const char *fmt, ...)
{
    if (!c->diags)
        return;
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (lx_diag_add(c->diags, sev, code, offset, "%s", msg) != 0)
        c->oom = 1;
}

static size_t prop_offset(const lx_sgf_tree *t, uint32_t p)
{
    return t->props[p].offset == UINT32_MAX ? LX_NO_OFFSET : t->props[p].offset;
}

static const char *prop_name(const checker *c, uint32_t p)
{
    return lx_sgf_tree_name(c->t, c->t->props[p].name);
}

static value_ref get_value(const lx_sgf_tree *t, uint32_t p, uint32_t i)
{
    const sgf_value *v = &t->values[t->props[p].first_value + i];
    value_ref r;
    if (v->len & LX_VAL_IN_POOL) {
        r.raw = t->pool.data ? t->pool.data + v->off : "";
        r.len = v->len & ~LX_VAL_IN_POOL;
        r.offset = LX_NO_OFFSET;
        r.maybe_bad_utf8 = 1;
    } else {
        r.raw = t->text + v->off;
        r.len = v->len;
        r.offset = v->off - 1;
        r.maybe_bad_utf8 = 0;
    }
    return r;
}

/* How many bytes of a value to quote in a message: at most 40, and only
 * valid UTF-8 (never the middle of a sequence).  *more is "..." when cut. */
static int quote_len(const value_ref *v, const char **more)
{
    size_t n = lx_utf8_valid_prefix(v->raw, v->len < 40 ? v->len : 40);
    *more = n < v->len ? "..." : "";
    return (int)n;
}

/* ---- the table ---- */

static const char *type_name(lx_sgf_vtype vt)
{
    switch (vt) {
    case LX_VT_NONE: return "none (an empty value)";
    case LX_VT_NUMBER: return "Number";
    case LX_VT_REAL: return "Real";
    case LX_VT_DOUBLE: return "Double (1 or 2)";
    case LX_VT_COLOR: return "Color (B or W)";
    case LX_VT_SIMPLETEXT: return "SimpleText";
    case LX_VT_TEXT: return "Text";
    case LX_VT_POINT: return "Point";
    case LX_VT_MOVE: return "Move";
    case LX_VT_STONE: return "Stone";
    case LX_VT_ANY: break;
    }
    return "anything";
}

/* "Number or Number:Number", "Point:SimpleText", ... into buf. */
static const char *expected_form(const lx_sgf_propdef *def, char *buf, size_t cap)
{
    const char *a = type_name(def->first), *b = type_name(def->second);
    if (def->flags & LX_PF_COMPOSE)
        snprintf(buf, cap, "%s%s:%s", def->flags & LX_PF_NONE_OR ? "an empty value or " : "", a, b);
    else if (def->flags & LX_PF_COMPOSE_OPT)
        snprintf(buf, cap, "%s or %s:%s", a, a, b);
    else if (def->flags & LX_PF_POINT_LIST)
        snprintf(buf, cap, "%s, or %s:%s for a rectangle", a, a, a);
    else
        snprintf(buf, cap, "%s", a);
    return buf;
}

static const lx_sgf_propdef *find_extra(const lx_sgf_check_options *opt, const char *id)
{
    if (!opt || !opt->extra)
        return NULL;
    for (size_t i = 0; i < opt->nextra; i++)
        if (opt->extra[i].id && opt->extra[i].id[0] == id[0] && strcmp(opt->extra[i].id, id) == 0)
            return &opt->extra[i];
    return NULL;
}

static special special_for(const char *id)
{
    if (!id[0] || !id[1] || id[2])
        return SPECIAL_NONE;
    switch (id[0] << 8 | id[1]) {
    case 'F' << 8 | 'F': return SPECIAL_FF;
    case 'G' << 8 | 'M': return SPECIAL_GM;
    case 'S' << 8 | 'Z': return SPECIAL_SZ;
    case 'S' << 8 | 'T': return SPECIAL_ST;
    case 'C' << 8 | 'A': return SPECIAL_CA;
    case 'A' << 8 | 'P': return SPECIAL_AP;
    default: return SPECIAL_NONE;
    }
}

static uint8_t roles_of(const lx_sgf_propdef *def, const char *id)
{
    uint8_t r = 0;
    switch (def->category) {
    case LX_PROP_MOVE: r = ROLE_MOVE; break;
    case LX_PROP_SETUP: r = ROLE_SETUP; break;
    case LX_PROP_ROOT: r = ROLE_ROOT; break;
    case LX_PROP_GAME_INFO: r = ROLE_GAME_INFO; break;
    case LX_PROP_NODE:
    case LX_PROP_INHERIT: break;
    }
    if (id[0] == 'B' && !id[1])
        r |= ROLE_BLACK;
    else if (id[0] == 'W' && !id[1])
        r |= ROLE_WHITE;
    return r;
}

/* Whether a property's values need a look beyond their count. */
static int values_need_look(const lx_sgf_propdef *def)
{
    int game_specific = def->first == LX_VT_POINT || def->first == LX_VT_MOVE || def->first == LX_VT_STONE;
    unsigned structure = LX_PF_COMPOSE | LX_PF_COMPOSE_OPT | LX_PF_POINT_LIST | LX_PF_ELIST | LX_PF_NONE_OR;
    return !(game_specific && !(def->flags & structure));
}

static void describe_name(checker *c, uint32_t name, const lx_sgf_check_options *opt)
{
    const char *id = lx_sgf_tree_name(c->t, name);
    name_info *ni = &c->names[name];
    const lx_sgf_propdef *def = find_extra(opt, id);
    int ff4 = 0;
    if (!def) {
        def = lx_sgf_propdef_find(id);
        ff4 = def != NULL;
    }
    ni->def = def;
    ni->last_node = LX_SGF_NIL;
    ni->roles = 0;
    ni->checks = 0;
    ni->special = SPECIAL_NONE;
    if (!def)
        return;
    ni->roles = roles_of(def, id);
    ni->special = (uint8_t)(ff4 ? special_for(id) : SPECIAL_NONE);
    if (def->first == LX_VT_ANY)
        return;
    ni->checks = CHECK_COUNT;
    if (values_need_look(def) || ni->special != SPECIAL_NONE)
        ni->checks |= CHECK_VALUES;
}

/* ---- one part of a value ---- */

typedef enum verdict { PART_OK, PART_HARMLESS, PART_BAD } verdict;

static verdict check_part(lx_sgf_vtype vt, const char *s, size_t len, int maybe_bad_utf8)
{
    switch (vt) {
    case LX_VT_NUMBER:
        return lx_sgf_parse_number(s, len, NULL) == 0 ? PART_OK : PART_BAD;
    case LX_VT_REAL:
        return lx_sgf_parse_real(s, len, NULL) == 0 ? PART_OK : PART_BAD;
    case LX_VT_DOUBLE:
        return len == 1 && (s[0] == '1' || s[0] == '2') ? PART_OK : PART_BAD;
    case LX_VT_COLOR:
        if (len == 1 && (s[0] == 'B' || s[0] == 'W'))
            return PART_OK;
        return len == 1 && (s[0] == 'b' || s[0] == 'w') ? PART_HARMLESS : PART_BAD;
    case LX_VT_NONE:
        return len == 0 ? PART_OK : PART_HARMLESS;
    case LX_VT_SIMPLETEXT:
    case LX_VT_TEXT:
        return !maybe_bad_utf8 || lx_utf8_valid_prefix(s, len) == len ? PART_OK : PART_BAD;
    case LX_VT_POINT:
    case LX_VT_MOVE:
    case LX_VT_STONE:
        return len > 0 ? PART_OK : PART_BAD; /* only inside composed values and rectangles */
    case LX_VT_ANY:
        break;
    }
    return PART_OK;
}

static int is_text(lx_sgf_vtype vt) { return vt == LX_VT_SIMPLETEXT || vt == LX_VT_TEXT; }

/* The severity of a bad value: game info only describes the game, so a bad
 * TM (say) is a warning; everything else is an error. */
static lx_severity bad_value_severity(const lx_sgf_propdef *def, verdict v)
{
    return v == PART_HARMLESS || def->category == LX_PROP_GAME_INFO ? LX_WARNING : LX_ERROR;
}

static void bad_value(checker *c, uint32_t p, const name_info *ni, const value_ref *v, verdict how_bad)
{
    char form[96];
    const char *id = prop_name(c, p);
    lx_severity sev = bad_value_severity(ni->def, how_bad);
    expected_form(ni->def, form, sizeof form);
    if (v->maybe_bad_utf8 && lx_utf8_valid_prefix(v->raw, v->len) != v->len) {
        report(c, sev, "BAD_VALUE", v->offset, "a value of %s is not valid UTF-8; expected %s", id, form);
        return;
    }
    const char *more;
    int n = quote_len(v, &more);
    if (ni->def->first == LX_VT_NONE && !(ni->def->flags & LX_PF_COMPOSE))
        report(c, sev, "BAD_VALUE", v->offset, "%s[%.*s%s]: %s takes no value (write %s[]); the value was ignored",
               id, n, v->raw, more, id, id);
    else if (ni->def->first == LX_VT_COLOR && how_bad == PART_HARMLESS)
        report(c, sev, "BAD_VALUE", v->offset, "%s[%.*s]: a Color is an upper-case B or W; read as %c", id, n,
               v->raw, v->raw[0] == 'b' ? 'B' : 'W');
    else
        report(c, sev, "BAD_VALUE", v->offset, "%s[%.*s%s]: expected %s", id, n, v->raw, more, form);
}

/* ---- whole values ---- */

static void empty_value(checker *c, uint32_t p, const name_info *ni, const value_ref *v, lx_severity sev)
{
    char form[96];
    const char *id = prop_name(c, p);
    report(c, sev, "EMPTY_VALUE", v->offset, "%s[] is empty; %s needs a value: %s", id, id,
           expected_form(ni->def, form, sizeof form));
}

/* An empty value: fine, an error, or the game module's business. */
static void check_empty(checker *c, uint32_t p, const name_info *ni, const value_ref *v)
{
    const lx_sgf_propdef *def = ni->def;
    if (def->first == LX_VT_NONE || (def->flags & (LX_PF_NONE_OR | LX_PF_ELIST)))
        return; /* an elist mixing [] with points was reported already */
    if (def->flags & LX_PF_POINT_LIST) {
        const char *id = prop_name(c, p);
        report(c, LX_WARNING, "EMPTY_VALUE", v->offset,
               "%s[] is empty and adds nothing; only elist properties (DD, VW) take an empty value", id);
        return;
    }
    if (def->flags & LX_PF_COMPOSE) {
        empty_value(c, p, ni, v, bad_value_severity(def, PART_BAD));
        return;
    }
    switch (def->first) {
    case LX_VT_NUMBER:
    case LX_VT_REAL:
    case LX_VT_DOUBLE:
    case LX_VT_COLOR:
        empty_value(c, p, ni, v, bad_value_severity(def, PART_BAD));
        break;
    default:
        break; /* text may be empty; points and moves are the game's */
    }
}

static verdict worse(verdict a, verdict b) { return a > b ? a : b; }

/* "first:second" (or "first" alone where that is allowed). */
static void check_composed(checker *c, uint32_t p, const name_info *ni, const value_ref *v)
{
    const lx_sgf_propdef *def = ni->def;
    size_t colon = lx_sgf_compose_split(v->raw, v->len);
    if (colon == (size_t)-1) {
        verdict whole = (def->flags & LX_PF_COMPOSE_OPT) ? check_part(def->first, v->raw, v->len, v->maybe_bad_utf8)
                                                         : PART_BAD;
        if (whole != PART_OK)
            bad_value(c, p, ni, v, whole);
        return;
    }
    const char *second = v->raw + colon + 1;
    size_t second_len = v->len - colon - 1;
    verdict r = check_part(def->first, v->raw, colon, v->maybe_bad_utf8);
    r = worse(r, check_part(def->second, second, second_len, v->maybe_bad_utf8));
    if (r == PART_OK && lx_sgf_compose_split(second, second_len) != (size_t)-1) {
        if (!is_text(def->second)) {
            r = PART_BAD;
        } else {
            const char *more, *id = prop_name(c, p);
            int n = quote_len(v, &more);
            report(c, LX_WARNING, "BAD_VALUE", v->offset,
                   "%s[%.*s%s]: a second ':' in a composed value should be escaped as \\:", id, n, v->raw, more);
            return;
        }
    }
    if (r != PART_OK)
        bad_value(c, p, ni, v, r);
}

/* One value of a list of points: a point, or "p1:p2" for a rectangle. */
static void check_rectangle(checker *c, uint32_t p, const name_info *ni, const value_ref *v)
{
    size_t colon = lx_sgf_compose_split(v->raw, v->len);
    if (colon == (size_t)-1)
        return;
    size_t rest = v->len - colon - 1;
    if (colon == 0 || rest == 0 || lx_sgf_compose_split(v->raw + colon + 1, rest) != (size_t)-1)
        bad_value(c, p, ni, v, PART_BAD);
}

/* ---- FF, GM, SZ, ST, CA ---- */

static int number_in(const value_ref *v, size_t from, size_t to, long lo, long hi)
{
    long n;
    return lx_sgf_parse_number(v->raw + from, to - from, &n) == 0 && n >= lo && n <= hi;
}

static void root_value(checker *c, const char *code, const value_ref *v, const char *rule)
{
    const char *more;
    int n = quote_len(v, &more);
    report(c, LX_ERROR, code, v->offset, rule, n, v->raw, more);
}

static void check_size(checker *c, const value_ref *v)
{
    size_t colon = lx_sgf_compose_split(v->raw, v->len);
    int ok = colon == (size_t)-1 ? number_in(v, 0, v->len, 1, SZ_MAX)
                                 : number_in(v, 0, colon, 1, SZ_MAX) && number_in(v, colon + 1, v->len, 1, SZ_MAX);
    if (!ok)
        root_value(c, "SZ_INVALID", v,
                   "SZ[%.*s%s]: the board size must be a number from 1 to 702, or columns:rows with each "
                   "from 1 to 702 (702 columns are all that the letters a..zz can name)");
}

/* AP only names the program that wrote the file: a missing version is harmless. */
static int check_application(checker *c, uint32_t p, const name_info *ni, const value_ref *v)
{
    if (v->len == 0) {
        empty_value(c, p, ni, v, LX_WARNING);
        return 1;
    }
    if (lx_sgf_compose_split(v->raw, v->len) != (size_t)-1)
        return 0;
    if (v->maybe_bad_utf8 && lx_utf8_valid_prefix(v->raw, v->len) != v->len)
        return 0;
    const char *more;
    int n = quote_len(v, &more);
    report(c, LX_WARNING, "BAD_VALUE", v->offset,
           "AP[%.*s%s]: expected application:version (SimpleText:SimpleText); the version is missing", n, v->raw,
           more);
    return 1;
}

/* Returns 0 when the generic type check should still run. */
static int check_special(checker *c, uint32_t p, const name_info *ni, const value_ref *v)
{
    if (ni->special == SPECIAL_AP)
        return check_application(c, p, ni, v);
    if (v->len == 0) {
        empty_value(c, p, ni, v, LX_ERROR);
        return 1;
    }
    switch ((special)ni->special) {
    case SPECIAL_FF:
        if (!number_in(v, 0, v->len, 1, 4))
            root_value(c, "FF_INVALID", v, "FF[%.*s%s]: the file format must be a number from 1 to 4");
        return 1;
    case SPECIAL_GM:
        if (!number_in(v, 0, v->len, 1, LONG_MAX))
            root_value(c, "GM_INVALID", v,
                       "GM[%.*s%s]: the game must be a positive number (11 Hex, 6 Backgammon, 21 Twixt)");
        return 1;
    case SPECIAL_SZ:
        check_size(c, v);
        return 1;
    case SPECIAL_ST:
        if (!number_in(v, 0, v->len, 0, 3))
            root_value(c, "ST_INVALID", v, "ST[%.*s%s]: the variation style must be a number from 0 to 3");
        return 1;
    case SPECIAL_CA:
    case SPECIAL_AP:
    case SPECIAL_NONE:
        break;
    }
    return 0;
}

/* ---- one property ---- */

static void check_value(checker *c, uint32_t p, const name_info *ni, uint32_t i)
{
    const lx_sgf_propdef *def = ni->def;
    value_ref v = get_value(c->t, p, i);
    if (ni->special != SPECIAL_NONE && check_special(c, p, ni, &v))
        return;
    if (v.len == 0) {
        check_empty(c, p, ni, &v);
    } else if (def->flags & (LX_PF_COMPOSE | LX_PF_COMPOSE_OPT)) {
        check_composed(c, p, ni, &v);
    } else if (def->flags & LX_PF_POINT_LIST) {
        check_rectangle(c, p, ni, &v);
    } else {
        verdict r = check_part(def->first, v.raw, v.len, v.maybe_bad_utf8);
        if (r != PART_OK)
            bad_value(c, p, ni, &v, r);
    }
}

/* An elist is either one empty value or a list of non-empty ones. */
static void check_elist_mix(checker *c, uint32_t p, uint32_t nvalues)
{
    for (uint32_t i = 0; i < nvalues; i++) {
        value_ref v = get_value(c->t, p, i);
        if (v.len == 0) {
            const char *id = prop_name(c, p);
            report(c, LX_ERROR, "EMPTY_VALUE", v.offset,
                   "%s[] (no points) cannot stand beside other values of %s; write either %s[] alone or only points",
                   id, id, id);
            return;
        }
    }
}

static void check_property(checker *c, uint32_t p, const name_info *ni)
{
    const lx_sgf_propdef *def = ni->def;
    uint32_t nvalues = c->t->props[p].nvalues;
    int is_list = (def->flags & (LX_PF_LIST | LX_PF_ELIST)) != 0;
    const char *id;
    if (nvalues == 0) {
        id = prop_name(c, p);
        report(c, LX_ERROR, "EMPTY_VALUE", prop_offset(c->t, p), "%s has no value at all; write at least %s[]", id, id);
        return;
    }
    if (nvalues > 1 && !is_list) {
        id = prop_name(c, p);
        value_ref second = get_value(c->t, p, 1);
        report(c, LX_ERROR, "TOO_MANY_VALUES", second.offset,
               "%s takes one value but has %u; the values after the first are extra", id, (unsigned)nvalues);
        nvalues = 1;
    }
    if (!(ni->checks & CHECK_VALUES))
        return;
    if ((def->flags & LX_PF_ELIST) && nvalues > 1)
        check_elist_mix(c, p, nvalues);
    for (uint32_t i = 0; i < nvalues; i++)
        check_value(c, p, ni, i);
}

/* ---- placement within the tree ---- */

static const char *role_word(uint8_t roles) { return (roles & ROLE_MOVE) ? "move" : "setup"; }

/* The first property that makes a node mix move and setup properties. */
static void report_move_and_setup(checker *c, const sgf_node *nd)
{
    uint32_t first_of_kind[2] = {LX_SGF_NIL, LX_SGF_NIL}; /* [0] move, [1] setup */
    for (uint32_t p = nd->first_prop; p < nd->first_prop + nd->nprops; p++) {
        uint8_t r = c->names[c->t->props[p].name].roles & (ROLE_MOVE | ROLE_SETUP);
        if (!r)
            continue;
        int kind = (r & ROLE_MOVE) ? 0 : 1;
        uint32_t other = first_of_kind[1 - kind];
        if (other != LX_SGF_NIL) {
            report(c, LX_ERROR, "MOVE_AND_SETUP", prop_offset(c->t, p),
                   "%s is a %s property but this node already has the %s property %s; move and setup "
                   "properties may not share a node (give the setup a node of its own)",
                   prop_name(c, p), role_word(r), kind ? "move" : "setup", prop_name(c, other));
            return;
        }
        if (first_of_kind[kind] == LX_SGF_NIL)
            first_of_kind[kind] = p;
    }
}

static void report_black_and_white(checker *c, const sgf_node *nd)
{
    int seen = 0;
    for (uint32_t p = nd->first_prop; p < nd->first_prop + nd->nprops; p++) {
        if (!(c->names[c->t->props[p].name].roles & (ROLE_BLACK | ROLE_WHITE)))
            continue;
        if (seen) {
            report(c, LX_ERROR, "BLACK_AND_WHITE_MOVE", prop_offset(c->t, p),
                   "this node has both a black move (B) and a white move (W); a node holds one move at most");
            return;
        }
        seen = 1;
    }
}

static void report_root_props(checker *c, const sgf_node *nd)
{
    for (uint32_t p = nd->first_prop; p < nd->first_prop + nd->nprops; p++)
        if (c->names[c->t->props[p].name].roles & ROLE_ROOT)
            report(c, LX_ERROR, "ROOT_PROP_NOT_IN_ROOT", prop_offset(c->t, p),
                   "%s is a root property but this is not the root node; root properties belong in the "
                   "first node of a game tree", prop_name(c, p));
}

static void report_game_info_repeated(checker *c, const sgf_node *nd)
{
    for (uint32_t p = nd->first_prop; p < nd->first_prop + nd->nprops; p++)
        if (c->names[c->t->props[p].name].roles & ROLE_GAME_INFO) {
            report(c, LX_ERROR, "GAME_INFO_REPEATED", prop_offset(c->t, p),
                   "%s is a game-info property, but a node above this one on the same path already has game "
                   "info; game-info properties belong in one node per path (usually the root)",
                   prop_name(c, p));
            return;
        }
}

static void check_node_roles(checker *c, uint32_t n, uint8_t roles)
{
    const sgf_node *nd = &c->t->nodes[n];
    int info_above = n > 0 && nd->parent != LX_SGF_NIL && c->info_on_path[nd->parent];
    c->info_on_path[n] = (uint8_t)(info_above || (roles & ROLE_GAME_INFO));
    if (!(roles & (ROLE_ROOT | ROLE_GAME_INFO | ROLE_SETUP)) && (roles & (ROLE_BLACK | ROLE_WHITE)) != (ROLE_BLACK | ROLE_WHITE))
        return; /* the common case: a move node */
    if (n > 0 && (roles & ROLE_ROOT))
        report_root_props(c, nd);
    if (info_above && (roles & ROLE_GAME_INFO))
        report_game_info_repeated(c, nd);
    if ((roles & ROLE_MOVE) && (roles & ROLE_SETUP))
        report_move_and_setup(c, nd);
    if ((roles & ROLE_BLACK) && (roles & ROLE_WHITE))
        report_black_and_white(c, nd);
}

static void check_node(checker *c, uint32_t n)
{
    const lx_sgf_tree *t = c->t;
    const sgf_node *nd = &t->nodes[n];
    uint8_t roles = 0;
    int alone = nd->nprops == 1; /* most nodes: one move, nothing to be twice */
    for (uint32_t p = nd->first_prop; p < nd->first_prop + nd->nprops; p++) {
        name_info *ni = &c->names[t->props[p].name];
        if (!alone) {
            if (ni->last_node == n) {
                const char *id = prop_name(c, p);
                report(c, LX_ERROR, "DUPLICATE_PROPERTY", prop_offset(t, p),
                       "%s appears twice in this node; a property may appear once per node (give a list "
                       "property all its values at once: %s[..][..])", id, id);
            }
            ni->last_node = n;
        }
        roles |= ni->roles;
        if (ni->checks && (ni->checks != CHECK_COUNT || t->props[p].nvalues != 1))
            check_property(c, p, ni);
    }
    check_node_roles(c, n, roles);
}

/* ---- the entry point ---- */

int lx_sgf_check_tree(const lx_sgf_tree *t, const lx_sgf_check_options *opt, lx_diag_list *diags)
{
    enum { LOCAL_NAMES = 64, LOCAL_NODES = 4096 };
    name_info local_names[LOCAL_NAMES];
    uint8_t local_nodes[LOCAL_NODES];
    void *heap = NULL;
    checker c = {t, diags, local_names, local_nodes, 0};
    if (!t || t->nnodes == 0)
        return 0;
    if (t->nnames > LOCAL_NAMES || t->nnodes > LOCAL_NODES) {
        heap = malloc((size_t)t->nnames * sizeof(name_info) + t->nnodes);
        if (!heap)
            return -1;
        c.names = heap;
        c.info_on_path = (uint8_t *)(c.names + t->nnames);
    }
    for (uint32_t name = 0; name < t->nnames; name++)
        describe_name(&c, name, opt);
    for (uint32_t n = 0; n < t->nnodes; n++)
        check_node(&c, n);
    free(heap);
    return c.oom ? -1 : 0;
}
