/* Native alpha-beta: the negamax of alphabeta.py (iterative deepening, transposition
 * table, killers, history, same-seat children searched unnegated) in C, through a
 * game's ShoalEngine table. The table is a fixed-size hash table keyed by a 64-bit hash
 * of the packed state and the seat to move (always replace), where the pure search keys
 * a dict by state.key(); the search rules are otherwise the same.
 *
 * Plain C, no Python: _alphabeta.c is its CPython wrapper (the Searcher type). */
#ifndef SHOAL_ALPHABETA_CORE_H
#define SHOAL_ALPHABETA_CORE_H

#include "shoal_core.h"
#include <math.h>
#include <time.h>

#define WIN 1000.0
#define PROVEN (WIN / 2)
#define MAX_DEPTH 128
enum { EXACT, LOWER, UPPER };

typedef struct {
    uint64_t key;
    double value;
    int32_t depth, flag, move, used;
} AbEntry;

/* One alpha-beta searcher: its table, history and killers, kept between searches. */
typedef struct {
    const ShoalEngine *engine;
    ShoalRng rng;
    int num_actions;
    long *history;
    int killers[MAX_DEPTH + 1][2];
    int nkillers[MAX_DEPTH + 1];
    AbEntry *table;
    uint64_t mask;
    long count, table_size;
    long nodes;
    double deadline;
    int timed_out;
    int *root_order; /* action -> root index, or -1 */
} AlphaBeta;

/* seconds on a monotonic clock; a wrapper may bring its own (SHOAL_NOW: the browser's) */
#ifdef SHOAL_NOW
static double ab_now(void) { return SHOAL_NOW(); }
#else
static double ab_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}
#endif

static uint64_t hash_state(const char *p, long size, int seat) {
    uint64_t h = 0x84222325cbf29ce4ULL ^ (uint64_t)(seat + 1);
    long i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x9E3779B97F4A7C15ULL;
        h ^= h >> 29;
    }
    for (; i < size; i++) h = (h ^ (uint8_t)p[i]) * 0x100000001b3ULL;
    return h ^ (h >> 32);
}

static AbEntry *lookup(AlphaBeta *s, uint64_t key) {
    AbEntry *e = &s->table[key & s->mask];
    return e->used && e->key == key ? e : NULL;
}

static void store(AlphaBeta *s, uint64_t key, int depth, double value, int flag, int move) {
    AbEntry *e = &s->table[key & s->mask];
    if (!e->used) s->count++;
    e->key = key; e->depth = depth; e->value = value; e->flag = flag; e->move = move; e->used = 1;
}

static double to_table(double v, int ply) { return v > PROVEN ? v + ply : v < -PROVEN ? v - ply : v; }
static double from_table(double v, int ply) { return v > PROVEN ? v - ply : v < -PROVEN ? v + ply : v; }

/* the move order of AlphaBeta._order (stable sorts, killers and the table's move first) */
static void order(AlphaBeta *s, int *moves, int n, int tt_move, int ply) {
    long *h = s->history;
    for (int i = 1; i < n; i++) { /* insertion sort: stable */
        int a = moves[i], j = i;
        while (j > 0) {
            int b = moves[j - 1];
            int before;
            if (ply == 0)
                before = h[a] > h[b] || (h[a] == h[b] && s->root_order[a] < s->root_order[b]);
            else
                before = h[a] > h[b];
            if (!before) break;
            moves[j] = b;
            j--;
        }
        moves[j] = a;
    }
    int front[3], nf = 0;
    for (int k = 0; k < s->nkillers[ply]; k++)
        for (int i = 0; i < n; i++)
            if (moves[i] == s->killers[ply][k]) { front[nf++] = moves[i]; break; }
    int tt_in = 0;
    if (tt_move >= 0)
        for (int i = 0; i < n; i++) if (moves[i] == tt_move) { tt_in = 1; break; }
    if (tt_in) {
        int m = 0;
        for (int i = 0; i < nf; i++) if (front[i] != tt_move) front[m++] = front[i];
        for (int i = m; i > 0; i--) front[i] = front[i - 1];
        front[0] = tt_move;
        nf = m + 1;
    }
    if (!nf) return;
    int rest[SHOAL_MAX_ACTIONS], nr = 0;
    for (int i = 0; i < n; i++) {
        int inf = 0;
        for (int k = 0; k < nf; k++) if (moves[i] == front[k]) inf = 1;
        if (!inf) rest[nr++] = moves[i];
    }
    for (int i = 0; i < nf; i++) moves[i] = front[i];
    for (int i = 0; i < nr; i++) moves[nf + i] = rest[i];
}

