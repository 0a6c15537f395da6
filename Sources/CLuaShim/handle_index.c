// Reading a handle's members: the class's __index in C and the read cache in front of it, and
// the handles themselves (one userdata per live object and class). A property read is the
// commonest thing a spec does, so it is made in C: the member is found by the address of its
// interned name, a number field is pushed with no Lua call on the Swift side, and a field read
// again is found in a plain table with no call at all. Being C also keeps the host's errors
// and a refused allocation (longjmps) from unwinding through Swift.
#include "host_call.h"
#include <string.h>

// ---- Handle classes: __index in C ------------------------------------------------------

// A member's name as Lua holds it (its interned string's bytes) and its number.
typedef struct {
    const char *name;
    int member;
} detent_member_slot;

typedef struct {
    detent_member_read read;
    detent_number_read read_number;
    void *context;
    detent_limits *limits;   // the state's (every thread of a state shares its allocator's)
    size_t mask;             // slots - 1 (a power of two)
    detent_member_slot slots[];
} detent_class_index;

// Names up to LUAI_MAXSHORTLEN bytes are interned: every string with a member's bytes is the
// very string the member table holds, so a member is found by the address of its bytes.
static size_t member_slot_of(const char *name, size_t mask) {
    return (size_t)(((uintptr_t)name >> 4) * 0x9E3779B97F4A7C15ull >> 32) & mask;
}

static int member_number(lua_State *L, const detent_class_index *ci) {
    if (lua_type(L, 2) == LUA_TSTRING) {
        const char *name = lua_tolstring(L, 2, NULL);
        for (size_t i = member_slot_of(name, ci->mask);; i = (i + 1) & ci->mask) {
            if (ci->slots[i].name == name) return ci->slots[i].member;
            if (ci->slots[i].name == NULL) break;
        }
    }
    // Not found by address (a key that is no member, or a name too long to be interned):
    // the member table says.
    int top = lua_gettop(L);
    lua_pushvalue(L, 2);
    int member = lua_rawget(L, lua_upvalueindex(1)) == LUA_TNUMBER ? (int)lua_tointegerx(L, -1, NULL) : DETENT_MEMBER_UNKNOWN;
    lua_settop(L, top);
    return member;
}

// ---- Read caches ------------------------------------------------------------------------
//
// A property read that calls no function. Each handle has a metatable of its own whose
// __index is the handle's read cache, a table: Lua finds a field cached there as it finds a
// table's field. What the cache misses falls to the cache's metatable, shared by the class,
// whose __index is the class's reader (`read_member`). The reader caches a number field the
// second time it reads it in one epoch: a read made once between host calls — the common
// `wait(…)` then one read — costs what it did without caches, and a read repeated (a loop, an
// assertion reading what a condition read) costs a table read from its third time on.
//
// Engine state changes only in host code — a host call (a method, an assignment, a wait), or
// Swift running between resumes (ticks) — so every host call starts a new epoch and empties
// the caches on its way back to Lua, and so does every entry from Swift into Lua
// (detent_resume_guest, detent_lua_pcall): a cached value is never older than the last host
// code. Methods, strings and tables are not cached (a table read is a new table each time).

static const char HANDLE_KEY = 0;      // cache[&HANDLE_KEY]: the handle the cache belongs to
static const char CLASS_KEY = 0;       // a handle's metatable[&CLASS_KEY]: the class's metatable (its identity)
static const char CACHE_META_KEY = 0;  // class metatable[&CACHE_META_KEY]: the metatable of its handles' caches
static const char HANDLES_KEY = 0;     // class metatable[&HANDLES_KEY]: its live handles by id (weak values)

