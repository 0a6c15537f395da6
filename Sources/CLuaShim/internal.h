// What the shim's files share and Swift never sees: the few functions one concern calls in
// another, and the start of a read epoch, which every entry into Lua makes.
//
// The functions are hidden (not part of CLuaShim.h, not exported): each belongs to the file
// named beside it, which keeps the state it works on.
#ifndef DETENT_CLUASHIM_INTERNAL_H
#define DETENT_CLUASHIM_INTERNAL_H

#include "CLuaShim.h"

#define SHIM_INTERNAL __attribute__((visibility("hidden")))

// locations.c: whether `source` names one of Detent's own chunks (the prelude, the host's
// snippets) rather than a script's.
SHIM_INTERNAL int shim_is_detent_chunk(const char *source);
// locations.c: records where a limit stopped the script, once per reset.
SHIM_INTERNAL void shim_note_kill_where(lua_State *L, detent_limits *limits);

// limits.c: raises the error of the limit that stopped the state (never returns).
SHIM_INTERNAL int shim_raise_kill(lua_State *L, detent_limits *limits);
// limits.c: ends guest code a limit stopped: a yield to the resumer where possible, else a raise.
SHIM_INTERNAL int shim_stop_guest(lua_State *L, detent_limits *limits);
// limits.c: sets L's hook for `count_mask` (adding coverage's line event when coverage is on).
SHIM_INTERNAL void shim_set_hook(lua_State *L, detent_limits *limits, int count_mask, int count);
// limits.c: the hook a state runs with between stops.
SHIM_INTERNAL void shim_restore_hook(lua_State *L, detent_limits *limits);

// coverage.c: counts the line `ar` is at (called by the hook on a line event).
SHIM_INTERNAL void shim_record_line(lua_State *L, detent_coverage *coverage, lua_Debug *ar);

// handle_index.c: empties every handle's read cache.
SHIM_INTERNAL void shim_clear_read_caches(lua_State *L);

// A new epoch (see "Read caches" in handle_index.c): what a handle read once is forgotten, and
// the caches are emptied. Inline: every host call and every entry into Lua makes one.
static inline __attribute__((always_inline)) void shim_new_read_epoch(lua_State *L, detent_limits *limits) {
    limits->read_epoch += 1;
    if (limits->read_cache_count > 0) shim_clear_read_caches(L);
}

#endif
