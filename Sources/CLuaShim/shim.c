// See CLuaShim.h. Everything that may call lua_error (and so longjmp) lives here, in C.
#include "host_call.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <signal.h>
#include <pthread.h>

enum { HOOK_STEP = 1000 };
static void budget_hook(lua_State *L, lua_Debug *ar);
static void script_where_into(lua_State *L, char *out, size_t size);
static int stop_guest(lua_State *L, detent_limits *limits);
static void poll_stop_flags(detent_limits *limits);
static void charge_and_stop(lua_State *L, detent_limits *limits, int64_t instructions);
static void set_hook(lua_State *L, detent_limits *limits, int count_mask, int count);
static void restore_hook(lua_State *L, detent_limits *limits);
static void record_line(lua_State *L, detent_coverage *coverage, lua_Debug *ar);
// Detent's own chunks: the prelude ("@(detent)/spec.lua") and the host's snippets, named
// "=(detent sandbox)" and the like (loaded by name, they arrive as "@=(detent sandbox)").
static int is_detent_chunk(const char *source) {
    if (source[0] == '@' || source[0] == '=') source++;
    return strncmp(source, "(detent)/", 9) == 0 || strncmp(source, "=(detent", 8) == 0 || strncmp(source, "(detent ", 8) == 0;
}

// ---- Limits ------------------------------------------------------------------------------


int detent_charge_host(lua_State *L, int64_t instructions, size_t bytes) {
    detent_limits *limits = detent_limits_of(L);
    limits->executed += instructions;
    limits->host_bytes += bytes;
    if (limits->killed != DETENT_KILL_NONE) return 1;
    poll_stop_flags(limits);
    if (limits->killed != DETENT_KILL_NONE) {
        set_hook(L, limits, LUA_MASKCOUNT, 1);
    } else if (limits->budget > 0 && limits->executed > limits->budget) {
        limits->killed = DETENT_KILL_INSTRUCTIONS;
        set_hook(L, limits, LUA_MASKCOUNT, 1);
    } else if (limits->cap > 0 && limits->used + limits->host_bytes > limits->cap) {
        limits->killed = DETENT_KILL_MEMORY;
    } else {
        return 0;
    }
    // Called from a host function: the script's stack is intact, so the stop is located here.
    shim_note_kill_where(L, limits);
    return 1;
}
int detent_hook_step(void) { return HOOK_STEP; }

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

static void budget_hook(lua_State *L, lua_Debug *ar) {
    detent_limits *limits = detent_limits_of(L);
    // A line event is coverage's (`detent run --coverage`), never a stop or a count.
    if (ar->event == LUA_HOOKLINE) {
        if (limits->coverage != NULL) record_line(L, limits->coverage, ar);
        return;
    }
    if (!limits->counts_instructions) {
        // Set by the stop signal: stop if a flag is up, else go back to full speed. (A kill
        // re-sets the hook on every instruction, below, so no pcall loop outlives it.)
        if (limits->guest_depth > 0) {
            limits->running = L;
            charge_and_stop(L, limits, 0);
        }
        if (limits->killed == DETENT_KILL_NONE) set_hook(L, limits, 0, 0);
        return;
    }
    if (limits->guest_depth <= 0) return;
    limits->running = L;
    charge_and_stop(L, limits, HOOK_STEP);
}

// ---- Stopping code that runs without the count hook ----------------------------------------

// The limits whose guest code this thread runs (set while a job is armed); read by the signal
// handler, which runs on this same thread, so nothing is shared between threads here.
static __thread detent_limits *watched_limits = NULL;
// The thread's signal mask before it was watched: Dispatch's worker threads block every
// signal, so the stop signal is unblocked while a job runs and the mask restored after.
static __thread sigset_t saved_mask;
static __thread int mask_saved = 0;
static int stop_signal_number(void) { return SIGRTMIN + 3; }

void detent_watch_thread(detent_limits *limits) {
    if (limits != NULL && !mask_saved) {
        sigset_t stop;
        sigemptyset(&stop);
        sigaddset(&stop, stop_signal_number());
        if (pthread_sigmask(SIG_UNBLOCK, &stop, &saved_mask) == 0) mask_saved = 1;
    }
    watched_limits = limits;
    if (limits == NULL && mask_saved) {
        pthread_sigmask(SIG_SETMASK, &saved_mask, NULL);
        mask_saved = 0;
    }
}

