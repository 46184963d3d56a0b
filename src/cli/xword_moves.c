/* xword_moves.c - the move generator on the command line.
 *
 *   ludex xword moves [--rack R] [--top N] [--sort equity|score] [--json]
 *                     [--lexicon NAME|FILE] [--leaves FILE.klv] [--move N] [SIM] CGP|FILE.cgp|FILE.gcg
 *   ludex xword best [--move N] [--json] [--lexicon NAME|FILE] [--leaves FILE.klv] [SIM] FILE.gcg
 *   SIM: --sim SECONDS [--iterations N] [--seed N] [--candidates N] [--plies 1|2]
 *
 * `moves` lists every legal play of the player to move (or of rack R) with
 * its score, leave and equity, best first.  `best` replays a GCG record and
 * sets, at each turn whose rack the record shows (or at event N), the
 * engine's best play by static equity beside the play that was made.  With
 * --sim (or --iterations) both simulate instead (lx_xw_sim_run): `moves`
 * lists the candidates by their simulated value, `best` names the
 * simulation's choice.  The words are those of --lexicon, else the lexicon
 * the record names, else the default lexicon. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/cli.h"
#include "cli/xword_moves.h"
#include "ludex/xword.h"

typedef struct gen_cli {
    const char *cmd;
    const char *lexicon, *leaves_path, *rack_text, *input;
    long top, move;
    int json, by_score;
    lx_xw_data *data;
    lx_xw_lexicon *own_lexicon;
    lx_xw_leaves *leaves;
    int sim;                         /* --sim or --iterations given */
    double sim_seconds;
    long sim_iterations, sim_seed, sim_candidates, sim_plies;
} gen_cli;

/* ---- what both commands need ------------------------------------------------------------------ */

static const lx_xw_lexicon *find_lexicon(gen_cli *c, const lx_xw_dist *d, const char *named)
{
    if (c->lexicon && strchr(c->lexicon, '/')) {
        if (c->own_lexicon)
            return c->own_lexicon;
        cli_input in;
        if (cli_input_open(&in, c->cmd, c->lexicon) != 0)
            return NULL;
        size_t n = strlen(c->lexicon);
        int kwg = n > 4 && strcasecmp(c->lexicon + n - 4, ".kwg") == 0;
        c->own_lexicon = kwg ? lx_xw_lexicon_from_kwg(c->lexicon, in.bytes, in.len, NULL)
                             : lx_xw_lexicon_from_words(c->lexicon, in.bytes, in.len, d, NULL, NULL);
        cli_input_close(&in);
        if (!c->own_lexicon)
            cli_error(c->cmd, "%s: not a lexicon (a KWG file, or a word list of this distribution)", c->lexicon);
        return c->own_lexicon;
    }
    const char *name = c->lexicon ? c->lexicon : named ? named : LX_XW_DEFAULT_LEXICON;
    lx_diag_list *why = lx_diag_list_new();
    const lx_xw_lexicon *lx = lx_xw_data_lexicon(c->data, name, d, why);
    if (!lx && why && lx_diag_count(why))
        cli_error(c->cmd, "%s; choose one with --lexicon", lx_diag_get(why, 0)->message);
    else if (!lx)
        cli_error(c->cmd, "the lexicon %s is not available here (NWL and CSW are licensed and not shipped); "
                  "choose one with --lexicon", name);
    lx_diag_list_free(why);
    return lx;
}

static int load_leaves(gen_cli *c)
{
    if (!c->leaves_path)
        return 0;
    cli_input in;
    if (cli_input_open(&in, c->cmd, c->leaves_path) != 0)
        return -1;
    lx_diag_list *d = lx_diag_list_new();
    c->leaves = lx_xw_leaves_from_klv(c->leaves_path, in.bytes, in.len, d);
    if (!c->leaves)
        cli_error(c->cmd, "%s", d && lx_diag_count(d) ? lx_diag_get(d, 0)->message : "out of memory");
    lx_diag_list_free(d);
    cli_input_close(&in);
    return c->leaves ? 0 : -1;
}

