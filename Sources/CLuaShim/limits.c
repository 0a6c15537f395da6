// The limits of guest code (SPEC §13): the instruction budget, the stop flags (interrupt, CPU
// watchdog) and the memory cap's accounting of host objects, enforced by the count hook and
// by every call into the host; the hook itself, which coverage's line events share; and the
// guest depth that says when the limits bite. In C because the hook is called by Lua's core
// and a stop is raised with lua_error (a longjmp), which must not cross Swift frames.
#include "internal.h"

enum { HOOK_STEP = 1000 };

static void charge_and_stop(lua_State *L, detent_limits *limits, int64_t instructions);
static void poll_stop_flags(detent_limits *limits);

// ---- The hook -------------------------------------------------------------------------------

static void budget_hook(lua_State *L, lua_Debug *ar) {
    detent_limits *limits = detent_limits_of(L);
    // A line event is coverage's (`detent run --coverage`), never a stop or a count.
    if (ar->event == LUA_HOOKLINE) {
        if (limits->coverage != NULL) shim_record_line(L, limits->coverage, ar);
        return;
    }
    if (!limits->counts_instructions) {
        // Set by the stop signal: stop if a flag is up, else go back to full speed. (A kill
        // re-sets the hook on every instruction, below, so no pcall loop outlives it.)
        if (limits->guest_depth > 0) {
            limits->running = L;
            charge_and_stop(L, limits, 0);
        }
        if (limits->killed == DETENT_KILL_NONE) shim_set_hook(L, limits, 0, 0);
        return;
    }
    if (limits->guest_depth <= 0) return;
    limits->running = L;
    charge_and_stop(L, limits, HOOK_STEP);
}

// Every hook the shim sets goes through here: with coverage on, the line event is added to
// whatever the limits need (the count event, or nothing), so no stop, reset or kill turns
// coverage off; without it, the hooks are as they were.
void shim_set_hook(lua_State *L, detent_limits *limits, int count_mask, int count) {
    int mask = count_mask | (limits->coverage != NULL ? LUA_MASKLINE : 0);
    if (mask == 0) lua_sethook(L, NULL, 0, 0);
    else lua_sethook(L, budget_hook, mask, count_mask != 0 ? count : 0);
}

// The hook a state runs with between stops: the count hook when it counts instructions,
// none in the watchdog mode, coverage's line hook with either when coverage is on.
void shim_restore_hook(lua_State *L, detent_limits *limits) {
    shim_set_hook(L, limits, limits->counts_instructions ? LUA_MASKCOUNT : 0, HOOK_STEP);
}

int detent_hook_step(void) { return HOOK_STEP; }

void detent_set_counting(lua_State *L, int counts_instructions) {
    detent_limits *limits = detent_limits_of(L);
    limits->counts_instructions = counts_instructions;
    shim_restore_hook(L, limits);
}

void detent_install_budget_hook(lua_State *L) {
    detent_set_counting(L, detent_limits_of(L)->counts_instructions);
}

void detent_clear_thread_hook(lua_State *thread) {
    shim_set_hook(thread, detent_limits_of(thread), 0, 0);
}

// ---- Charging and stopping ------------------------------------------------------------------

int detent_charge_host(lua_State *L, int64_t instructions, size_t bytes) {
    detent_limits *limits = detent_limits_of(L);
    limits->executed += instructions;
    limits->host_bytes += bytes;
    if (limits->killed != DETENT_KILL_NONE) return 1;
    poll_stop_flags(limits);
    if (limits->killed != DETENT_KILL_NONE) {
        shim_set_hook(L, limits, LUA_MASKCOUNT, 1);
    } else if (limits->budget > 0 && limits->executed > limits->budget) {
        limits->killed = DETENT_KILL_INSTRUCTIONS;
        shim_set_hook(L, limits, LUA_MASKCOUNT, 1);
    } else if (limits->cap > 0 && limits->used + limits->host_bytes > limits->cap) {
        limits->killed = DETENT_KILL_MEMORY;
    } else {
        return 0;
    }
    // Called from a host function: the script's stack is intact, so the stop is located here.
    shim_note_kill_where(L, limits);
    return 1;
}

// Charges `instructions`, turns a raised stop flag or a spent budget into a kill, and stops
// the script when it is killed: the place is noted before anything can catch the error, and
// the hook fires on every instruction from now on, so no pcall loop can outlive the kill.
static void charge_and_stop(lua_State *L, detent_limits *limits, int64_t instructions) {
    limits->executed += instructions;
    poll_stop_flags(limits);
    if (limits->killed == DETENT_KILL_NONE && limits->budget > 0 && limits->executed > limits->budget) {
        limits->killed = DETENT_KILL_INSTRUCTIONS;
    }
    if (limits->killed != DETENT_KILL_NONE) {
        shim_note_kill_where(L, limits);
        shim_set_hook(L, limits, LUA_MASKCOUNT, 1);
        shim_raise_kill(L, limits);
    }
}