static void stop_signal_handler(int signo) {
    (void)signo;
    detent_limits *limits = watched_limits;
    if (limits == NULL || limits->running == NULL) return;
    // lua_sethook only stores the hook and marks the call frames to trap: what lua.c does
    // from its SIGINT handler. The hook runs at the coroutine's next instruction.
    set_hook(limits->running, limits, LUA_MASKCOUNT, 1);
}

int detent_install_stop_signal(void) {
    static int installed = 0;
    int signo = stop_signal_number();
    if (!installed) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = stop_signal_handler;
        action.sa_flags = SA_RESTART;
        sigemptyset(&action.sa_mask);
        sigaction(signo, &action, NULL);
        installed = 1;
    }
    return signo;
}

void detent_set_counting(lua_State *L, int counts_instructions) {
    detent_limits *limits = detent_limits_of(L);
    limits->counts_instructions = counts_instructions;
    restore_hook(L, limits);
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
        set_hook(L, limits, LUA_MASKCOUNT, 1);
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

void detent_install_budget_hook(lua_State *L) {
    detent_set_counting(L, detent_limits_of(L)->counts_instructions);
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
    restore_hook(L, limits);
}

void detent_interrupt_set(int *flag, int value) { __atomic_store_n(flag, value, __ATOMIC_SEQ_CST); }
int detent_interrupt_get(const int *flag) { return __atomic_load_n(flag, __ATOMIC_SEQ_CST); }

void detent_enter_guest(lua_State *L) {
    detent_limits *limits = detent_limits_of(L);
    limits->guest_depth += 1;
    limits->running = L;
}
void detent_leave_guest(lua_State *L) { detent_limits_of(L)->guest_depth -= 1; }

int detent_traceback_handler(lua_State *L) {
    luaL_traceback(L, L, NULL, 1);
    lua_setfield(L, LUA_REGISTRYINDEX, DETENT_TRACEBACK_KEY);
    lua_settop(L, 1);
    return 1;
}


// ---- Walking the stack for a location ----------------------------------------------------
//
// lua_getstack(L, level) steps `level` frames down from the running one, so visiting every
// level of a deep stack costs the square of its depth: a runaway recursion stopped at a
// few hundred thousand frames took minutes to locate its error. A search for a location
// visits the innermost WALK_LEVELS frames from where it starts, where the frame it looks
// for almost always is, then the outermost WALK_LEVELS (the spec line that called into a
// deep recursion of Detent's own Lua sits at the bottom): each search is linear in the depth.

enum { WALK_LEVELS = 100 };

typedef struct { int next; int from; int depth; } frame_walk;

static frame_walk frame_walk_from(int level) { frame_walk walk = { level, level, -1 }; return walk; }

// How many levels the stack has (lauxlib's binary search: O(depth log depth) in all).
static int stack_depth(lua_State *L) {
    lua_Debug ar;
    int low = 1, high = 1;
    while (lua_getstack(L, high, &ar)) { low = high; high *= 2; }
    while (low < high) {
        int middle = (low + high) / 2;
        if (lua_getstack(L, middle, &ar)) low = middle + 1; else high = middle;
    }
    return low;
}

// The next frame of the walk into `ar`; 0 when the walk is over.
static int frame_walk_next(lua_State *L, frame_walk *walk, lua_Debug *ar) {
    if (walk->depth < 0 && walk->next == walk->from + WALK_LEVELS) {
        walk->depth = stack_depth(L);
        if (walk->next < walk->depth - WALK_LEVELS) walk->next = walk->depth - WALK_LEVELS;
    }
    return lua_getstack(L, walk->next++, ar);
}

// As detent_push_script_where from level 0 (the function running, as in a hook), written
// into `out` ("" when no script frame is on the stack) without touching the Lua stack.
static void script_where_into(lua_State *L, char *out, size_t size) {
    lua_Debug ar;
    out[0] = '\0';
    frame_walk walk = frame_walk_from(0);
    while (frame_walk_next(L, &walk, &ar)) {
        if (!lua_getinfo(L, "Sl", &ar)) continue;
        if (ar.currentline <= 0 || is_detent_chunk(ar.source)) continue;
        snprintf(out, size, "%s:%d", ar.short_src, ar.currentline);
        return;
    }
}

// Records where a limit stopped the script, once per reset: the first place it was noticed.
void shim_note_kill_where(lua_State *L, detent_limits *limits) {
    if (limits->kill_where != NULL && limits->kill_where_size > 0 && limits->kill_where[0] == '\0') {
        script_where_into(L, limits->kill_where, limits->kill_where_size);
    }
}

void detent_push_script_where(lua_State *L, int level) {
    lua_Debug ar;
    frame_walk walk = frame_walk_from(level);
    while (frame_walk_next(L, &walk, &ar)) {
        if (!lua_getinfo(L, "Sl", &ar)) continue;
        if (ar.currentline <= 0 || is_detent_chunk(ar.source)) continue;
        lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
        return;
    }
    lua_pushliteral(L, "");
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

// "chunk:line:" at the start of `message`, if it has one: its length, else 0.
static size_t location_prefix(const char *message, size_t length) {
    const char *colon = memchr(message, ':', length);
    while (colon != NULL) {
        const char *digits = colon + 1, *end = message + length;
        const char *p = digits;
        while (p < end && *p >= '0' && *p <= '9') p++;
        if (p > digits && p < end && *p == ':') return (size_t)(p + 1 - message);
        colon = memchr(colon + 1, ':', (size_t)(end - colon - 1));
    }
    return 0;
}

void detent_push_located_message(lua_State *L, int index, int level) {
    size_t length;
    const char *message = lua_tolstring(L, index, &length);
    if (message == NULL) {
        lua_pushliteral(L, "");
        return;
    }
    size_t prefix = location_prefix(message, length);
    const char *rest = message + prefix;
    while (prefix > 0 && *rest == ' ') rest++;
    if (prefix > 0) {
        // Raised inside Detent's own Lua: the script's line stands in for the helper's.
        if (is_detent_chunk(message)) {
            detent_push_script_where(L, level);
            lua_pushstring(L, rest);
            lua_concat(L, 2);
            return;
        }
        // A location some frame on the stack is at (a Lua error, or error(msg, 2) blaming a
        // caller): the message is located already.
        lua_Debug ar;
        char where[LUA_IDSIZE + 32];
        frame_walk walk = frame_walk_from(level);
        while (frame_walk_next(L, &walk, &ar)) {
            if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue;
            int n = snprintf(where, sizeof where, "%s:%d:", ar.short_src, ar.currentline);
            if (n > 0 && (size_t)n == prefix && memcmp(where, message, prefix) == 0) {
                lua_pushvalue(L, index);
                return;
            }
        }
    }
    // No location, or one no frame is at (error("x", 0), a forged "elsewhere.lua:9:", a
    // C function's "C stack overflow"): the line where it was raised goes in front.
    detent_push_script_where(L, level);
    lua_pushvalue(L, index);
    lua_concat(L, 2);
}

// ---- Tasks: the coroutines that may wait --------------------------------------------------

static const char *const TASKS_KEY = "detent.tasks";

// The registry's weak-keyed set of task threads, pushed onto L.
static void push_tasks(lua_State *L) {
    if (!luaL_getsubtable(L, LUA_REGISTRYINDEX, TASKS_KEY)) {
        lua_createtable(L, 0, 1);
        lua_pushliteral(L, "k");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
    }
}

void detent_mark_task(lua_State *L, lua_State *co) {
    push_tasks(L);
    lua_pushthread(co);
    lua_xmove(co, L, 1);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

int detent_lua_can_wait(lua_State *L) {
    if (!lua_isyieldable(L)) {
        lua_pushliteral(L, "callback");
        return 1;
    }
    push_tasks(L);
    lua_pushthread(L);
    int is_task = lua_rawget(L, -2) == LUA_TBOOLEAN;
    lua_pop(L, 2);
    if (is_task) lua_pushboolean(L, 1);
    else lua_pushliteral(L, "coroutine");
    return 1;
}

static int is_task_at(lua_State *L, int index) {
    push_tasks(L);
    lua_pushvalue(L, index);
    int is_task = lua_rawget(L, -2) == LUA_TBOOLEAN;
    lua_pop(L, 2);
    return is_task;
}

// coroutine.resume for scripts: refuses a task, answering false and why as Lua does for a
// coroutine it cannot resume (the run loop alone resumes tasks — one resumed by a script
// would take a fake wait result, or be resumed dead later), and notes
// the coroutine as the running thread so a memory refusal inside it is located there.
static int guarded_resume(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co != NULL, 1, "coroutine");
    if (is_task_at(L, 1)) {   // as Lua answers a coroutine it cannot resume: false and why
        lua_pushboolean(L, 0);
        lua_pushliteral(L, "cannot resume a task Detent runs (a test, spawn(fn), a script); only the run loop resumes it");
        return 2;
    }
    detent_limits *limits = detent_limits_of(L);
    int count = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    limits->running = co;
    lua_call(L, count, LUA_MULTRET);
    limits->running = L;
    // A limit stopped the coroutine: the resumer stops too.
    if (limits->killed != DETENT_KILL_NONE) return stop_guest(L, limits);
    return lua_gettop(L);
}

// The function coroutine.wrap returns, for scripts: calls Lua's own (upvalue 1) with its
// coroutine (upvalue 2) noted as the running thread, so a stop signal reaches code inside it.
static int guarded_wrap_call(lua_State *L) {
    detent_limits *limits = detent_limits_of(L);
    int count = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    limits->running = lua_tothread(L, lua_upvalueindex(2));
    int status = lua_pcall(L, count, LUA_MULTRET, 0);
    limits->running = L;
    if (limits->killed != DETENT_KILL_NONE) return stop_guest(L, limits);
    if (status != LUA_OK) return lua_error(L);
    return lua_gettop(L);
}

// coroutine.wrap for scripts: Lua's wrap, whose coroutine is read back from its function.
static int guarded_wrap(lua_State *L) {
    int count = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, count, 1);
    if (lua_getupvalue(L, -1, 1) == NULL || lua_type(L, -1) != LUA_TTHREAD) {
        if (lua_gettop(L) > 1) lua_pop(L, 1);
        return 1;   // not Lua 5.4's wrap as known: leave it as it is
    }
    lua_pushcclosure(L, guarded_wrap_call, 2);
    return 1;
}

// coroutine.close for scripts: refuses a task, which the run loop would resume dead.
static int guarded_close(lua_State *L) {
    luaL_argexpected(L, lua_tothread(L, 1) != NULL, 1, "coroutine");
    if (is_task_at(L, 1)) {
        return luaL_error(L, "coroutine.close: that coroutine is a task Detent runs (a test, spawn(fn), a script); it ends by itself");
    }
    int count = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, count, LUA_MULTRET);
    return lua_gettop(L);
}