/* Tiles of a rack written in the distribution's labels ("?" a blank). */
static int parse_rack(const gen_cli *c, const lx_xw_dist *d, const char *s, uint8_t *tiles, size_t *n)
{
    size_t len = strlen(s), i = 0;
    *n = 0;
    while (i < len) {
        int t;
        size_t k = lx_xw_dist_read_tile(d, s + i, len - i, &t);
        if (k == 0 || (t & LX_XW_BLANK_BIT) || *n >= LX_XW_RACK_SIZE) {
            cli_usage_error(c->cmd, "the rack '%s' is not up to %d tiles of the %s distribution", s, LX_XW_RACK_SIZE,
                            lx_xw_dist_name(d));
            return -1;
        }
        tiles[(*n)++] = (uint8_t)t;
        i += k;
    }
    return 0;
}

/* What is left of the rack after the play, as text. */
static void leave_text(const lx_xw_dist *d, const uint8_t *rack, size_t n, const lx_xw_play *pl, lx_buf *out)
{
    int count[LX_XW_MAX_LETTERS + 1] = {0};
    for (size_t i = 0; i < n; i++)
        count[rack[i]]++;
    for (int i = 0; i < pl->ntiles && pl->kind != LX_XW_PASS; i++) {
        int t = pl->kind == LX_XW_PLACE && (pl->tiles[i] & LX_XW_BLANK_BIT) ? 0 : pl->tiles[i] & 0x7F;
        count[t]--;
    }
    for (int t = 1; t <= lx_xw_dist_letters(d) + 1; t++) {
        int tile = t <= lx_xw_dist_letters(d) ? t : 0;
        for (int k = 0; k < count[tile]; k++) {
            const char *l = lx_xw_dist_label(d, tile);
            lx_buf_printf(out, strlen(l) > 1 ? "[%s]" : "%s", l);
        }
    }
}

static json_t *play_json(const lx_xw_pos *p, const uint8_t *rack, size_t n, const lx_xw_play *pl)
{
    lx_buf w = LX_BUF_INIT, l = LX_BUF_INIT;
    lx_xw_play_write(p, pl, &w);
    leave_text(lx_xw_pos_dist(p), rack, n, pl, &l);
    json_t *o = json_object();
    json_object_set_new(o, "play", cli_json_string(w.data ? w.data : ""));
    json_object_set_new(o, "score", json_integer(pl->score));
    json_object_set_new(o, "leave", cli_json_string(l.data ? l.data : ""));
    json_object_set_new(o, "equity", json_real((double)(long long)(pl->equity * 1000 + (pl->equity < 0 ? -0.5 : 0.5)) / 1000));
    json_object_set_new(o, "bingo", json_boolean(pl->kind == LX_XW_PLACE && pl->ntiles == LX_XW_RACK_SIZE));
    lx_buf_free(&w);
    lx_buf_free(&l);
    return o;
}

static void play_text(const lx_xw_pos *p, const uint8_t *rack, size_t n, const lx_xw_play *pl, lx_buf *out)
{
    lx_buf w = LX_BUF_INIT, l = LX_BUF_INIT;
    lx_xw_play_write(p, pl, &w);
    leave_text(lx_xw_pos_dist(p), rack, n, pl, &l);
    lx_buf_printf(out, "%-22s %4d %8.2f  %s", w.data ? w.data : "", pl->score, pl->equity, l.data ? l.data : "");
    lx_buf_free(&w);
    lx_buf_free(&l);
}

/* ---- simulation ------------------------------------------------------------------------------------- */

static int number(const gen_cli *c, const char *opt, const char *v, long *out);

/* The simulation's options (both commands); 1 taken, 0 not one, -1 error. */
static int sim_option(gen_cli *c, cli_args *a, const char *arg)
{
    const char *v;
    int r;
    if ((r = cli_args_value(a, arg, "--sim", NULL, &v)) != 0) {
        char *end;
        double secs = r > 0 ? strtod(v, &end) : 0;
        if (r < 0 || *v == '\0' || *end != '\0' || !(secs > 0 && secs <= 600))
            return r < 0 ? -1 : (cli_usage_error(c->cmd, "--sim takes seconds from 0 to 600, not '%s'", v), -1);
        return c->sim = 1, c->sim_seconds = secs, 1;
    }
    if ((r = cli_args_value(a, arg, "--iterations", NULL, &v)) != 0)
        return r < 0 || number(c, "--iterations", v, &c->sim_iterations) != 0 ? -1 : (c->sim = 1, 1);
    if ((r = cli_args_value(a, arg, "--seed", NULL, &v)) != 0)
        return r < 0 || number(c, "--seed", v, &c->sim_seed) != 0 ? -1 : 1;
    if ((r = cli_args_value(a, arg, "--candidates", NULL, &v)) != 0)
        return r < 0 || number(c, "--candidates", v, &c->sim_candidates) != 0 ? -1 : 1;
    if ((r = cli_args_value(a, arg, "--plies", NULL, &v)) != 0) {
        if (r < 0 || number(c, "--plies", v, &c->sim_plies) != 0)
            return -1;
        return c->sim_plies <= 2 ? 1 : (cli_usage_error(c->cmd, "--plies takes 1 or 2, not '%s'", v), -1);
    }
    return 0;
}

