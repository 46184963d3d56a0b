/* analyze.c - `ludex analyze`: each move of a finished record next to the
 * engine's preferred move and both their values, per player a summary.
 *
 *   ludex analyze [--json] [--annotate OUT] [--seconds S] [engine options] FILE
 *
 * The walk through the engine is analyze_game.c; this file prints (text, or
 * one JSON object per game), sums up per player, and writes the annotated
 * copy: the document's own text with a comment put in each analysed move's
 * node (added to its C when it has one), nothing else changed.
 *
 * Values: Backgammon, gnubg's equity for the player (cubeful, normalised to
 * the cube); a loss of 0.04 or more is doubtful (?!), 0.08 bad (?), 0.16
 * very bad (??), gnubg's own thresholds, and the error rate is the equity
 * lost per unforced decision in thousandths (mEMG), as gnubg reports it.
 * Hex and Twixt: the chance to win; 0.05, 0.10 and 0.20 lost are marked. */
#include <stdlib.h>
#include <string.h>

#include "cli/analyze.h"

static const char usage[] =
    "Usage: ludex analyze [--json] [--annotate OUT] [--seconds S] [OPTIONS] FILE\n"
    "Judge each move of each game of FILE with an engine: the engine's preferred\n"
    "move and its value next to the move played, and per player the value lost.\n"
    "Backgammon through GNU Backgammon (Debian package gnubg): equities, and its\n"
    "error rate per player; Hex and Twixt through the search: chances to win.\n"
    "\n"
    "  --json           one JSON object per game and line\n"
    "  --annotate OUT   write a copy of FILE with the analysis as comments (C)\n"
    "  --seconds S      time a move (default 1; gnubg: under 0.25 0-ply, under 0.75 1-ply)\n"
    "  --playouts N     playouts a move (Hex, Twixt)\n"
    "  --threads T, --seed N, --program PATH   as for 'ludex engine'\n"
    "\n"
    "Exit status: 0 every game analysed to its end, 1 a game stopped early or\n"
    "could not be analysed, 2 usage or I/O failure.\n";

typedef struct an_opts {
    int json;
    const char *annotate;
    cli_engine_opts eng;
} an_opts;

typedef struct an_sums {
    size_t decisions, unforced, unknown, marks[3];
    double lost;
} an_sums;

/* ---- values and marks ------------------------------------------------------------------------- */

static int is_bg(const an_game *g) { return g->kind && !strcmp(g->kind, "backgammon"); }

static double lost_of(const an_row *r)
{
    double d = r->best_value - r->played_value;
    return r->known && d > 0 ? d : 0;
}

/* 0 none, 1 doubtful, 2 bad, 3 very bad. */
static int mark_of(const an_game *g, const an_row *r)
{
    static const double bg[3] = {0.04, 0.08, 0.16}, board[3] = {0.05, 0.10, 0.20};
    const double *th = is_bg(g) ? bg : board;
    double l = lost_of(r);
    return l >= th[2] ? 3 : l >= th[1] ? 2 : l >= th[0] ? 1 : 0;
}

static const char *const mark_text[] = {"", "?!", "?", "??"};

static void value_text(const an_game *g, double v, char *buf, size_t cap)
{
    snprintf(buf, cap, is_bg(g) ? "%+.3f" : "%.3f", v);
}

static void sum_up(const an_game *g, lx_colour who, an_sums *s)
{
    memset(s, 0, sizeof *s);
    for (size_t i = 0; i < g->n; i++) {
        const an_row *r = &g->rows[i];
        if (r->who != who)
            continue;
        s->decisions++;
        s->unforced += !r->forced;
        s->unknown += !r->known;
        s->lost += lost_of(r);
        int m = mark_of(g, r);
        if (m)
            s->marks[m - 1]++;
    }
}

/* ---- text --------------------------------------------------------------------------------------- */

