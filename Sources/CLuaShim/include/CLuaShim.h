// CLuaShim: the C side of Detent's Lua bridge. It holds what Swift cannot: Lua's macros,
// whatever may raise a Lua error (a longjmp, which must never cross Swift frames: Swift
// returns a status, C raises), and what Lua's core calls back (the allocator, the hook). The
// limits (SPEC §13), an instruction budget or a CPU watchdog and a memory cap, bite only while
// guest (script) code runs. One file per concern:
//
//   api_wrappers.c    Lua's function-like macros as functions Swift can call.
//   bytecode.c        Loads: a script's chunk as text only, Detent's precompiled prelude as binary.
//   host_functions.c  The trampoline that lets a Swift closure act as a Lua C function.
//   handle_index.c    Handles and their reads: the class's __index in C, the read caches.
//   allocator.c       Each state's allocator, which enforces the memory cap.
//   limits.c          The budget, the stop flags and the count hook; entering guest code.
//   stop_signal.c     The signal that stops guest code running without the count hook.
//   pcall_guard.c     pcall and xpcall that never catch a limit's stop.
//   tasks.c           The coroutines the host resumes, and scripts' guarded coroutine functions.
//   locations.c       Where an error happened, in the script's terms; tracebacks.
//   coverage.c        Line coverage for `detent run --coverage`.
//   malloc_tuning.c   Giving freed memory back to the system.
//   pattern.c         string.find, match, gmatch and gsub on a matcher made stoppable
//                     (pattern_matcher.c).
//   pristine.c        The snapshot that lets one state run many spec files: taking it, putting
//                     it back (pristine_restore.c), the prints both compare (pristine_prints.c).
//
// internal.h, host_call.h, pattern_matcher.h and pristine_prints.h declare what the files
// share and Swift never sees.
#ifndef DETENT_CLUASHIM_H
#define DETENT_CLUASHIM_H

#include <stddef.h>
#include <stdint.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

// ---- Macros as functions -------------------------------------------------------------
void detent_lua_pop(lua_State *L, int n);
void detent_lua_newtable(lua_State *L);
const char *detent_lua_tostring(lua_State *L, int idx, size_t *len);
int detent_lua_pcall(lua_State *L, int nargs, int nresults, int msgh);
int detent_lua_upvalueindex(int i);
int detent_lua_registryindex(void);
void detent_lua_insert(lua_State *L, int idx);
void detent_lua_remove(lua_State *L, int idx);
void detent_lua_replace(lua_State *L, int idx);
int detent_lua_isnoneornil(lua_State *L, int idx);
lua_Number detent_lua_tonumber(lua_State *L, int idx, int *isnum);
lua_Integer detent_lua_tointeger(lua_State *L, int idx, int *isnum);
void *detent_lua_newuserdata(lua_State *L, size_t size);
int detent_luaL_getmetatable(lua_State *L, const char *name);
int detent_lua_loadtext(lua_State *L, const char *text, size_t len, const char *chunkname);
void detent_lua_pushglobaltable(lua_State *L);
void **detent_lua_extraspace(lua_State *L);
void detent_lua_gc_collect(lua_State *L);

// ---- Precompiled trusted chunks (Detent's own prelude; never scenario code) --------------
typedef struct { char *data; size_t size; size_t capacity; } detent_buffer;
/// Dumps the function on top of the stack (with debug info) into `out`; free with detent_buffer_free.
int detent_lua_dump(lua_State *L, detent_buffer *out);
void detent_buffer_free(detent_buffer *buffer);
/// Loads a chunk produced by detent_lua_dump (binary mode only).
int detent_lua_loadbinary(lua_State *L, const char *data, size_t len, const char *chunkname);

// ---- Swift functions as Lua functions -------------------------------------------------
/// Called by the trampoline. Returns the number of results (>= 0) or -1 after pushing an
/// error value, which the trampoline raises with lua_error from C.
typedef int (*detent_host_invoke)(lua_State *L, void *context);
/// Called from the closure's __gc to release the Swift context.
typedef void (*detent_host_release)(void *context);

