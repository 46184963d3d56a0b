/* info.c - `ludex info`: the game information of each game tree, in brief.
 *
 * For every tree: the game, board size, players and ranks, result, date,
 * event, place, rules, application, charset, and the shape of the tree
 * (nodes, moves on the main line, variations).  Plain aligned text, or one
 * JSON object per game with --json.  It reads; it does not judge: problems
 * found while reading go to standard error, and `ludex check` is the place
 * for the rules. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/cli.h"

static const char usage[] =
    "Usage: ludex info [--json] [--encoding CS] FILE...\n"
    "Summarize each game tree of the SGF FILEs ('-' for standard input): game,\n"
    "board size, players, result, date, event, place, rules, application,\n"
    "charset, nodes, moves on the main line, and variations.\n"
    "\n"
    "  --json         one JSON object per game and line\n"
    "  --encoding CS  read the files as charset CS (any name iconv knows)\n"
    "  --help         show this help\n"
    "\n"
    "Problems found while reading go to standard error.\n"
    "Exit status: 0 read without errors, 1 errors, 2 usage or I/O failure.\n";

typedef struct info_opts {
    int json;
    lx_sgf_read_options read;
    size_t printed; /* games printed so far, over all files */
} info_opts;

/* The root text properties shown, in order: JSON key, text label, SGF ID. */
typedef struct field {
    const char *key, *label, *id;
} field;

static const field fields[] = {
    {"name", "name", "GN"},         {"size", "board", "SZ"},     {"black", "black", "PB"},
    {"black_rank", NULL, "BR"},     {"white", "white", "PW"},    {"white_rank", NULL, "WR"},
    {"result", "result", "RE"},     {"date", "date", "DT"},      {"event", "event", "EV"},
    {"place", "place", "PC"},       {"rules", "rules", "RU"},    {"application", "application", "AP"},
};
#define NFIELDS (sizeof fields / sizeof fields[0])

typedef struct tree_shape {
    size_t nodes, moves, variations;
} tree_shape;

static tree_shape shape_of(const lx_sgf_tree *t)
{
    tree_shape s = {lx_sgf_node_count(t), 0, 0};
    for (size_t n = 0; n < s.nodes; n++) {
        size_t c = lx_sgf_child_count(t, (lx_sgf_node)n);
        if (c > 1)
            s.variations += c - 1;
    }
    for (lx_sgf_node n = s.nodes ? 0 : LX_SGF_NIL; n != LX_SGF_NIL; n = lx_sgf_first_child(t, n))
        s.moves += (lx_sgf_find_prop(t, n, "B") != LX_SGF_NIL) + (lx_sgf_find_prop(t, n, "W") != LX_SGF_NIL);
    return s;
}

/* "11" stays, "11:13" becomes "11 x 13". */
static int size_text(lx_buf *b)
{
    char *colon = b->data ? strchr(b->data, ':') : NULL;
    if (!colon)
        return 0;
    lx_buf tmp = LX_BUF_INIT;
    int rc = lx_buf_printf(&tmp, "%.*s x %s", (int)(colon - b->data), b->data, colon + 1);
    if (rc == 0) {
        lx_buf_free(b);
        *b = tmp;
    }
    return rc;
}

/* The value of field k in tree t (into b), for people when `human` is
 * non-zero: 1, 0 absent, -1 out of memory. */
static int field_value(const lx_sgf_tree *t, size_t k, int human, lx_buf *b)
{
    int got = cli_root_text(t, fields[k].id, b);
    if (got > 0 && human && strcmp(fields[k].id, "SZ") == 0 && size_text(b) != 0)
        return -1;
    return got;
}

static void game_text(int gm, lx_buf *b)
{
    const char *name = lx_game_gm_name(gm);
    lx_buf_clear(b);
    if (gm == 0)
        lx_buf_append_str(b, "unknown (GM is not a number)");
    else
        lx_buf_printf(b, "%s (GM[%d])", name ? name : "unknown", gm);
}