static void print_row(const an_game *g, const an_row *r)
{
    char bv[32], pv[32];
    value_text(g, r->best_value, bv, sizeof bv);
    const char *played = r->prop == LX_SGF_NIL ? "(no double)" : r->played;
    printf("  %3zu %c %-12s best %-12s %s", r->number, r->who == LX_BLACK ? 'B' : 'W', played, r->best, bv);
    if (!r->known)
        printf("  played: not among the engine's candidates");
    else if (strcmp(r->best, r->played) != 0) {
        value_text(g, r->played_value, pv, sizeof pv);
        int m = mark_of(g, r);
        printf("  played %s  lost %.3f%s%s", pv, lost_of(r), m ? " " : "", mark_text[m]);
    }
    if (r->forced)
        printf("  (forced)");
    putchar('\n');
}

static void print_sums(const an_game *g, lx_colour who)
{
    an_sums s;
    sum_up(g, who, &s);
    printf("  %s: %zu decisions (%zu unforced), lost %.3f", who == LX_BLACK ? "Black" : "White", s.decisions,
           s.unforced, s.lost);
    if (is_bg(g))
        printf(", error rate %.1f mEMG", s.unforced ? 1000.0 * s.lost / (double)s.unforced : 0.0);
    else
        printf(", %.3f a move", s.unforced ? s.lost / (double)s.unforced : 0.0);
    printf("; %zu doubtful, %zu bad, %zu very bad", s.marks[0], s.marks[1], s.marks[2]);
    if (s.unknown)
        printf("; %zu not judged", s.unknown);
    putchar('\n');
}

static void print_text(const char *name, size_t game, const an_game *g)
{
    printf("%s: game %zu (%s): %zu decisions analysed\n", name, game, g->kind, g->n);
    for (size_t i = 0; i < g->n; i++)
        print_row(g, &g->rows[i]);
    print_sums(g, LX_BLACK);
    print_sums(g, LX_WHITE);
    if (g->stopped[0])
        printf("  stopped: %s\n", g->stopped);
}

/* ---- JSON ---------------------------------------------------------------------------------------- */

static json_t *json_sums(const an_game *g, lx_colour who)
{
    an_sums s;
    sum_up(g, who, &s);
    json_t *o = json_object();
    json_object_set_new(o, "decisions", json_integer((json_int_t)s.decisions));
    json_object_set_new(o, "unforced", json_integer((json_int_t)s.unforced));
    json_object_set_new(o, "lost", json_real(s.lost));
    if (is_bg(g))
        json_object_set_new(o, "error_rate_memg", json_real(s.unforced ? 1000.0 * s.lost / (double)s.unforced : 0));
    json_object_set_new(o, "doubtful", json_integer((json_int_t)s.marks[0]));
    json_object_set_new(o, "bad", json_integer((json_int_t)s.marks[1]));
    json_object_set_new(o, "very_bad", json_integer((json_int_t)s.marks[2]));
    json_object_set_new(o, "not_judged", json_integer((json_int_t)s.unknown));
    return o;
}

static int print_json(const char *name, size_t game, const an_game *g)
{
    json_t *o = json_object(), *rows = json_array(), *players = json_object();
    json_object_set_new(o, "file", cli_json_string(name));
    json_object_set_new(o, "game", json_integer((json_int_t)game));
    json_object_set_new(o, "engine", json_string(g->kind ? g->kind : ""));
    for (size_t i = 0; i < g->n; i++) {
        const an_row *r = &g->rows[i];
        json_t *x = json_object();
        json_object_set_new(x, "move", json_integer((json_int_t)r->number));
        json_object_set_new(x, "player", json_string(r->who == LX_BLACK ? "B" : "W"));
        json_object_set_new(x, "played", cli_json_string(r->played));
        json_object_set_new(x, "best", cli_json_string(r->best));
        json_object_set_new(x, "best_value", json_real(r->best_value));
        json_object_set_new(x, "played_value", r->known ? json_real(r->played_value) : json_null());
        json_object_set_new(x, "lost", r->known ? json_real(lost_of(r)) : json_null());
        json_object_set_new(x, "mark", json_string(mark_text[mark_of(g, r)]));
        json_object_set_new(x, "forced", json_boolean(r->forced));
        json_object_set_new(x, "cube", json_boolean(r->cube));
        json_array_append_new(rows, x);
    }
    json_object_set_new(o, "decisions", rows);
    json_object_set_new(players, "B", json_sums(g, LX_BLACK));
    json_object_set_new(players, "W", json_sums(g, LX_WHITE));
    json_object_set_new(o, "players", players);
    json_object_set_new(o, "stopped", g->stopped[0] ? cli_json_string(g->stopped) : json_null());
    return cli_json_print(o);
}