/// Pushes a Lua C closure that calls `invoke(L, context)`. `release(context)` runs when Lua
/// collects the closure (or at lua_close).
void detent_push_host_function(lua_State *L, detent_host_invoke invoke, detent_host_release release, void *context);

// ---- Handle classes ------------------------------------------------------------------------
/// The member number passed for a key that names no member (or is not a string).
enum { DETENT_MEMBER_UNKNOWN = -2147483647 };
/// Reads member `member` of the handle at stack index 1 (the key is at index 2): pushes one
/// value and returns 1, or returns -1 after pushing an error message, which C raises.
typedef int (*detent_member_read)(lua_State *L, void *context, int member);

/// What a number reader found (see detent_push_class_index).
typedef enum {
    DETENT_NUMBER_NONE = 0,     // not a number field, or the handle is dead: ask `read`
    DETENT_NUMBER_FLOAT = 1,    // push `value` as a float
    DETENT_NUMBER_INTEGER = 2,  // push `value` as an integer
    DETENT_NUMBER_NIL = 3,      // push nil
} detent_number_kind;
typedef int (*detent_number_read)(void *context, const void *block, int member, double *value);

/// Nonzero once the Swift object at `object` has lost its last strong reference (the Swift
/// runtime's swift_isDeallocating, the test behind `unowned(safe)` loads; its memory lives
/// on while unowned references remain). The handle registry's liveness check.
int detent_is_deallocating(void *object);

/// Pushes the C closure that reads a class's members (the __index behind its handles' read
/// caches, see detent_finish_class_metatable). Expects on top of the stack a table mapping
/// each member's name to its number (popped, kept as upvalue 1); `read(L, context, number)`
/// is called for every read the cache misses (DETENT_MEMBER_UNKNOWN for other keys). While `read` runs,
/// lua_upvalueindex(1) still names that table. `context` must outlive the closure.
/// `read_number(context, block, number, &value)` is asked first for members numbered 0 and
/// up, `block` being the handle's userdata block (NULL for a value that is none): for a number
/// field of a live object it stores the value and says how to push it, else returns
/// DETENT_NUMBER_NONE. It calls no Lua function.
void detent_push_class_index(lua_State *L, detent_member_read read, detent_number_read read_number, void *context);

/// The block of a handle's userdata: the object's id in the handle registry, then what the
/// read cache keeps (the epoch of `read_once`, whose bit k says member k was read once in it).
typedef struct {
    int64_t id;
    uint64_t epoch;
    uint64_t read_once;
} detent_handle;

/// Completes the class metatable at `class_index` (its shared functions and names set) with
/// the reader closure on top of the stack (popped): handles of the class get a metatable of
/// their own whose __index is the handle's read cache, a table of the number fields read since
/// the last host call, behind which the reader runs (see "Read caches" in handle_index.c).
void detent_finish_class_metatable(lua_State *L, int class_index);

/// Pushes the handle of id `id` of the class whose metatable is registry[class_ref]: the one
/// already made if it is still alive, else a new userdata of `size` bytes. Returns its block
/// and whether it is new (its block is then to be filled).
void *detent_push_handle(lua_State *L, int class_ref, int64_t id, size_t size, int *is_new);

/// The block of the value at `index` when it is a handle of the class whose metatable is
/// registry[class_ref], else NULL. Pushes nothing.
void *detent_handle_block(lua_State *L, int index, int class_ref);


// ---- Limits ------------------------------------------------------------------------------
typedef enum {
    DETENT_KILL_NONE = 0,
    DETENT_KILL_INSTRUCTIONS = 1,
    DETENT_KILL_MEMORY = 2,
    DETENT_KILL_INTERRUPTED = 3,
    DETENT_KILL_CPU_TIME = 4,
} detent_kill_reason;

/// Lines run per script file, for `detent run --coverage` (coverage.c).
typedef struct detent_coverage detent_coverage;