/* The simulation's choice for `rack` on p into s; 0, or -1 with the error printed. */
static int simulate(const gen_cli *c, lx_xw_sim *s, const lx_xw_pos *p, const lx_xw_lexicon *lx, const uint8_t *rack,
                    size_t nrack, lx_xw_play *best)
{
    lx_xw_sim_options o = {lx, c->leaves, rack, nrack, (int)c->sim_candidates, (int)c->sim_plies, c->sim_iterations,
                           c->sim_seconds, 0, (uint64_t)c->sim_seed};
    lx_game_error err;
    lx_game_error_init(&err);
    int rc = lx_xw_sim_run(s, p, &o, best, &err);
    if (rc != 0)
        cli_error(c->cmd, "%s [%s]", err.message.data ? err.message.data : "", err.code);
    lx_game_error_free(&err);
    return rc;
}

/* ---- moves ----------------------------------------------------------------------------------------- */

#define SIM_USAGE \
    "  --sim SECONDS     simulate the best static plays for that long (Monte Carlo over the\n" \
    "                    racks the opponent may hold; its rack in the position is never read)\n" \
    "  --iterations N    simulate N iterations (with --sim: at most N); --seed N\n" \
    "  --candidates N    plays simulated (default 10); --plies 1|2 (default 2: the opponent's\n" \
    "                    reply and the mover's next play)\n"

static const char moves_usage[] =
    "Usage: ludex xword moves [options] CGP|FILE.cgp|FILE.gcg\n"
    "List every legal play of the player to move in the position (a CGP record, the\n"
    "first record of a .cgp file, or a .gcg record's position after its last event\n"
    "or after --move N): placements, exchanges and the pass, with\n"
    "score, leave (the tiles kept) and equity (score + the leave's value), best first.\n"
    "  --rack R          the rack to play from (default: the mover's rack in the CGP)\n"
    "  --move N          of a .gcg record: the position after event N\n"
    "  --top N           list only the first N plays\n"
    "  --sort equity|score   order (default equity)\n"
    "  --json            print {\"count\":N,\"plays\":[{\"play\",\"score\",\"leave\",\"equity\",\"bingo\"}...]}\n"
    "  --lexicon L       the words allowed (a name, or a .kwg or word-list file)\n"
    "  --leaves F.klv    leave values from a KLV file (default: the built-in estimate)\n"
    SIM_USAGE
    "Exit status: 0 listed, 1 position unusable, 2 usage failure.\n";

/* The position of a GCG record after event c->move (the end without
 * --move), as CGP text. */
static int gcg_to_cgp(const gen_cli *c, const cli_input *in, lx_buf *cgp)
{
    lx_diag_list *d = lx_diag_list_new();
    lx_xw_gcg *g = lx_xw_gcg_read(in->bytes, in->len, c->data, NULL, d);
    lx_xw_pos *p = lx_xw_pos_new();
    int rc = -1;
    if (!g || !p)
        cli_error(c->cmd, "%s: not a GCG record that can be read", in->name);
    else if (c->move > 0 && (size_t)c->move > lx_xw_gcg_events(g))
        cli_error(c->cmd, "%s: the record has %zu events; there is no event %ld", in->name, lx_xw_gcg_events(g),
                  c->move);
    else if (lx_xw_gcg_position(g, c->move > 0 ? (size_t)c->move : (size_t)-1, p, d) != 0)
        cli_error(c->cmd, "%s: the record cannot be replayed that far", in->name);
    else
        rc = lx_xw_cgp_write(p, cgp);
    lx_xw_pos_free(p);
    lx_xw_gcg_free(g);
    lx_diag_list_free(d);
    return rc;
}

/* The CGP text: the argument (it has spaces), the first record of the .cgp
 * file it names, or the position of the .gcg record it names. */
