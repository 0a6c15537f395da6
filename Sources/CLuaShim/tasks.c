// Tasks, the coroutines the host resumes (a test, spawn(fn), a script, an eval), and the
// guards on scripts' own coroutines: only the run loop resumes or closes a task, the wait
// verbs ask whether the running code may wait, and a coroutine a script resumes is noted as
// the running thread so a stop reaches it and a memory refusal inside it is located there.
// In C because the guarded coroutine functions call Lua's own and pass a limit's stop on
// (a yield or a lua_error, both longjmps) as guest code's C functions, never through Swift.
#include "internal.h"

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