void detent_install_guarded_coroutines(lua_State *L) {
    if (lua_getglobal(L, LUA_COLIBNAME) != LUA_TTABLE) {
        lua_pop(L, 1);
        return;
    }
    lua_getfield(L, -1, "resume");
    lua_pushcclosure(L, guarded_resume, 1);
    lua_setfield(L, -2, "resume");
    lua_getfield(L, -1, "close");
    lua_pushcclosure(L, guarded_close, 1);
    lua_setfield(L, -2, "close");
    lua_getfield(L, -1, "wrap");
    lua_pushcclosure(L, guarded_wrap, 1);
    lua_setfield(L, -2, "wrap");
    lua_pop(L, 1);
}

// ---- pcall and xpcall that never catch a stop -----------------------------------------------

// Ends guest code that a limit stopped, at once: a coroutine yields straight to whoever
// resumed it (the host, which then reports the limit, or a script's coroutine.resume, which
// stops in turn), however many protected calls lie between; elsewhere the stop is raised.
static int stop_guest(lua_State *L, detent_limits *limits) {
    if (lua_isyieldable(L)) return lua_yield(L, 0);
    return shim_raise_kill(L, limits);
}

// How many protected calls may be open at once in a coroutine: as many as Lua allows C calls
// in the main thread, where a recursion through pcall ends with "C stack overflow". In a
// coroutine Lua 5.4.4 recovers each such overflow at the coroutine's base, so the next 200
// nested calls fit again and the frames pile up to the stack's maximum; there every further
// error grows the million-slot stack and shrinks it again (`luaD_shrinkstack` walks every
// frame), megabytes of work per call behind a few instructions — neither the instruction count
// nor the count hook sees it, and the run crawls on for ever.
enum { PCALL_NESTING_LIMIT = 200 };
// What a caught error costs against the budget with exact counting: unwinding, the message,
// the stack shrunk — work in C that the count hook does not see.
enum { PCALL_ERROR_COST = HOST_CALL_COST };