// Empties every handle's read cache. The list (registry[read_cache_ref]) holds each cached
// value's cache and key, in pairs.
void shim_clear_read_caches(lua_State *L) {
    detent_limits *limits = detent_limits_of(L);
    int count = limits->read_cache_count;
    if (count == 0) return;
    if (!lua_checkstack(L, 4)) {
        luaL_error(L, "stack overflow (too many nested calls or values)");
        return;
    }
    limits->read_cache_count = 0;
    lua_rawgeti(L, LUA_REGISTRYINDEX, limits->read_cache_ref);
    int list = lua_gettop(L);
    for (int i = 1; i <= 2 * count; i += 2) {
        lua_rawgeti(L, list, i);
        lua_rawgeti(L, list, i + 1);
        lua_pushnil(L);
        lua_rawset(L, -3);
        lua_pop(L, 1);
    }
    // The list keeps the caches it named until it is filled again: a handle's cache, table
    // and userdata are small, and the list never grows past the fields read in one epoch.
    lua_pop(L, 1);
}

// Caches the value on top under the key at 2 in the cache at 3, and lists them.
static void cache_read(lua_State *L, detent_limits *limits) {
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -2);
    lua_rawset(L, 3);
    if (limits->read_cache_ref == 0) {
        lua_createtable(L, 16, 0);
        limits->read_cache_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, limits->read_cache_ref);
    int n = 2 * limits->read_cache_count++;
    lua_pushvalue(L, 3);
    lua_rawseti(L, -2, n + 1);
    lua_pushvalue(L, 2);
    lua_rawseti(L, -2, n + 2);
    lua_pop(L, 1);
}

// __index of a handle's read cache (cache, key): upvalue 1 maps each member's name to its
// number, upvalue 2 holds the class's reader with the same map by address. One call into the
// host with that number reads the member; no Swift string is made per read, and a number
// field is read into a C double with no Lua call on the Swift side.
static int read_member(lua_State *L) {
    const detent_class_index *ci = (const detent_class_index *)lua_touserdata(L, lua_upvalueindex(2));
    // (cache, key) -> (handle, key, cache): the reader's arguments as the class's were.
    lua_rawgetp(L, 1, &HANDLE_KEY);
    lua_rotate(L, 1, 1);
    lua_rotate(L, 2, 1);
    int member = member_number(L, ci);
    detent_limits *limits = ci->limits;
    shim_charge_host_call(L, limits);
    if (member >= 0) {
        // A number field of a live object: reading and pushing it call no Swift that could
        // allocate or raise, so it needs none of the other guards of a host call. Caching it
        // allocates as guest code does (a refused allocation raises here, in C, with no Swift
        // frame to unwind; guest objects have no finalizers, so none runs in between).
        detent_handle *handle = (detent_handle *)lua_touserdata(L, 1);
        double value;
        switch (ci->read_number(ci->context, handle, member, &value)) {
            case DETENT_NUMBER_FLOAT: lua_pushnumber(L, value); break;
            case DETENT_NUMBER_INTEGER: lua_pushinteger(L, (lua_Integer)value); break;
            case DETENT_NUMBER_NIL: lua_pushnil(L); return 1;
            default: goto host;
        }
        if (handle->epoch != limits->read_epoch) {
            handle->epoch = limits->read_epoch;
            handle->read_once = 0;
        }
        uint64_t bit = member < 64 ? (uint64_t)1 << member : 0;
        if (handle->read_once & bit) {
            cache_read(L, limits);
        } else {
            handle->read_once |= bit;
        }
        return 1;
    }
host:
    lua_settop(L, 2);
    int saved_depth = shim_guard_host(L, limits);
    return shim_leave_host(L, limits, saved_depth, ci->read(L, ci->context, member));
}

void detent_finish_class_metatable(lua_State *L, int class_index) {
    class_index = lua_absindex(L, class_index);
    lua_createtable(L, 0, 1);
    lua_rotate(L, -2, 1);
    lua_setfield(L, -2, "__index");
    lua_rawsetp(L, class_index, &CACHE_META_KEY);
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "v");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_rawsetp(L, class_index, &HANDLES_KEY);
}

// The metatable fields every handle's own metatable copies from its class's.
static const char *const HANDLE_META_FIELDS[] = { "__newindex", "__tostring", "__eq", "__name", "__metatable", NULL };

