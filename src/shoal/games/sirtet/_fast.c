/* The CPython wrapper of Sirtet's engine core (_core.h, plain C): the module's functions
 * come from shoal_engine.h, plus configure(index, tables), which loads a tile set's
 * tables (fast.py's `tables`, a flat list of ints) into the core. */
#include "shoal_engine.h"

#include "_core.h"

static PyObject *si_py_configure(PyObject *module, PyObject *args) {
    int index;
    PyObject *list;
    if (!PyArg_ParseTuple(args, "iO!", &index, &PyList_Type, &list)) return NULL;
    Py_ssize_t n = PyList_GET_SIZE(list);
    int64_t *values = malloc(sizeof(int64_t) * (n ? n : 1));
    if (!values) return PyErr_NoMemory();
    for (Py_ssize_t i = 0; i < n; i++) {
        values[i] = PyLong_AsLongLong(PyList_GET_ITEM(list, i));
        if (values[i] == -1 && PyErr_Occurred()) { free(values); return NULL; }
    }
    int failed = si_configure(index, values, (long)n);
    free(values);
    if (failed) {
        PyErr_SetString(PyExc_ValueError, "sirtet: malformed tile set tables");
        return NULL;
    }
    Py_RETURN_NONE;
}

SHOAL_DEFINE_MODULE(_fast, &ENGINE,
    {"configure", (PyCFunction)si_py_configure, METH_VARARGS, "load a tile set's tables"},
    {NULL, NULL, 0, NULL})