typedef struct detent_limits {
    size_t used;                 // bytes currently allocated by this state
    size_t peak;                 // high-water mark of `used`
    size_t cap;                  // bytes guest code may hold; 0 = unlimited
    int64_t budget;              // instructions a guest run may execute; 0 = unlimited
    int64_t executed;            // instructions executed since the last reset (in hook steps)
    int guest_depth;             // > 0 while guest code runs (and not inside a host callback)
    detent_kill_reason killed;   // why the current guest run is being stopped
    int *interrupt;              // set (atomically, from any thread) to stop guest code; may be NULL
    size_t host_bytes;           // estimated bytes of host objects (worlds, screens, touches…) made since the last reset
    char *kill_where;            // "chunk:line" of the script where a limit stopped it ("" until then); may be NULL
    size_t kill_where_size;      // bytes at kill_where
    int cpu_expired;             // set (atomically) by the CPU watchdog when the test's CPU time is up
    lua_State *running;          // the thread last seen running guest code (hook, host call, resume); may be NULL
    int counts_instructions;     // 1: the count hook runs every HOOK_STEP instructions (exact, deterministic budget);
                                 // 0: no hook while code runs (full speed); a stop flag sets it asynchronously (detent_poke_running)
    detent_coverage *coverage;   // lines run, while coverage is on (the line hook rides with the count hook); else NULL
    int pcall_depth;             // guarded pcalls now open (approximately: kept by entries and exits, recounted at the limit)
    int read_cache_ref;          // registry reference of the list of values cached in handles' read caches (0: none yet)
    int read_cache_count;        // how many values that list holds: all are dropped before host code may change one
    uint64_t read_epoch;         // bumped by every host call and entry into Lua: reads of one epoch see one state
} detent_limits;

/// Turns line coverage on for this state (and the coroutines it makes from now on): every line
/// a script file ("@path", not Detent's own chunks) runs is counted. Returns 0 when out of memory.
int detent_coverage_enable(lua_State *L);
/// The files counted so far: each one's source ("@path"), and its hits by line (index = line;
/// `size` entries, line 0 unused).
int detent_coverage_file_count(detent_limits *limits);
const char *detent_coverage_file_source(detent_limits *limits, int i);
int detent_coverage_file_size(detent_limits *limits, int i);
const uint32_t *detent_coverage_file_hits(detent_limits *limits, int i);
/// Forgets the counts (after they were taken); coverage stays on.
void detent_coverage_clear(detent_limits *limits);
/// Takes the count hook off one coroutine (a watched job's, in the watchdog mode), keeping
/// coverage's line hook when it is on.
void detent_clear_thread_hook(lua_State *thread);
/// Frees the counts and turns coverage off (when the state closes).
void detent_coverage_free(detent_limits *limits);

/// Charges host-side work done for guest code — `instructions` to the budget and `bytes` of
/// host objects to the memory cap — so a loop that makes worlds, screens or touches is
/// stopped as a loop of Lua instructions or allocations would be. Returns nonzero (and marks
/// the state killed) when a limit is now exceeded; the caller then raises.
int detent_charge_host(lua_State *L, int64_t instructions, size_t bytes);

/// Called by C loops that run long without executing Lua instructions (the pattern matcher):
/// charges `instructions` to the budget and polls the stop flags (interrupt, CPU watchdog);
/// raises the limit's error (longjmp) when the state is being stopped. No-op outside guest code.
void detent_poll_limits(lua_State *L, int64_t instructions);

/// Replaces string.find, match, gmatch and gsub with Lua 5.4's matcher made stoppable
/// (pattern.c): each step is charged to the budget, so no pattern can hang a test.
void detent_install_bounded_patterns(lua_State *L);

/// Resumes `co` as guest code (guest depth raised, `co` noted as the running thread).
int detent_resume_guest(lua_State *co, lua_State *from, int nargs, int *nresults);

/// Atomically sets or clears an interrupt flag that a state's count hook reads.
void detent_interrupt_set(int *flag, int value);
int detent_interrupt_get(const int *flag);

/// Creates a state whose allocator enforces `limits->cap` while guest code runs.
lua_State *detent_newstate(detent_limits *limits);
/// Installs the instruction-count hook on L (new threads inherit it).
void detent_install_budget_hook(lua_State *L);
/// Clears the executed count and kill reason and re-arms the hook on L at its normal step.
void detent_reset_limits(lua_State *L);
/// Instructions between two count-hook calls.
int detent_hook_step(void);

