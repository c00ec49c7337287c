/* Connect Four's engine core: the bitboards of rules.py in a C struct. */
/* Plain C, no Python: included once by each thin wrapper, _fast.c (CPython) and
 * interop/wasm/shoal_wasm.c (WebAssembly). */
#ifndef SHOAL_CONNECT4_CORE_H
#define SHOAL_CONNECT4_CORE_H

#include "shoal_core.h"

typedef struct {
    uint64_t mine;   /* stones of the seat to move (of the last mover once over) */
    uint64_t mask;   /* all stones */
    int32_t ply;
    int32_t full;    /* full columns, one bit each */
    int32_t result;  /* 0 running, 1 seat 0 won, 2 seat 1 won, 3 draw */
    int32_t pad;
} C4;

#define H1 7

static int four(uint64_t b) {
    uint64_t m = b & (b >> 1);
    if (m & (m >> 2)) return 1;
    m = b & (b >> H1);
    if (m & (m >> 2 * H1)) return 1;
    m = b & (b >> (H1 - 1));
    if (m & (m >> 2 * (H1 - 1))) return 1;
    m = b & (b >> (H1 + 1));
    return (m & (m >> 2 * (H1 + 1))) != 0;
}

static int c4_legal(const void *p, int *out) {
    const C4 *s = p;
    int n = 0;
    if (s->result) return 0;
    for (int c = 0; c < 7; c++)
        if (!(s->full >> c & 1)) out[n++] = c;
    return n;
}

static void c4_apply(void *p, int a) {
    C4 *s = p;
    uint64_t mask = s->mask;
    uint64_t new_mask = mask | (mask + (1ULL << (H1 * a)));
    uint64_t mover = s->mine | (new_mask ^ mask);
    if (new_mask & (1ULL << (H1 * a + 5))) s->full |= 1 << a;
    int ply = s->ply;
    s->ply = ply + 1;
    s->mask = new_mask;
    if (four(mover)) {
        s->mine = mover;
        s->result = 1 + (ply & 1);
    } else if (ply + 1 == 42) {
        s->mine = mover;
        s->result = 3;
    } else {
        s->mine = mover ^ new_mask;
    }
}

static void c4_status(const void *p, ShoalStatus *out) {
    const C4 *s = p;
    out->turn = s->ply;
    if (s->result) {
        out->over = 1;
        out->winner = s->result == 3 ? -1 : s->result - 1;
        out->to_move = -1;
    } else {
        out->over = 0;
        out->winner = -1;
        out->to_move = s->ply & 1;
    }
}

static double c4_evaluate(const void *p, int seat) {
    /* Game.evaluate's default: the outcome, else 0 */
    ShoalStatus st;
    c4_status(p, &st);
    if (!st.over || st.winner < 0) return 0.0;
    return st.winner == seat ? 1.0 : -1.0;
}

static const ShoalEngine ENGINE = {
    "connect4", sizeof(C4), 7, c4_legal, c4_apply, c4_status, c4_evaluate,
};

/* no tables to build */
static void shoal_core_init(void) {}

#endif
