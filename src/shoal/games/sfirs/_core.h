/* SFIRS' engine core: rules.py (moves, chains, revivals, the end) and
 * heuristics.evaluate, on 144-bit bitboards (three words). The state caches its
 * legal actions, as the pure state does (the end and the chains are decided by them). */
/* Plain C, no Python: included once by each thin wrapper, _fast.c (CPython) and
 * interop/wasm/shoal_wasm.c (WebAssembly). */
#ifndef SHOAL_SFIRS_CORE_H
#define SHOAL_SFIRS_CORE_H

#include "shoal_core.h"
#include <math.h>

#define CELLS 144
#define REVIVE (CELLS * CELLS)
#define STOP (REVIVE + CELLS)
#define LMAX 448

typedef struct { uint64_t w[3]; } BB;

typedef struct {
    BB white, black, active;
    int32_t colour, just, permit, last, turn, first, swap, max_turns;
    int32_t result; /* 0 running, else winning seat + 1 */
    int32_t nlegal;
    int16_t legal[LMAX];
} Sfirs;

static inline int bb_has(const BB *b, int c) { return b->w[c >> 6] >> (c & 63) & 1; }
static inline void bb_set(BB *b, int c) { b->w[c >> 6] |= 1ULL << (c & 63); }
static inline void bb_clear(BB *b, int c) { b->w[c >> 6] &= ~(1ULL << (c & 63)); }
static inline int bb_meets(const BB *a, const BB *b) {
    return (a->w[0] & b->w[0]) || (a->w[1] & b->w[1]) || (a->w[2] & b->w[2]);
}
static inline BB bb_or(BB a, BB b) { BB r = {{a.w[0] | b.w[0], a.w[1] | b.w[1], a.w[2] | b.w[2]}}; return r; }
static inline BB bb_and(BB a, BB b) { BB r = {{a.w[0] & b.w[0], a.w[1] & b.w[1], a.w[2] & b.w[2]}}; return r; }
static inline BB bb_andnot(BB a, BB b) { BB r = {{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1], a.w[2] & ~b.w[2]}}; return r; }
static inline int bb_count(BB a) {
    return __builtin_popcountll(a.w[0]) + __builtin_popcountll(a.w[1]) + __builtin_popcountll(a.w[2]);
}
/* the cells of a bitboard in increasing order */
static int bb_cells(BB a, int *out) {
    int n = 0;
    for (int i = 0; i < 3; i++)
        for (uint64_t m = a.w[i]; m; m &= m - 1) out[n++] = 64 * i + __builtin_ctzll(m);
    return n;
}

typedef struct { int16_t to; int8_t crosses; BB passed; } Step;

static BB NB8[CELLS], ORTH[CELLS], EDGE, START;
static int NDIR[CELLS], FIRST[CELLS][4], NSTEP[CELLS][4];
static Step STEPS[CELLS][4][11];
static int ready;