/* ---- the annotated copy ------------------------------------------------------------------------------ */

typedef struct edit {
    size_t at;
    char *text;
} edit;

typedef struct edits {
    edit *e;
    size_t n, cap;
} edits;

static int add_edit(edits *ed, size_t at, lx_buf *text)
{
    if (ed->n == ed->cap) {
        size_t cap = ed->cap ? 2 * ed->cap : 64;
        edit *e = realloc(ed->e, cap * sizeof *e);
        if (!e)
            return -1;
        ed->e = e;
        ed->cap = cap;
    }
    ed->e[ed->n].at = at;
    ed->e[ed->n].text = lx_buf_steal(text, NULL);
    ed->n++;
    return 0;
}

/* The sentence of one decision. */
static void comment_of(const an_game *g, const an_row *r, lx_buf *out)
{
    char bv[32], pv[32];
    value_text(g, r->best_value, bv, sizeof bv);
    if (r->prop == LX_SGF_NIL)
        lx_buf_printf(out, "no double: ");
    lx_buf_printf(out, "%s prefers %s (%s)", g->kind, r->best, bv);
    if (!r->known)
        lx_buf_printf(out, "; the move played is not among its candidates");
    else if (strcmp(r->best, r->played) != 0) {
        value_text(g, r->played_value, pv, sizeof pv);
        int m = mark_of(g, r);
        lx_buf_printf(out, "; played %s (%s), lost %.3f%s%s", r->prop == LX_SGF_NIL ? "no double" : r->played, pv,
                      lost_of(r), m ? " " : "", mark_text[m]);
    }
}

/* The edits for one game: a comment before each analysed move. */
static int annotate_game(const lx_sgf_tree *t, const an_game *g, edits *ed)
{
    lx_buf text = LX_BUF_INIT, esc = LX_BUF_INIT;
    int rc = 0;
    for (size_t i = 0; i < g->n && rc == 0; i++) {
        const an_row *r = &g->rows[i];
        if (r->prop == LX_SGF_NIL)
            continue;
        lx_buf_clear(&text);
        lx_buf_printf(&text, "ludex analyze: ");
        if (i > 0 && g->rows[i - 1].prop == LX_SGF_NIL && g->rows[i - 1].number == r->number) {
            comment_of(g, &g->rows[i - 1], &text);
            lx_buf_append_str(&text, ". ");
        }
        comment_of(g, r, &text);
        lx_sgf_node n = lx_sgf_prop_node(t, r->prop);
        lx_sgf_prop c = lx_sgf_find_prop(t, n, "C");
        lx_buf_clear(&esc);
        if (c != LX_SGF_NIL && lx_sgf_value_count(t, c) > 0) {
            lx_buf_append_str(&text, "\n");
            rc = lx_sgf_escape(text.data, text.len, 0, &esc) == 0
                     ? add_edit(ed, lx_sgf_get_value(t, c, 0).offset + 1, &esc)
                     : -1;
        } else {
            lx_buf_append_str(&esc, "C[");
            rc = lx_sgf_escape(text.data, text.len, 0, &esc) == 0 && lx_buf_append_str(&esc, "]") == 0
                     ? add_edit(ed, lx_sgf_prop_offset(t, r->prop), &esc)
                     : -1;
        }
    }
    lx_buf_free(&text);
    lx_buf_free(&esc);
    return rc;
}

static int by_offset(const void *a, const void *b)
{
    const edit *x = a, *y = b;
    return x->at < y->at ? -1 : x->at > y->at;
}

