/* The CPython wrapper of Cyclix' engine core (_core.h, plain C): the module's functions
 * come from shoal_engine.h, plus init() (fast.py builds the tables once). The other
 * wrapper, interop/wasm/shoal_wasm.c, builds them when the WebAssembly module starts. */
#include "shoal_engine.h"

#include "_core.h"

static PyObject *cy_init(PyObject *m, PyObject *unused) {
    shoal_core_init();
    Py_RETURN_NONE;
}

SHOAL_DEFINE_MODULE(_fast, &ENGINE,
    {"init", (PyCFunction)cy_init, METH_NOARGS, "build the tables"},
    {NULL, NULL, 0, NULL})
