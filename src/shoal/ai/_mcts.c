/* The CPython wrapper of the native MCTS (mcts_core.h, plain C): a Searcher type over a
 * game's engine capsule that keeps its tree between searches. interop/wasm/shoal_wasm.c is
 * the other wrapper (the browser's search). */
#include "shoal_engine.h"

#include "mcts_core.h"

typedef struct {
    PyObject_HEAD
    Searcher tree;
    PyObject *capsule;
    int busy;
} PySearcher;

static PyObject *proof_or_none(const Node *n) {
    if (n->has_proof) return PyFloat_FromDouble(n->proven);
    Py_RETURN_NONE;
}

/* search(packed, iterations, seconds): iterations/seconds < 0 mean no such budget.
 * Returns (done, elapsed, reused, root_proven, root_plen, children, pv) where children
 * are (action, visits, total, proven or None, plen). */
static PyObject *Searcher_search(PySearcher *self, PyObject *args) {
    PyObject *packed;
    long long iterations;
    double seconds;
    if (!PyArg_ParseTuple(args, "OLd", &packed, &iterations, &seconds)) return NULL;
    Searcher *s = &self->tree;
    const ShoalEngine *e = s->engine;
    char state[SHOAL_STATE_BUF];
    if (shoal_read_state(e, packed, state) < 0) return NULL;
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this searcher is already searching");
        return NULL;
    }
    ShoalStatus st;
    e->status(state, &st);
    if (st.over) {
        PyErr_SetString(PyExc_ValueError, "cannot search a finished game");
        return NULL;
    }
    long long done;
    double elapsed = 0.0;
    long reused = 0;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    done = mcts_run(s, state, iterations, seconds, &elapsed, &reused);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (done < 0) return PyErr_NoMemory();
    Node *root = s->root;
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

static PyObject *Searcher_reset(PySearcher *self, PyObject *unused) {
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this searcher is searching");
        return NULL;
    }
    mcts_reset(&self->tree);
    Py_RETURN_NONE;
}

static PyObject *Searcher_tree_visits(PySearcher *self, void *unused) {
    return PyLong_FromLong(self->tree.root ? self->tree.root->visits : 0);
}

static int Searcher_init(PySearcher *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"engine", "c", "cutoff", "solver", "seed", "reuse", "reuse_depth",
                            "decisive", NULL};
    PyObject *capsule;
    unsigned long long seed;
    double c;
    int cutoff, solver, reuse, reuse_depth, decisive = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OdipKpi|p", names, &capsule, &c, &cutoff,
                                     &solver, &seed, &reuse, &reuse_depth, &decisive))
        return -1;
    const ShoalEngine *e = PyCapsule_GetPointer(capsule, SHOAL_ENGINE_CAPSULE);
    if (!e) return -1;
    if (e->state_size > SHOAL_STATE_BUF) {
        PyErr_SetString(PyExc_ValueError, "state too large for the native search");
        return -1;
    }
    if (cutoff >= 0 && !e->evaluate) {
        PyErr_Format(PyExc_ValueError, "%s: a playout cut-off needs a native evaluation", e->name);
        return -1;
    }
    mcts_reset(&self->tree);
    Py_XSETREF(self->capsule, Py_NewRef(capsule));
    mcts_init(&self->tree, e, c, cutoff, solver, seed, reuse, reuse_depth, decisive);
    return 0;
}

static void Searcher_dealloc(PySearcher *self) {
    mcts_reset(&self->tree);
    Py_XDECREF(self->capsule);
    Py_TYPE(self)->tp_free((PyObject *)self);
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
    .tp_basicsize = sizeof(PySearcher),
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