// Turns a raised stop flag (interrupt, CPU watchdog) into the kill reason.
static void poll_stop_flags(detent_limits *limits) {
    if (limits->killed != DETENT_KILL_NONE) return;
    if (limits->interrupt != NULL && detent_interrupt_get(limits->interrupt)) {
        limits->killed = DETENT_KILL_INTERRUPTED;
    } else if (detent_interrupt_get(&limits->cpu_expired)) {
        limits->killed = DETENT_KILL_CPU_TIME;
    }
}

// Raises the error of the limit that stopped the state. (The host replaces the message with
// its own once the error reaches it; this one is what a script's pcall would see.)
int shim_raise_kill(lua_State *L, detent_limits *limits) {
    switch (limits->killed) {
        case DETENT_KILL_INSTRUCTIONS:
            return luaL_error(L, "instruction budget of %I instructions exceeded (runaway script?)", (LUA_INTEGER)limits->budget);
        case DETENT_KILL_MEMORY:
            return luaL_error(L, "memory limit of %I KiB exceeded", (LUA_INTEGER)(limits->cap / 1024));
        case DETENT_KILL_CPU_TIME:
            return luaL_error(L, "CPU time limit exceeded");
        default:
            return luaL_error(L, "interrupted");
    }
}

void detent_poll_limits(lua_State *L, int64_t instructions) {
    detent_limits *limits = detent_limits_of(L);
    if (limits->guest_depth <= 0) return;
    charge_and_stop(L, limits, instructions);
}

// Ends guest code that a limit stopped, at once: a coroutine yields straight to whoever
// resumed it (the host, which then reports the limit, or a script's coroutine.resume, which
// stops in turn), however many protected calls lie between; elsewhere the stop is raised.
int shim_stop_guest(lua_State *L, detent_limits *limits) {
    if (lua_isyieldable(L)) return lua_yield(L, 0);
    return shim_raise_kill(L, limits);
}

int detent_lua_limit_reached(lua_State *L) {
    detent_limits *limits = detent_limits_of(L);
    int reached = limits->killed != DETENT_KILL_NONE;
    // Called from a message handler, at the point of the error: a memory limit (raised by
    // the allocator, not the hook) is located here.
    if (reached) shim_note_kill_where(L, limits);
    lua_pushboolean(L, reached);
    return 1;
}

// ---- Guest code: entering, leaving, resetting -----------------------------------------------

int detent_resume_guest(lua_State *co, lua_State *from, int nargs, int *nresults) {
    detent_limits *limits = detent_limits_of(co);
    shim_new_read_epoch(from != NULL ? from : co, limits);   // see "Read caches"
    lua_State *previous = limits->running;
    limits->guest_depth += 1;
    limits->running = co;
    int status = lua_resume(co, from, nargs, nresults);
    limits->guest_depth -= 1;
    limits->running = previous;
    return status;
}

void detent_reset_limits(lua_State *L) {
    detent_limits *limits = detent_limits_of(L);
    if (limits->kill_where != NULL && limits->kill_where_size > 0) limits->kill_where[0] = '\0';
    // What a stopped job left — a runaway's pile of frames, a bomb's tables — is garbage now,
    // but would count against the next job's memory cap until the collector came round.
    if (limits->killed != DETENT_KILL_NONE) {
        lua_gc(L, LUA_GCCOLLECT);
        detent_return_memory_of(limits);   // a bomb's pages back to the system
    }
    limits->pcall_depth = 0;
    limits->executed = 0;
    limits->host_bytes = 0;
    limits->killed = DETENT_KILL_NONE;
    detent_interrupt_set(&limits->cpu_expired, 0);
    shim_restore_hook(L, limits);
}

void detent_interrupt_set(int *flag, int value) { __atomic_store_n(flag, value, __ATOMIC_SEQ_CST); }
int detent_interrupt_get(const int *flag) { return __atomic_load_n(flag, __ATOMIC_SEQ_CST); }

void detent_enter_guest(lua_State *L) {
    detent_limits *limits = detent_limits_of(L);
    limits->guest_depth += 1;
    limits->running = L;
}
void detent_leave_guest(lua_State *L) { detent_limits_of(L)->guest_depth -= 1; }
