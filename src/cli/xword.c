/* xword.c - `ludex xword`: crossword-game commands, and what the other
 * subcommands need to handle .cgp and .gcg files.
 *
 *   ludex xword score [--json] [--lexicon NAME|FILE] CGP PLAY
 *   ludex xword build-lexicon [--dist NAME] [--wamerican] WORDLIST OUT.kwg
 *
 * `score` prints {"score":N,"words":[...],"bingo":BOOL} (DESIGN.md's
 * contract); an illegal play, or a position that does not read or could not
 * happen, exits 1 with {"error":{"code":C,"message":M}}.  Words a play makes
 * that the judging lexicon lacks are warnings on standard error: a phony is
 * a legal move until it is challenged.
 *
 * Data (distributions, boards, lexicons) is found in $LUDEX_XWORD_DATA, else
 * the directory compiled in as LX_XWORD_DATADIR, else beside the executable:
 * BIN/../share/ludex/xword (installed), BIN/../data/xword and BIN/data/xword
 * (a build tree). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/xword_moves.h"
#include "ludex/xword.h"

/* ---- data ------------------------------------------------------------------------------------- */

lx_xw_data *cli_xword_data(void)
{
    const char *env = getenv(LX_XW_DATA_ENV);
    if (env && *env)
        return lx_xw_data_new(env);
#ifdef LX_XWORD_DATADIR
    return lx_xw_data_new(LX_XWORD_DATADIR);
#else
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return lx_xw_data_new("");
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash)
        *slash = '\0';
    lx_buf path = LX_BUF_INIT;
    lx_buf_printf(&path, "%s/../share/ludex/xword:%s/data/xword:%s/../data/xword", exe, exe, exe);
    lx_xw_data *d = lx_xw_data_new(path.data ? path.data : "");
    lx_buf_free(&path);
    return d;
#endif
}

int cli_xword_file(const char *path)
{
    size_t n = strlen(path);
    return n > 4 && (strcasecmp(path + n - 4, ".cgp") == 0 || strcasecmp(path + n - 4, ".gcg") == 0);
}

/* ---- score --------------------------------------------------------------------------------------- */

typedef struct score_opts {
    int json;
    const char *lexicon;
    const char *cgp;
    lx_buf play;
} score_opts;

static const char score_usage[] =
    "Usage: ludex xword score [--json] [--lexicon NAME|FILE] CGP PLAY\n"
    "Score PLAY for the player to move in the position CGP (one CGP record).\n"
    "PLAY: \"8D WORD\" or 8D.WORD across, \"D8 WORD\" down; '.' a tile on the board,\n"
    "lower case a blank, [CH] a tile of several letters; \"-\" a pass, -ABC an exchange.\n"
    "  --json             print {\"score\":N,\"words\":[...],\"bingo\":BOOL}\n"
    "  --lexicon L        judge the words with lexicon L (a name, or a .kwg or word-list file)\n"
    "Exit status: 0 scored, 1 illegal play or position, 2 usage failure.\n";

static int score_fail(const score_opts *o, const char *code, const char *msg)
{
    if (o->json) {
        json_t *e = json_object(), *obj = json_object();
        json_object_set_new(e, "code", cli_json_string(code));
        json_object_set_new(e, "message", cli_json_string(msg));
        json_object_set_new(obj, "error", e);
        cli_json_print(obj);
    } else {
        cli_error("xword score", "%s [%s]", msg, code);
    }
    return CLI_PROBLEMS;
}

/* The first error about the position, as the reason it cannot be scored. */
static int position_fail(const score_opts *o, lx_diag_list *diags)
{
    lx_diag_list_resolve(diags, o->cgp, strlen(o->cgp));
    for (size_t i = 0; i < lx_diag_count(diags); i++) {
        const lx_diag *d = lx_diag_get(diags, i);
        if (d->severity < LX_ERROR)
            continue;
        lx_buf m = LX_BUF_INIT;
        lx_buf_printf(&m, "the position (column %u): %s", d->col, d->message);
        int rc = score_fail(o, d->code, m.data ? m.data : d->message);
        lx_buf_free(&m);
        return rc;
    }
    return score_fail(o, "CGP_INVALID", "the position could not be read");
}

