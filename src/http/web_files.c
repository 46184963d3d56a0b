/* http/web_files.c - the web page's files, read once at start and served from memory.
 *
 * Only the regular files directly in the web directory whose names are
 * plain ([A-Za-z0-9._-], not starting with '.') are served, each at
 * "/NAME", and index.html at "/" too: no path from a request ever reaches
 * the file system, so no "../" can.  Every answer carries a
 * Content-Security-Policy that allows no inline script and nothing from
 * another origin; it lets the page compile WebAssembly ('wasm-unsafe-eval':
 * ludex's own build, ludex-wasm.wasm, which replays a record in the
 * browser), which allows no eval of JavaScript. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <event2/buffer.h>
#include <event2/keyvalq_struct.h>

#include "http/http_int.h"

#define WEB_FILE_MAX (4 * 1024 * 1024)
#define WEB_FILES_MAX 64

struct web_file {
    char name[64];
    const char *type;
    char *data;
    size_t len;
};

void http_common_headers(struct evkeyvalq *out)
{
    evhttp_add_header(out, "Content-Security-Policy",
                      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
                      "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
    evhttp_add_header(out, "X-Content-Type-Options", "nosniff");
    evhttp_add_header(out, "Referrer-Policy", "same-origin");
    evhttp_add_header(out, "X-Frame-Options", "DENY");
}

static const char *type_of(const char *name)
{
    static const struct { const char *ext, *type; } types[] = {
        {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},   {".svg", "image/svg+xml"},
        {".png", "image/png"},                 {".ico", "image/x-icon"},
        {".txt", "text/plain; charset=utf-8"}, {".json", "application/json"},
        {".wasm", "application/wasm"},
    };
    const char *dot = strrchr(name, '.');
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(dot, types[i].ext))
            return types[i].type;
    return NULL;
}

static int plain_name(const char *n)
{
    return n[0] && n[0] != '.' && strlen(n) < 64 &&
           strspn(n, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == strlen(n);
}

static int load_one(web_file *f, const char *dir, const char *name)
{
    char path[4096];
    struct stat sb;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *fp = stat(path, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size <= WEB_FILE_MAX ? fopen(path, "rb") : NULL;
    if (!fp)
        return -1;
    f->len = (size_t)sb.st_size;
    f->data = malloc(f->len ? f->len : 1);
    int ok = f->data && fread(f->data, 1, f->len, fp) == f->len;
    fclose(fp);
    if (!ok) {
        free(f->data);
        return -1;
    }
    snprintf(f->name, sizeof f->name, "%s", name);
    f->type = type_of(name);
    return 0;
}

int web_files_load(http_door *d, const char *dir)
{
    DIR *dp = opendir(dir);
    if (!dp)
        return -1;
    d->files = calloc(WEB_FILES_MAX, sizeof *d->files);
    struct dirent *e;
    while (d->files && d->nfiles < WEB_FILES_MAX && (e = readdir(dp)))
        if (plain_name(e->d_name) && type_of(e->d_name) && load_one(&d->files[d->nfiles], dir, e->d_name) == 0)
            d->nfiles++;
    closedir(dp);
    return d->files ? 0 : -1;
}

void web_files_free(http_door *d)
{
    for (size_t i = 0; i < d->nfiles; i++)
        free(d->files[i].data);
    free(d->files);
    d->files = NULL;
    d->nfiles = 0;
}

int web_files_serve(http_door *d, struct evhttp_request *req, const char *path)
{
    const char *name = !strcmp(path, "/") ? "index.html" : path + 1;
    for (size_t i = 0; i < d->nfiles; i++) {
        web_file *f = &d->files[i];
        if (strcmp(f->name, name))
            continue;
        struct evkeyvalq *h = evhttp_request_get_output_headers(req);
        http_common_headers(h);
        evhttp_add_header(h, "Content-Type", f->type);
        evhttp_add_header(h, "Cache-Control", "no-cache");
        struct evbuffer *b = evbuffer_new();
        if (b)
            evbuffer_add_reference(b, f->data, f->len, NULL, NULL);
        evhttp_send_reply(req, 200, "OK", b);
        if (b)
            evbuffer_free(b);
        return 1;
    }
    return 0;
}
