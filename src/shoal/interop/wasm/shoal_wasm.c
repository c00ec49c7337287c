/* The WebAssembly wrapper of one game's engine core and of the search cores (MCTS,
 * alpha-beta, the bounded prover): the second thin
 * wrapper beside the CPython one (shoal_engine.h), so no rule is written twice.
 *
 * Built by scripts/build-wasm with emcc, once per game, the game's core forced in first
 * (`-include src/shoal/games/GAME/_core.h`): web/wasm/GAME.js + GAME.wasm. The exports
 * work on states in the module's memory, in the same struct layout the CPython wrapper's
 * fast.py packs; web/engine-core.js drives them (web/engine.js is the page's API).
 * Every function here is glue: the rules live in the game's core, the searches in
 * ai/mcts_core.h, ai/alphabeta_core.h and ai/prove_core.h. It lives in interop (beside
 * interop/webengine.py, which writes the modules' GAME.json) because it includes both a game's
 * core and the AI's: in core, the bottom layer, those were the only includes pointing up. */
#include <emscripten.h>
#include <math.h>

/* the browser's clock in seconds (engine-core.js gives performance.now() / 1000) */
__attribute__((import_module("env"), import_name("shoal_now"))) extern double shoal_js_now(void);
#define SHOAL_NOW shoal_js_now

#include "alphabeta_core.h"
#include "mcts_core.h"
#include "prove_core.h"
#include "shoal_core.h"

#define EXPORT EMSCRIPTEN_KEEPALIVE

static uint64_t seed_of(uint32_t low, uint32_t high) { return (uint64_t)high << 32 | low; }

/* builds the core's tables (Cyclix, SFIRS); the JS calls it once, first */
EXPORT void shoal_init(void) { shoal_core_init(); }

EXPORT const char *shoal_name(void) { return ENGINE.name; }
EXPORT int shoal_state_size(void) { return (int)ENGINE.state_size; }
EXPORT int shoal_max_actions(void) { return SHOAL_MAX_ACTIONS; }
EXPORT int shoal_has_evaluate(void) { return ENGINE.evaluate != NULL; }

/* loads tables the core takes from the game's Python (Sirtet's tile sets): 0, or -1 */
EXPORT int shoal_configure(int index, const int64_t *values, int count) {
#ifdef SHOAL_CORE_CONFIGURE
    return SHOAL_CORE_CONFIGURE(index, values, count);
#else
    (void)index; (void)values; (void)count;
    return -1;
#endif
}

/* the legal actions of `state` into `out` (room for shoal_max_actions()); their number */
EXPORT int shoal_legal(const void *state, int *out) { return ENGINE.legal(state, out); }

/* applies `action` to `state` in place when it is legal: 0, else -1 and nothing changes */
EXPORT int shoal_apply(void *state, int action) {
    static int legal[SHOAL_MAX_ACTIONS];
    int n = ENGINE.legal(state, legal);
    for (int i = 0; i < n; i++) {
        if (legal[i] == action) {
            ENGINE.apply(state, action);
            return 0;
        }
    }
    return -1;
}

/* out[0..3] = over, winner (-1: draw or running), to_move (-1 once over), turn */
EXPORT void shoal_status(const void *state, int *out) {
    ShoalStatus st;
    ENGINE.status(state, &st);
    out[0] = st.over;
    out[1] = st.winner;
    out[2] = st.to_move;
    out[3] = st.turn;
}

/* the game's evaluation for `seat` in [-1, 1] (NaN when the core has none) */
EXPORT double shoal_evaluate(const void *state, int seat) {
    return ENGINE.evaluate ? ENGINE.evaluate(state, seat) : NAN;
}

/* `count` random playouts from `state` (unchanged), as the CPython wrapper's playouts():
 * returns the sum of seat 0's values; out[0] gets the actions made */
EXPORT double shoal_playouts(const void *state, int count, uint32_t seed_low, uint32_t seed_high,
                             int cutoff, double *out) {
    char *buf = malloc(ENGINE.state_size);
    if (!buf) return NAN;
    ShoalRng rng;
    shoal_rng_seed(&rng, seed_of(seed_low, seed_high));
    double total = 0.0;
    long actions = 0;
    for (int i = 0; i < count; i++) {
        memcpy(buf, state, ENGINE.state_size);
        total += shoal_playout(&ENGINE, buf, &rng, cutoff, &actions);
    }
    free(buf);
    out[0] = (double)actions;
    return total;
}

/* -- MCTS: one searcher per handle, its tree kept between searches ------------------ */
EXPORT Searcher *shoal_mcts_new(double c, int cutoff, int solver, uint32_t seed_low,
                                uint32_t seed_high, int reuse, int reuse_depth, int decisive) {
    if (cutoff >= 0 && !ENGINE.evaluate) return NULL;
    Searcher *s = malloc(sizeof *s);
    if (!s) return NULL;
    mcts_init(s, &ENGINE, c, cutoff, solver, seed_of(seed_low, seed_high), reuse, reuse_depth,
              decisive);
    return s;
}

