// The globals pcall and xpcall for scripts: Lua's own, except that neither catches a stop by
// a limit, each polls the stop flags as a host call does, and at most PCALL_NESTING_LIMIT may
// be open at once. Without them a script's pcall could swallow a stop, and a recursion
// through pcall could run for ever (see PCALL_NESTING_LIMIT). In C because they are Lua C
// functions with a continuation (lua_pcallk), and a stop leaves them by a yield or a
// lua_error, longjmps that must not cross Swift frames.
#include "host_call.h"

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
// return f() end` — would never be stopped: its frames would pile up to the stack's maximum
// (see PCALL_NESTING_LIMIT), and a stop raised from the count hook would unwind one pcall at
// a time.
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