static int read_cgp(const gen_cli *c, lx_buf *cgp)
{
    size_t n = strlen(c->input);
    int gcg = n > 4 && strcasecmp(c->input + n - 4, ".gcg") == 0;
    if (!gcg && !(n > 4 && strcasecmp(c->input + n - 4, ".cgp") == 0) && strchr(c->input, ' ') != NULL)
        return lx_buf_append_str(cgp, c->input);
    cli_input in;
    if (cli_input_open(&in, c->cmd, c->input) != 0)
        return -1;
    if (gcg) {
        int rc = gcg_to_cgp(c, &in, cgp);
        cli_input_close(&in);
        return rc;
    }
    size_t start = 0;
    for (size_t i = 0; i <= in.len; i++) {
        if (i < in.len && in.bytes[i] != '\n')
            continue;
        size_t a = start;
        start = i + 1;
        while (a < i && (in.bytes[a] == ' ' || in.bytes[a] == '\t' || in.bytes[a] == '\r'))
            a++;
        if (a < i && in.bytes[a] != '#') {
            lx_buf_append(cgp, in.bytes + a, i - a);
            break;
        }
    }
    cli_input_close(&in);
    if (cgp->len == 0)
        return cli_error(c->cmd, "%s: no position in the file", c->input), -1;
    return 0;
}

static int print_moves(const gen_cli *c, const lx_xw_pos *p, const uint8_t *rack, size_t nrack, lx_xw_play *plays,
                       size_t n)
{
    lx_xw_plays_sort(plays, n, c->by_score);
    size_t show = c->top > 0 && (size_t)c->top < n ? (size_t)c->top : n;
    if (c->json) {
        json_t *arr = json_array(), *obj = json_object();
        for (size_t i = 0; i < show; i++)
            json_array_append_new(arr, play_json(p, rack, nrack, &plays[i]));
        json_object_set_new(obj, "count", json_integer((json_int_t)n));
        json_object_set_new(obj, "plays", arr);
        return cli_json_print(obj) == 0 ? CLI_OK : CLI_FAILURE;
    }
    lx_buf out = LX_BUF_INIT;
    for (size_t i = 0; i < show; i++) {
        play_text(p, rack, nrack, &plays[i], &out);
        lx_buf_append_char(&out, '\n');
    }
    int rc = cli_write_stdout(c->cmd, out.data ? out.data : "", out.len);
    lx_buf_free(&out);
    return rc == 0 ? CLI_OK : CLI_FAILURE;
}

static json_t *sim_json(const lx_xw_pos *p, const uint8_t *rack, size_t n, const lx_xw_sim_candidate *sc)
{
    json_t *o = play_json(p, rack, n, &sc->play);
    json_object_set_new(o, "sim", json_real((double)(long long)(sc->mean * 1000 + (sc->mean < 0 ? -0.5 : 0.5)) / 1000));
    json_object_set_new(o, "sim_stderr", json_real((double)(long long)(sc->stderr_mean * 1000 + 0.5) / 1000));
    json_object_set_new(o, "sim_iterations", json_integer((json_int_t)sc->iterations));
    json_object_set_new(o, "pruned", json_boolean(sc->pruned));
    return o;
}

/* `moves --sim`: the candidates by their simulated value. */
static int sim_moves(const gen_cli *c, const lx_xw_pos *p, const lx_xw_lexicon *lx, const uint8_t *rack, size_t nrack)
{
    lx_xw_sim *s = lx_xw_sim_new();
    lx_xw_play best;
    if (!s || simulate(c, s, p, lx, rack, nrack, &best) != 0) {
        lx_xw_sim_free(s);
        return s ? CLI_PROBLEMS : CLI_FAILURE;
    }
    const lx_xw_sim_candidate *sc;
    size_t n = lx_xw_sim_results(s, &sc), show = c->top > 0 && (size_t)c->top < n ? (size_t)c->top : n;
    int rc;
    if (c->json) {
        json_t *arr = json_array(), *obj = json_object();
        for (size_t i = 0; i < show; i++)
            json_array_append_new(arr, sim_json(p, rack, nrack, &sc[i]));
        json_object_set_new(obj, "count", json_integer((json_int_t)n));
        json_object_set_new(obj, "iterations", json_integer((json_int_t)lx_xw_sim_iterations(s)));
        json_object_set_new(obj, "plays", arr);
        rc = cli_json_print(obj);
    } else {
        lx_buf out = LX_BUF_INIT;
        for (size_t i = 0; i < show; i++) {
            play_text(p, rack, nrack, &sc[i].play, &out);
            lx_buf_printf(&out, "  sim %.2f +- %.2f (%ld)%s\n", sc[i].mean, sc[i].stderr_mean, sc[i].iterations,
                          sc[i].pruned ? " pruned" : "");
        }
        rc = cli_write_stdout(c->cmd, out.data ? out.data : "", out.len);
        lx_buf_free(&out);
    }
    lx_xw_sim_free(s);
    return rc == 0 ? CLI_OK : CLI_FAILURE;
}

