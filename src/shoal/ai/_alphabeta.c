/* The CPython wrapper of the native alpha-beta (alphabeta_core.h, plain C): a Searcher type
 * over a game's engine capsule. */
#include "shoal_engine.h"

#include "alphabeta_core.h"

typedef struct {
    PyObject_HEAD
    AlphaBeta core;
    PyObject *capsule;
} Searcher;

/* search(packed, max_depth, seconds, node_budget, max_game_length):
 * -> (best_action, best_value, reached, nodes, elapsed, pv) */
static PyObject *Searcher_search(Searcher *self, PyObject *args) {
    PyObject *packed;
    int max_depth, max_len;
    double seconds;
    long long budget;
    if (!PyArg_ParseTuple(args, "OidLi", &packed, &max_depth, &seconds, &budget, &max_len)) return NULL;
    AlphaBeta *s = &self->core;
    const ShoalEngine *e = s->engine;
    char root[SHOAL_STATE_BUF];
    if (shoal_read_state(e, packed, root) < 0) return NULL;
    ShoalStatus st;
    e->status(root, &st);
    if (st.over) { PyErr_SetString(PyExc_ValueError, "cannot search a finished game"); return NULL; }
    int best_action, reached;
    double best_value, elapsed;
    Py_BEGIN_ALLOW_THREADS
    best_action = ab_search(s, root, max_depth, seconds, budget, max_len, &best_value, &reached,
                            &elapsed);
    Py_END_ALLOW_THREADS
    int line[MAX_DEPTH + 1];
    int n = ab_pv(s, root, best_action, reached > 1 ? reached : 1, line);
    PyObject *pv = PyList_New(n);
    if (!pv) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *a = PyLong_FromLong(line[i]);
        if (!a) { Py_DECREF(pv); return NULL; }
        PyList_SET_ITEM(pv, i, a);
    }
    return Py_BuildValue("(idildN)", best_action, best_value, reached, s->nodes, elapsed, pv);
}

static int Searcher_init(Searcher *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"engine", "seed", "num_actions", "table_size", NULL};
    PyObject *capsule;
    unsigned long long seed;
    int num_actions;
    long table_size;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OKil", names, &capsule, &seed, &num_actions, &table_size))
        return -1;
    const ShoalEngine *e = PyCapsule_GetPointer(capsule, SHOAL_ENGINE_CAPSULE);
    if (!e) return -1;
    if (!e->evaluate) { PyErr_SetString(PyExc_ValueError, "alpha-beta needs a native evaluation"); return -1; }
    if (ab_init(&self->core, e, seed, num_actions, table_size) < 0) { PyErr_NoMemory(); return -1; }
    Py_XSETREF(self->capsule, Py_NewRef(capsule));
    return 0;
}

static void Searcher_dealloc(Searcher *self) {
    ab_free(&self->core);
    Py_XDECREF(self->capsule);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef Searcher_methods[] = {
    {"search", (PyCFunction)Searcher_search, METH_VARARGS, "search(packed, depth, seconds, nodes, max_len)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SearcherType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "shoal.ai._alphabeta.Searcher",
    .tp_basicsize = sizeof(Searcher),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A native alpha-beta searcher over one game's engine capsule.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Searcher_init,
    .tp_dealloc = (destructor)Searcher_dealloc,
    .tp_methods = Searcher_methods,
};

static struct PyModuleDef ab_module = {
    PyModuleDef_HEAD_INIT, "_alphabeta", "Native alpha-beta over shoal engine capsules.", -1, NULL,
};

PyMODINIT_FUNC PyInit__alphabeta(void) {
    if (PyType_Ready(&SearcherType) < 0) return NULL;
    PyObject *m = PyModule_Create(&ab_module);
    if (!m) return NULL;
    if (PyModule_AddObjectRef(m, "Searcher", (PyObject *)&SearcherType) < 0) { Py_DECREF(m); return NULL; }
    return m;
}