/// Counting mode: on (exact budget, the hook every step) or off (no hook while guest code
/// runs; stop flags reach it through `detent_poke_running`). Takes effect on L at once.
void detent_set_counting(lua_State *L, int counts_instructions);

/// Notes that the calling thread runs guest code of `limits` (NULL: none), for the stop signal.
void detent_watch_thread(detent_limits *limits);
/// Installs (once per process) the handler of the signal that stops guest code on its own
/// thread: it sets the count hook on the thread's running coroutine, which then reads the
/// stop flags at its next instruction — as lua.c stops a script on Ctrl-C. Returns the signal.
int detent_install_stop_signal(void);

/// malloc_trim(0) when the state behind `limits` ever held more than 16 MiB: the heap's free
/// pages go back to the system.
void detent_return_memory_of(detent_limits *limits);
/// mallopt(M_MMAP_THRESHOLD, 256 KiB): large blocks are mapped and unmapped, never kept (a daemon's choice).
void detent_return_large_blocks_at_once(void);

void detent_enter_guest(lua_State *L);
void detent_leave_guest(lua_State *L);
detent_limits *detent_limits_of(lua_State *L);

/// A message handler for lua_pcall: stores luaL_traceback's text in the registry under
/// DETENT_TRACEBACK_KEY and returns the error value untouched.
#define DETENT_TRACEBACK_KEY "detent.traceback"
int detent_traceback_handler(lua_State *L);

// A Lua function: true when a limit (budget, memory, interrupt) has stopped this state's
// guest code. The sandbox's xpcall asks it before running a script's message handler: a
// handler called for a limit's error runs while Lua has hooks turned off, so it must not run.
int detent_lua_limit_reached(lua_State *L);

// Replaces the globals pcall and xpcall with Lua's own, except that neither catches a stop by
// a limit, and each polls the stop flags as a host call does (see pcall_guard.c).
void detent_install_guarded_pcall(lua_State *L);

// Pushes "chunk:line: " of the first frame at or above `level` that is a script's own code —
// not a C function and not one of Detent's Lua helpers (chunks named "(detent)/…" or
// "=(detent …)") — or "" when there is none. Errors raised by helpers such as drag() or
// wait() then point at the spec line that called them.
void detent_push_script_where(lua_State *L, int level);

// Pushes the error message at `index` located at the script line it was raised on (the first
// script frame at or above `level`): unchanged when it starts with "chunk:line:" of a frame
// on the stack; with a Detent helper's location replaced by the script's; with the script's
// location in front when it has none, or one no frame is at (error("x", 0), a forged one).
void detent_push_located_message(lua_State *L, int index, int level);

// Marks `co` a task: a coroutine the host resumes (a test, spawn(fn), a script, an eval),
// the only kind whose yields reach the run loop. (A weak set in the registry.)
void detent_mark_task(lua_State *L, lua_State *co);

// A Lua function for the wait verbs: true when the running code may wait — it runs in a task
// and nothing but Lua lies between it and the task's resume; else "callback" (a handler,
// condition or policy the host calls, which cannot yield) or "coroutine" (a coroutine the
// script made itself, whose yield would go to its own resume instead of the run loop).
int detent_lua_can_wait(lua_State *L);

// Replaces coroutine.resume and coroutine.close with versions that refuse tasks (only the run
// loop resumes those) and note the resumed coroutine as running (memory refusals inside it
// are then located there).
void detent_install_guarded_coroutines(lua_State *L);

// ---- Pristine snapshot (pristine.c): one state reused by many spec files -------------------
/// What a pristine snapshot recorded: the tables with their fields, the upvalues of Lua
/// functions and the userdata (what a restore visits).
typedef struct { lua_Integer tables, fields, upvalues, userdata; } detent_pristine_size;
/// Records everything reachable from the globals, the string metatable, the loaded libraries
/// and the values of the array on top of the stack (popped); `size` receives what was
/// recorded. Returns a Lua status; on an error its message is left on top.
int detent_pristine_take(lua_State *L, detent_pristine_size *size);
/// Puts every recorded object back as it was when the snapshot was taken. Returns a Lua
/// status; on an error its message is left on top.
int detent_pristine_restore(lua_State *L);

#endif
