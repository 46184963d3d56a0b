/* gcg_impl.h - the GCG record behind lx_xw_gcg (internal to libludex).
 *
 * A record is its UTF-8 text, the pragmas and events read from it, and a
 * string pool for what they hold.  Pointers in the public events are set
 * once reading is over (the pool moves while it grows).  Reading is in
 * gcg_read.c and gcg_event.c, replaying in gcg_replay.c, positions in
 * gcg_position.c, writing in gcg_write.c. */
#ifndef LX_XWORD_GCG_IMPL_H
#define LX_XWORD_GCG_IMPL_H

#include "xword/xword_impl.h"

typedef struct xw_pragma {
    size_t name_at, value_at; /* pool offsets */
    size_t offset;            /* of the '#' in the text */
    size_t after_event;       /* events read before it */
} xw_pragma;

typedef struct xw_event {
    lx_xw_event pub;
    size_t rack_at;           /* in the tile pool; SIZE_MAX: no rack shown */
    size_t note_at;           /* pool offset + 1 of the notes, 0 when none */
    int resync;               /* a line of this player's before it could not be read */
} xw_event;

struct lx_xw_gcg {
    lx_buf text;
    const lx_xw_dist *dist;
    const lx_xw_layout *layout;
    lx_buf pool;              /* strings, NUL-terminated */
    lx_buf tiles;             /* racks shown, one after another */
    xw_pragma *pragmas;
    size_t npragmas, pragmas_cap;
    size_t nick_at[2], name_at[2]; /* pool offsets + 1; 0 when absent */
    int nplayers;
    xw_event *ev;
    size_t nev, ev_cap;
    size_t final_rack_at[2], final_rack_len[2];
    int has_final_rack[2];
    size_t pre_note_at;       /* notes before the first event */
    int dropped[2];           /* a line of this player's was not read since their last event */
};

/* Read the text into pragmas and events (g->text, dist and layout set). */
int xw_gcg_read_lines(lx_xw_gcg *g, lx_diag_list *diags);
/* Parse one event line (text from the '>' at `at`, `len` bytes). 0, -1 out of memory. */
int xw_gcg_read_event(lx_xw_gcg *g, const char *s, size_t len, size_t at, lx_diag_list *diags);
/* Store a string in the pool: offset + 1, 0 when out of memory. */
size_t xw_gcg_store(lx_xw_gcg *g, const char *s, size_t len);
/* Read tiles (a rack, or "(TILES)" inside) into out; count, or -1 (with a diagnostic). */
int xw_gcg_read_tiles(const lx_xw_gcg *g, const char *s, size_t len, size_t at, uint8_t *out, int max,
                      lx_diag_list *diags);

/* The state of a replay: what the record says each player holds and scored. */
typedef struct xw_run {
    const lx_xw_gcg *g;
    lx_xw_pos *p;
    const lx_xw_lexicon *lx;
    lx_diag_list *diags;      /* NULL: quiet */
    long cum[2];
    uint8_t leave[2][LX_XW_MAX_SIDE]; /* tiles known kept after each player's last turn */
    size_t nleave[2];
    int leave_known[2];
    long last_play[2];        /* event index of the player's play still on the board, -1 */
    lx_xw_move placed[2];     /* that play as placed (letters spelled through turned to '.') */
    long zeros, zeros_before_play;
    int stopped;
    size_t stopped_at;        /* the event an illegal play stopped the board at */
    long errors;
    int count_reported[LX_XW_MAX_LETTERS + 1];
    /* the last move, for lm */
    int has_lm;
    lx_xw_move lm;
    lx_xw_lm_kind lm_kind;
    long lm_bonus;
    lx_xw_replay_summary sum;
} xw_run;

/* Replay events [0, upto) into r (r->p reset to an empty board first).
 * Returns 0, -1 when out of memory. */
int xw_gcg_run(xw_run *r, size_t upto);

#endif
