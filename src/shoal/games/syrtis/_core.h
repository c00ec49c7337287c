/* Syrtis' engine core: rules.py (set-up, play, the endings in the rules' order)
 * and heuristics.evaluate, on the same bitboards (cell i = bit i, row-major). */
/* Plain C, no Python: included once by each thin wrapper, _fast.c (CPython) and
 * interop/wasm/shoal_wasm.c (WebAssembly). */
#ifndef SHOAL_SYRTIS_CORE_H
#define SHOAL_SYRTIS_CORE_H

#include "shoal_core.h"
#include <math.h>

enum { SWAP, PLACE, CHOOSE, PLAY };
enum { LIGHT, DARK };
#define RACE_LENGTH 4
#define PASS_LIMIT 4
#define SWAP_LIMIT 100
#define TURN_LIMIT 1000

typedef struct {
    uint64_t tiles, light, circle, towers[2];
    int32_t n, pairing, phase, light_seat, to_move, sinker, streak;
    int32_t passes[2], turn;
    int32_t result; /* 0 running, else winning seat + 1 */
} Syrtis;

typedef struct {
    int n, c;
    uint64_t full, not_first, not_last, border, rows[6], cols[6];
    int partner[2][36];
    int slide_base, sink_base, place_l_base, place_d_base, swap_base, pass_action, light_action,
        dark_action;
} Geo;

static Geo GEOS[7];

static const Geo *geo_of(int n) {
    Geo *g = &GEOS[n];
    if (g->n) return g;
    int c = n * n;
    g->c = c;
    g->full = c == 64 ? ~0ULL : (1ULL << c) - 1;
    uint64_t first = 0;
    for (int r = 0; r < n; r++) first |= 1ULL << (r * n);
    uint64_t last = first << (n - 1);
    g->not_first = g->full & ~first;
    g->not_last = g->full & ~last;
    for (int r = 0; r < n; r++) g->rows[r] = ((1ULL << n) - 1) << (r * n);
    for (int f = 0; f < n; f++) g->cols[f] = first << f;
    g->border = first | last | g->rows[0] | g->rows[n - 1];
    for (int i = 0; i < c; i++) {
        g->partner[0][i] = c - 1 - i;
        g->partner[1][i] = (n - 1 - i / n) * n + i % n;
    }
    g->slide_base = c * c;
    g->sink_base = 2 * c * c;
    g->place_l_base = g->sink_base + c;
    g->place_d_base = g->sink_base + 2 * c;
    g->swap_base = g->sink_base + 3 * c;
    g->pass_action = g->sink_base + 4 * c;
    g->light_action = g->pass_action + 1;
    g->dark_action = g->pass_action + 2;
    g->n = n;
    return g;
}

static inline int popcount(uint64_t x) { return __builtin_popcountll(x); }

static inline uint64_t neighbours(const Geo *g, uint64_t b) {
    return ((b << 1) & g->not_first) | ((b >> 1) & g->not_last) | ((b << g->n) & g->full) | (b >> g->n);
}

static uint64_t flood(const Geo *g, uint64_t seed, uint64_t within) {
    uint64_t x = seed;
    for (;;) {
        uint64_t y = (x | neighbours(g, x)) & within;
        if (y == x) return x;
        x = y;
    }
}

static inline int connected(const Geo *g, uint64_t b) { return !b || flood(g, b & -b, b) == b; }

static int islands(const Geo *g, uint64_t b) {
    int count = 0;
    while (b) { b &= ~flood(g, b & -b, b); count++; }
    return count;
}

static uint64_t box(const Geo *g, uint64_t b) {
    if (!b) return 0;
    int r0 = -1, r1 = -1, f0 = -1, f1 = -1;
    for (int r = 0; r < g->n; r++) if (b & g->rows[r]) { if (r0 < 0) r0 = r; r1 = r; }
    for (int f = 0; f < g->n; f++) if (b & g->cols[f]) { if (f0 < 0) f0 = f; f1 = f; }
    uint64_t rm = 0, cm = 0;
    for (int r = r0; r <= r1; r++) rm |= g->rows[r];
    for (int f = f0; f <= f1; f++) cm |= g->cols[f];
    return rm & cm;
}

static int bits_to(uint64_t m, int base, int *out, int n) {
    while (m) { out[n++] = base + __builtin_ctzll(m); m &= m - 1; }
    return n;
}

static int side_to_move(const Syrtis *s) { return s->to_move == s->light_seat ? LIGHT : DARK; }

