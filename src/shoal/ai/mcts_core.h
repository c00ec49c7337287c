/* The native MCTS core: the UCT search of mcts.py (solver, tree reuse, cut-off playouts)
 * in plain C, driven through a game's ShoalEngine table (shoal/core/include/shoal_core.h),
 * so a whole search, playouts included, never leaves C. mcts.py stays the reference: the
 * same selection, expansion order (shuffled untried actions popped from the end), decisive
 * moves, proofs and choice of the action to play. No Python here: _mcts.c wraps it for
 * CPython, interop/wasm/shoal_wasm.c for WebAssembly. */
#ifndef SHOAL_MCTS_CORE_H
#define SHOAL_MCTS_CORE_H

#include "shoal_core.h"
#include <math.h>
#include <time.h>

typedef struct Node {
    struct Node **children;
    int nchildren, cap;
    int *untried;
    int nuntried, ualloc;
    int expanded; /* untried computed */
    int action;
    int to_move;
    int has_proof;
    int plen;
    long visits;
    double total; /* sum of simulation values, seat 0's point of view */
    double proven;
    char state[];
} Node;

/* One search tree and its settings (the Python Searcher and the WebAssembly export both
 * hold one). */
typedef struct {
    const ShoalEngine *engine;
    double c;
    int cutoff;
    int solver;
    int decisive;
    int reuse;
    int reuse_depth;
    ShoalRng rng;
    Node *root;
    long long bytes; /* bytes held by the tree's nodes */
} Searcher;

/* A search also stops when its tree holds this many bytes of nodes (a time budget on a
 * fast game would otherwise grow it by hundreds of megabytes a second). */
#define TREE_BYTES_LIMIT (768LL << 20)

static Node *node_new(const ShoalEngine *e, const void *state, int action) {
    Node *n = calloc(1, sizeof(Node) + e->state_size);
    if (!n) return NULL;
    memcpy(n->state, state, e->state_size);
    n->action = action;
    ShoalStatus st;
    e->status(state, &st);
    n->to_move = st.to_move;
    if (st.over) {
        n->has_proof = 1;
        n->proven = st.winner < 0 ? 0.0 : (st.winner == 0 ? 1.0 : -1.0);
    }
    return n;
}

/* what a node holds, in bytes (with an allowance for the allocator's overhead) */
static inline long long node_bytes(const ShoalEngine *e, const Node *n) {
    return (long long)(sizeof(Node) + e->state_size) + (long long)sizeof(int) * n->ualloc +
           (long long)sizeof(Node *) * n->cap + 48;
}

static long long node_free(const ShoalEngine *e, Node *n, Node *keep) {
    if (!n || n == keep) return 0;
    long long freed = node_bytes(e, n);
    for (int i = 0; i < n->nchildren; i++) freed += node_free(e, n->children[i], keep);
    free(n->children);
    free(n->untried);
    free(n);
    return freed;
}

static inline double sign_of(const Node *n) { return n->to_move == 0 ? 1.0 : -1.0; }

static int try_prove(Node *node) {
    double sign = sign_of(node);
    int complete = node->expanded && node->nuntried == 0;
    double best = -2.0;
    int best_len = 0;
    for (int i = 0; i < node->nchildren; i++) {
        Node *ch = node->children[i];
        if (!ch->has_proof) { complete = 0; continue; }
        double v = ch->proven * sign;
        if (v > best || (v == best && (v > 0 ? ch->plen < best_len : ch->plen > best_len))) {
            best = v;
            best_len = ch->plen;
        }
    }
    if (best == 1.0 || (complete && best > -2.0)) {
        node->has_proof = 1;
        node->proven = best * sign;
        node->plen = best_len + 1;
        return 1;
    }
    return 0;
}

static Node *select_child(Searcher *s, Node *node) {
    double sign = sign_of(node);
    double log_n = log((double)node->visits);
    Node *best = node->children[0];
    double best_score = -INFINITY;
    for (int i = 0; i < node->nchildren; i++) {
        Node *ch = node->children[i];
        if (ch->has_proof && ch->proven * sign < 0 && s->solver) continue;
        if (!ch->visits) return ch; /* a decisive child not yet visited */
        double v = (double)ch->visits;
        double score = sign * ch->total / v + s->c * sqrt(log_n / v);
        if (score > best_score) { best_score = score; best = ch; }
    }
    return best;
}

