/* shoal_engine.h: the CPython wrapper of shoal's engines (shoal_core.h).
 *
 * Every game's _fast.c is this wrapper around the game's plain-C core (_core.h):
 * it includes both and declares the module with SHOAL_DEFINE_MODULE, which gives
 * it the Python functions below on packed states. ai/_mcts.c wraps the plain-C
 * search of ai/mcts_core.h the same way.
 *
 * States cross into Python as bytes objects of exactly state_size bytes, packed
 * by the game's fast.py (struct module, native alignment) in the layout of the
 * game's C struct. The pure-Python engine stays the reference: tests/native
 * compares the two on random positions.
 */
#ifndef SHOAL_ENGINE_H
#define SHOAL_ENGINE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "shoal_core.h"

#define SHOAL_ENGINE_CAPSULE "shoal.engine"

/* -- Python-level functions on packed states, shared by every game module ------- */
/* A game module defines `static const ShoalEngine ENGINE = {...};` and then
 * `SHOAL_DEFINE_MODULE(modname, &ENGINE, extra_methods)` where extra_methods is a
 * PyMethodDef initializer list (possibly just {NULL, NULL, 0, NULL}). */

static const ShoalEngine *shoal_engine_of_module(PyObject *module) {
    return *(const ShoalEngine **)PyModule_GetState(module);
}

static int shoal_read_state(const ShoalEngine *e, PyObject *obj, char *buf) {
    char *data;
    Py_ssize_t size;
    if (PyBytes_AsStringAndSize(obj, &data, &size) < 0) return -1;
    if (size != e->state_size) {
        PyErr_Format(PyExc_ValueError, "%s: a packed state has %zd bytes, not %ld", e->name,
                     size, e->state_size);
        return -1;
    }
    memcpy(buf, data, size);
    return 0;
}

#define SHOAL_STATE_BUF 8192

static PyObject *shoal_py_legal(PyObject *module, PyObject *arg) {
    const ShoalEngine *e = shoal_engine_of_module(module);
    char buf[SHOAL_STATE_BUF];
    int legal[SHOAL_MAX_ACTIONS];
    if (shoal_read_state(e, arg, buf) < 0) return NULL;
    int n = e->legal(buf, legal);
    PyObject *out = PyTuple_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) PyTuple_SET_ITEM(out, i, PyLong_FromLong(legal[i]));
    return out;
}

static PyObject *shoal_py_apply(PyObject *module, PyObject *args) {
    const ShoalEngine *e = shoal_engine_of_module(module);
    PyObject *packed;
    int action;
    char buf[SHOAL_STATE_BUF];
    int legal[SHOAL_MAX_ACTIONS];
    if (!PyArg_ParseTuple(args, "Oi", &packed, &action)) return NULL;
    if (shoal_read_state(e, packed, buf) < 0) return NULL;
    int n = e->legal(buf, legal), ok = 0;
    for (int i = 0; i < n && !ok; i++) ok = legal[i] == action;
    if (!ok) {
        PyErr_Format(PyExc_ValueError, "%s: action %d is not legal here", e->name, action);
        return NULL;
    }
    e->apply(buf, action);
    return PyBytes_FromStringAndSize(buf, e->state_size);
}

static PyObject *shoal_py_status(PyObject *module, PyObject *arg) {
    const ShoalEngine *e = shoal_engine_of_module(module);
    char buf[SHOAL_STATE_BUF];
    ShoalStatus st;
    if (shoal_read_state(e, arg, buf) < 0) return NULL;
    e->status(buf, &st);
    return Py_BuildValue("(Oiii)", st.over ? Py_True : Py_False, st.winner, st.to_move, st.turn);
}

static PyObject *shoal_py_evaluate(PyObject *module, PyObject *args) {
    const ShoalEngine *e = shoal_engine_of_module(module);
    PyObject *packed;
    int seat;
    char buf[SHOAL_STATE_BUF];
    if (!PyArg_ParseTuple(args, "Oi", &packed, &seat)) return NULL;
    if (seat != 0 && seat != 1) {
        PyErr_Format(PyExc_ValueError, "%s: seat %d is not 0 or 1", e->name, seat);
        return NULL;
    }
    if (shoal_read_state(e, packed, buf) < 0) return NULL;
    if (e->evaluate == NULL) {
        PyErr_Format(PyExc_NotImplementedError, "%s: no native evaluation", e->name);
        return NULL;
    }
    return PyFloat_FromDouble(e->evaluate(buf, seat));
}

/* playouts(packed, count, seed, cutoff) -> (sum of values for seat 0, actions made) */
static PyObject *shoal_py_playouts(PyObject *module, PyObject *args) {
    const ShoalEngine *e = shoal_engine_of_module(module);
    PyObject *packed;
    long count;
    unsigned long long seed;
    int cutoff;
    char start[SHOAL_STATE_BUF], buf[SHOAL_STATE_BUF];
    if (!PyArg_ParseTuple(args, "OlKi", &packed, &count, &seed, &cutoff)) return NULL;
    if (count < 0) {
        PyErr_Format(PyExc_ValueError, "%s: %ld playouts is not a count", e->name, count);
        return NULL;
    }
    if (shoal_read_state(e, packed, start) < 0) return NULL;
    ShoalRng rng;
    shoal_rng_seed(&rng, seed);
    double total = 0.0;
    long actions = 0;
    Py_BEGIN_ALLOW_THREADS
    for (long i = 0; i < count; i++) {
        memcpy(buf, start, e->state_size);
        total += shoal_playout(e, buf, &rng, cutoff, &actions);
    }
    Py_END_ALLOW_THREADS
    return Py_BuildValue("(dl)", total, actions);
}

