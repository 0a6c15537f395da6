// Lua's function-like macros (lua_pop, lua_newtable, lua_upvalueindex, …) as functions:
// Swift imports C functions but not C macros, so each macro the bridge needs gets a wrapper
// of one line. The one that does more is detent_lua_pcall, which starts a read epoch as
// every entry from Swift into Lua must (see "Read caches" in handle_index.c).
#include "internal.h"

void detent_lua_pop(lua_State *L, int n) { lua_pop(L, n); }
void detent_lua_newtable(lua_State *L) { lua_newtable(L); }
const char *detent_lua_tostring(lua_State *L, int idx, size_t *len) { return lua_tolstring(L, idx, len); }

int detent_lua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    shim_new_read_epoch(L, detent_limits_of(L));   // see "Read caches"
    return lua_pcall(L, nargs, nresults, msgh);
}
int detent_lua_upvalueindex(int i) { return lua_upvalueindex(i); }
int detent_lua_registryindex(void) { return LUA_REGISTRYINDEX; }
void detent_lua_insert(lua_State *L, int idx) { lua_insert(L, idx); }
void detent_lua_remove(lua_State *L, int idx) { lua_remove(L, idx); }
void detent_lua_replace(lua_State *L, int idx) { lua_replace(L, idx); }
int detent_lua_isnoneornil(lua_State *L, int idx) { return lua_isnoneornil(L, idx); }
lua_Number detent_lua_tonumber(lua_State *L, int idx, int *isnum) { return lua_tonumberx(L, idx, isnum); }
lua_Integer detent_lua_tointeger(lua_State *L, int idx, int *isnum) { return lua_tointegerx(L, idx, isnum); }
void *detent_lua_newuserdata(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 1); }
int detent_luaL_getmetatable(lua_State *L, const char *name) { return luaL_getmetatable(L, name); }
void detent_lua_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
void **detent_lua_extraspace(lua_State *L) { return (void **)lua_getextraspace(L); }
void detent_lua_gc_collect(lua_State *L) { lua_gc(L, LUA_GCCOLLECT); }
