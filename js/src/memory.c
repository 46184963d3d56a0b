/* js/src/memory.c - how much of the WebAssembly heap malloc has handed out
 * and not had back: what a read collection, a replay or a position really
 * takes (the linear memory itself only grows). */
#include <malloc.h>

#include "wasm.h"

LXW_API double lxw_heap_in_use(void)
{
    struct mallinfo mi = mallinfo();
    return (double)(unsigned)mi.uordblks;
}
