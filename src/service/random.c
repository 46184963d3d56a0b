/* service/random.c - the server's random bytes (svc_random): the kernel's generator (getrandom),
 * libsodium's when that fails.  Alone in its file, below the log (util.c, log_json.c), which
 * both use it. */
#include <errno.h>
#include <sodium.h>
#include <sys/random.h>

#include "service/plumbing.h"

void svc_random(void *buf, size_t len)
{
    unsigned char *p = buf;
    while (len > 0) {
        ssize_t n = getrandom(p, len, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            randombytes_buf(p, len); /* libsodium's own source: the same kernel generator */
            return;
        }
        p += n;
        len -= (size_t)n;
    }
}
