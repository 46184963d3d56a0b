/* test_workq.c - the work queue under the hash threads, the store thread and the bots' workers:
 * jobs run in the order submitted, come back oldest first with one byte each on the pipe, and
 * stopping runs the queued jobs first or leaves them unrun, as the queue was set up. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>

#include <cmocka.h>

#include "service/workq.h"

#define NJOBS 5

typedef struct test_job {
    int id;
    int ran_as;      /* position in the order runs happened, -1 not run */
    int thread;
    int gate_fd;     /* >= 0: the run waits for a byte here first */
    workq_job wq;
} test_job;

typedef struct shared {
    int runs;        /* only one worker in the tests that read it while running */
    int started_fd;  /* a byte written here when a gated job starts */
    int discarded;
} shared;

static shared *the_shared; /* for discard, which gets only the job */

static void run(workq_job *w, void *arg, int thread)
{
    shared *sh = arg;
    test_job *j = WORKQ_JOB_OF(w, test_job, wq);
    if (j->gate_fd >= 0) {
        char b = 's';
        assert_int_equal(write(sh->started_fd, &b, 1), 1);
        assert_int_equal(read(j->gate_fd, &b, 1), 1);
    }
    j->thread = thread;
    j->ran_as = __atomic_fetch_add(&sh->runs, 1, __ATOMIC_SEQ_CST);
}

static void discard(workq_job *w)
{
    (void)w;
    the_shared->discarded++;
}

static void make_jobs(test_job *jobs, int gate_fd)
{
    for (int i = 0; i < NJOBS; i++)
        jobs[i] = (test_job){.id = i, .ran_as = -1, .thread = -1, .gate_fd = i == 0 ? gate_fd : -1,
                             .wq = {.run = run}};
}

static void runs_in_order_and_comes_back_oldest_first(void **state)
{
    (void)state;
    int wake[2];
    assert_int_equal(pipe(wake), 0);
    shared sh = {0};
    the_shared = &sh;
    workq *q = workq_start(&(workq_setup){.threads = 1, .notify_fd = wake[1], .shared = &sh});
    assert_non_null(q);
    test_job jobs[NJOBS];
    make_jobs(jobs, -1);
    for (int i = 0; i < NJOBS; i++)
        workq_submit(q, &jobs[i].wq);
    char b;
    for (int i = 0; i < NJOBS; i++) /* one byte per job run */
        assert_int_equal(read(wake[0], &b, 1), 1);
    for (int i = 0; i < NJOBS; i++) {
        workq_job *w = workq_take_done(q);
        assert_non_null(w);
        test_job *j = WORKQ_JOB_OF(w, test_job, wq);
        assert_int_equal(j->id, i);
        assert_int_equal(j->ran_as, i);
        assert_int_equal(j->thread, 0);
    }
    assert_null(workq_take_done(q));
    workq_stop(q, discard);
    assert_int_equal(sh.discarded, 0);
    close(wake[0]);
    close(wake[1]);
}

/* The first job held running; the other four queued behind it; then stop. */
static int stop_with_queued(int finish_queued, test_job *jobs)
{
    int wake[2], gate[2], started[2];
    assert_int_equal(pipe(wake), 0);
    assert_int_equal(pipe(gate), 0);
    assert_int_equal(pipe(started), 0);
    shared sh = {.started_fd = started[1]};
    the_shared = &sh;
    workq *q = workq_start(&(workq_setup){.threads = 1, .notify_fd = wake[1], .shared = &sh,
                                          .finish_queued = finish_queued});
    assert_non_null(q);
    make_jobs(jobs, gate[0]);
    workq_submit(q, &jobs[0].wq);
    char b;
    assert_int_equal(read(started[0], &b, 1), 1);
    for (int i = 1; i < NJOBS; i++)
        workq_submit(q, &jobs[i].wq);
    workq_close(q);
    assert_int_equal(write(gate[1], "g", 1), 1);
    workq_stop(q, discard);
    assert_int_equal(sh.discarded, NJOBS); /* run and not taken, or not run: each discarded once */
    int fds[] = {wake[0], wake[1], gate[0], gate[1], started[0], started[1]};
    for (size_t i = 0; i < sizeof fds / sizeof fds[0]; i++)
        close(fds[i]);
    return sh.runs;
}

static void stopping_runs_the_queued_jobs_when_set_up_so(void **state)
{
    (void)state;
    test_job jobs[NJOBS];
    assert_int_equal(stop_with_queued(1, jobs), NJOBS);
    for (int i = 0; i < NJOBS; i++)
        assert_int_equal(jobs[i].ran_as, i);
}

static void stopping_leaves_the_queued_jobs_unrun_otherwise(void **state)
{
    (void)state;
    test_job jobs[NJOBS];
    assert_int_equal(stop_with_queued(0, jobs), 1);
    assert_int_equal(jobs[0].ran_as, 0);
    for (int i = 1; i < NJOBS; i++)
        assert_int_equal(jobs[i].ran_as, -1);
}

static void thread_counts_are_clamped(void **state)
{
    (void)state;
    int wake[2];
    assert_int_equal(pipe(wake), 0);
    shared sh = {0};
    workq *q = workq_start(&(workq_setup){.threads = 0, .notify_fd = wake[1], .shared = &sh});
    assert_int_equal(workq_threads(q), 1);
    workq_stop(q, NULL);
    q = workq_start(&(workq_setup){.threads = 100, .notify_fd = wake[1], .shared = &sh});
    assert_int_equal(workq_threads(q), WORKQ_MAX_THREADS);
    test_job jobs[NJOBS];
    make_jobs(jobs, -1);
    for (int i = 0; i < NJOBS; i++)
        workq_submit(q, &jobs[i].wq);
    char b;
    for (int i = 0; i < NJOBS; i++)
        assert_int_equal(read(wake[0], &b, 1), 1);
    for (int i = 0; i < NJOBS; i++) {
        workq_job *w = workq_take_done(q);
        assert_non_null(w);
        test_job *j = WORKQ_JOB_OF(w, test_job, wq);
        assert_true(j->thread >= 0 && j->thread < WORKQ_MAX_THREADS);
    }
    assert_null(workq_take_done(q));
    workq_stop(q, NULL);
    close(wake[0]);
    close(wake[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(runs_in_order_and_comes_back_oldest_first),
        cmocka_unit_test(stopping_runs_the_queued_jobs_when_set_up_so),
        cmocka_unit_test(stopping_leaves_the_queued_jobs_unrun_otherwise),
        cmocka_unit_test(thread_counts_are_clamped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