static int moves_run(gen_cli *c)
{
    lx_buf cgp = LX_BUF_INIT;
    lx_xw_pos *p = lx_xw_pos_new();
    lx_diag_list *diags = lx_diag_list_new();
    lx_xw_gen *g = lx_xw_gen_new();
    int status = CLI_PROBLEMS;
    if (!p || !diags || !g || read_cgp(c, &cgp) != 0) {
        status = CLI_FAILURE;
    } else if (lx_xw_cgp_read(p, cgp.data, cgp.len, 0, c->data, diags) != 0 ||
               lx_diag_count_at_least(diags, LX_ERROR) || lx_xw_pos_validate(p, diags) > 0) {
        lx_diag_list_resolve(diags, cgp.data, cgp.len);
        for (size_t i = 0; i < lx_diag_count(diags); i++)
            if (lx_diag_get(diags, i)->severity >= LX_ERROR)
                cli_print_diag(stderr, "position", lx_diag_get(diags, i));
    } else {
        uint8_t rack[LX_XW_RACK_SIZE];
        size_t nrack = 0;
        const uint8_t *r = lx_xw_pos_rack(p, 0, &nrack);
        memcpy(rack, r, nrack);
        const lx_xw_lexicon *lx = find_lexicon(c, lx_xw_pos_dist(p), lx_xw_pos_ops(p)->lex);
        if (c->rack_text && parse_rack(c, lx_xw_pos_dist(p), c->rack_text, rack, &nrack) != 0)
            status = CLI_FAILURE;
        else if (lx && c->sim) {
            status = sim_moves(c, p, lx, rack, nrack);
        } else if (lx) {
            lx_xw_gen_options o = {lx, c->leaves, rack, nrack};
            const lx_xw_play *plays;
            lx_game_error err;
            lx_game_error_init(&err);
            long n = lx_xw_gen_all(g, p, &o, &plays, &err);
            if (n < 0)
                cli_error(c->cmd, "%s [%s]", err.message.data ? err.message.data : "", err.code);
            else
                status = print_moves(c, p, rack, nrack, (lx_xw_play *)plays, (size_t)n);
            lx_game_error_free(&err);
        }
    }
    lx_xw_gen_free(g);
    lx_diag_list_free(diags);
    lx_xw_pos_free(p);
    lx_buf_free(&cgp);
    return status;
}

/* Options both commands take; 1 when arg was one of them, 0 when not, -1 on error. */
static int common_option(gen_cli *c, cli_args *a, const char *arg)
{
    const char *v;
    int r;
    if (cli_args_is(a, arg, "--json", NULL))
        return c->json = 1, 1;
    if ((r = cli_args_value(a, arg, "--lexicon", NULL, &v)) != 0)
        return r < 0 ? -1 : (c->lexicon = v, 1);
    if ((r = cli_args_value(a, arg, "--leaves", NULL, &v)) != 0)
        return r < 0 ? -1 : (c->leaves_path = v, 1);
    return sim_option(c, a, arg);
}

static int number(const gen_cli *c, const char *opt, const char *v, long *out)
{
    char *end;
    long n = strtol(v, &end, 10);
    if (*v == '\0' || *end != '\0' || n < 1)
        return cli_usage_error(c->cmd, "%s takes a positive number, not '%s'", opt, v), -1;
    *out = n;
    return 0;
}

static int finish(gen_cli *c, int status, int (*run)(gen_cli *))
{
    if (status == CLI_OK && !c->input)
        status = cli_usage_error(c->cmd, "give a position");
    if (status == CLI_OK && !(c->data = cli_xword_data()))
        status = CLI_FAILURE;
    if (status == CLI_OK && load_leaves(c) != 0)
        status = CLI_FAILURE;
    if (status == CLI_OK)
        status = run(c);
    lx_xw_leaves_free(c->leaves);
    lx_xw_lexicon_free(c->own_lexicon);
    lx_xw_data_free(c->data);
    return status;
}

