// Swift closures as Lua C functions: the trampoline Lua calls, which calls the Swift function
// and raises its error. In C because a Lua error is a longjmp, which must never cross Swift
// frames (SPEC §13): Swift returns a status and the error is raised here, once no Swift frame
// is left between this function and Lua.
#include "host_call.h"

typedef struct {
    detent_host_invoke invoke;
    detent_host_release release;
    void *context;
} detent_host_function;

static const char *const HOST_FUNCTION_META = "detent.host_function";

static int host_function_gc(lua_State *L) {
    detent_host_function *fn = (detent_host_function *)lua_touserdata(L, 1);
    if (fn != NULL && fn->context != NULL) {
        void *context = fn->context;
        fn->context = NULL;
        fn->release(context);
    }
    return 0;
}

static int host_trampoline(lua_State *L) {
    detent_host_function *fn = (detent_host_function *)lua_touserdata(L, lua_upvalueindex(1));
    if (fn == NULL || fn->context == NULL) {
        return luaL_error(L, "host function called after it was released");
    }
    detent_limits *limits = detent_limits_of(L);
    shim_charge_host_call(L, limits);
    int saved_depth = shim_guard_host(L, limits);
    int results = fn->invoke(L, fn->context);
    shim_new_read_epoch(L, limits);   // host code may have changed what handles read ("Read caches")
    return shim_leave_host(L, limits, saved_depth, results);
}

void detent_push_host_function(lua_State *L, detent_host_invoke invoke, detent_host_release release, void *context) {
    detent_host_function *fn = (detent_host_function *)lua_newuserdatauv(L, sizeof(detent_host_function), 0);
    fn->invoke = invoke;
    fn->release = release;
    fn->context = context;
    if (luaL_newmetatable(L, HOST_FUNCTION_META)) {
        lua_pushcfunction(L, host_function_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushliteral(L, "host function");
        lua_setfield(L, -2, "__metatable");
    }
    lua_setmetatable(L, -2);
    lua_pushcclosure(L, host_trampoline, 1);
}
