// Where an error happened, in the script's terms: the script line a limit stopped, a
// helper's error located at the spec line that called the helper, a message's location
// checked against the frames on the stack, and the traceback a failed call keeps. In C
// because the count hook and the allocator's refusal note a location at the moment of a
// stop, before the error unwinds the stack, from C that must not call into Swift; the
// locations Swift and the prelude ask for share that walk of the stack.
#include "internal.h"
#include <stdio.h>
#include <string.h>

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
// level of a deep stack costs the square of its depth: a runaway recursion stopped hundreds
// of thousands of frames deep would take minutes to locate its error. A search for a location
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
