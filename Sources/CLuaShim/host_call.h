// Entering and leaving host (Swift) code from Lua: what a call costs guest code, the stop it
// may raise, and the guards that keep a Lua error from unwinding through Swift frames. Shared
// by the host functions' trampoline (host_functions.c), the handle classes' reader
// (handle_index.c) and the guarded pcall (pcall_guard.c); inline, since a property read goes
// through them.
#ifndef DETENT_CLUASHIM_HOST_CALL_H
#define DETENT_CLUASHIM_HOST_CALL_H

#include "internal.h"

// Instructions one call into host code is charged: about what the host's work for a cheap
// call, such as a property read, takes, counted as the Lua instructions that would take as long.
enum { HOST_CALL_COST = 100 };

// With exact counting every host call costs guest code a little of its budget, so a loop of
// host calls that are cheap in Lua instructions (but not in host work) still runs out at the
// same call on every machine. In the watchdog mode a test is stopped for CPU time, never for
// the number of host calls it makes (host work is CPU time the watchdog sees): the call only
// polls the stop flags, which is what stops such a loop there once the watchdog fires. The
// common case is inline: only a passed budget or a raised stop goes through
// detent_charge_host. Returns 1 when the state is stopped. (A charge of no bytes cannot pass
// the memory cap; the stop flags are also polled by the count hook, and in the watchdog mode
// a stop sets the hook itself.)
static inline __attribute__((always_inline)) int shim_poll_host_call(lua_State *L, detent_limits *limits, int64_t cost) {
    limits->running = L;
    if (limits->guest_depth <= 0) return 0;
    if (limits->counts_instructions) limits->executed += cost;
    if (limits->killed == DETENT_KILL_NONE && (limits->budget <= 0 || limits->executed <= limits->budget)
        && (limits->interrupt == NULL || !detent_interrupt_get(limits->interrupt)) && !detent_interrupt_get(&limits->cpu_expired)) {
        return 0;
    }
    return detent_charge_host(L, 0, 0);
}

// A host call's charge (shim_poll_host_call) that raises the stop.
static inline __attribute__((always_inline)) void shim_charge_host_call(lua_State *L, detent_limits *limits) {
    if (shim_poll_host_call(L, limits, HOST_CALL_COST)) shim_raise_kill(L, limits);
}

// Entering host code after its charge, shared by host functions and the class __index: room
// on the stack, and the guest depth lowered so host code may allocate freely (a refused
// allocation would longjmp through Swift). Returns the saved depth.
static inline int shim_guard_host(lua_State *L, detent_limits *limits) {
    // Lua guarantees a C function only LUA_MINSTACK (20) slots; host functions get room for
    // their scratch values up front (lists reserve more themselves).
    if (!lua_checkstack(L, 64)) {
        return luaL_error(L, "stack overflow (too many nested calls or values)");
    }
    int saved_depth = limits->guest_depth;
    limits->guest_depth = 0;
    return saved_depth;
}

// Raises the host's error (results < 0: the message is on top) or a memory cap passed while
// the host ran, now that we are back in C; else returns `results`.
static inline int shim_leave_host(lua_State *L, detent_limits *limits, int saved_depth, int results) {
    limits->guest_depth = saved_depth;
    if (results < 0) {
        return lua_error(L); // the error value is on top of the stack
    }
    if (saved_depth > 0 && limits->cap > 0 && limits->used > limits->cap && limits->killed == DETENT_KILL_NONE) {
        limits->killed = DETENT_KILL_MEMORY;
        shim_note_kill_where(L, limits);
        return shim_raise_kill(L, limits);
    }
    return results;
}

#endif
