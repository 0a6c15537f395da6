// See CLuaShim.h. Everything that may call lua_error (and so longjmp) lives here, in C.
#include "host_call.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

// Detent's own chunks: the prelude ("@(detent)/spec.lua") and the host's snippets, named
// "=(detent sandbox)" and the like (loaded by name, they arrive as "@=(detent sandbox)").
int shim_is_detent_chunk(const char *source) {
    if (source[0] == '@' || source[0] == '=') source++;
    return strncmp(source, "(detent)/", 9) == 0 || strncmp(source, "=(detent", 8) == 0 || strncmp(source, "(detent ", 8) == 0;
}

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
        if (ar.currentline <= 0 || shim_is_detent_chunk(ar.source)) continue;
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
        if (ar.currentline <= 0 || shim_is_detent_chunk(ar.source)) continue;
        lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
        return;
    }
    lua_pushliteral(L, "");
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
        if (shim_is_detent_chunk(message)) {
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
    if (limits->killed != DETENT_KILL_NONE) return shim_stop_guest(L, limits);
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
    if (limits->killed != DETENT_KILL_NONE) return shim_stop_guest(L, limits);
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
    if (shim_poll_host_call(L, limits, failed ? PCALL_ERROR_COST : 0)) return shim_stop_guest(L, limits);
    if (failed) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

static int guarded_pcall(lua_State *L) {
    detent_limits *limits = detent_limits_of(L);
    if (shim_poll_host_call(L, limits, 0)) return shim_stop_guest(L, limits);
    luaL_checkany(L, 1);
    enter_pcall(L, limits);
    lua_pushboolean(L, 1);
    lua_insert(L, 1);
    int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, finish_guarded_pcall);
    return finish_guarded_pcall(L, status, 0);
}

static int guarded_xpcall(lua_State *L) {
    detent_limits *limits = detent_limits_of(L);
    if (shim_poll_host_call(L, limits, 0)) return shim_stop_guest(L, limits);
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

struct detent_coverage {
    struct { char *source; uint32_t *hits; int size; } *files;
    int count, capacity, last;
};

// Counts the line `ar` is at, for the chunk it is in: scripts' files only (sources named
// "@path"), not Detent's own chunks. Host memory, outside the Lua state's cap.
void shim_record_line(lua_State *L, detent_coverage *coverage, lua_Debug *ar) {
    if (!lua_getinfo(L, "S", ar) || ar->source == NULL || ar->source[0] != '@' || shim_is_detent_chunk(ar->source)) return;
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
    shim_restore_hook(L, limits);
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