/* The options only `moves` takes: 1 taken, 0 not one, -1 error. */
static int moves_option(gen_cli *c, cli_args *a, const char *arg)
{
    const char *v;
    int r;
    if ((r = cli_args_value(a, arg, "--rack", NULL, &v)) != 0)
        return r < 0 ? -1 : (c->rack_text = v, 1);
    if ((r = cli_args_value(a, arg, "--top", NULL, &v)) != 0)
        return r < 0 || number(c, "--top", v, &c->top) != 0 ? -1 : 1;
    if ((r = cli_args_value(a, arg, "--move", NULL, &v)) != 0)
        return r < 0 || number(c, "--move", v, &c->move) != 0 ? -1 : 1;
    if ((r = cli_args_value(a, arg, "--sort", NULL, &v)) != 0) {
        if (r < 0 || (strcmp(v, "equity") != 0 && strcmp(v, "score") != 0))
            return r < 0 ? -1 : (cli_usage_error(c->cmd, "--sort takes equity or score, not '%s'", v), -1);
        c->by_score = strcmp(v, "score") == 0;
        return 1;
    }
    return 0;
}

/* The options only `best` takes. */
static int best_option(gen_cli *c, cli_args *a, const char *arg)
{
    const char *v;
    int r = cli_args_value(a, arg, "--move", NULL, &v);
    return r == 0 ? 0 : r < 0 || number(c, "--move", v, &c->move) != 0 ? -1 : 1;
}

/* Read the arguments of either command, and run it. */
static int command(const char *cmd, int argc, char **argv, const char *usage,
                   int (*own_option)(gen_cli *, cli_args *, const char *), int (*run)(gen_cli *))
{
    gen_cli c = {cmd, NULL, NULL, NULL, NULL, 0, 0, 0, 0, NULL, NULL, NULL, 0, 0, 0, 0, 0, 0};
    cli_args a;
    const char *arg;
    int is_opt, r, status = CLI_OK;
    cli_args_init(&a, argc, argv);
    while (status == CLI_OK && cli_args_next(&a, &arg, &is_opt)) {
        if (!is_opt && !c.input)
            c.input = arg;
        else if (!is_opt)
            status = cli_usage_error(c.cmd, "one input only");
        else if (cli_args_is(&a, arg, "--help", "-h"))
            return fputs(usage, stdout), CLI_OK;
        else if ((r = common_option(&c, &a, arg)) != 0 || (r = own_option(&c, &a, arg)) != 0)
            status = r < 0 ? CLI_FAILURE : CLI_OK;
        else
            status = cli_usage_error(c.cmd, "unknown option '%s'", arg);
    }
    return finish(&c, status, run);
}

int cli_xword_moves(int argc, char **argv)
{
    return command("xword moves", argc, argv, moves_usage, moves_option, moves_run);
}

/* ---- best ------------------------------------------------------------------------------------------ */

static const char best_usage[] =
    "Usage: ludex xword best [options] FILE.gcg\n"
    "Replay a GCG record and, at each turn whose rack it shows, set the engine's best\n"
    "play by static equity beside the play that was made (its score, equity, and\n"
    "rank among every legal play).\n"
    "  --move N          only the turn of event N (1-based)\n"
    "  --json            one JSON object per turn\n"
    "  --lexicon L       the words allowed (a name, or a .kwg or word-list file)\n"
    "  --leaves F.klv    leave values from a KLV file (default: the built-in estimate)\n"
    SIM_USAGE
    "Exit status: 0 done, 1 the record cannot be replayed that far, 2 usage failure.\n";

