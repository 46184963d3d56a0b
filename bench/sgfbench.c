/* sgfbench.c - reading throughput of libludex, for `make bench`.
 *
 *   sgfbench parse FILE [-v]   read every game tree (streaming, one reused tree)
 *   sgfbench check FILE [-v]   the same, plus lx_sgf_check_tree on each tree
 *
 * The file is mapped read-only (mmap, MAP_PRIVATE) and handed to
 * lx_sgf_doc_new with borrow=1, so the library makes no copy of a UTF-8
 * file.  The clocks run from lx_sgf_doc_new - charset detection and UTF-8
 * validation included, and the page faults of the first touch of the
 * mapping - to the last tree; mapping the file, process start and tear-down
 * are outside them.  Two clocks: wall time (CLOCK_MONOTONIC) and the CPU
 * time the process used (CLOCK_PROCESS_CPUTIME_ID), which a busy machine
 * inflates much less.  One thread, so one core.
 *
 * Output, one line that bench/run reads (MB are 10^6 bytes):
 *   RESULT mode=parse bytes=N seconds=S cpu_seconds=C mbps=M trees=T nodes=K fatal=F error=E warning=W
 * and with -v the first diagnostics of each kind, to see what the checks
 * found.  Diagnostics are counted per tree and the list cleared, as a
 * program that prints them as it goes would do.
 *
 * It does not measure memory: bench/run runs it under /usr/bin/time.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ludex/sgf.h"

#ifdef SGFBENCH_NO_CHECK
/* Built against a libludex without lx_sgf_check_tree (bench/run says so). */
#define HAVE_CHECK 0
#else
#define HAVE_CHECK 1
#endif

typedef struct counts {
    size_t fatal, error, warning;
} counts;

static double clock_seconds(clockid_t which)
{
    struct timespec ts;
    clock_gettime(which, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Add the list's diagnostics to `c`, show a few with -v, and clear it. */
static void drain(lx_diag_list *diags, counts *c, int verbose, const char *text, size_t len)
{
    static size_t shown;
    size_t n = lx_diag_count(diags);
    c->fatal += lx_diag_count_at_least(diags, LX_FATAL);
    c->error += lx_diag_count_at_least(diags, LX_ERROR) - lx_diag_count_at_least(diags, LX_FATAL);
    c->warning += lx_diag_count_at_least(diags, LX_WARNING) - lx_diag_count_at_least(diags, LX_ERROR);
    if (verbose && n && shown < 20) {
        lx_diag_list_resolve(diags, text, len);
        for (size_t i = 0; i < n && shown < 20; i++, shown++) {
            const lx_diag *d = lx_diag_get(diags, i);
            fprintf(stderr, "  %u:%u %s %s: %s\n", d->line, d->col, lx_severity_name(d->severity), d->code,
                    d->message);
        }
    }
    lx_diag_list_clear(diags);
}

int main(int argc, char **argv)
{
    int verbose = argc == 4 && !strcmp(argv[3], "-v");
    if ((argc != 3 && !verbose) || (strcmp(argv[1], "parse") && strcmp(argv[1], "check"))) {
        fprintf(stderr, "usage: sgfbench parse|check FILE [-v]\n");
        return 2;
    }
    int check = !strcmp(argv[1], "check");
    if (check && !HAVE_CHECK) {
        printf("SKIPPED check: this libludex has no lx_sgf_check_tree yet\n");
        return 3;
    }
    const char *path = argv[2];
    int fd = open(path, O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        perror(path);
        return 2;
    }
    size_t size = (size_t)st.st_size;
    const char *bytes = size ? mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0) : "";
    if (bytes == MAP_FAILED) {
        perror("mmap");
        return 2;
    }
    close(fd);

    lx_diag_list *diags = lx_diag_list_new();
    if (!diags) {
        fprintf(stderr, "sgfbench: out of memory\n");
        return 2;
    }
    counts c = {0, 0, 0};
    size_t trees = 0, nodes = 0;
    lx_sgf_check_options opt;
    memset(&opt, 0, sizeof opt);

    double t0 = clock_seconds(CLOCK_MONOTONIC), c0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
    lx_sgf_doc *doc = lx_sgf_doc_new(bytes, size, 1, NULL, diags);
    if (!doc) {
        drain(diags, &c, 1, NULL, 0);
        fprintf(stderr, "sgfbench: %s: the document could not be made\n", path);
        return 2;
    }
    size_t tlen;
    const char *text = lx_sgf_doc_text(doc, &tlen);
    drain(diags, &c, verbose, text, tlen);
    lx_sgf_reader *r = lx_sgf_reader_new(doc, diags);
    lx_sgf_tree *t = NULL;
    int rc;
    while (r && (rc = lx_sgf_reader_next(r, &t)) == 1) {
        trees++;
        nodes += lx_sgf_node_count(t);
#if HAVE_CHECK
        if (check && lx_sgf_check_tree(t, &opt, diags) != 0) {
            fprintf(stderr, "sgfbench: out of memory in lx_sgf_check_tree\n");
            return 2;
        }
#endif
        drain(diags, &c, verbose, text, tlen);
    }
    double seconds = clock_seconds(CLOCK_MONOTONIC) - t0;
    double cpu_seconds = clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
    if (!r || rc < 0) {
        fprintf(stderr, "sgfbench: out of memory while reading\n");
        return 2;
    }
    lx_sgf_tree_free(t);
    lx_sgf_reader_free(r);
    lx_sgf_doc_free(doc);
    lx_diag_list_free(diags);
    if (size)
        munmap((void *)bytes, size);

    printf("RESULT mode=%s bytes=%zu seconds=%.4f cpu_seconds=%.4f mbps=%.1f trees=%zu nodes=%zu fatal=%zu error=%zu "
           "warning=%zu\n",
           argv[1], size, seconds, cpu_seconds, (double)size / 1e6 / seconds, trees, nodes, c.fatal, c.error, c.warning);
    return 0;
}
