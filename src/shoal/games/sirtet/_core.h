/* Sirtet's engine core: rules.py and heuristics.evaluate in C.
 * The tile-set tables (shape offsets, pair actions, colours) come from geometry.py
 * through si_configure (fast.py's `tables` flattens them), so the C code reads the
 * very tables the pure engine reads. */
/* Plain C, no Python: included once by each thin wrapper, _fast.c (CPython) and
 * interop/wasm/shoal_wasm.c (WebAssembly). */
#ifndef SHOAL_SIRTET_CORE_H
#define SHOAL_SIRTET_CORE_H

#include "shoal_core.h"
#include <math.h>

enum { PICK, CHOOSE, TAKE2, TAKE1, BURN, DROP, OVER };
#define NUM_TILES 35
#define CELLS 36
#define ACT_TAKE 36
#define ACT_BURN 72
#define ACT_KEEP 108
#define ACT_PASS 109
#define ACT_DOUBLE 110
#define ACT_SINGLE (ACT_DOUBLE + NUM_TILES)
#define ACT_DROP (ACT_SINGLE + NUM_TILES)
#define ACT_PAIR (ACT_DROP + NUM_TILES)
#define MAX_OFFSETS 16

typedef struct {
    uint64_t occ, h0, h1, disc;
    int32_t ts, start, phase, pending, mover, passes, turn;
    int32_t result; /* 0 running, 1 seat 0 won, 2 seat 1 won, 3 draw */
    int8_t layout[CELLS];
    int8_t pad[4];
} Sirtet;

typedef struct {
    int noff[NUM_TILES];
    int shift[NUM_TILES][MAX_OFFSETS];
    uint64_t valid[NUM_TILES][MAX_OFFSETS];
    int16_t act[NUM_TILES][MAX_OFFSETS][CELLS];
    int colour_of[NUM_TILES];
    int ncolours;
    uint64_t colour_mask[8];
    int ready;
} TileSet;

static TileSet SETS[2];
static uint64_t KING[CELLS];
static int num_pairs;
static int8_t PAIR_A[1024], PAIR_B[1024];

static inline int popcount(uint64_t x) { return __builtin_popcountll(x); }
static inline int lowbit(uint64_t x) { return __builtin_ctzll(x); }

static int has_pair(const TileSet *t, int tile, uint64_t occ) {
    for (int k = 0; k < t->noff[tile]; k++)
        if (occ & (occ >> t->shift[tile][k]) & t->valid[tile][k]) return 1;
    return 0;
}

static int pair_actions(const TileSet *t, int tile, uint64_t occ, int *out) {
    int n = 0;
    for (int k = 0; k < t->noff[tile]; k++) {
        uint64_t m = occ & (occ >> t->shift[tile][k]) & t->valid[tile][k];
        while (m) { out[n++] = t->act[tile][k][lowbit(m)]; m &= m - 1; }
    }
    return n;
}

static int bits(uint64_t m, int base, int *out, int n) {
    while (m) { out[n++] = base + lowbit(m); m &= m - 1; }
    return n;
}

static int si_legal(const void *p, int *out) {
    const Sirtet *s = p;
    const TileSet *t = &SETS[s->ts];
    uint64_t own = s->mover ? s->h1 : s->h0;
    int n = 0;
    switch (s->phase) {
    case CHOOSE:
        out[n++] = ACT_PASS;
        for (uint64_t m = own; m; m &= m - 1)
            if (has_pair(t, lowbit(m), s->occ)) out[n++] = ACT_DOUBLE + lowbit(m);
        return bits(own, ACT_SINGLE, out, n);
    case TAKE2: return pair_actions(t, s->pending, s->occ, out);
    case TAKE1: return bits(s->occ, ACT_TAKE, out, 0);
    case BURN: n = bits(s->occ, ACT_BURN, out, 0); out[n++] = ACT_KEEP; return n;
    case PICK: return bits(s->occ & KING[s->start], 0, out, 0);
    case DROP: return bits(own, ACT_DROP, out, 0);
    default: return 0;
    }
}

/* colour counts of a harvest, largest first, zeros dropped; returns their number */
static int colour_counts(const TileSet *t, uint64_t h, int *out) {
    int n = 0;
    for (int c = 0; c < t->ncolours; c++) {
        int k = popcount(h & t->colour_mask[c]);
        if (k) out[n++] = k;
    }
    for (int i = 1; i < n; i++) /* insertion sort, descending */
        for (int j = i; j > 0 && out[j] > out[j - 1]; j--) { int x = out[j]; out[j] = out[j - 1]; out[j - 1] = x; }
    return n;
}