/* append child to node's children (the child is freed on failure); 0 or -1 */
static int add_child(Searcher *s, Node *node, Node *child) {
    if (node->nchildren == node->cap) {
        int cap = node->cap ? node->cap * 2 : 4;
        Node **grown = realloc(node->children, sizeof(Node *) * cap);
        if (!grown) { free(child); return -1; }
        s->bytes += (long long)sizeof(Node *) * (cap - node->cap);
        node->children = grown;
        node->cap = cap;
    }
    node->children[node->nchildren++] = child;
    s->bytes += (long long)(sizeof(Node) + s->engine->state_size) + 48;
    return 0;
}

/* Compute node's untried actions (shuffled); with decisive moves, make the children of the
 * actions that end the game (the others keep their order) and try to prove node.
 * buf is scratch space for a state, legal for the actions. 0, or -1 on memory exhaustion. */
static int expand(Searcher *s, Node *node, char *buf, int *legal) {
    const ShoalEngine *e = s->engine;
    int n = e->legal(node->state, legal);
    node->untried = malloc(sizeof(int) * (n > 0 ? n : 1));
    if (!node->untried) return -1;
    node->ualloc = n > 0 ? n : 1;
    s->bytes += (long long)sizeof(int) * node->ualloc;
    for (int i = n - 1; i > 0; i--) { /* Fisher-Yates */
        int j = shoal_rng_below(&s->rng, i + 1);
        int t = legal[i]; legal[i] = legal[j]; legal[j] = t;
    }
    node->expanded = 1;
    if (!s->decisive) {
        memcpy(node->untried, legal, sizeof(int) * n);
        node->nuntried = n;
        return 0;
    }
    int rest = 0;
    for (int i = 0; i < n; i++) {
        ShoalStatus st;
        memcpy(buf, node->state, e->state_size);
        e->apply(buf, legal[i]);
        e->status(buf, &st);
        if (!st.over) {
            node->untried[rest++] = legal[i];
            continue;
        }
        Node *child = node_new(e, buf, legal[i]);
        if (!child || add_child(s, node, child) < 0) {
            /* keep the node consistent: the actions not yet sorted stay untried */
            for (int k = i; k < n; k++) node->untried[rest++] = legal[k];
            node->nuntried = rest;
            return -1;
        }
    }
    node->nuntried = rest;
    if (s->solver && node->nchildren) try_prove(node);
    return 0;
}

#define MAX_PATH 100000

/* one iteration; returns -1 on memory exhaustion */
static int iterate(Searcher *s, Node *root, Node **path, char *buf, int *legal) {
    const ShoalEngine *e = s->engine;
    Node *node = root;
    int depth = 0;
    double value;
    path[depth++] = root;
    for (;;) {
        if (node->has_proof) { value = node->proven; break; }
        if (!node->expanded) {
            if (expand(s, node, buf, legal) < 0) return -1;
            if (node->has_proof) { /* decisive moves proved it */
                for (int i = depth - 2; i >= 0 && try_prove(path[i]); i--) {}
                value = node->proven;
                break;
            }
        }
        if (node->nuntried) {
            int action = node->untried[--node->nuntried];
            memcpy(buf, node->state, e->state_size);
            e->apply(buf, action);
            Node *child = node_new(e, buf, action);
            if (!child || add_child(s, node, child) < 0) return -1;
            path[depth++] = child;
            if (!child->has_proof && s->decisive) {
                if (expand(s, child, buf, legal) < 0) return -1;
                if (!child->has_proof) memcpy(buf, child->state, e->state_size);
            }
            if (child->has_proof) {
                value = child->proven;
                if (s->solver)
                    for (int i = depth - 2; i >= 0 && try_prove(path[i]); i--) {}
            } else {
                value = shoal_playout(e, buf, &s->rng, s->cutoff, NULL);
            }
            break;
        }
        node = select_child(s, node);
        if (depth >= MAX_PATH) { value = 0.0; break; }
        path[depth++] = node;
    }
    for (int i = 0; i < depth; i++) {
        path[i]->visits++;
        path[i]->total += value;
    }
    return 0;
}