static double negamax(AlphaBeta *s, const char *state, int depth, double alpha, double beta, int ply) {
    const ShoalEngine *e = s->engine;
    s->nodes++;
    if (!(s->nodes & 1023) && ab_now() > s->deadline) { s->timed_out = 1; return 0.0; }
    ShoalStatus st;
    e->status(state, &st);
    int seat = st.to_move;
    if (depth <= 0 || ply >= MAX_DEPTH) return e->evaluate(state, seat);
    uint64_t key = hash_state(state, e->state_size, seat);
    AbEntry *entry = lookup(s, key);
    int tt_move = -1;
    if (entry) {
        tt_move = entry->move;
        if (entry->depth >= depth && ply > 0) {
            double v = from_table(entry->value, ply);
            if (entry->flag == EXACT || (entry->flag == LOWER && v >= beta) ||
                (entry->flag == UPPER && v <= alpha))
                return v;
        }
    }
    double alpha0 = alpha, best = -INFINITY;
    int moves[SHOAL_MAX_ACTIONS];
    int n = e->legal(state, moves);
    order(s, moves, n, tt_move, ply);
    int best_move = moves[0];
    char *child = malloc(e->state_size);
    if (!child) { s->timed_out = 1; return 0.0; }
    for (int i = 0; i < n; i++) {
        int action = moves[i];
        memcpy(child, state, e->state_size);
        e->apply(child, action);
        ShoalStatus cs;
        e->status(child, &cs);
        double value;
        if (cs.over) {
            value = cs.winner < 0 ? 0.0 : (cs.winner == seat ? WIN - ply - 1 : -(WIN - ply - 1));
        } else if (cs.to_move == seat) {
            value = negamax(s, child, depth - 1, alpha, beta, ply + 1);
        } else {
            value = -negamax(s, child, depth - 1, -beta, -alpha, ply + 1);
        }
        if (s->timed_out) { free(child); return 0.0; }
        if (value > best) {
            best = value;
            best_move = action;
            if (value > alpha) {
                alpha = value;
                if (alpha >= beta) {
                    int *k = s->killers[ply], present = 0;
                    for (int j = 0; j < s->nkillers[ply]; j++) present |= k[j] == action;
                    if (!present) {
                        k[1] = k[0];
                        k[0] = action;
                        if (s->nkillers[ply] < 2) s->nkillers[ply]++;
                    }
                    s->history[action] += (long)depth * depth;
                    break;
                }
            }
        }
    }
    free(child);
    int flag = best <= alpha0 ? UPPER : best >= beta ? LOWER : EXACT;
    store(s, key, depth, to_table(best, ply), flag, best_move);
    return best;
}

/* Sets up a searcher (the caller has checked that the engine has an evaluation): 0, or -1
 * when memory ran out. */
static int ab_init(AlphaBeta *s, const ShoalEngine *e, uint64_t seed, int num_actions,
                   long table_size) {
    uint64_t size = 1;
    while (size < (uint64_t)table_size * 2) size <<= 1;
    free(s->table); free(s->history); free(s->root_order);
    s->table = calloc(size, sizeof(AbEntry));
    s->history = calloc(num_actions, sizeof(long));
    s->root_order = calloc(num_actions, sizeof(int));
    if (!s->table || !s->history || !s->root_order) return -1;
    s->mask = size - 1;
    s->count = 0;
    s->table_size = table_size;
    s->num_actions = num_actions;
    s->engine = e;
    shoal_rng_seed(&s->rng, seed);
    return 0;
}

static void ab_free(AlphaBeta *s) {
    free(s->table); free(s->history); free(s->root_order);
    s->table = NULL; s->history = NULL; s->root_order = NULL;
}

/* Iterative deepening from `root` (a running game) up to max_depth, within `seconds` (< 0:
 * none) and a node budget (< 0: none), never deeper than max_len. Returns the best action;
 * *value, *reached (the last depth completed) and *elapsed are set. */
static int ab_search(AlphaBeta *s, const char *root, int max_depth, double seconds,
                     long long budget, int max_len, double *value_out, int *reached_out,
                     double *elapsed_out) {
    const ShoalEngine *e = s->engine;
    ShoalStatus st;
    e->status(root, &st);
    int legal[SHOAL_MAX_ACTIONS];
    int n = e->legal(root, legal);
    for (int i = n - 1; i > 0; i--) {
        int j = shoal_rng_below(&s->rng, i + 1), t = legal[i];
        legal[i] = legal[j]; legal[j] = t;
    }
    for (int a = 0; a < s->num_actions; a++) s->root_order[a] = 0;
    for (int i = 0; i < n; i++) if (legal[i] < s->num_actions) s->root_order[legal[i]] = i;
    if (s->count > s->table_size) { memset(s->table, 0, sizeof(AbEntry) * (s->mask + 1)); s->count = 0; }
    for (int a = 0; a < s->num_actions; a++) s->history[a] >>= 2;
    memset(s->nkillers, 0, sizeof s->nkillers);
    double start = ab_now();
    s->deadline = seconds < 0 ? INFINITY : start + seconds;
    s->nodes = 0;
    s->timed_out = 0;
    int best_action = legal[0], reached = 0;
    double best_value = -INFINITY;
    uint64_t root_key = hash_state(root, e->state_size, st.to_move);
    if (max_depth > MAX_DEPTH) max_depth = MAX_DEPTH;
    for (int d = 1; d <= max_depth; d++) {
        double value = negamax(s, root, d, -INFINITY, INFINITY, 0);
        if (s->timed_out) break;
        AbEntry *entry = lookup(s, root_key);
        if (entry) best_action = entry->move;
        best_value = value;
        reached = d;
        if (fabs(value) > PROVEN || (budget >= 0 && s->nodes >= budget)) break;
        if (d >= max_len) break;
    }
    *value_out = best_value;
    *reached_out = reached;
    *elapsed_out = ab_now() - start;
    return best_action;
}

/* The principal variation from the table after a search: `first` then the stored moves, at
 * most `limit` actions, into out; its length. */
static int ab_pv(AlphaBeta *s, const char *root, int first, int limit, int *out) {
    const ShoalEngine *e = s->engine;
    char *cur = malloc(e->state_size);
    if (!cur) return 0;
    int legal[SHOAL_MAX_ACTIONS];
    ShoalStatus st;
    memcpy(cur, root, e->state_size);
    int move = first, n = 0;
    for (;;) {
        out[n++] = move;
        e->apply(cur, move);
        e->status(cur, &st);
        if (st.over || n >= limit) break;
        AbEntry *entry = lookup(s, hash_state(cur, e->state_size, st.to_move));
        if (!entry) break;
        int m = e->legal(cur, legal), ok = 0;
        for (int i = 0; i < m; i++) ok |= legal[i] == entry->move;
        if (!ok) break;
        move = entry->move;
    }
    free(cur);
    return n;
}

#endif