static int write_annotated(const char *path, const lx_sgf_doc *doc, edits *ed)
{
    size_t len;
    const char *s = lx_sgf_doc_text(doc, &len);
    qsort(ed->e, ed->n, sizeof *ed->e, by_offset);
    lx_buf out = LX_BUF_INIT;
    size_t from = 0;
    int rc = 0;
    for (size_t i = 0; i < ed->n && rc == 0; i++) {
        size_t at = ed->e[i].at <= len ? ed->e[i].at : len;
        rc = lx_buf_append(&out, s + from, at - from) == 0 && lx_buf_append_str(&out, ed->e[i].text) == 0 ? 0 : -1;
        from = at;
    }
    if (rc == 0)
        rc = lx_buf_append(&out, s + from, len - from);
    if (rc != 0)
        cli_error("analyze", "out of memory");
    else
        rc = cli_write_file("analyze", path, out.data ? out.data : "", out.len);
    lx_buf_free(&out);
    return rc;
}

/* ---- the command ---------------------------------------------------------------------------------------- */

static int analyze_file(const an_opts *o, const char *path)
{
    cli_input in;
    if (cli_input_open(&in, "analyze", path) != 0)
        return CLI_FAILURE;
    lx_diag_list *diags = lx_diag_list_new();
    lx_sgf_doc *doc = diags ? lx_sgf_doc_new(in.bytes, in.len, 1, NULL, diags) : NULL;
    lx_sgf_reader *rd = doc ? lx_sgf_reader_new(doc, diags) : NULL;
    lx_sgf_tree *t = NULL;
    edits ed = {NULL, 0, 0};
    int status = rd ? CLI_OK : CLI_FAILURE, rc;
    size_t game = 0;
    while (status != CLI_FAILURE && rd && (rc = lx_sgf_reader_next(rd, &t)) == 1) {
        an_game g;
        lx_game_error err;
        lx_game_error_init(&err);
        game++;
        if (an_game_run(t, &o->eng, &g, &err) != 0) {
            cli_error("analyze", "%s: game %zu: %s", in.name, game, err.message.data ? err.message.data : "failed");
            int gm = lx_sgf_tree_gm(t), known = gm == 6 || gm == 11 || gm == 21;
            int unavailable = err.code && (!strcmp(err.code, "ENGINE_UNAVAILABLE") || !strcmp(err.code, "OUT_OF_MEMORY"));
            status = unavailable && known ? CLI_FAILURE : CLI_PROBLEMS; /* no engine here at all: stop */
        } else {
            if (o->json)
                print_json(in.name, game, &g);
            else
                print_text(in.name, game, &g);
            if (g.stopped[0])
                status = CLI_PROBLEMS;
            if (o->annotate && annotate_game(t, &g, &ed) != 0)
                status = CLI_FAILURE;
        }
        an_game_free(&g);
        lx_game_error_free(&err);
    }
    if (game == 0 && status == CLI_OK) {
        cli_error("analyze", "%s: no game tree", in.name);
        status = CLI_PROBLEMS;
    }
    if (o->annotate && status != CLI_FAILURE && write_annotated(o->annotate, doc, &ed) != 0)
        status = CLI_FAILURE;
    for (size_t i = 0; i < ed.n; i++)
        free(ed.e[i].text);
    free(ed.e);
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(rd);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(diags);
    cli_input_close(&in);
    return status;
}

int cli_analyze(int argc, char **argv)
{
    an_opts o;
    memset(&o, 0, sizeof o);
    cli_engine_opts_init(&o.eng);
    const char *file = NULL, *arg, *v;
    int is_opt, r;
    cli_args a;
    cli_args_init(&a, argc, argv);
    while (cli_args_next(&a, &arg, &is_opt)) {
        if (!is_opt) {
            if (file)
                return cli_usage_error(argv[0], "one FILE only ('%s' too)", arg);
            file = arg;
        } else if (cli_args_is(&a, arg, "--help", "-h")) {
            return fputs(usage, stdout), CLI_OK;
        } else if (cli_args_is(&a, arg, "--json", NULL)) {
            o.json = 1;
        } else if ((r = cli_args_value(&a, arg, "--annotate", NULL, &v)) != 0) {
            if (r < 0)
                return CLI_FAILURE;
            o.annotate = v;
        } else if ((r = cli_engine_option(&a, arg, &o.eng, 0)) != 0) {
            if (r < 0)
                return CLI_FAILURE;
        } else {
            return cli_usage_error(argv[0], "unknown option '%s'", arg);
        }
    }
    if (!file)
        return cli_usage_error(argv[0], "which FILE?");
    return analyze_file(&o, file);
}