static int guarded_pcall(lua_State *L);
static int guarded_xpcall(lua_State *L);

// The guarded pcalls open on L's stack, counted frame by frame (the running count is only
// kept by entries and exits, which a coroutine abandoned inside a pcall never makes).
static int count_open_pcalls(lua_State *L, int *levels) {
    lua_Debug ar;
    int count = 0, level = 0;
    for (; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "f", &ar)) continue;
        lua_CFunction fn = lua_tocfunction(L, -1);
        lua_pop(L, 1);
        if (fn == guarded_pcall || fn == guarded_xpcall) count++;
    }
    *levels = level;
    return count;
}

// Enters a protected call: at the limit the open calls are recounted, and if they really are
// that many, the call raises "stack overflow" as Lua's own would. With exact counting the
// recount is charged for the steps it took (lua_getstack walks from the top for each level:
// n(n+1)/2 for n levels), so a loop of refused calls spends the budget as fast as it burns CPU.
static void enter_pcall(lua_State *L, detent_limits *limits) {
    if (limits->pcall_depth >= PCALL_NESTING_LIMIT) {
        int levels = 0;
        limits->pcall_depth = count_open_pcalls(L, &levels);
        if (limits->counts_instructions) limits->executed += (int64_t)levels * (levels + 1) / 2;
        if (limits->pcall_depth >= PCALL_NESTING_LIMIT) {
            luaL_error(L, "stack overflow (more than %d nested pcalls)", PCALL_NESTING_LIMIT);
        }
    }
    limits->pcall_depth += 1;
}

