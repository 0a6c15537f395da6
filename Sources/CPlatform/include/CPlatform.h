// glibc functions Swift's Glibc module hides behind _GNU_SOURCE, declared for DetentPlatform.
#ifndef DETENT_CPLATFORM_H
#define DETENT_CPLATFORM_H
#include <pthread.h>
#include <spawn.h>

// Names a thread for debuggers and `top -H` (at most 15 bytes and a NUL; glibc, pthread.h under _GNU_SOURCE).
int pthread_setname_np(pthread_t thread, const char *name);
// Reads a thread's name back (the tests check what the kernel kept).
int pthread_getname_np(pthread_t thread, char *name, size_t length);

// Asks the kernel to SIGKILL this process when the thread that started it ends (prctl
// PR_SET_PDEATHSIG): a worker never outlives its coordinator. Returns prctl's result.
int detent_die_with_parent(void);
// 1 when this binary was built with ThreadSanitizer or AddressSanitizer, whose shadow memory
// needs terabytes of address space (an RLIMIT_AS would make every allocation fail).
int detent_built_with_sanitizer(void);
// A spawned program's file actions close every descriptor from `lowest` up (glibc 2.34's
// posix_spawn_file_actions_addclosefrom_np, declared under _GNU_SOURCE only): a child holds
// only what it was given, whatever another thread of the parent opened without O_CLOEXEC.
int detent_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);
// pipe2 with O_CLOEXEC on both ends (glibc declares pipe2 under _GNU_SOURCE only).
int detent_pipe_cloexec(int fds[2]);
// Turns signal `signo` into a byte on a pipe (the handler only writes, which is
// async-signal-safe, whichever thread the signal lands on): returns the pipe's read end for
// a thread to wait on, or -1. A later call adds its signal to the same pipe (and returns the
// same read end): each byte is the number of the signal that wrote it.
int detent_signal_pipe(int signo);
// Forks this process, which must have no other thread, into a worker: in the child fd 3 is
// `channel`, fd 2 is `error_fd`, every other descriptor from 4 up is closed, and no signal is
// blocked and each is at its default (the Swift runtime's crash handlers too), as posix_spawn
// leaves a spawned worker; the child then prepares itself as every worker does
// (`WorkerServer.prepareProcess`: dying with its parent, its name). Returns the child's pid in
// the parent, 0 in the child, -1 when it cannot fork (errno).
int detent_fork_worker(int channel, int error_fd);
// How many threads this process has (/proc/self/stat), or -1 when it cannot tell.
int detent_thread_count(void);
// Waits at most `milliseconds` for child `pid` to end, without reaping it (a pidfd polled for
// readability, Linux 5.3): 1 when it has ended, 0 when the time ran out first, -1 when the
// kernel has no pidfds (or the pid is not a child any more) and the caller must poll instead.
int detent_await_exit(pid_t pid, int milliseconds);

#endif