/* The lexicon that judges: --lexicon (a file or a name), else the position's. */
static const lx_xw_lexicon *judge(const score_opts *o, lx_xw_data *data, const lx_xw_pos *p, lx_xw_lexicon **own)
{
    int unavailable = 0;
    const char *named = o->lexicon ? o->lexicon : lx_xw_pos_ops(p)->lex;
    if (o->lexicon && strchr(o->lexicon, '/')) {
        cli_input in;
        if (cli_input_open(&in, "xword score", o->lexicon) != 0)
            return NULL;
        size_t n = strlen(o->lexicon);
        int kwg = n > 4 && strcasecmp(o->lexicon + n - 4, ".kwg") == 0;
        *own = kwg ? lx_xw_lexicon_from_kwg(o->lexicon, in.bytes, in.len, NULL)
                   : lx_xw_lexicon_from_words(o->lexicon, in.bytes, in.len, lx_xw_pos_dist(p), NULL, NULL);
        cli_input_close(&in);
        if (!*own)
            cli_error("xword score", "%s: not a lexicon (a KWG file, or a word list of this distribution)",
                      o->lexicon);
        return *own;
    }
    const lx_xw_lexicon *lx = lx_xw_data_judge(data, named, lx_xw_pos_dist(p), &unavailable);
    if (unavailable)
        cli_error("xword score", "warning: the lexicon %s is not available here (NWL and CSW are licensed and not "
                  "shipped), so the words were not checked [LEXICON_UNAVAILABLE]", named);
    return lx;
}

static int score_output(const score_opts *o, const lx_xw_pos *p, const lx_xw_move *m, const lx_xw_scored *s,
                        const lx_xw_lexicon *lx)
{
    json_t *words = json_array();
    lx_buf text = LX_BUF_INIT;
    uint8_t tiles[LX_XW_MAX_SIDE];
    for (size_t i = 0; i < s->nwords; i++) {
        lx_buf w = LX_BUF_INIT;
        lx_xw_word_text(p, m, &s->words[i], &w);
        json_array_append_new(words, cli_json_string(w.data ? w.data : ""));
        lx_buf_printf(&text, "%s%s", i ? ", " : "", w.data ? w.data : "");
        int n = lx_xw_word_tiles(p, m, &s->words[i], tiles);
        if (lx && !lx_xw_lexicon_has(lx, tiles, (size_t)n))
            cli_error("xword score", "warning: %s is not in the lexicon %s [WORD_NOT_IN_LEXICON]", w.data,
                      lx_xw_lexicon_name(lx));
        lx_buf_free(&w);
    }
    int rc = 0;
    if (o->json) {
        json_t *obj = json_object();
        json_object_set_new(obj, "score", json_integer(s->score));
        json_object_set_new(obj, "words", words);
        json_object_set_new(obj, "bingo", json_boolean(s->bingo));
        rc = cli_json_print(obj);
    } else {
        json_decref(words);
        printf("%ld%s%s%s\n", s->score, s->nwords ? " " : "", text.data ? text.data : "", s->bingo ? " (bingo)" : "");
    }
    lx_buf_free(&text);
    return rc == 0 ? CLI_OK : CLI_FAILURE;
}

