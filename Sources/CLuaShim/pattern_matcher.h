// The matcher behind the bounded string functions (pattern.c), shared between its two files:
// its state, its limits, and the step count that charges its work to the state's budget.
#ifndef DETENT_CLUASHIM_PATTERN_MATCHER_H
#define DETENT_CLUASHIM_PATTERN_MATCHER_H

#include "internal.h"

enum {
    MAX_CAPTURES = 32,        // LUA_MAXCAPTURES
    MAX_DEPTH = 200,          // MAXCCALLS: recursion of the matcher ("pattern too complex")
    CAP_UNFINISHED = -1,
    CAP_POSITION = -2,
    POLL_STEPS = 4096,        // steps between two looks at the budget and the stop flags
};
static const char ESCAPE = '%';

typedef struct {
    lua_State *L;
    const char *subject, *subject_end;
    const char *pattern_end;
    int depth_left;
    int level;                // captures opened (finished or not)
    struct { const char *start; ptrdiff_t length; } capture[MAX_CAPTURES];
    int64_t steps;            // steps since the last poll
} matcher;

// Charges the steps counted since the last poll and polls the stop flags (pattern_matcher.c);
// raises the limit's error when the state is being stopped.
SHIM_INTERNAL void shim_pattern_poll(matcher *m);

static inline void step(matcher *m, int64_t cost) {
    m->steps += cost;
    if (m->steps >= POLL_STEPS) shim_pattern_poll(m);
}

// Matches the pattern at p against the subject from s (pattern_matcher.c): the end of the
// match, or NULL. The captures it made are in m->capture[0 .. m->level).
SHIM_INTERNAL const char *shim_match(matcher *m, const char *s, const char *p);

#endif
