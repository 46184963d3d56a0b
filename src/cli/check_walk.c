/* check_walk.c - the files `ludex check` is given: operands, and with -r the
 * record files below directories.
 *
 * The walk keeps its own stack of paths on the heap (depth first, each
 * directory's entries sorted bytewise by name), so a deep tree of
 * directories costs memory, not C stack, and the order is the same on every
 * machine and file system.  A directory that cannot be read is an item with
 * its errno, reported in its turn like a file that cannot be opened.
 * Symbolic links to files are checked; links to directories are not
 * followed (no loops). */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "cli/check.h"

static int push_item(check_items *l, char *path, int error, size_t size)
{
    if (!path)
        return -1;
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 16;
        check_item *v = realloc(l->v, cap * sizeof *v);
        if (!v) {
            free(path);
            return -1;
        }
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = (check_item){path, error, size};
    return 0;
}

void check_items_free(check_items *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->v[i].path);
    free(l->v);
    memset(l, 0, sizeof *l);
}

/* A record file by its name: .sgf, .gcg or .cgp, any case. */
static int wanted(const char *path)
{
    size_t n = strlen(path);
    const char *ext = n > 4 ? path + n - 4 : "";
    return !strcasecmp(ext, ".sgf") || !strcasecmp(ext, ".gcg") || !strcasecmp(ext, ".cgp");
}

static char *join(const char *dir, const char *name)
{
    size_t nd = strlen(dir), nn = strlen(name);
    int slash = nd > 0 && dir[nd - 1] != '/';
    char *p = malloc(nd + slash + nn + 1);
    if (!p)
        return NULL;
    memcpy(p, dir, nd);
    if (slash)
        p[nd] = '/';
    memcpy(p + nd + slash, name, nn + 1);
    return p;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const check_item *)a)->path, ((const check_item *)b)->path);
}

/* The paths of dir's entries (not . and ..), sorted; 0, or -1 with errno. */
static int list_dir(const char *dir, check_items *names)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    struct dirent *e;
    int rc = 0;
    errno = 0;
    while (rc == 0 && (e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            rc = push_item(names, join(dir, e->d_name), 0, 0) != 0 ? (errno = ENOMEM, -1) : 0;
    if (rc == 0 && errno != 0)
        rc = -1;
    int saved = errno;
    closedir(d);
    errno = saved;
    if (rc == 0 && names->n > 1)
        qsort(names->v, names->n, sizeof *names->v, by_name);
    return rc;
}

/* Move dir's entries onto the stack, the first one on top. */
static int push_entries(const char *dir, check_items *stack, check_items *out)
{
    check_items names = {0};
    if (list_dir(dir, &names) != 0) {
        int error = errno;
        check_items_free(&names);
        return error == ENOMEM ? -1 : push_item(out, strdup(dir), error, 0);
    }
    int rc = 0;
    while (rc == 0 && names.n > 0) {
        rc = push_item(stack, names.v[names.n - 1].path, 0, 0);
        names.n--;
    }
    check_items_free(&names);
    return rc;
}

/* One path from the stack: a directory is opened up, a record file kept. */
static int visit(char *path, check_items *stack, check_items *out)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return push_item(out, path, errno, 0);
    if (S_ISDIR(st.st_mode)) {
        int rc = push_entries(path, stack, out);
        free(path);
        return rc;
    }
    if (S_ISLNK(st.st_mode) && (stat(path, &st) != 0 || !S_ISREG(st.st_mode))) {
        free(path); /* a link to a directory, or a dangling one */
        return 0;
    }
    if (!wanted(path)) {
        free(path);
        return 0;
    }
    return push_item(out, path, 0, (size_t)st.st_size);
}

static int walk(const char *root, check_items *out)
{
    check_items stack = {0};
    size_t before = out->n;
    int rc = push_entries(root, &stack, out);
    while (rc == 0 && stack.n > 0) {
        char *path = stack.v[--stack.n].path;
        rc = visit(path, &stack, out);
    }
    check_items_free(&stack);
    if (rc == 0 && out->n == before)
        rc = push_item(out, strdup(root), CHECK_NO_RECORDS, 0);
    return rc;
}

int check_items_collect(const char *const *operands, int n, int recursive, check_items *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < n; i++) {
        struct stat st;
        int is_file = strcmp(operands[i], "-") != 0 && stat(operands[i], &st) == 0;
        int rc = recursive && is_file && S_ISDIR(st.st_mode)
                     ? walk(operands[i], out)
                     : push_item(out, strdup(operands[i]), 0, is_file && S_ISREG(st.st_mode) ? (size_t)st.st_size : 0);
        if (rc != 0) {
            check_items_free(out);
            return -1;
        }
    }
    return 0;
}