static int score_run(const score_opts *o, lx_xw_data *data)
{
    lx_xw_pos *p = lx_xw_pos_new();
    lx_diag_list *diags = lx_diag_list_new();
    lx_xw_lexicon *own = NULL;
    int status;
    if (!p || !diags) {
        status = CLI_FAILURE;
    } else if (lx_xw_cgp_read(p, o->cgp, strlen(o->cgp), 0, data, diags) != 0 || lx_diag_count_at_least(diags, LX_ERROR) ||
               lx_xw_pos_validate(p, diags) > 0) {
        status = position_fail(o, diags);
    } else {
        lx_xw_move m;
        lx_xw_scored s;
        lx_game_error err;
        lx_game_error_init(&err);
        if (lx_xw_move_parse(lx_xw_pos_dist(p), lx_xw_pos_rows(p), lx_xw_pos_cols(p), o->play.data, o->play.len, &m,
                             &err) != 0 ||
            lx_xw_move_check(p, &m, 0, &s, &err) != 0)
            status = score_fail(o, err.code, err.message.data ? err.message.data : "illegal play");
        else
            status = score_output(o, p, &m, &s, judge(o, data, p, &own));
        lx_game_error_free(&err);
    }
    lx_xw_lexicon_free(own);
    lx_diag_list_free(diags);
    lx_xw_pos_free(p);
    return status;
}

static int cli_xword_score(int argc, char **argv)
{
    score_opts o = {0, NULL, NULL, LX_BUF_INIT};
    cli_args a;
    const char *arg, *v;
    int is_opt, r, status = CLI_OK;
    cli_args_init(&a, argc, argv);
    while (status == CLI_OK && cli_args_next(&a, &arg, &is_opt)) {
        if (!is_opt && !o.cgp)
            o.cgp = arg;
        else if (!is_opt || (arg[0] == '-' && arg[1] != '-' && o.cgp && !cli_args_is(&a, arg, NULL, "-h")))
            lx_buf_printf(&o.play, "%s%s", o.play.len ? " " : "", arg); /* "-ABC" is an exchange, not an option */
        else if (cli_args_is(&a, arg, "--help", "-h"))
            return fputs(score_usage, stdout), lx_buf_free(&o.play), CLI_OK;
        else if (cli_args_is(&a, arg, "--json", NULL))
            o.json = 1;
        else if ((r = cli_args_value(&a, arg, "--lexicon", NULL, &v)) != 0)
            status = r < 0 ? CLI_FAILURE : (o.lexicon = v, CLI_OK);
        else
            status = cli_usage_error("xword score", "unknown option '%s'", arg);
    }
    if (status == CLI_OK && (!o.cgp || o.play.len == 0))
        status = cli_usage_error("xword score", "give a position (CGP) and a play");
    lx_xw_data *data = status == CLI_OK ? cli_xword_data() : NULL;
    if (status == CLI_OK)
        status = data ? score_run(&o, data) : CLI_FAILURE;
    lx_xw_data_free(data);
    lx_buf_free(&o.play);
    return status;
}

/* ---- build-lexicon ----------------------------------------------------------------------------------- */

static const char build_usage[] =
    "Usage: ludex xword build-lexicon [--dist NAME] [--wamerican] WORDLIST OUT.kwg\n"
    "Build a lexicon (a KWG word graph) from a word list, one word per line.\n"
    "  --dist NAME   the letter distribution the words are written in (default english)\n"
    "  --wamerican   keep only lines of 2 to 15 lower-case letters a-z (how the default\n"
    "                lexicon is made from Debian's /usr/share/dict/american-english)\n";

static int build_lexicon(const char *dist_name, int wamerican, const char *in_path, const char *out_path)
{
    lx_xw_data *data = cli_xword_data();
    const lx_xw_dist *d = data ? lx_xw_data_dist(data, dist_name, NULL) : NULL;
    cli_input in;
    int status = CLI_FAILURE;
    if (!d)
        cli_error("xword build-lexicon", "no letter distribution named %s", dist_name);
    else if (cli_input_open(&in, "xword build-lexicon", in_path) == 0) {
        lx_xw_wordlist_options opt = {wamerican ? 2 : 0, wamerican ? 15 : 0, wamerican};
        size_t skipped = 0;
        lx_xw_lexicon *lx = lx_xw_lexicon_from_words("lexicon", in.bytes, in.len, d, &opt, &skipped);
        lx_buf out = LX_BUF_INIT;
        if (lx && lx_xw_lexicon_write_kwg(lx, &out) == 0 &&
            cli_write_file("xword build-lexicon", out_path, out.data ? out.data : "", out.len) == 0) {
            printf("%s: %zu words (%zu lines skipped), %zu bytes\n", out_path, lx_xw_lexicon_words(lx), skipped,
                   out.len);
            status = CLI_OK;
        } else if (!lx) {
            cli_error("xword build-lexicon", "out of memory");
        }
        lx_buf_free(&out);
        lx_xw_lexicon_free(lx);
        cli_input_close(&in);
    }
    lx_xw_data_free(data);
    return status;
}