/* Whether generated play pl is the move m made on p. */
static int same_play(const lx_xw_pos *p, const lx_xw_play *pl, const lx_xw_move *m)
{
    if ((int)pl->kind != (int)m->kind)
        return 0;
    if (pl->kind == LX_XW_PASS)
        return 1;
    if (pl->kind == LX_XW_EXCHANGE) {
        int a[LX_XW_MAX_LETTERS + 1] = {0};
        if (!m->tiles_known || m->len != pl->ntiles)
            return 0;
        for (int i = 0; i < pl->ntiles; i++)
            a[pl->tiles[i]]++, a[m->tiles[i] & 0x3F]--;
        for (int t = 0; t <= LX_XW_MAX_LETTERS; t++)
            if (a[t])
                return 0;
        return 1;
    }
    if (pl->row != m->row || pl->col != m->col || pl->down != m->down || pl->len != m->len)
        return 0;
    for (int i = 0, k = 0; i < m->len; i++) {
        int r = m->row + (m->down ? i : 0), c = m->col + (m->down ? 0 : i);
        int t = lx_xw_pos_square(p, r, c) ? 0 : m->tiles[i];
        if (t && (k >= pl->ntiles || pl->tiles[k++] != t))
            return 0;
    }
    return 1;
}

static void rack_label(const lx_xw_dist *d, const uint8_t *rack, size_t n, lx_buf *out)
{
    lx_xw_play none = {LX_XW_PASS, 0, 0, 0, 0, 0, {0}, 0, 0, 0};
    leave_text(d, rack, n, &none, out);
}

typedef struct turn_result {
    size_t event;
    const char *nick;
    lx_buf rack, played, best;
    long played_score;
    const lx_xw_play *found; /* the play made, among the generated ones */
    const lx_xw_play *top;
    size_t rank, count;
    const lx_xw_sim_candidate *sim; /* the simulation's choice, with --sim */
} turn_result;

static json_t *turn_json(const turn_result *t)
{
    json_t *o = json_object(), *pl = json_object(), *b = json_object();
    json_object_set_new(o, "event", json_integer((json_int_t)t->event));
    json_object_set_new(o, "player", cli_json_string(t->nick));
    json_object_set_new(o, "rack", cli_json_string(t->rack.data ? t->rack.data : ""));
    json_object_set_new(pl, "play", cli_json_string(t->played.data ? t->played.data : ""));
    json_object_set_new(pl, "score", json_integer(t->played_score));
    json_object_set_new(pl, "equity", t->found ? json_real(t->found->equity) : json_null());
    json_object_set_new(pl, "rank", t->found ? json_integer((json_int_t)t->rank) : json_null());
    json_object_set_new(b, "play", cli_json_string(t->best.data ? t->best.data : ""));
    json_object_set_new(b, "score", json_integer(t->top->score));
    json_object_set_new(b, "equity", json_real(t->top->equity));
    if (t->sim)
        json_object_set_new(b, "sim", json_real(t->sim->mean));
    json_object_set_new(o, "played", pl);
    json_object_set_new(o, "best", b);
    json_object_set_new(o, "plays", json_integer((json_int_t)t->count));
    return o;
}

static void turn_text(const turn_result *t, lx_buf *out)
{
    lx_buf_printf(out, "%zu %s %s: played %s %ld", t->event, t->nick, t->rack.data ? t->rack.data : "",
                  t->played.data ? t->played.data : "", t->played_score);
    if (t->found)
        lx_buf_printf(out, " (%.2f, %zu of %zu)", t->found->equity, t->rank, t->count);
    else
        lx_buf_printf(out, " (not among the plays the lexicon allows)");
    lx_buf_printf(out, "; best %s %d (%.2f", t->best.data ? t->best.data : "", t->top->score, t->top->equity);
    if (t->sim)
        lx_buf_printf(out, ", sim %.2f", t->sim->mean);
    lx_buf_printf(out, ")\n");
}

