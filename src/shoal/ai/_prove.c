/* The CPython wrapper of the native bounded prover (prove_core.h, plain C): a Prover type
 * over a game's engine capsule. */
#include "shoal_engine.h"

#include "prove_core.h"

typedef struct {
    PyObject_HEAD
    Prover core;
    PyObject *capsule;
} PyProver;

/* wins(packed, depth) -> 1 (won), 0 (not), -1 (the node budget ran out) */
static PyObject *Prover_wins(PyProver *self, PyObject *args) {
    PyObject *packed;
    int depth;
    if (!PyArg_ParseTuple(args, "Oi", &packed, &depth)) return NULL;
    char root[SHOAL_STATE_BUF];
    if (shoal_read_state(self->core.engine, packed, root) < 0) return NULL;
    if (depth < 0) depth = 0;
    if (depth > 1000) { PyErr_SetString(PyExc_ValueError, "a bound over 1000 actions"); return NULL; }
    int result;
    Py_BEGIN_ALLOW_THREADS
    result = prove_wins(&self->core, root, depth);
    Py_END_ALLOW_THREADS
    if (result == -2) return PyErr_NoMemory();
    return PyLong_FromLong(result);
}

static PyObject *Prover_nodes(PyProver *self, void *closure) {
    return PyLong_FromLong(self->core.nodes);
}

static int Prover_init(PyProver *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"engine", "seat", "max_nodes", NULL};
    PyObject *capsule;
    int seat;
    long max_nodes;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "Oil", names, &capsule, &seat, &max_nodes)) return -1;
    const ShoalEngine *e = PyCapsule_GetPointer(capsule, SHOAL_ENGINE_CAPSULE);
    if (!e) return -1;
    if (seat != 0 && seat != 1) { PyErr_Format(PyExc_ValueError, "seat %d is not 0 or 1", seat); return -1; }
    if (max_nodes < 1 || max_nodes > 100000000L) {
        PyErr_Format(PyExc_ValueError, "a node budget of %ld is not in 1..100000000", max_nodes);
        return -1;
    }
    if (prove_init(&self->core, e, seat, max_nodes) < 0) { PyErr_NoMemory(); return -1; }
    Py_XSETREF(self->capsule, Py_NewRef(capsule));
    return 0;
}

static void Prover_dealloc(PyProver *self) {
    prove_free(&self->core);
    Py_XDECREF(self->capsule);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef Prover_methods[] = {
    {"wins", (PyCFunction)Prover_wins, METH_VARARGS,
     "wins(packed, depth): 1 won within depth, 0 not, -1 over the node budget"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Prover_getset[] = {
    {"nodes", (getter)Prover_nodes, NULL, "positions expanded so far", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject ProverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "shoal.ai._prove.Prover",
    .tp_basicsize = sizeof(PyProver),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A native bounded prover over one game's engine capsule.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Prover_init,
    .tp_dealloc = (destructor)Prover_dealloc,
    .tp_methods = Prover_methods,
    .tp_getset = Prover_getset,
};

static struct PyModuleDef prove_module = {
    PyModuleDef_HEAD_INIT, "_prove", "Native bounded prover over shoal engine capsules.", -1, NULL,
};

PyMODINIT_FUNC PyInit__prove(void) {
    if (PyType_Ready(&ProverType) < 0) return NULL;
    PyObject *m = PyModule_Create(&prove_module);
    if (!m) return NULL;
    if (PyModule_AddObjectRef(m, "Prover", (PyObject *)&ProverType) < 0) { Py_DECREF(m); return NULL; }
    return m;
}
