/* service/metrics.c - the metrics registry (metrics.h) and its text for Prometheus.
 *
 * Families are a list in the order made; a family's series an array searched by their label
 * values (a few dozen at most).  One mutex guards everything: an update costs a lock and a few
 * string comparisons, a scrape a pass over every series.  Histograms keep cumulative counts
 * per upper bound only when written out: each observation adds one to its own bucket. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service/metrics.h"

#define LABEL_VALUE_MAX 48

typedef struct series {
    char values[METRIC_LABELS][LABEL_VALUE_MAX];
    double value;                         /* counter, gauge; a histogram's sum */
    unsigned long long count;             /* a histogram's observations */
    unsigned long long buckets[METRIC_BUCKETS + 1]; /* per bound, the last one +Inf (not cumulative) */
} series;

struct metric_family {
    metrics *m;
    char name[80];
    char help[200];
    metric_kind kind;
    size_t nlabels;
    char labels[METRIC_LABELS][32];
    double bounds[METRIC_BUCKETS];
    size_t nbounds;
    series series[METRIC_SERIES];
    size_t nseries;
    unsigned long dropped;                /* updates of a series there was no room for */
    metric_family *next;
};

struct metrics {
    pthread_mutex_t lock;
    metric_family *first, *last;
};

metrics *metrics_new(void)
{
    metrics *m = calloc(1, sizeof *m);
    if (m)
        pthread_mutex_init(&m->lock, NULL);
    return m;
}

void metrics_free(metrics *m)
{
    if (!m)
        return;
    while (m->first) {
        metric_family *f = m->first;
        m->first = f->next;
        free(f);
    }
    pthread_mutex_destroy(&m->lock);
    free(m);
}

metric_family *metrics_family(metrics *m, const char *name, const char *help, metric_kind kind,
                              const char *const *labels, const double *bounds, size_t nbounds)
{
    if (!m || nbounds > METRIC_BUCKETS || (kind == METRIC_HISTOGRAM) != (nbounds > 0))
        return NULL;
    metric_family *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->m = m;
    snprintf(f->name, sizeof f->name, "%s", name);
    snprintf(f->help, sizeof f->help, "%s", help);
    f->kind = kind;
    for (; labels && labels[f->nlabels] && f->nlabels < METRIC_LABELS; f->nlabels++)
        snprintf(f->labels[f->nlabels], sizeof f->labels[0], "%s", labels[f->nlabels]);
    for (size_t i = 0; i < nbounds; i++)
        f->bounds[i] = bounds[i];
    f->nbounds = nbounds;
    f->nseries = f->nlabels == 0; /* a family without labels is one series, shown from the start at 0 */
    pthread_mutex_lock(&m->lock);
    if (m->last)
        m->last->next = f;
    else
        m->first = f;
    m->last = f;
    pthread_mutex_unlock(&m->lock);
    return f;
}

/* The series of these values, made when new; NULL when the family is full.  Under the lock. */
static series *series_of(metric_family *f, const char *const *values)
{
    for (size_t i = 0; i < f->nseries; i++) {
        size_t k = 0;
        while (k < f->nlabels && !strncmp(f->series[i].values[k], values[k], LABEL_VALUE_MAX - 1))
            k++;
        if (k == f->nlabels)
            return &f->series[i];
    }
    if (f->nseries == METRIC_SERIES) {
        f->dropped++;
        return NULL;
    }
    series *s = &f->series[f->nseries++];
    for (size_t k = 0; k < f->nlabels; k++)
        snprintf(s->values[k], LABEL_VALUE_MAX, "%s", values[k] ? values[k] : "");
    return s;
}

static void update(metric_family *f, const char *const *values, double v, int set)
{
    if (!f)
        return;
    pthread_mutex_lock(&f->m->lock);
    series *s = series_of(f, values);
    if (s && f->kind == METRIC_HISTOGRAM) {
        size_t b = 0;
        while (b < f->nbounds && v > f->bounds[b])
            b++;
        s->buckets[b]++;
        s->count++;
        s->value += v;
    } else if (s) {
        s->value = set ? v : s->value + v;
    }
    pthread_mutex_unlock(&f->m->lock);
}

void metric_add(metric_family *f, const char *const *values, double v) { update(f, values, v, 0); }