/* the child to play: the quickest proven win, else the most visited non-loss */
static Node *best_child(Node *node) {
    if (!node->nchildren) return NULL;
    double sign = sign_of(node);
    Node *best = NULL;
    double bk[3] = {0, 0, 0};
    for (int i = 0; i < node->nchildren; i++) {
        Node *ch = node->children[i];
        double k[3];
        int ranked = 0;
        if (ch->has_proof) {
            double v = ch->proven * sign;
            if (v > 0) { k[0] = 2.0; k[1] = -ch->plen; k[2] = 0.0; ranked = 1; }
            else if (v < 0) { k[0] = -1.0; k[1] = ch->plen; k[2] = 0.0; ranked = 1; }
        }
        if (!ranked) {
            k[0] = 0.0;
            k[1] = (double)ch->visits;
            k[2] = ch->visits ? sign * ch->total / ch->visits : 0.0;
        }
        /* max() keeps the first of equal keys */
        if (!best || k[0] > bk[0] || (k[0] == bk[0] && (k[1] > bk[1] || (k[1] == bk[1] && k[2] > bk[2])))) {
            best = ch;
            memcpy(bk, k, sizeof bk);
        }
    }
    return best;
}

static Node *find_root(Searcher *s, const char *state, int to_move) {
    Node *old = s->root;
    if (!old || !s->reuse) return NULL;
    long size = s->engine->state_size;
    Node **frontier = malloc(sizeof(Node *)), **deeper;
    if (!frontier) return NULL;
    int nf = 1;
    frontier[0] = old;
    Node *found = NULL;
    for (int level = 0; level <= s->reuse_depth && nf && !found; level++) {
        long total = 0;
        for (int i = 0; i < nf; i++) {
            if (frontier[i]->to_move == to_move && !memcmp(frontier[i]->state, state, size)) {
                found = frontier[i];
                break;
            }
            total += frontier[i]->nchildren;
        }
        if (found || !total) break;
        deeper = malloc(sizeof(Node *) * total);
        if (!deeper) break;
        int nd = 0;
        for (int i = 0; i < nf; i++)
            for (int j = 0; j < frontier[i]->nchildren; j++) deeper[nd++] = frontier[i]->children[j];
        free(frontier);
        frontier = deeper;
        nf = nd;
    }
    free(frontier);
    return found;
}

/* seconds on a monotonic clock; a wrapper may bring its own (SHOAL_NOW: the WebAssembly one
 * asks the browser's performance.now, cheaper than the WASI clock) */
#ifdef SHOAL_NOW
static double now(void) { return SHOAL_NOW(); }
#else
static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}
#endif

/* Sets up a searcher with no tree. */
static void mcts_init(Searcher *s, const ShoalEngine *e, double c, int cutoff, int solver,
                      uint64_t seed, int reuse, int reuse_depth, int decisive) {
    memset(s, 0, sizeof *s);
    s->engine = e;
    s->c = c;
    s->cutoff = cutoff;
    s->solver = solver;
    s->decisive = decisive;
    s->reuse = reuse;
    s->reuse_depth = reuse_depth;
    shoal_rng_seed(&s->rng, seed);
}

/* Forgets the tree. */
static void mcts_reset(Searcher *s) {
    if (s->engine) node_free(s->engine, s->root, NULL);
    s->root = NULL;
    s->bytes = 0;
}

/* Searches `state` (a running game) within the budgets (iterations/seconds < 0 mean no
 * such budget), keeping the tree for reuse; the results are read from s->root. Returns
 * the iterations done, or -1 when memory ran out before the first; *elapsed gets the
 * seconds spent, *reused the simulations the root held before. */
static long long mcts_run(Searcher *s, const void *state, long long iterations, double seconds,
                          double *elapsed, long *reused) {
    const ShoalEngine *e = s->engine;
    ShoalStatus st;
    e->status(state, &st);
    Node *root = find_root(s, state, st.to_move);
    if (root) {
        memcpy(root->state, state, e->state_size);
        s->bytes -= node_free(e, s->root, root);
    } else {
        node_free(e, s->root, NULL);
        s->root = NULL;
        root = node_new(e, state, -1);
        if (!root) return -1;
        s->bytes = node_bytes(e, root);
    }
    s->root = root;
    *reused = root->visits;
    Node **path = malloc(sizeof(Node *) * (MAX_PATH + 2));
    char *buf = malloc(e->state_size);
    int *legal = malloc(sizeof(int) * SHOAL_MAX_ACTIONS);
    if (!path || !buf || !legal) { free(path); free(buf); free(legal); return -1; }
    long long done = 0;
    double start = now();
    double deadline = seconds < 0 ? INFINITY : start + seconds;
    while ((iterations < 0 || done < iterations) && !root->has_proof) {
        if (done && ((seconds >= 0 && now() >= deadline) || s->bytes >= TREE_BYTES_LIMIT)) break;
        if (iterate(s, root, path, buf, legal) < 0) {
            if (!done) done = -1;
            break;
        }
        done++;
    }
    *elapsed = now() - start;
    free(path); free(buf); free(legal);
    return done;
}

#endif
