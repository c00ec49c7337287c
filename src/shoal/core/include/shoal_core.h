/* shoal_core.h: the common C interface of shoal's engines, in plain C.
 *
 * Every game's _core.h describes its engine with one ShoalEngine table: a
 * fixed-size state struct (the game's options live inside it, so a state is
 * self-contained and can be copied with memcpy), its legal actions, applying an
 * action in place, the status (over, winner, seat to move, turn) and the
 * heuristic evaluation (NULL when the game has none in C). Everything generic
 * (the random numbers, random playouts with the evaluation cut-off) is written
 * once here against that table; ai/mcts_core.h drives a whole search through it.
 *
 * No Python here: this header and the cores built on it are compiled twice, by
 * two thin wrappers. shoal_engine.h wraps them for CPython (the _fast modules,
 * states as bytes packed by each game's fast.py); interop/wasm/shoal_wasm.c wraps
 * them for WebAssembly (the browser's engine, web/engine.js). The pure-Python
 * engine stays the reference: tests/native compares the two.
 */
#ifndef SHOAL_CORE_H
#define SHOAL_CORE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SHOAL_MAX_ACTIONS 4096

typedef struct {
    int over;     /* 1 once the game has ended */
    int winner;   /* 0, 1, or -1 for a draw (only when over) */
    int to_move;  /* the seat that decides next (-1 when over) */
    int turn;     /* completed turns */
} ShoalStatus;

struct ShoalRng;

typedef struct ShoalEngine {
    const char *name;
    long state_size; /* bytes of the state struct */
    int max_actions; /* an upper bound on the number of legal actions */
    /* the legal actions in the pure engine's order; returns their number (0 when over) */
    int (*legal)(const void *state, int *out);
    /* applies a legal action in place */
    void (*apply)(void *state, int action);
    void (*status)(const void *state, ShoalStatus *out);
    /* game.evaluate(state, seat) in [-1, 1]; NULL when the game has no C evaluation */
    double (*evaluate)(const void *state, int seat);
    /* optional (may be NULL): a uniformly random legal action of a running game, drawn
     * with shoal_rng_below over the legal actions in order but without listing them */
    int (*random_action)(const void *state, struct ShoalRng *rng);
} ShoalEngine;

/* -- random numbers: xoshiro256** seeded by splitmix64 ---------------------- */
typedef struct ShoalRng { uint64_t s[4]; } ShoalRng;

static inline uint64_t shoal_splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline void shoal_rng_seed(ShoalRng *rng, uint64_t seed) {
    for (int i = 0; i < 4; i++) rng->s[i] = shoal_splitmix(&seed);
}

static inline uint64_t shoal_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t shoal_rng_next(ShoalRng *rng) {
    uint64_t *s = rng->s;
    uint64_t result = shoal_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
    s[2] ^= t; s[3] = shoal_rotl(s[3], 45);
    return result;
}

/* a uniform int in [0, n) (n > 0), by multiply-shift */
static inline int shoal_rng_below(ShoalRng *rng, int n) {
    return (int)(((shoal_rng_next(rng) >> 32) * (uint64_t)n) >> 32);
}

/* -- random playouts ---------------------------------------------------------- */
/* Plays uniformly random actions on `state` (changed in place) to the end, or, with
 * cutoff >= 0, until `cutoff` actions are made and a turn has just ended (never in
 * the middle of a turn; a cutoff of 0 scores the leaf as it is), and returns the
 * value for seat 0: the outcome's +1/0/-1 or the evaluation. *actions counts the
 * actions made. Same semantics as shoal.ai.mcts.MCTS._playout. */
static inline double shoal_playout(const ShoalEngine *e, void *state, ShoalRng *rng, int cutoff,
                                   long *actions) {
    int legal[SHOAL_MAX_ACTIONS];
    ShoalStatus st;
    long steps = 0;
    int between_turns = 1;
    e->status(state, &st);
    if (cutoff < 0 || e->evaluate == NULL) {
        while (!st.over) {
            if (e->random_action) {
                e->apply(state, e->random_action(state, rng));
            } else {
                int n = e->legal(state, legal);
                e->apply(state, legal[shoal_rng_below(rng, n)]);
            }
            steps++;
            e->status(state, &st);
        }
    } else {
        while (!st.over) {
            if (steps >= cutoff && between_turns) {
                if (actions) *actions += steps;
                return e->evaluate(state, 0);
            }
            int turn = st.turn;
            if (e->random_action) {
                e->apply(state, e->random_action(state, rng));
            } else {
                int n = e->legal(state, legal);
                e->apply(state, legal[shoal_rng_below(rng, n)]);
            }
            steps++;
            e->status(state, &st);
            between_turns = st.turn != turn;
        }
    }
    if (actions) *actions += steps;
    return st.winner < 0 ? 0.0 : (st.winner == 0 ? 1.0 : -1.0);
}

#endif