void metric_set(metric_family *f, const char *const *values, double v) { update(f, values, v, 1); }

void metric_observe(metric_family *f, const char *const *values, double v) { update(f, values, v, 0); }

double metric_value(metric_family *f, const char *const *values)
{
    if (!f)
        return 0;
    pthread_mutex_lock(&f->m->lock);
    series *s = series_of(f, values);
    double v = s ? s->value : 0;
    pthread_mutex_unlock(&f->m->lock);
    return v;
}

/* ---- the text format ------------------------------------------------------------------------ */
/* A label value escaped as the format asks: backslash, double quote and newline. */
static void put_escaped(lx_buf *out, const char *v)
{
    for (; *v; v++) {
        if (*v == '\\' || *v == '"')
            lx_buf_printf(out, "\\%c", *v);
        else if (*v == '\n')
            lx_buf_append_str(out, "\\n");
        else
            lx_buf_printf(out, "%c", *v);
    }
}

/* {a="x",b="y"} with one more pair (le) when extra is not NULL; nothing when there is no label. */
static void put_labels(lx_buf *out, const metric_family *f, const series *s, const char *extra, const char *extra_value)
{
    if (!f->nlabels && !extra)
        return;
    lx_buf_append_str(out, "{");
    for (size_t k = 0; k < f->nlabels; k++) {
        lx_buf_printf(out, "%s%s=\"", k ? "," : "", f->labels[k]);
        put_escaped(out, s->values[k]);
        lx_buf_append_str(out, "\"");
    }
    if (extra)
        lx_buf_printf(out, "%s%s=\"%s\"", f->nlabels ? "," : "", extra, extra_value);
    lx_buf_append_str(out, "}");
}

static void put_number(lx_buf *out, double v)
{
    if (isinf(v))
        lx_buf_append_str(out, v > 0 ? "+Inf" : "-Inf");
    else if (v == floor(v) && fabs(v) < 1e15)
        lx_buf_printf(out, "%.0f", v);
    else
        lx_buf_printf(out, "%.9g", v);
}

static void put_histogram(lx_buf *out, const metric_family *f, const series *s)
{
    unsigned long long cumulative = 0;
    char le[32];
    for (size_t b = 0; b <= f->nbounds; b++) {
        cumulative += s->buckets[b];
        if (b < f->nbounds)
            snprintf(le, sizeof le, "%.9g", f->bounds[b]);
        else
            snprintf(le, sizeof le, "+Inf");
        lx_buf_printf(out, "%s_bucket", f->name);
        put_labels(out, f, s, "le", le);
        lx_buf_printf(out, " %llu\n", cumulative);
    }
    lx_buf_printf(out, "%s_sum", f->name);
    put_labels(out, f, s, NULL, NULL);
    lx_buf_append_str(out, " ");
    put_number(out, s->value);
    lx_buf_printf(out, "\n%s_count", f->name);
    put_labels(out, f, s, NULL, NULL);
    lx_buf_printf(out, " %llu\n", s->count);
}

static void put_family(lx_buf *out, const metric_family *f)
{
    static const char *const types[] = {"counter", "gauge", "histogram"};
    lx_buf_printf(out, "# HELP %s %s\n# TYPE %s %s\n", f->name, f->help, f->name, types[f->kind]);
    for (size_t i = 0; i < f->nseries; i++) {
        const series *s = &f->series[i];
        if (f->kind == METRIC_HISTOGRAM) {
            put_histogram(out, f, s);
            continue;
        }
        lx_buf_append_str(out, f->name);
        put_labels(out, f, s, NULL, NULL);
        lx_buf_append_str(out, " ");
        put_number(out, s->value);
        lx_buf_append_str(out, "\n");
    }
}

int metrics_text(metrics *m, lx_buf *out)
{
    unsigned long dropped = 0;
    pthread_mutex_lock(&m->lock);
    for (const metric_family *f = m->first; f; f = f->next) {
        put_family(out, f);
        dropped += f->dropped;
    }
    pthread_mutex_unlock(&m->lock);
    lx_buf_printf(out, "# HELP ludex_metric_series_dropped_total Updates of a series a family had no room for.\n"
                       "# TYPE ludex_metric_series_dropped_total counter\nludex_metric_series_dropped_total %lu\n",
                  dropped);
    return out->data || !m->first ? 0 : -1;
}