/* One turn: event i (1-based), played from the position after event i - 1. */
static int best_turn(gen_cli *c, const lx_xw_gcg *gcg, size_t i, lx_xw_pos *p, lx_xw_gen *g, lx_xw_sim *s,
                     lx_buf *out)
{
    const lx_xw_event *ev = lx_xw_gcg_event(gcg, i - 1);
    if ((ev->kind != LX_XW_EV_PLAY && ev->kind != LX_XW_EV_EXCHANGE && ev->kind != LX_XW_EV_PASS) || !ev->rack ||
        ev->nrack > LX_XW_RACK_SIZE)
        return 0;
    lx_diag_list *d = lx_diag_list_new();
    int rc = lx_xw_gcg_position(gcg, i - 1, p, d);
    lx_diag_list_free(d);
    if (rc != 0)
        return rc < 0 ? -1 : 1;
    const lx_xw_lexicon *lx = find_lexicon(c, lx_xw_pos_dist(p), lx_xw_pos_ops(p)->lex);
    if (!lx)
        return 2;
    lx_xw_gen_options o = {lx, c->leaves, ev->rack, ev->nrack};
    const lx_xw_play *plays;
    lx_game_error err;
    lx_game_error_init(&err);
    long n = lx_xw_gen_all(g, p, &o, &plays, &err);
    if (n < 0) {
        cli_error(c->cmd, "%s [%s]", err.message.data ? err.message.data : "", err.code);
        lx_game_error_free(&err);
        return 2;
    }
    lx_xw_plays_sort((lx_xw_play *)plays, (size_t)n, 0);
    turn_result t = {i, lx_xw_gcg_nick(gcg, ev->player), LX_BUF_INIT, LX_BUF_INIT, LX_BUF_INIT, ev->score, NULL,
                     &plays[0], 0, (size_t)n, NULL};
    lx_xw_play chosen;
    if (c->sim) {
        if (simulate(c, s, p, lx, ev->rack, ev->nrack, &chosen) != 0) {
            lx_game_error_free(&err);
            return 2;
        }
        lx_xw_sim_results(s, &t.sim);
        t.top = &chosen;
    }
    for (long k = 0; k < n && !t.found; k++)
        if (same_play(p, &plays[k], &ev->move))
            t.found = &plays[k], t.rank = (size_t)k + 1;
    rack_label(lx_xw_pos_dist(p), ev->rack, ev->nrack, &t.rack);
    lx_xw_move m = ev->move;
    if (ev->kind == LX_XW_EV_PASS)
        m.kind = LX_XW_PASS;
    lx_xw_move_write(lx_xw_pos_dist(p), &m, 0, &t.played);
    lx_xw_play_write(p, t.top, &t.best);
    if (c->json) {
        json_t *obj = turn_json(&t);
        char *js = json_dumps(obj, JSON_COMPACT | JSON_PRESERVE_ORDER);
        json_decref(obj);
        if (js)
            lx_buf_printf(out, "%s\n", js);
        free(js);
    } else {
        turn_text(&t, out);
    }
    lx_buf_free(&t.rack);
    lx_buf_free(&t.played);
    lx_buf_free(&t.best);
    lx_game_error_free(&err);
    return 0;
}

static int best_run(gen_cli *c)
{
    cli_input in;
    if (cli_input_open(&in, c->cmd, c->input) != 0)
        return CLI_FAILURE;
    lx_diag_list *d = lx_diag_list_new();
    lx_xw_gcg *gcg = lx_xw_gcg_read(in.bytes, in.len, c->data, NULL, d);
    lx_xw_pos *p = lx_xw_pos_new();
    lx_xw_gen *g = lx_xw_gen_new();
    lx_xw_sim *s = lx_xw_sim_new();
    lx_buf out = LX_BUF_INIT;
    int status = CLI_OK;
    if (!gcg || !p || !g || !s) {
        cli_error(c->cmd, "%s: %s", in.name, gcg ? "out of memory" : "not a GCG record that can be read");
        status = CLI_PROBLEMS;
    } else if (c->move > 0 && (size_t)c->move > lx_xw_gcg_events(gcg)) {
        cli_error(c->cmd, "%s: the record has %zu events; there is no event %ld", in.name, lx_xw_gcg_events(gcg),
                  c->move);
        status = CLI_PROBLEMS;
    } else {
        size_t from = c->move > 0 ? (size_t)c->move : 1, to = c->move > 0 ? (size_t)c->move : lx_xw_gcg_events(gcg);
        for (size_t i = from; i <= to && status == CLI_OK; i++) {
            int rc = best_turn(c, gcg, i, p, g, s, &out);
            if (rc == 1)
                break; /* the record goes no further; what came before stands */
            status = rc == 0 ? CLI_OK : rc < 0 ? CLI_FAILURE : CLI_PROBLEMS;
        }
    }
    if (out.len && cli_write_stdout(c->cmd, out.data, out.len) != 0)
        status = CLI_FAILURE;
    lx_buf_free(&out);
    lx_xw_sim_free(s);
    lx_xw_gen_free(g);
    lx_xw_pos_free(p);
    lx_xw_gcg_free(gcg);
    lx_diag_list_free(d);
    cli_input_close(&in);
    return status;
}

int cli_xword_best(int argc, char **argv)
{
    return command("xword best", argc, argv, best_usage, best_option, best_run);
}
