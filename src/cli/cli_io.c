/* cli_io.c - reading input files and writing output for the subcommands.
 *
 * Regular files are mapped with mmap and handed to the library to borrow, so
 * a large collection is never copied; standard input, pipes and other
 * special files are read into a buffer.  Output files are written to a
 * temporary file beside the target and renamed over it, so `fmt -o` onto its
 * own input is safe and a failed write never leaves half a file. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

/* Read all of fd into b; 0 or -1 with errno set. */
static int read_all(int fd, lx_buf *b)
{
    for (;;) {
        if (lx_buf_reserve(b, 65536) != 0) {
            errno = ENOMEM;
            return -1;
        }
        ssize_t got = read(fd, b->data + b->len, b->cap - b->len - 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return -1;
        if (got == 0)
            return 0;
        b->len += (size_t)got;
        b->data[b->len] = '\0';
    }
}

static int open_read(cli_input *in, int fd)
{
    if (read_all(fd, &in->owned) != 0)
        return -1;
    in->bytes = in->owned.data ? in->owned.data : "";
    in->len = in->owned.len;
    return 0;
}

/* Map a regular, non-empty file; 1 when mapped, 0 when it must be read. */
static int try_map(cli_input *in, int fd, const struct stat *st)
{
    if (!S_ISREG(st->st_mode) || st->st_size <= 0 || (unsigned long long)st->st_size > SIZE_MAX)
        return 0;
    void *map = mmap(NULL, (size_t)st->st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (map == MAP_FAILED)
        return 0;
    in->map = map;
    in->map_len = (size_t)st->st_size;
    in->bytes = map;
    in->len = in->map_len;
    return 1;
}

int cli_input_open_quiet(cli_input *in, const char *path, int *error)
{
    memset(in, 0, sizeof *in);
    in->path = path;
    in->name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    in->bytes = "";
    if (strcmp(path, "-") == 0) { /* read from where it stands, never mapped */
        int rc = open_read(in, STDIN_FILENO);
        *error = rc == 0 ? 0 : errno;
        return rc;
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC), rc = -1;
    struct stat st;
    if (fd >= 0 && fstat(fd, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            errno = EISDIR;
        else
            rc = try_map(in, fd, &st) ? 0 : open_read(in, fd);
    }
    *error = rc == 0 ? 0 : errno;
    if (fd >= 0)
        close(fd);
    return rc;
}

int cli_input_open(cli_input *in, const char *cmd, const char *path)
{
    int error;
    if (cli_input_open_quiet(in, path, &error) == 0)
        return 0;
    cli_error(cmd, "%s: %s", in->name, strerror(error));
    return -1;
}

void cli_input_close(cli_input *in)
{
    if (in->map)
        munmap(in->map, in->map_len);
    lx_buf_free(&in->owned);
    memset(in, 0, sizeof *in);
}

static int write_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t put = write(fd, data, len);
        if (put < 0 && errno == EINTR)
            continue;
        if (put < 0)
            return -1;
        data += put;
        len -= (size_t)put;
    }
    return 0;
}

/* The file a path finally names (following symbolic links), so that the
 * rename replaces the file and not the link; the path itself otherwise. */
static char *target_of(const char *path)
{
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        char *real = realpath(path, NULL);
        if (real)
            return real;
    }
    return strdup(path);
}

/* Permissions for the new file: the old file's, else 0666 less the umask. */
static mode_t new_mode(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
        return st.st_mode & 07777;
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

/* Make "DIR/.ludex-XXXXXX" for the target's directory. */
static char *temp_template(const char *target)
{
    const char *slash = strrchr(target, '/');
    size_t dirlen = slash ? (size_t)(slash - target) + 1 : 0;
    const char *tail = ".ludex-XXXXXX";
    char *t = malloc(dirlen + strlen(tail) + 1);
    if (!t)
        return NULL;
    memcpy(t, target, dirlen);
    strcpy(t + dirlen, tail);
    return t;
}

/* Fill the temporary file and close it; 0 or -1 with errno set. */
static int fill_temp(int fd, const char *target, const char *data, size_t len)
{
    if (fchmod(fd, new_mode(target)) != 0 || write_all(fd, data, len) != 0 || fsync(fd) != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return close(fd);
}

int cli_write_file(const char *cmd, const char *path, const char *data, size_t len)
{
    char *target = target_of(path), *tmp = target ? temp_template(target) : NULL;
    int rc = -1;
    if (!tmp) {
        cli_error(cmd, "out of memory");
    } else {
        int fd = mkstemp(tmp);
        if (fd < 0) {
            cli_error(cmd, "%s: cannot create a temporary file beside it: %s", path, strerror(errno));
        } else if (fill_temp(fd, target, data, len) != 0 || rename(tmp, target) != 0) {
            cli_error(cmd, "%s: %s", path, strerror(errno));
            unlink(tmp);
        } else {
            rc = 0;
        }
    }
    free(tmp);
    free(target);
    return rc;
}

int cli_write_stdout(const char *cmd, const char *data, size_t len)
{
    if ((len > 0 && fwrite(data, 1, len, stdout) != len) || fflush(stdout) != 0) {
        cli_error(cmd, "standard output: %s", strerror(errno));
        return -1;
    }
    return 0;
}