static int cli_xword_build(int argc, char **argv)
{
    cli_args a;
    const char *arg, *v, *files[2] = {NULL, NULL}, *dist = LX_XW_DEFAULT_DIST;
    int is_opt, r, wamerican = 0, nfiles = 0;
    cli_args_init(&a, argc, argv);
    while (cli_args_next(&a, &arg, &is_opt)) {
        if (!is_opt && nfiles < 2)
            files[nfiles++] = arg;
        else if (!is_opt)
            return cli_usage_error("xword build-lexicon", "one word list and one output file");
        else if (cli_args_is(&a, arg, "--help", "-h"))
            return fputs(build_usage, stdout), CLI_OK;
        else if (cli_args_is(&a, arg, "--wamerican", NULL))
            wamerican = 1;
        else if ((r = cli_args_value(&a, arg, "--dist", NULL, &v)) != 0) {
            if (r < 0)
                return CLI_FAILURE;
            dist = v;
        } else
            return cli_usage_error("xword build-lexicon", "unknown option '%s'", arg);
    }
    if (nfiles != 2)
        return cli_usage_error("xword build-lexicon", "give a word list and an output file");
    return build_lexicon(dist, wamerican, files[0], files[1]);
}

/* ---- show ------------------------------------------------------------------------------------------ */

/* Line `index` (1-based, blank and '#' lines not counted) of a CGP file. */
static int nth_record(const cli_input *in, long index, size_t *at, size_t *len)
{
    long n = 0;
    size_t start = 0;
    for (size_t i = 0; i <= in->len; i++) {
        if (i < in->len && in->bytes[i] != '\n')
            continue;
        size_t a = start;
        start = i + 1;
        while (a < i && (in->bytes[a] == ' ' || in->bytes[a] == '\t' || in->bytes[a] == '\r'))
            a++;
        if (a == i || in->bytes[a] == '#')
            continue;
        if (++n == index) {
            *at = a;
            *len = i - a;
            return 0;
        }
    }
    return (int)n;
}

static int show_cgp(const cli_input *in, const cli_show_xword_opts *o, lx_xw_data *data, lx_xw_pos *p,
                    lx_diag_list *diags, lx_buf *out)
{
    size_t at = 0, len = 0;
    int n = nth_record(in, o->game, &at, &len);
    if (o->move >= 0)
        return cli_usage_error("show", "%s: a CGP file holds positions, not moves; choose one with --game N", in->name);
    if (n != 0) {
        cli_error("show", "%s: the file has %d position%s; there is no position %ld", in->name, n, n == 1 ? "" : "s",
                  o->game);
        return CLI_PROBLEMS;
    }
    int rc = lx_xw_cgp_read(p, in->bytes + at, len, at, data, diags);
    lx_diag_list_resolve(diags, in->bytes, in->len);
    if (rc != 0)
        return rc < 0 ? -1 : CLI_PROBLEMS;
    return lx_xw_draw(p, o->format, o->size, NULL, out) == 0 ? CLI_OK : -1;
}

