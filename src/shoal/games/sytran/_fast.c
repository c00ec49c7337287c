/* The CPython wrapper of this game's engine core (_core.h, plain C): the module's
 * functions come from shoal_engine.h. interop/wasm/shoal_wasm.c is the other wrapper. */
#include "shoal_engine.h"

#include "_core.h"

SHOAL_DEFINE_MODULE(_fast, &ENGINE, {NULL, NULL, 0, NULL})
