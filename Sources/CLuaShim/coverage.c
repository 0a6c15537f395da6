// Line coverage for `detent run --coverage`: the lines each script file runs, counted by the
// hook's line event (limits.c adds that event to every hook it sets while coverage is on).
// In C because the hook that counts is called by Lua's core on every line, and the counts
// are kept in host memory, outside the Lua state and its memory cap.
#include "internal.h"
#include <stdlib.h>
#include <string.h>

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