static int show_gcg(const cli_input *in, const cli_show_xword_opts *o, lx_xw_data *data, lx_xw_pos *p,
                    lx_diag_list *diags, lx_buf *out)
{
    lx_xw_gcg_options go = {o->encoding, NULL, NULL};
    lx_xw_gcg *g = lx_xw_gcg_read(in->bytes, in->len, data, &go, diags);
    if (!g)
        return lx_diag_count_at_least(diags, LX_FATAL) ? CLI_PROBLEMS : -1;
    int status = CLI_OK;
    size_t n = o->move < 0 ? (size_t)-1 : (size_t)o->move;
    if (o->game != 1) {
        cli_error("show", "%s: a GCG file holds one game; there is no game %ld", in->name, o->game);
        status = CLI_PROBLEMS;
    } else if (o->move > 0 && (size_t)o->move > lx_xw_gcg_events(g)) {
        cli_error("show", "%s: the record has %zu events; there is no event %ld", in->name, lx_xw_gcg_events(g),
                  o->move);
        status = CLI_PROBLEMS;
    } else {
        int rc = lx_xw_gcg_position(g, n, p, diags);
        int first = lx_xw_gcg_next_player(g, n == (size_t)-1 ? lx_xw_gcg_events(g) : n);
        const char *names[2] = {lx_xw_gcg_nick(g, first), lx_xw_gcg_nick(g, 1 - first)};
        status = rc < 0 ? -1 : rc > 0 ? CLI_PROBLEMS : lx_xw_draw(p, o->format, o->size, names, out) == 0 ? CLI_OK : -1;
    }
    size_t tl;
    const char *t = lx_xw_gcg_text(g, &tl);
    lx_diag_list_resolve(diags, t, tl);
    lx_xw_gcg_free(g);
    return status;
}

int cli_show_xword(const cli_show_xword_opts *o)
{
    cli_input in;
    if (cli_input_open(&in, "show", o->path) != 0)
        return CLI_FAILURE;
    lx_xw_data *data = cli_xword_data();
    lx_xw_pos *p = lx_xw_pos_new();
    lx_diag_list *diags = lx_diag_list_new();
    lx_buf out = LX_BUF_INIT;
    size_t n = strlen(o->path);
    int status = !data || !p || !diags ? -1
                 : strcasecmp(o->path + n - 4, ".gcg") == 0 ? show_gcg(&in, o, data, p, diags, &out)
                                                            : show_cgp(&in, o, data, p, diags, &out);
    for (size_t i = 0; diags && i < lx_diag_count(diags); i++)
        if (lx_diag_get(diags, i)->severity >= LX_ERROR)
            cli_print_diag(stderr, in.name, lx_diag_get(diags, i));
    if (status == CLI_OK && cli_write_stdout("show", out.data ? out.data : "", out.len) != 0)
        status = CLI_FAILURE;
    if (status < 0) {
        cli_error("show", "%s: out of memory", in.name);
        status = CLI_FAILURE;
    }
    lx_buf_free(&out);
    lx_diag_list_free(diags);
    lx_xw_pos_free(p);
    lx_xw_data_free(data);
    cli_input_close(&in);
    return status;
}

/* ---- the command ------------------------------------------------------------------------------------- */

static const char xword_usage[] =
    "Usage: ludex xword COMMAND ...\n"
    "Crossword games (CGP positions, GCG records).\n"
    "  score           score a play on a CGP position\n"
    "  build-lexicon   build a KWG lexicon (DAWG and GADDAG) from a word list\n"
    "  moves           every legal play in a CGP position, by equity or score\n"
    "  best            the engine's best play beside each play of a GCG record\n"
    "'ludex check', 'ludex show' and 'ludex convert' also take .cgp and .gcg files.\n";

int cli_xword(int argc, char **argv)
{
    if (argc < 2) {
        fputs(xword_usage, stderr);
        return CLI_FAILURE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
        return fputs(xword_usage, stdout), CLI_OK;
    if (strcmp(argv[1], "score") == 0)
        return cli_xword_score(argc - 1, argv + 1);
    if (strcmp(argv[1], "build-lexicon") == 0)
        return cli_xword_build(argc - 1, argv + 1);
    if (strcmp(argv[1], "moves") == 0)
        return cli_xword_moves(argc - 1, argv + 1);
    if (strcmp(argv[1], "best") == 0)
        return cli_xword_best(argc - 1, argv + 1);
    return cli_usage_error("xword", "unknown command '%s' (score, build-lexicon, moves, best)", argv[1]);
}