void *detent_push_handle(lua_State *L, int class_ref, int64_t id, size_t size, int *is_new) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, class_ref);
    int class_meta = lua_gettop(L);
    lua_rawgetp(L, class_meta, &HANDLES_KEY);
    int handles = lua_gettop(L);
    if (lua_rawgeti(L, handles, (lua_Integer)id) == LUA_TUSERDATA) {
        void *block = lua_touserdata(L, -1);
        lua_rotate(L, class_meta, 1);
        lua_settop(L, class_meta);
        *is_new = 0;
        return block;
    }
    lua_pop(L, 1);
    void *block = lua_newuserdatauv(L, size, 0);
    int handle = lua_gettop(L);
    lua_createtable(L, 0, 7);
    int meta = lua_gettop(L);
    for (const char *const *field = HANDLE_META_FIELDS; *field != NULL; field++) {
        lua_getfield(L, class_meta, *field);
        lua_setfield(L, meta, *field);
    }
    lua_pushvalue(L, class_meta);
    lua_rawsetp(L, meta, &CLASS_KEY);
    lua_createtable(L, 0, 4);
    lua_pushvalue(L, handle);
    lua_rawsetp(L, -2, &HANDLE_KEY);
    lua_rawgetp(L, class_meta, &CACHE_META_KEY);
    lua_setmetatable(L, -2);
    lua_setfield(L, meta, "__index");
    lua_setmetatable(L, handle);
    lua_pushvalue(L, handle);
    lua_rawseti(L, handles, (lua_Integer)id);
    lua_rotate(L, class_meta, 1);
    lua_settop(L, class_meta);
    *is_new = 1;
    return block;
}

void *detent_handle_block(lua_State *L, int index, int class_ref) {
    void *block = lua_touserdata(L, index);
    if (block == NULL || lua_type(L, index) != LUA_TUSERDATA || !lua_getmetatable(L, index)) return NULL;
    lua_rawgetp(L, -1, &CLASS_KEY);
    lua_rawgeti(L, LUA_REGISTRYINDEX, class_ref);
    int same = lua_rawequal(L, -1, -2);
    lua_pop(L, 3);
    return same ? block : NULL;
}

// The Swift runtime's own (libswiftCore, linked into every Detent binary).
extern _Bool swift_isDeallocating(void *object);

int detent_is_deallocating(void *object) { return swift_isDeallocating(object) ? 1 : 0; }

void detent_push_class_index(lua_State *L, detent_member_read read, detent_number_read read_number, void *context) {
    int members = lua_absindex(L, -1);
    size_t count = 0;
    lua_pushnil(L);
    while (lua_next(L, members)) {
        if (lua_type(L, -2) == LUA_TSTRING) count++;
        lua_pop(L, 1);
    }
    size_t slots = 4;
    while (slots < 2 * count) slots *= 2;
    detent_class_index *ci = (detent_class_index *)lua_newuserdatauv(L, sizeof(detent_class_index) + slots * sizeof(detent_member_slot), 0);
    ci->read = read;
    ci->read_number = read_number;
    ci->context = context;
    ci->limits = detent_limits_of(L);
    ci->mask = slots - 1;
    memset(ci->slots, 0, slots * sizeof(detent_member_slot));
    lua_pushnil(L);
    while (lua_next(L, members)) {
        if (lua_type(L, -2) == LUA_TSTRING && lua_isinteger(L, -1)) {
            const char *name = lua_tolstring(L, -2, NULL);   // the key's own bytes, kept alive by the table
            size_t i = member_slot_of(name, ci->mask);
            while (ci->slots[i].name != NULL) i = (i + 1) & ci->mask;
            ci->slots[i].name = name;
            ci->slots[i].member = (int)lua_tointegerx(L, -1, NULL);
        }
        lua_pop(L, 1);
    }
    lua_pushcclosure(L, read_member, 2);
}