EXPORT void shoal_mcts_free(Searcher *s) {
    if (!s) return;
    mcts_reset(s);
    free(s);
}

EXPORT void shoal_mcts_reset(Searcher *s) { mcts_reset(s); }

/* searches `state` (iterations/seconds < 0: no such budget). out[0..5] = iterations done,
 * seconds, reused simulations, the root's proven value (NaN: none), its proof length, the
 * number of root children. Returns 0, or -1 (finished game, or no memory) */
EXPORT int shoal_mcts_search(Searcher *s, const void *state, double iterations, double seconds,
                             double *out) {
    ShoalStatus st;
    ENGINE.status(state, &st);
    if (st.over) return -1;
    double elapsed = 0.0;
    long reused = 0;
    long long done = mcts_run(s, state, (long long)iterations, seconds, &elapsed, &reused);
    if (done < 0) return -1;
    Node *root = s->root;
    out[0] = (double)done;
    out[1] = elapsed;
    out[2] = (double)reused;
    out[3] = root->has_proof ? root->proven : NAN;
    out[4] = root->plen;
    out[5] = root->nchildren;
    return 0;
}

/* the root's child i after a search: out[0..4] = action, visits, total, proven (NaN:
 * none), proof length */
EXPORT void shoal_mcts_child(const Searcher *s, int i, double *out) {
    const Node *ch = s->root->children[i];
    out[0] = ch->action;
    out[1] = (double)ch->visits;
    out[2] = ch->total;
    out[3] = ch->has_proof ? ch->proven : NAN;
    out[4] = ch->plen;
}

/* the principal variation after a search (as the CPython wrapper builds it): its length */
EXPORT int shoal_mcts_pv(const Searcher *s, int *out, int max) {
    int n = 0;
    Node *node = best_child(s->root);
    while (node && n < max) {
        out[n++] = node->action;
        node = node->visits > 1 ? best_child(node) : NULL;
    }
    return n;
}

/* -- alpha-beta: one searcher per handle, its table, history and killers kept between
 * searches (as the CPython wrapper's Searcher) ------------------------------------------ */
EXPORT AlphaBeta *shoal_ab_new(uint32_t seed_low, uint32_t seed_high, int num_actions,
                               int table_size) {
    if (!ENGINE.evaluate || num_actions < 1 || table_size < 1) return NULL;
    AlphaBeta *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    if (ab_init(s, &ENGINE, seed_of(seed_low, seed_high), num_actions, table_size) < 0) {
        ab_free(s);
        free(s);
        return NULL;
    }
    return s;
}

EXPORT void shoal_ab_free(AlphaBeta *s) {
    if (!s) return;
    ab_free(s);
    free(s);
}

/* searches `state` (a running game) by iterative deepening up to max_depth, within
 * `seconds` and `budget` nodes (< 0: none), never deeper than max_len. out[0..4] = best
 * action, its raw value (a win n actions ahead: 1000 - n), the depth reached, nodes,
 * seconds. Returns 0, or -1 for a finished game */
EXPORT int shoal_ab_search(AlphaBeta *s, const void *state, int max_depth, double seconds,
                           double budget, int max_len, double *out) {
    ShoalStatus st;
    ENGINE.status(state, &st);
    if (st.over) return -1;
    int reached;
    double value, elapsed;
    int action = ab_search(s, state, max_depth, seconds, (long long)budget, max_len, &value,
                           &reached, &elapsed);
    out[0] = action;
    out[1] = value;
    out[2] = reached;
    out[3] = (double)s->nodes;
    out[4] = elapsed;
    return 0;
}

/* the principal variation of the last search from `state`, `first` first, at most `limit`
 * actions (the CPython wrapper's limit: the depth reached, at least 1): its length */
EXPORT int shoal_ab_pv(AlphaBeta *s, const void *state, int first, int limit, int *out) {
    if (limit > MAX_DEPTH + 1) limit = MAX_DEPTH + 1;
    return ab_pv(s, state, first, limit < 1 ? 1 : limit, out);
}

/* -- the bounded prover: one per seat and game, its table of proven bounds kept -------- */
EXPORT Prover *shoal_prove_new(int seat, int max_nodes) {
    if ((seat != 0 && seat != 1) || max_nodes < 1 || max_nodes > 100000000) return NULL;
    Prover *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    if (prove_init(p, &ENGINE, seat, max_nodes) < 0) {
        prove_free(p);
        free(p);
        return NULL;
    }
    return p;
}

EXPORT void shoal_prove_free(Prover *p) {
    if (!p) return;
    prove_free(p);
    free(p);
}

/* does the prover's seat force a win from `state` within `depth` (0 to 1000) atomic
 * actions? 1 won, 0 not, -1 the node budget ran out, -2 no memory, -3 a bad depth */
EXPORT int shoal_prove_wins(Prover *p, const void *state, int depth) {
    if (depth > 1000) return -3;
    return prove_wins(p, state, depth < 0 ? 0 : depth);
}

/* positions the prover has expanded so far */
EXPORT double shoal_prove_nodes(const Prover *p) { return (double)p->nodes; }