static void init_tables(void) {
    static const int D[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    memset(&EDGE, 0, sizeof EDGE);
    memset(&START, 0, sizeof START);
    for (int c = 0; c < CELLS; c++) {
        int x = c % 12, y = c / 12;
        if (x == 0 || x == 11 || y == 0 || y == 11) bb_set(&EDGE, c);
        if (x >= 4 && x < 8 && y >= 4 && y < 8) bb_set(&START, c);
        memset(&NB8[c], 0, sizeof(BB));
        memset(&ORTH[c], 0, sizeof(BB));
        for (int dx = -1; dx <= 1; dx++)
            for (int dy = -1; dy <= 1; dy++) {
                if ((!dx && !dy) || x + dx < 0 || x + dx > 11 || y + dy < 0 || y + dy > 11) continue;
                bb_set(&NB8[c], x + dx + 12 * (y + dy));
                if (!dx || !dy) bb_set(&ORTH[c], x + dx + 12 * (y + dy));
            }
    }
    for (int c = 0; c < CELLS; c++) {
        int x = c % 12, y = c / 12;
        NDIR[c] = 0;
        for (int d = 0; d < 4; d++) {
            BB passed = {{0, 0, 0}};
            int crosses = 0, k = 1, n = 0, first = -1;
            while (x + k * D[d][0] >= 0 && x + k * D[d][0] < 12 && y + k * D[d][1] >= 0 &&
                   y + k * D[d][1] < 12) {
                int to = x + k * D[d][0] + 12 * (y + k * D[d][1]);
                passed = bb_or(passed, NB8[to]);
                if (k == 1) first = to;
                else { Step st = {(int16_t)to, (int8_t)crosses, passed}; STEPS[c][NDIR[c]][n++] = st; }
                if (bb_has(&START, to)) crosses = 1;
                k++;
            }
            if (first >= 0) { FIRST[c][NDIR[c]] = first; NSTEP[c][NDIR[c]] = n; NDIR[c]++; }
        }
    }
    ready = 1;
}

static int active_moves(BB cubes, BB occ, BB active, int16_t *out, int n) {
    int cs[CELLS], nc = bb_cells(cubes, cs);
    for (int i = 0; i < nc; i++) {
        int c = cs[i];
        BB occ2 = occ, act2 = active;
        bb_clear(&occ2, c);
        act2.w[c >> 6] ^= 1ULL << (c & 63);
        for (int d = 0; d < NDIR[c]; d++) {
            if (bb_has(&occ, FIRST[c][d])) continue;
            for (int k = 0; k < NSTEP[c][d]; k++) {
                const Step *st = &STEPS[c][d][k];
                int to = st->to;
                if (bb_has(&occ, to)) break;
                if (bb_has(&START, to) || bb_meets(&ORTH[to], &act2)) continue;
                if (st->crosses && !bb_meets(&st->passed, &act2) && !bb_has(&EDGE, to) &&
                    !bb_meets(&NB8[to], &occ2))
                    continue;
                out[n++] = (int16_t)(c * CELLS + to);
            }
        }
    }
    return n;
}

static int start_moves(BB cubes, BB occ, BB active, int16_t *out, int n) {
    int cs[CELLS], nc = bb_cells(cubes, cs);
    for (int i = 0; i < nc; i++) {
        int c = cs[i];
        BB occ2 = occ;
        bb_clear(&occ2, c);
        for (int d = 0; d < NDIR[c]; d++) {
            if (bb_has(&occ, FIRST[c][d])) continue;
            for (int k = 0; k < NSTEP[c][d]; k++) {
                const Step *st = &STEPS[c][d][k];
                int to = st->to;
                if (bb_has(&occ, to) || bb_meets(&st->passed, &active)) break;
                if (bb_has(&START, to)) continue;
                if (st->crosses && !bb_has(&EDGE, to) && !bb_meets(&NB8[to], &occ2)) continue;
                out[n++] = (int16_t)(c * CELLS + to);
            }
        }
    }
    return n;
}

static BB inactive_of(BB occ, BB active) { return bb_andnot(bb_andnot(occ, active), START); }

static int revivals(BB mine, BB occ, BB active, int just, int16_t *out, int n) {
    BB inactive = inactive_of(occ, active);
    BB cands = bb_andnot(bb_and(mine, inactive), EDGE);
    bb_clear(&cands, just);
    int cs[CELLS], nc = bb_cells(cands, cs);
    for (int i = 0; i < nc; i++)
        if (!bb_meets(&NB8[cs[i]], &inactive)) out[n++] = (int16_t)(REVIVE + cs[i]);
    return n;
}

static void ending(Sfirs *s) {
    int last = s->last < 0 ? 1 - s->colour : s->last;
    s->result = (last ^ s->swap) + 1;
    s->nlegal = 0;
}

static void turn_start(Sfirs *s) {
    s->just = -1;
    memset(s->legal, 0, sizeof s->legal);
    s->nlegal = 0;
    if (s->turn >= s->max_turns) { s->permit = 0; ending(s); return; }
    BB mine = s->colour ? s->black : s->white, occ = bb_or(s->white, s->black);
    int n = active_moves(bb_and(mine, s->active), occ, s->active, s->legal, 0);
    s->permit = n > 0;
    if (s->first >> s->colour & 1) { memset(s->legal, 0, sizeof s->legal); n = 0; }
    if (s->permit) n = start_moves(bb_and(mine, START), occ, s->active, s->legal, n);
    s->nlegal = n;
    if (!n) ending(s);
}

/* the chain's follow-ups after `just` ended inactive; 0 when there is none */
static int after_inactive(Sfirs *s, int just) {
    int16_t legal[LMAX];
    BB mine = s->colour ? s->black : s->white, occ = bb_or(s->white, s->black);
    int n = active_moves(bb_and(mine, s->active), occ, s->active, legal, 0);
    if (s->permit) n = start_moves(bb_and(mine, START), occ, s->active, legal, n);
    n = revivals(mine, occ, s->active, just, legal, n);
    if (!n) return 0;
    legal[n++] = STOP;
    memset(s->legal, 0, sizeof s->legal);
    memcpy(s->legal, legal, sizeof(int16_t) * n);
    s->nlegal = n;
    s->just = just;
    return 1;
}

static int sf_legal(const void *p, int *out) {
    const Sfirs *s = p;
    if (s->result) return 0;
    for (int i = 0; i < s->nlegal; i++) out[i] = s->legal[i];
    return s->nlegal;
}

static int sf_random_action(const void *p, ShoalRng *rng) {
    const Sfirs *s = p;
    return s->legal[shoal_rng_below(rng, s->nlegal)];
}

static void next_turn(Sfirs *s) {
    s->colour = 1 - s->colour;
    s->turn++;
    turn_start(s);
}

static void sf_apply(void *p, int action) {
    Sfirs *s = p;
    int colour = s->colour;
    if (action >= REVIVE) {
        if (action < STOP) bb_set(&s->active, action - REVIVE);
        next_turn(s);
        return;
    }
    int origin = action / CELLS, to = action % CELLS;
    BB occ2 = bb_or(s->white, s->black);
    bb_clear(&occ2, origin);
    if (!bb_has(&START, origin)) s->last = colour;
    /* the cells next to those travelled through: the step's `passed` */
    int dirs_to = -1, step_to = -1;
    for (int d = 0; d < NDIR[origin] && dirs_to < 0; d++)
        for (int k = 0; k < NSTEP[origin][d]; k++)
            if (STEPS[origin][d][k].to == to) { dirs_to = d; step_to = k; break; }
    bb_clear(&s->active, origin);
    s->active = bb_andnot(s->active, STEPS[origin][dirs_to][step_to].passed);
    BB *mine = colour ? &s->black : &s->white;
    bb_clear(mine, origin);
    bb_set(mine, to);
    s->first &= ~(1 << colour);
    if (bb_has(&EDGE, to) || bb_meets(&NB8[to], &occ2)) {
        if (after_inactive(s, to)) return;
    } else {
        bb_set(&s->active, to);
    }
    next_turn(s);
}

static void sf_status(const void *p, ShoalStatus *out) {
    const Sfirs *s = p;
    out->turn = s->turn;
    out->over = s->result != 0;
    out->winner = s->result ? s->result - 1 : -1;
    out->to_move = s->result ? -1 : (s->colour ^ s->swap);
}

static int movable(const Sfirs *s, int colour) {
    BB occ = bb_or(s->white, s->black);
    BB mine = bb_and(colour ? s->black : s->white, s->active);
    int cs[CELLS], nc = bb_cells(mine, cs), count = 0;
    int16_t moves[LMAX];
    for (int i = 0; i < nc; i++) {
        BB one = {{0, 0, 0}};
        bb_set(&one, cs[i]);
        count += active_moves(one, occ, s->active, moves, 0) > 0;
    }
    return count;
}

static int revivable(const Sfirs *s, int colour) {
    BB occ = bb_or(s->white, s->black);
    BB inactive = inactive_of(occ, s->active);
    BB cands = bb_andnot(bb_and(colour ? s->black : s->white, inactive), EDGE);
    int cs[CELLS], nc = bb_cells(cands, cs), count = 0;
    for (int i = 0; i < nc; i++) count += !bb_meets(&NB8[cs[i]], &inactive);
    return count;
}

static double sf_evaluate(const void *p, int seat) {
    const Sfirs *s = p;
    if (s->result) return (s->result - 1) == seat ? 1.0 : -1.0;
    double f[2][4];
    for (int colour = 0; colour < 2; colour++) {
        BB mine = colour ? s->black : s->white;
        f[colour][0] = (double)movable(s, colour);
        f[colour][1] = (double)bb_count(bb_and(mine, s->active));
        f[colour][2] = (double)revivable(s, colour);
        f[colour][3] = (double)bb_count(bb_and(mine, START));
    }
    double lpm = s->last < 0 ? 0.0 : (s->last == 0 ? 1.0 : -1.0);
    int colour = seat ^ s->swap;
    double sign = colour == 0 ? 1.0 : -1.0;
    double x = 0.35 * (f[0][0] - f[1][0]) + 0.1 * (f[0][1] - f[1][1]) +
               0.08 * (f[0][2] - f[1][2]) + 0.03 * (f[0][3] - f[1][3]) + 0.1 * lpm;
    return 0.95 * tanh(sign * x);
}

static const ShoalEngine ENGINE = {
    "sfirs", sizeof(Sfirs), LMAX, sf_legal, sf_apply, sf_status, sf_evaluate, sf_random_action,
};

static void shoal_core_init(void) {
    if (!ready) init_tables();
}

#endif
