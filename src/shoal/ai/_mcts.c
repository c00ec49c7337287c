/* Native MCTS: the UCT search of mcts.py (solver, tree reuse, cut-off playouts) in C,
 * driven through a game's ShoalEngine table (shoal/core/include/shoal_engine.h), so a
 * whole search, playouts included, never crosses into Python. mcts.py stays the
 * reference: the same selection, expansion order (shuffled untried actions popped from
 * the end), decisive moves, proofs and choice of the action to play. */
#include "shoal_engine.h"
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

typedef struct {
    PyObject_HEAD
    const ShoalEngine *engine;
    PyObject *capsule;
    double c;
    int cutoff;
    int solver;
    int decisive;
    int reuse;
    int reuse_depth;
    int busy;
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
    Py_ssize_t size = s->engine->state_size;
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

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static PyObject *proof_or_none(const Node *n) {
    if (n->has_proof) return PyFloat_FromDouble(n->proven);
    Py_RETURN_NONE;
}

/* search(packed, iterations, seconds): iterations/seconds < 0 mean no such budget.
 * Returns (done, elapsed, reused, root_proven, root_plen, children, pv) where children
 * are (action, visits, total, proven or None, plen). */
static PyObject *Searcher_search(Searcher *s, PyObject *args) {
    PyObject *packed;
    long long iterations;
    double seconds;
    if (!PyArg_ParseTuple(args, "OLd", &packed, &iterations, &seconds)) return NULL;
    const ShoalEngine *e = s->engine;
    char state[SHOAL_STATE_BUF];
    if (shoal_read_state(e, packed, state) < 0) return NULL;
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this searcher is already searching");
        return NULL;
    }
    ShoalStatus st;
    e->status(state, &st);
    if (st.over) {
        PyErr_SetString(PyExc_ValueError, "cannot search a finished game");
        return NULL;
    }
    Node *root = find_root(s, state, st.to_move);
    if (root) {
        memcpy(root->state, state, e->state_size);
        s->bytes -= node_free(e, s->root, root);
    } else {
        node_free(s->engine, s->root, NULL);
        root = node_new(e, state, -1);
        if (!root) return PyErr_NoMemory();
        s->bytes = node_bytes(e, root);
    }
    s->root = root;
    long reused = root->visits;
    Node **path = malloc(sizeof(Node *) * (MAX_PATH + 2));
    char *buf = malloc(e->state_size);
    int *legal = malloc(sizeof(int) * SHOAL_MAX_ACTIONS);
    if (!path || !buf || !legal) { free(path); free(buf); free(legal); return PyErr_NoMemory(); }
    long long done = 0;
    int failed = 0;
    double start = now(), elapsed;
    double deadline = seconds < 0 ? INFINITY : start + seconds;
    s->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    while ((iterations < 0 || done < iterations) && !root->has_proof) {
        if (done && (now() >= deadline || s->bytes >= TREE_BYTES_LIMIT)) break;
        if (iterate(s, root, path, buf, legal) < 0) { failed = 1; break; }
        done++;
    }
    elapsed = now() - start;
    Py_END_ALLOW_THREADS
    s->busy = 0;
    free(path); free(buf); free(legal);
    if (failed && !done) return PyErr_NoMemory();
    PyObject *children = PyList_New(root->nchildren);
    if (!children) return NULL;
    for (int i = 0; i < root->nchildren; i++) {
        Node *ch = root->children[i];
        PyObject *item = Py_BuildValue("(ildNi)", ch->action, ch->visits, ch->total,
                                       proof_or_none(ch), ch->plen);
        if (!item) { Py_DECREF(children); return NULL; }
        PyList_SET_ITEM(children, i, item);
    }
    PyObject *pv = PyList_New(0);
    if (!pv) { Py_DECREF(children); return NULL; }
    Node *node = best_child(root);
    while (node && PyList_GET_SIZE(pv) < 32) {
        PyObject *a = PyLong_FromLong(node->action);
        if (!a || PyList_Append(pv, a) < 0) { Py_XDECREF(a); Py_DECREF(pv); Py_DECREF(children); return NULL; }
        Py_DECREF(a);
        node = node->visits > 1 ? best_child(node) : NULL;
    }
    return Py_BuildValue("(LdlNiNN)", done, elapsed, reused, proof_or_none(root), root->plen,
                         children, pv);
}

static PyObject *Searcher_reset(Searcher *s, PyObject *unused) {
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this searcher is searching");
        return NULL;
    }
    node_free(s->engine, s->root, NULL);
    s->root = NULL;
    s->bytes = 0;
    Py_RETURN_NONE;
}

static PyObject *Searcher_tree_visits(Searcher *s, void *unused) {
    return PyLong_FromLong(s->root ? s->root->visits : 0);
}

static int Searcher_init(Searcher *s, PyObject *args, PyObject *kw) {
    static char *names[] = {"engine", "c", "cutoff", "solver", "seed", "reuse", "reuse_depth",
                            "decisive", NULL};
    PyObject *capsule;
    unsigned long long seed;
    s->decisive = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OdipKpi|p", names, &capsule, &s->c, &s->cutoff,
                                     &s->solver, &seed, &s->reuse, &s->reuse_depth,
                                     &s->decisive))
        return -1;
    const ShoalEngine *e = PyCapsule_GetPointer(capsule, SHOAL_ENGINE_CAPSULE);
    if (!e) return -1;
    if (e->state_size > SHOAL_STATE_BUF) {
        PyErr_SetString(PyExc_ValueError, "state too large for the native search");
        return -1;
    }
    if (s->cutoff >= 0 && !e->evaluate) {
        PyErr_Format(PyExc_ValueError, "%s: a playout cut-off needs a native evaluation", e->name);
        return -1;
    }
    node_free(s->engine, s->root, NULL);
    s->root = NULL;
    s->bytes = 0;
    Py_XSETREF(s->capsule, Py_NewRef(capsule));
    s->engine = e;
    shoal_rng_seed(&s->rng, seed);
    return 0;
}

static void Searcher_dealloc(Searcher *s) {
    node_free(s->engine, s->root, NULL);
    Py_XDECREF(s->capsule);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static PyMethodDef Searcher_methods[] = {
    {"search", (PyCFunction)Searcher_search, METH_VARARGS, "search(packed, iterations, seconds)"},
    {"reset", (PyCFunction)Searcher_reset, METH_NOARGS, "forget the tree"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Searcher_getset[] = {
    {"tree_visits", (getter)Searcher_tree_visits, NULL, "simulations held by the root", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearcherType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "shoal.ai._mcts.Searcher",
    .tp_basicsize = sizeof(Searcher),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A native UCT searcher over one game's engine capsule (keeps its tree).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Searcher_init,
    .tp_dealloc = (destructor)Searcher_dealloc,
    .tp_methods = Searcher_methods,
    .tp_getset = Searcher_getset,
};

static struct PyModuleDef mcts_module = {
    PyModuleDef_HEAD_INIT, "_mcts", "Native MCTS over shoal engine capsules.", -1, NULL,
};

PyMODINIT_FUNC PyInit__mcts(void) {
    if (PyType_Ready(&SearcherType) < 0) return NULL;
    PyObject *m = PyModule_Create(&mcts_module);
    if (!m) return NULL;
    if (PyModule_AddObjectRef(m, "Searcher", (PyObject *)&SearcherType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
