// How the process gives freed memory back to the system (glibc's malloc_trim and mallopt):
// a daemon or a long run whose Lua states once held a memory bomb should not keep its pages
// for ever. In C beside the allocator (allocator.c), whose high-water mark decides a trim.
#include "CLuaShim.h"
#include <malloc.h>

// Hands the heap's free pages back to the system when the state behind `limits` ever held
// more than 16 MiB (glibc keeps what a process freed for later; a daemon whose session just
// dropped a memory bomb's hundreds of MiB should not). Small states cost no trim.
void detent_return_memory_of(detent_limits *limits) {
    if (limits->peak > ((size_t)16 << 20)) malloc_trim(0);
}

// Blocks of 256 KiB and more come straight from mmap and go straight back when freed, in every
// thread's arena: glibc otherwise raises that threshold as such blocks are freed (up to
// 32 MiB) and serves later big blocks from arenas it keeps, so a long-lived process that saw
// memory bombs and huge strings in its Lua states would hold hundreds of MiB it no longer uses.
void detent_return_large_blocks_at_once(void) { mallopt(M_MMAP_THRESHOLD, 256 * 1024); }