// Lua's own pcall/xpcall with three differences: a state stopped by a limit (budget, CPU time,
// memory, interrupt) never returns the stop to the script — each call polls the stop flags as
// a host call does and a stop leaves the whole coroutine in one step; at most
// PCALL_NESTING_LIMIT may be open at once; with exact counting a caught error costs
// PCALL_ERROR_COST. Without them a recursion through pcall — `local function f() pcall(f)
// return f() end` — was never stopped: its frames piled up to the stack's maximum (see
// PCALL_NESTING_LIMIT), and a stop raised from the count hook unwound one pcall at a time.
static int finish_guarded_pcall(lua_State *L, int status, lua_KContext extra) {
    detent_limits *limits = detent_limits_of(L);
    if (limits->pcall_depth > 0) limits->pcall_depth -= 1;
    int failed = status != LUA_OK && status != LUA_YIELD;
    if (shim_poll_host_call(L, limits, failed ? PCALL_ERROR_COST : 0)) return stop_guest(L, limits);
    if (failed) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

static int guarded_pcall(lua_State *L) {
    detent_limits *limits = detent_limits_of(L);
    if (shim_poll_host_call(L, limits, 0)) return stop_guest(L, limits);
    luaL_checkany(L, 1);
    enter_pcall(L, limits);
    lua_pushboolean(L, 1);
    lua_insert(L, 1);
    int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, finish_guarded_pcall);
    return finish_guarded_pcall(L, status, 0);
}

static int guarded_xpcall(lua_State *L) {
    detent_limits *limits = detent_limits_of(L);
    if (shim_poll_host_call(L, limits, 0)) return stop_guest(L, limits);
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    enter_pcall(L, limits);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_guarded_pcall);
    return finish_guarded_pcall(L, status, 2);
}

void detent_install_guarded_pcall(lua_State *L) {
    lua_pushcfunction(L, guarded_pcall);
    lua_setglobal(L, "pcall");
    lua_pushcfunction(L, guarded_xpcall);
    lua_setglobal(L, "xpcall");
}

// ---- Line coverage (`detent run --coverage`) -------------------------------------------------