static void charset_text(const lx_sgf_tree *t, const lx_sgf_doc *doc, lx_buf *b)
{
    const char *read_as = lx_sgf_doc_charset(doc);
    lx_buf ca = LX_BUF_INIT;
    int has_ca = cli_root_text(t, "CA", &ca) > 0;
    lx_buf_clear(b);
    if (!has_ca)
        lx_buf_printf(b, "%s (no CA)", read_as);
    else if (strcasecmp(ca.data, read_as) != 0)
        lx_buf_printf(b, "%s (CA[%s])", read_as, ca.data);
    else
        lx_buf_append_str(b, read_as);
    lx_buf_free(&ca);
}

static void print_row(const char *label, const char *value)
{
    printf("  %-12s %s\n", label, value);
}

/* A player's name with the rank after it: "Alice (3d)". */
static int player_text(const lx_sgf_tree *t, size_t k, lx_buf *b)
{
    int got = field_value(t, k, 1, b);
    if (got <= 0)
        return got;
    lx_buf rank = LX_BUF_INIT;
    int has_rank = field_value(t, k + 1, 1, &rank);
    if (has_rank > 0 && rank.len > 0)
        lx_buf_printf(b, " (%s)", rank.data);
    lx_buf_free(&rank);
    return has_rank < 0 ? -1 : 1;
}

static int is_player(size_t k)
{
    return strcmp(fields[k].id, "PB") == 0 || strcmp(fields[k].id, "PW") == 0;
}

static int print_text(const char *name, size_t game, const lx_sgf_tree *t, const lx_sgf_doc *doc, int first)
{
    lx_buf b = LX_BUF_INIT;
    int rc = 0, gm = cli_tree_gm(t);
    tree_shape s = shape_of(t);
    printf("%s%s: game %zu\n", first ? "" : "\n", name, game + 1);
    game_text(gm, &b);
    print_row("game", b.data ? b.data : "");
    for (size_t k = 0; k < NFIELDS && rc == 0; k++) {
        if (!fields[k].label)
            continue; /* ranks go with the players */
        int got = is_player(k) ? player_text(t, k, &b) : field_value(t, k, 1, &b);
        if (got > 0)
            print_row(fields[k].label, b.data);
        rc = got < 0 ? -1 : 0;
    }
    charset_text(t, doc, &b);
    print_row("charset", b.data ? b.data : "");
    printf("  %-12s %zu\n  %-12s %zu\n  %-12s %zu\n", "nodes", s.nodes, "moves", s.moves, "variations",
           s.variations);
    lx_buf_free(&b);
    return rc;
}

static json_t *json_text(const lx_buf *b, int got)
{
    return got > 0 ? cli_json_stringn(b->data, b->len) : json_null();
}

static int print_json(const char *path, size_t game, const lx_sgf_tree *t, const lx_sgf_doc *doc)
{
    json_t *o = json_object();
    lx_buf b = LX_BUF_INIT;
    int gm = cli_tree_gm(t), rc = o ? 0 : -1;
    tree_shape s = shape_of(t);
    json_object_set_new(o, "file", cli_json_string(path));
    json_object_set_new(o, "game", json_integer((json_int_t)game));
    json_object_set_new(o, "gm", gm > 0 ? json_integer(gm) : json_null());
    json_object_set_new(o, "game_name", cli_json_string(lx_game_gm_name(gm)));
    for (size_t k = 0; k < NFIELDS && rc == 0; k++) {
        int got = field_value(t, k, 0, &b);
        json_object_set_new(o, fields[k].key, json_text(&b, got));
        rc = got < 0 ? -1 : 0;
    }
    int got = cli_root_text(t, "CA", &b);
    json_object_set_new(o, "ca", json_text(&b, got));
    json_object_set_new(o, "charset", cli_json_string(lx_sgf_doc_charset(doc)));
    json_object_set_new(o, "nodes", json_integer((json_int_t)s.nodes));
    json_object_set_new(o, "moves", json_integer((json_int_t)s.moves));
    json_object_set_new(o, "variations", json_integer((json_int_t)s.variations));
    lx_buf_free(&b);
    if (rc != 0 || got < 0) {
        json_decref(o);
        return -1;
    }
    return cli_json_print(o);
}