/* random_walk(packed, seed) -> the packed states of one random game, start to end */
static PyObject *shoal_py_random_walk(PyObject *module, PyObject *args) {
    const ShoalEngine *e = shoal_engine_of_module(module);
    PyObject *packed;
    unsigned long long seed;
    char buf[SHOAL_STATE_BUF];
    int legal[SHOAL_MAX_ACTIONS];
    if (!PyArg_ParseTuple(args, "OK", &packed, &seed)) return NULL;
    if (shoal_read_state(e, packed, buf) < 0) return NULL;
    ShoalRng rng;
    shoal_rng_seed(&rng, seed);
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (;;) {
        PyObject *item = PyBytes_FromStringAndSize(buf, e->state_size);
        if (!item || PyList_Append(out, item) < 0) { Py_XDECREF(item); Py_DECREF(out); return NULL; }
        Py_DECREF(item);
        int n = e->legal(buf, legal);
        if (n == 0) break;
        e->apply(buf, legal[shoal_rng_below(&rng, n)]);
    }
    return out;
}

/* sample(packed, seed, count) -> `count` random legal actions as playouts draw them */
static PyObject *shoal_py_sample(PyObject *module, PyObject *args) {
    const ShoalEngine *e = shoal_engine_of_module(module);
    PyObject *packed;
    unsigned long long seed;
    int count;
    char buf[SHOAL_STATE_BUF];
    int legal[SHOAL_MAX_ACTIONS];
    if (!PyArg_ParseTuple(args, "OKi", &packed, &seed, &count)) return NULL;
    if (count < 0) {
        PyErr_Format(PyExc_ValueError, "%s: %d actions is not a count", e->name, count);
        return NULL;
    }
    if (shoal_read_state(e, packed, buf) < 0) return NULL;
    ShoalRng rng;
    shoal_rng_seed(&rng, seed);
    int n = e->legal(buf, legal);
    if (n == 0) return PyList_New(0);
    PyObject *out = PyList_New(count);
    if (!out) return NULL;
    for (int i = 0; i < count; i++) {
        int a = e->random_action ? e->random_action(buf, &rng) : legal[shoal_rng_below(&rng, n)];
        PyList_SET_ITEM(out, i, PyLong_FromLong(a));
    }
    return out;
}

#define SHOAL_COMMON_METHODS \
    {"sample", (PyCFunction)shoal_py_sample, METH_VARARGS, "random legal actions as playouts draw them"}, \
    {"legal_actions", (PyCFunction)shoal_py_legal, METH_O, "legal actions of a packed state"}, \
    {"apply", (PyCFunction)shoal_py_apply, METH_VARARGS, "the packed state after a legal action"}, \
    {"status", (PyCFunction)shoal_py_status, METH_O, "(over, winner, to_move, turn)"}, \
    {"evaluate", (PyCFunction)shoal_py_evaluate, METH_VARARGS, "evaluation for a seat"}, \
    {"playouts", (PyCFunction)shoal_py_playouts, METH_VARARGS, "(value sum, actions) of random playouts"}, \
    {"random_walk", (PyCFunction)shoal_py_random_walk, METH_VARARGS, "packed states of a random game"}

#define SHOAL_DEFINE_MODULE(modname, engine_ptr, ...)                                         \
    static PyMethodDef shoal_methods_[] = {SHOAL_COMMON_METHODS, __VA_ARGS__};               \
    static int shoal_exec_(PyObject *m) {                                                      \
        *(const ShoalEngine **)PyModule_GetState(m) = (engine_ptr);                            \
        PyObject *cap = PyCapsule_New((void *)(engine_ptr), SHOAL_ENGINE_CAPSULE, NULL);       \
        if (!cap || PyModule_AddObject(m, "engine", cap) < 0) { Py_XDECREF(cap); return -1; }  \
        if (PyModule_AddIntConstant(m, "state_size", (long)(engine_ptr)->state_size) < 0)       \
            return -1;                                                                         \
        if (PyModule_AddIntConstant(m, "has_evaluate", (engine_ptr)->evaluate != NULL) < 0)     \
            return -1;                                                                         \
        return 0;                                                                              \
    }                                                                                          \
    static PyModuleDef_Slot shoal_slots_[] = {{Py_mod_exec, shoal_exec_}, {0, NULL}};          \
    static struct PyModuleDef shoal_module_ = {PyModuleDef_HEAD_INIT, #modname,                \
        "Native fast path (see shoal/core/include/shoal_engine.h)",                           \
        sizeof(const ShoalEngine *), shoal_methods_, shoal_slots_, NULL, NULL, NULL};          \
    PyMODINIT_FUNC PyInit_##modname(void) { return PyModuleDef_Init(&shoal_module_); }

#endif