// Every hook this file sets goes through here: with coverage on, the line event is added to
// whatever the limits need (the count event, or nothing), so no stop, reset or kill turns
// coverage off; without it, the hooks are as they were.
static void set_hook(lua_State *L, detent_limits *limits, int count_mask, int count) {
    int mask = count_mask | (limits->coverage != NULL ? LUA_MASKLINE : 0);
    if (mask == 0) lua_sethook(L, NULL, 0, 0);
    else lua_sethook(L, budget_hook, mask, count_mask != 0 ? count : 0);
}

// The hook a state runs with between stops: the count hook when it counts instructions,
// none in the watchdog mode, coverage's line hook with either when coverage is on.
static void restore_hook(lua_State *L, detent_limits *limits) {
    set_hook(L, limits, limits->counts_instructions ? LUA_MASKCOUNT : 0, HOOK_STEP);
}

struct detent_coverage {
    struct { char *source; uint32_t *hits; int size; } *files;
    int count, capacity, last;
};

// Counts the line `ar` is at, for the chunk it is in: scripts' files only (sources named
// "@path"), not Detent's own chunks. Host memory, outside the Lua state's cap.
static void record_line(lua_State *L, detent_coverage *coverage, lua_Debug *ar) {
    if (!lua_getinfo(L, "S", ar) || ar->source == NULL || ar->source[0] != '@' || is_detent_chunk(ar->source)) return;
    int line = ar->currentline;
    if (line <= 0) return;
    int index = -1;
    if (coverage->last >= 0 && strcmp(coverage->files[coverage->last].source, ar->source) == 0) index = coverage->last;
    for (int i = 0; index < 0 && i < coverage->count; i++) {
        if (strcmp(coverage->files[i].source, ar->source) == 0) index = i;
    }
    if (index < 0) {
        if (coverage->count == coverage->capacity) {
            int capacity = coverage->capacity ? coverage->capacity * 2 : 16;
            void *grown = realloc(coverage->files, (size_t)capacity * sizeof *coverage->files);
            if (grown == NULL) return;
            coverage->files = grown;
            coverage->capacity = capacity;
        }
        char *source = strdup(ar->source);
        if (source == NULL) return;
        index = coverage->count++;
        coverage->files[index].source = source;
        coverage->files[index].hits = NULL;
        coverage->files[index].size = 0;
    }
    coverage->last = index;
    if (line >= coverage->files[index].size) {
        int size = line + 256;
        uint32_t *grown = realloc(coverage->files[index].hits, (size_t)size * sizeof(uint32_t));
        if (grown == NULL) return;
        memset(grown + coverage->files[index].size, 0, (size_t)(size - coverage->files[index].size) * sizeof(uint32_t));
        coverage->files[index].hits = grown;
        coverage->files[index].size = size;
    }
    if (coverage->files[index].hits[line] < UINT32_MAX) coverage->files[index].hits[line] += 1;
}

int detent_coverage_enable(lua_State *L) {
    detent_limits *limits = detent_limits_of(L);
    if (limits->coverage == NULL) {
        limits->coverage = calloc(1, sizeof(detent_coverage));
        if (limits->coverage == NULL) return 0;
        limits->coverage->last = -1;
    }
    restore_hook(L, limits);
    return 1;
}

int detent_coverage_file_count(detent_limits *limits) { return limits->coverage ? limits->coverage->count : 0; }
const char *detent_coverage_file_source(detent_limits *limits, int i) { return limits->coverage->files[i].source; }
int detent_coverage_file_size(detent_limits *limits, int i) { return limits->coverage->files[i].size; }
const uint32_t *detent_coverage_file_hits(detent_limits *limits, int i) { return limits->coverage->files[i].hits; }

void detent_coverage_clear(detent_limits *limits) {
    if (limits->coverage == NULL) return;
    for (int i = 0; i < limits->coverage->count; i++) {
        free(limits->coverage->files[i].source);
        free(limits->coverage->files[i].hits);
    }
    limits->coverage->count = 0;
    limits->coverage->last = -1;
}

void detent_coverage_free(detent_limits *limits) {
    if (limits->coverage == NULL) return;
    detent_coverage_clear(limits);
    free(limits->coverage->files);
    free(limits->coverage);
    limits->coverage = NULL;
}

void detent_clear_thread_hook(lua_State *thread) {
    set_hook(thread, detent_limits_of(thread), 0, 0);
}