static int sy_legal(const void *p, int *out) {
    const Syrtis *s = p;
    if (s->result) return 0;
    const Geo *g = geo_of(s->n);
    int n = 0;
    if (s->phase == SWAP) {
        for (int q, p2 = 0; p2 < g->c; p2++) {
            q = g->partner[s->pairing][p2];
            if (q > p2 && (((s->light ^ (s->light >> (q - p2))) | (s->circle ^ (s->circle >> (q - p2)))) >> p2 & 1))
                out[n++] = g->swap_base + p2;
        }
        return n;
    }
    if (s->phase == PLACE) {
        uint64_t lt = s->towers[0], dt = s->towers[1], free = s->tiles & ~(lt | dt);
        if (popcount(lt) < 2) n = bits_to(free & (s->light | s->circle), g->place_l_base, out, n);
        if (popcount(dt) < 2) n = bits_to(free & ~(s->light & s->circle), g->place_d_base, out, n);
        return n;
    }
    if (s->phase == CHOOSE) {
        out[0] = g->light_action;
        out[1] = g->dark_action;
        return 2;
    }
    int side = side_to_move(s);
    uint64_t tiles = s->tiles, own = s->towers[side], occupied = s->towers[0] | s->towers[1];
    uint64_t colour = side == LIGHT ? s->light : tiles & ~s->light;
    uint64_t shape = side == LIGHT ? s->circle : tiles & ~s->circle;
    int c = g->c;
    for (uint64_t m = own; m; m &= m - 1) {
        int f = __builtin_ctzll(m);
        uint64_t fbit = 1ULL << f, dests = 0;
        if (fbit & colour) dests = flood(g, fbit, colour);
        if (fbit & shape) dests |= flood(g, fbit, shape);
        n = bits_to(dests & ~occupied, f * c, out, n);
    }
    uint64_t box_empty = box(g, tiles) & ~tiles;
    if (box_empty)
        for (uint64_t m = own; m; m &= m - 1) {
            int f = __builtin_ctzll(m);
            uint64_t fbit = 1ULL << f;
            uint64_t reach = flood(g, fbit, box_empty | fbit) & ~fbit;
            if (!reach) continue;
            uint64_t rest = tiles & ~fbit;
            int base = g->slide_base + f * c;
            if (connected(g, rest)) {
                n = bits_to(reach & neighbours(g, rest), base, out, n);
            } else {
                for (uint64_t r = reach; r; r &= r - 1) {
                    int t = __builtin_ctzll(r);
                    if (connected(g, rest | 1ULL << t)) out[n++] = base + t;
                }
            }
        }
    uint64_t empty = g->full & ~tiles;
    uint64_t open = tiles & (neighbours(g, empty) | g->border);
    uint64_t cand = neighbours(g, own) & open & ~occupied;
    for (uint64_t m = cand; m; m &= m - 1) {
        int t = __builtin_ctzll(m);
        uint64_t tbit = 1ULL << t;
        if (popcount(neighbours(g, tbit) & tiles) == 1 || connected(g, tiles ^ tbit))
            out[n++] = g->sink_base + t;
    }
    out[n++] = g->pass_action;
    return n;
}

static int any_set_connected(const Geo *g, uint64_t tiles, uint64_t light, uint64_t circle) {
    return connected(g, light & tiles) || connected(g, tiles & ~light) ||
           connected(g, circle & tiles) || connected(g, tiles & ~circle);
}

static int seat_of(const Syrtis *s, int side) { return side == LIGHT ? s->light_seat : 1 - s->light_seat; }

/* end_of_game(): sets result (and to_move -1) when the game is over */
static void finish(Syrtis *s, const Geo *g, int check_islands) {
    s->phase = PLAY;
    if (s->streak >= RACE_LENGTH) {
        s->result = seat_of(s, s->sinker == LIGHT ? LIGHT : DARK) + 1;
        s->to_move = -1;
        return;
    }
    int why = 0;
    if (check_islands) {
        int lc = connected(g, s->light) || connected(g, s->circle);
        int dc = connected(g, s->tiles & ~s->light) || connected(g, s->tiles & ~s->circle);
        if (lc != dc) {
            s->result = seat_of(s, lc ? LIGHT : DARK) + 1;
            s->to_move = -1;
            return;
        }
        if (lc) why = 1;
    }
    if (!why) {
        if (s->passes[0] && s->passes[1]) why = 1;
        else if (s->passes[0] >= PASS_LIMIT || s->passes[1] >= PASS_LIMIT) why = 1;
        else if (s->turn >= TURN_LIMIT) why = 1;
        else return;
    }
    s->result = seat_of(s, s->sinker == DARK ? DARK : LIGHT) + 1;
    s->to_move = -1;
}