static void next_phase(Sirtet *s, int phase, int pending, int mover, int passes) {
    s->phase = phase; s->pending = pending; s->mover = mover; s->passes = passes;
}

static void end(Sirtet *s, int passes) {
    int n0 = popcount(s->h0), n1 = popcount(s->h1);
    if (n0 != n1) { next_phase(s, DROP, -1, n0 > n1 ? 0 : 1, passes); return; }
    next_phase(s, OVER, -1, 0, passes);
    const TileSet *t = &SETS[s->ts];
    int c0[8], c1[8];
    int l0 = colour_counts(t, s->h0, c0), l1 = colour_counts(t, s->h1, c1);
    int len = l0 > l1 ? l0 : l1;
    s->result = 3;
    for (int i = 0; i < len; i++) {
        int a = i < l0 ? c0[i] : 0, b = i < l1 ? c1[i] : 0;
        if (a != b) { s->result = a > b ? 1 : 2; return; }
    }
}

static void si_apply(void *p, int action) {
    Sirtet *s = p;
    int mover = s->mover;
    uint64_t *own = mover ? &s->h1 : &s->h0;
    if (action >= ACT_PAIR) {
        int i = action - ACT_PAIR, a = PAIR_A[i], b = PAIR_B[i];
        s->occ &= ~((1ULL << a) | (1ULL << b));
        *own |= (1ULL << s->layout[a]) | (1ULL << s->layout[b]);
        s->turn++;
        if (!s->occ) { end(s, 0); return; }
        next_phase(s, CHOOSE, -1, 1 - mover, 0);
        return;
    }
    if (action >= ACT_DROP) {
        uint64_t bit = 1ULL << (action - ACT_DROP);
        *own &= ~bit;
        s->disc |= bit;
        s->turn++;
        end(s, s->passes);
        return;
    }
    if (action >= ACT_DOUBLE) {
        int tile, phase, pending;
        if (action >= ACT_SINGLE) { tile = action - ACT_SINGLE; phase = TAKE1; pending = -1; }
        else { tile = pending = action - ACT_DOUBLE; phase = TAKE2; }
        uint64_t bit = 1ULL << tile;
        *own &= ~bit;
        s->disc |= bit;
        next_phase(s, phase, pending, mover, 0);
        return;
    }
    if (action == ACT_PASS) {
        s->turn++;
        if (s->passes) { end(s, 2); return; }
        next_phase(s, CHOOSE, -1, 1 - mover, 1);
        return;
    }
    if (action == ACT_KEEP) {
        s->turn++;
        next_phase(s, CHOOSE, -1, 1 - mover, 0);
        return;
    }
    if (action >= ACT_BURN) {
        int cell = action - ACT_BURN;
        s->occ &= ~(1ULL << cell);
        s->disc |= 1ULL << s->layout[cell];
        s->turn++;
        if (!s->occ) { end(s, 0); return; }
        next_phase(s, CHOOSE, -1, 1 - mover, 0);
        return;
    }
    int cell = action >= ACT_TAKE ? action - ACT_TAKE : action;
    s->occ &= ~(1ULL << cell);
    *own |= 1ULL << s->layout[cell];
    if (action < ACT_TAKE) {
        s->turn++;
        if (mover) next_phase(s, CHOOSE, -1, 0, 0);
        else next_phase(s, PICK, -1, 1, 0);
        return;
    }
    if (!s->occ) { s->turn++; end(s, 0); return; }
    next_phase(s, BURN, -1, mover, 0);
}

static void si_status(const void *p, ShoalStatus *out) {
    const Sirtet *s = p;
    out->turn = s->turn;
    out->over = s->phase == OVER;
    out->winner = s->result == 1 ? 0 : s->result == 2 ? 1 : -1;
    out->to_move = s->phase == OVER ? -1 : s->mover;
}

static int projected(const int *counts, int n, int keep, int *out) {
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (keep <= 0) break;
        out[m++] = counts[i] < keep ? counts[i] : keep;
        keep -= counts[i];
    }
    return m;
}

static double standing(const int *a, int la, const int *b, int lb) {
    int len = la > lb ? la : lb;
    for (int i = 0; i < len; i++) {
        int x = i < la ? a[i] : 0, y = i < lb ? b[i] : 0;
        if (x != y) {
            double v = (x - y) / 3.0;
            if (v > 1.0) v = 1.0;
            if (v < -1.0) v = -1.0;
            return v / (1 + i);
        }
    }
    return 0.0;
}

static int best_colour(const TileSet *t, uint64_t h) {
    int best = 0, bc = -1;
    for (int c = 0; c < t->ncolours; c++) {
        int k = popcount(h & t->colour_mask[c]);
        if (k > bc) { bc = k; best = c; }
    }
    return best;
}

