// The allocator of every Lua state: it keeps the bytes a state holds and refuses guest code
// an allocation past the memory cap, so a memory bomb fails its test instead of the process
// (SPEC §13). In C because Lua's core calls it on every allocation, and a refusal makes Lua
// raise a memory error (a longjmp). The state's limits are the allocator's user data, which
// is how detent_limits_of finds them from any coroutine of the state.
#include "internal.h"
#include <stdlib.h>

detent_limits *detent_limits_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (detent_limits *)ud;
}

// Where the allocator refused memory: the running thread's script line. Lua raises a memory
// error without calling message handlers, and a pcall that catches it unwinds the stack, so
// this is the only moment the place is known. Reading the stack here is safe in Lua 5.4.0–
// 5.4.4, whose frames stay valid while an allocation fails; 5.4.5 turns the stack's pointers
// into offsets while it grows the stack, so later releases fall back to the test's line.
static void locate_refusal(detent_limits *limits) {
#if LUA_VERSION_RELEASE_NUM <= 50404
    if (limits->running != NULL) shim_note_kill_where(limits->running, limits);
#else
    (void)limits;
#endif
}

static void *limited_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    detent_limits *limits = (detent_limits *)ud;
    size_t old = ptr != NULL ? osize : 0;
    if (nsize == 0) {
        // A thread's block starts at its extra space: a collected thread is no longer running.
        if (ptr != NULL && limits->running != NULL && ptr == lua_getextraspace(limits->running)) limits->running = NULL;
        free(ptr);
        limits->used -= old;
        return NULL;
    }
    if (nsize > old && limits->cap > 0 && limits->guest_depth > 0 &&
        (limits->killed == DETENT_KILL_MEMORY || limits->used - old + nsize > limits->cap)) {
        if (limits->killed != DETENT_KILL_MEMORY) {
            limits->killed = DETENT_KILL_MEMORY;
            locate_refusal(limits);
        }
        return NULL; // Lua raises LUA_ERRMEM
    }
    void *block = realloc(ptr, nsize);
    if (block == NULL) return NULL;
    limits->used = limits->used - old + nsize;
    if (limits->used > limits->peak) limits->peak = limits->used;
    return block;
}

lua_State *detent_newstate(detent_limits *limits) {
    return lua_newstate(limited_alloc, limits);
}