/* Summarize every tree of the document; 0, or -1 out of memory. */
static int summarize(const cli_input *in, const lx_sgf_doc *doc, info_opts *o, lx_diag_list *diags)
{
    lx_sgf_reader *r = lx_sgf_reader_new(doc, diags);
    lx_sgf_tree *t = NULL;
    size_t game = 0;
    int got = r ? 0 : -1;
    while (r && (got = lx_sgf_reader_next(r, &t)) > 0) {
        int rc = o->json ? print_json(in->path, game, t, doc) : print_text(in->name, game, t, doc, o->printed == 0);
        if (rc != 0) {
            got = -1;
            break;
        }
        game++;
        o->printed++;
    }
    if (got == 0 && game == 0)
        lx_diag_add(diags, LX_ERROR, "NO_GAME_TREE", LX_NO_OFFSET,
                    "the file holds no SGF game tree (none starts with \"(;\")");
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    return got < 0 ? -1 : 0;
}

static int info_file(const char *path, info_opts *o)
{
    cli_input in;
    if (cli_input_open(&in, "info", path) != 0)
        return CLI_FAILURE;
    lx_diag_list *diags = lx_diag_list_new();
    lx_sgf_doc *doc = diags ? lx_sgf_doc_new(in.bytes, in.len, 1, &o->read, diags) : NULL;
    int rc = doc ? summarize(&in, doc, o, diags) : (diags && cli_count(diags, LX_FATAL) > 0 ? 0 : -1);
    int status;
    if (rc != 0) {
        cli_error("info", "%s: out of memory", in.name);
        status = CLI_FAILURE;
    } else {
        size_t len = 0;
        const char *text = doc ? lx_sgf_doc_text(doc, &len) : "";
        lx_diag_list_resolve(diags, text, len);
        fflush(stdout);
        cli_print_diags(stderr, in.name, diags);
        status = cli_count(diags, LX_ERROR) > 0 ? CLI_PROBLEMS : CLI_OK;
    }
    lx_sgf_doc_free(doc);
    lx_diag_list_free(diags);
    cli_input_close(&in);
    return status;
}

static int parse_args(int argc, char **argv, info_opts *o, const char **files, int *nfiles)
{
    cli_args a;
    const char *arg;
    int is_opt, got;
    cli_args_init(&a, argc, argv);
    while (cli_args_next(&a, &arg, &is_opt)) {
        if (!is_opt) {
            files[(*nfiles)++] = arg;
        } else if (cli_args_is(&a, arg, "--help", "-h")) {
            fputs(usage, stdout);
            return -1;
        } else if (cli_args_is(&a, arg, "--json", NULL)) {
            o->json = 1;
        } else if ((got = cli_args_value(&a, arg, "--encoding", NULL, &o->read.encoding)) != 0) {
            if (got < 0)
                return CLI_FAILURE;
        } else {
            return cli_usage_error("info", "unknown option '%s'", arg);
        }
    }
    if (*nfiles == 0)
        return cli_usage_error("info", "no FILE given");
    return cli_check_encoding("info", o->read.encoding);
}

int cli_info(int argc, char **argv)
{
    info_opts o;
    memset(&o, 0, sizeof o);
    const char **files = calloc((size_t)argc, sizeof *files);
    int nfiles = 0, status = files ? parse_args(argc, argv, &o, files, &nfiles) : CLI_FAILURE;
    if (!files)
        cli_error("info", "out of memory");
    else if (status < 0)
        status = CLI_OK;
    else if (status == CLI_OK)
        for (int i = 0; i < nfiles; i++) {
            int rc = info_file(files[i], &o);
            if (rc > status)
                status = rc;
        }
    free(files);
    return status;
}