static double si_evaluate(const void *p, int seat) {
    const Sirtet *s = p;
    if (s->phase == OVER) return s->result == 3 ? 0.0 : ((s->result - 1) == seat ? 1.0 : -1.0);
    const TileSet *t = &SETS[s->ts];
    int n0 = popcount(s->h0), n1 = popcount(s->h1);
    int c0[8], c1[8], p0[8], p1[8];
    int l0 = colour_counts(t, s->h0, c0), l1 = colour_counts(t, s->h1, c1);
    int keep = n0 < n1 ? n0 : n1;
    int m0 = projected(c0, l0, keep, p0), m1 = projected(c1, l1, keep, p1);
    int best0 = best_colour(t, s->h0), best1 = best_colour(t, s->h1), b0 = 0, b1 = 0;
    for (uint64_t m = s->occ; m; m &= m - 1) {
        int colour = t->colour_of[s->layout[lowbit(m)]];
        b0 += colour == best0;
        b1 += colour == best1;
    }
    int d0 = 0, d1 = 0;
    for (uint64_t m = s->h0; m; m &= m - 1) d0 += has_pair(t, lowbit(m), s->occ);
    for (uint64_t m = s->h1; m; m &= m - 1) d1 += has_pair(t, lowbit(m), s->occ);
    double f_standing = standing(p0, m0, p1, m1);
    double f_largest = (double)((m0 ? p0[0] : 0) - (m1 ? p1[0] : 0));
    double f_second = (double)((m0 > 1 ? p0[1] : 0) - (m1 > 1 ? p1[1] : 0));
    double x = 1.2 * f_standing + 0.25 * f_largest + 0.1 * f_second + 0.12 * (double)(n0 - n1) +
               0.05 * (double)(b0 - b1) + 0.03 * (double)(d0 - d1);
    double value = tanh(x) * 0.95;
    return seat == 0 ? value : -value;
}

/* Loads tile set `index`'s tables (geometry.py's, flattened by fast.py's `tables`):
 * ncolours, colour_of[35]; per tile: its number of offsets, then per offset shift,
 * valid mask and the 36 pair actions; then the number of pairs and (a, b) per pair;
 * then the 36 king masks. Returns 0, or -1 (nothing loaded) for a malformed list. */
static int si_configure(int index, const int64_t *v, long n) {
    long i = 0;
#define SI_NEXT(out) do { if (i >= n) return -1; out = v[i++]; } while (0)
    if (index < 0 || index > 1) return -1;
    TileSet t;
    memset(&t, 0, sizeof t);
    int64_t x;
    SI_NEXT(x);
    if (x < 1 || x > 8) return -1;
    t.ncolours = (int)x;
    for (int k = 0; k < NUM_TILES; k++) {
        SI_NEXT(x);
        if (x < 0 || x >= t.ncolours) return -1;
        t.colour_of[k] = (int)x;
        t.colour_mask[x] |= 1ULL << k;
    }
    for (int k = 0; k < NUM_TILES; k++) {
        SI_NEXT(x);
        if (x < 0 || x > MAX_OFFSETS) return -1;
        t.noff[k] = (int)x;
        for (int o = 0; o < t.noff[k]; o++) {
            SI_NEXT(x);
            t.shift[k][o] = (int)x;
            SI_NEXT(x);
            t.valid[k][o] = (uint64_t)x;
            for (int c = 0; c < CELLS; c++) { SI_NEXT(x); t.act[k][o][c] = (int16_t)x; }
        }
    }
    SI_NEXT(x);
    if (x < 0 || x > 1024) return -1;
    int pairs = (int)x;
    int8_t a[1024], b[1024];
    for (int k = 0; k < pairs; k++) { SI_NEXT(x); a[k] = (int8_t)x; SI_NEXT(x); b[k] = (int8_t)x; }
    uint64_t king[CELLS];
    for (int c = 0; c < CELLS; c++) { SI_NEXT(x); king[c] = (uint64_t)x; }
    if (i != n) return -1;
#undef SI_NEXT
    num_pairs = pairs;
    memcpy(PAIR_A, a, sizeof a);
    memcpy(PAIR_B, b, sizeof b);
    memcpy(KING, king, sizeof king);
    t.ready = 1;
    SETS[index] = t;
    return 0;
}

/* the tables come from geometry.py through si_configure (both wrappers call it) */
#define SHOAL_CORE_CONFIGURE si_configure
static void shoal_core_init(void) {}

static const ShoalEngine ENGINE = {
    "sirtet", sizeof(Sirtet), 1024, si_legal, si_apply, si_status, si_evaluate,
};

#endif