static void sy_apply(void *p, int action) {
    Syrtis *s = p;
    const Geo *g = geo_of(s->n);
    s->turn++;
    if (s->phase == SWAP) {
        int p2 = action - g->swap_base, q = g->partner[s->pairing][p2];
        uint64_t both = (1ULL << p2) | (1ULL << q);
        if (((s->light >> p2) ^ (s->light >> q)) & 1) s->light ^= both;
        if (((s->circle >> p2) ^ (s->circle >> q)) & 1) s->circle ^= both;
        int still = s->turn < SWAP_LIMIT && any_set_connected(g, s->tiles, s->light, s->circle);
        s->phase = still ? SWAP : PLACE;
        s->to_move = 0;
        return;
    }
    if (s->phase == PLACE) {
        if (action < g->place_d_base) s->towers[0] |= 1ULL << (action - g->place_l_base);
        else s->towers[1] |= 1ULL << (action - g->place_d_base);
        int done = popcount(s->towers[0] | s->towers[1]) == 4;
        s->phase = done ? CHOOSE : PLACE;
        s->to_move = done ? 1 : 0;
        return;
    }
    if (s->phase == CHOOSE) {
        s->light_seat = action == g->light_action ? 1 : 0;
        s->to_move = s->light_seat;
        finish(s, g, 1);
        return;
    }
    int side = side_to_move(s);
    s->to_move = 1 - s->to_move;
    if (action < g->sink_base) {
        int a = action < g->slide_base ? action : action - g->slide_base;
        uint64_t fbit = 1ULL << (a / g->c), tbit = 1ULL << (a % g->c), both = fbit | tbit;
        s->towers[side] ^= both;
        s->passes[side] = 0;
        if (action < g->slide_base) { finish(s, g, 0); return; }
        s->tiles ^= both;
        if (s->light & fbit) s->light ^= both;
        if (s->circle & fbit) s->circle ^= both;
    } else if (action < g->place_l_base) {
        uint64_t bit = 1ULL << (action - g->sink_base);
        s->tiles ^= bit;
        s->light &= ~bit;
        s->circle &= ~bit;
        if (s->sinker == side) s->streak++;
        else { s->sinker = side; s->streak = 1; }
        s->passes[side] = 0;
    } else {
        s->passes[side]++;
        finish(s, g, 0);
        return;
    }
    finish(s, g, 1);
}

static void sy_status(const void *p, ShoalStatus *out) {
    const Syrtis *s = p;
    out->turn = s->turn;
    out->over = s->result != 0;
    out->winner = s->result ? s->result - 1 : -1;
    out->to_move = s->result ? -1 : s->to_move;
}

static void mobility(const Syrtis *s, const Geo *g, int side, int *moves, int *sinks) {
    uint64_t tiles = s->tiles;
    uint64_t colour = side == LIGHT ? s->light : tiles & ~s->light;
    uint64_t shape = side == LIGHT ? s->circle : tiles & ~s->circle;
    uint64_t occupied = s->towers[0] | s->towers[1], own = s->towers[side];
    int m = 0;
    for (uint64_t t = own; t; t &= t - 1) {
        uint64_t fbit = t & -t, dests = 0;
        if (fbit & colour) dests = flood(g, fbit, colour);
        if (fbit & shape) dests |= flood(g, fbit, shape);
        m += popcount(dests & ~occupied);
    }
    uint64_t empty = g->full & ~tiles;
    uint64_t open = tiles & (neighbours(g, empty) | g->border);
    *moves = m;
    *sinks = popcount(neighbours(g, own) & open & ~occupied);
}

static double sy_evaluate(const void *p, int seat) {
    const Syrtis *s = p;
    if (s->result) return (s->result - 1) == seat ? 1.0 : -1.0;
    if (s->phase != PLAY) return 0.0;
    const Geo *g = geo_of(s->n);
    uint64_t tiles = s->tiles;
    int lc = islands(g, s->light & tiles), lsh = islands(g, s->circle & tiles);
    int dc = islands(g, tiles & ~s->light), dsh = islands(g, tiles & ~s->circle);
    int l_isl = lc < lsh ? lc : lsh, d_isl = dc < dsh ? dc : dsh;
    if (l_isl < 1) l_isl = 1;
    if (d_isl < 1) d_isl = 1;
    int lm, ls, dm, ds;
    mobility(s, g, LIGHT, &lm, &ls);
    mobility(s, g, DARK, &dm, &ds);
    double race = s->sinker < 0 ? 0.0 : (double)(s->streak * (s->sinker == LIGHT ? 1 : -1));
    double score = 0.55 * ((double)d_isl - (double)l_isl);
    score += 0.04 * ((double)lm - (double)dm);
    score += 0.08 * ((double)ls - (double)ds);
    score += 0.35 * race * fabs(race) / RACE_LENGTH;
    double value = tanh(score / 2.0);
    int side = seat == s->light_seat ? LIGHT : DARK;
    return side == LIGHT ? value : -value;
}

static const ShoalEngine ENGINE = {
    "syrtis", sizeof(Syrtis), 36 * 36 * 2 + 4, sy_legal, sy_apply, sy_status, sy_evaluate,
};

/* no tables to build */
static void shoal_core_init(void) {}

#endif
