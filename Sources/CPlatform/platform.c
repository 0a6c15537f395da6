// What CPlatform declares beyond glibc's hidden functions (include/CPlatform.h).
#define _GNU_SOURCE
#include "CPlatform.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int detent_die_with_parent(void) {
    return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
}

int detent_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int detent_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

int detent_built_with_sanitizer(void) {
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
    return 1;
#endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
    return 1;
#endif
    return 0;
}

// The write end of the pipe `detent_signal_pipe` made: a byte is written to it for each signal.
static int signal_pipe_write = -1;

static void write_signal_byte(int signo) {
    int saved = errno;
    unsigned char byte = (unsigned char)signo;
    (void)!write(signal_pipe_write, &byte, 1);   // a full pipe already says "signalled"
    errno = saved;
}

// Its read end, returned again for a second signal.
static int signal_pipe_read = -1;

int detent_signal_pipe(int signo) {
    if (signal_pipe_write < 0) {
        int fds[2];
        if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
        // The read end blocks: a thread waits on it.
        int flags = fcntl(fds[0], F_GETFL);
        fcntl(fds[0], F_SETFL, flags & ~O_NONBLOCK);
        signal_pipe_read = fds[0];
        signal_pipe_write = fds[1];
    }
    struct sigaction action = {0};
    action.sa_handler = write_signal_byte;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    if (sigaction(signo, &action, NULL) != 0) return -1;
    return signal_pipe_read;
}

int detent_fork_worker(int channel, int error_fd) {
    pid_t pid = fork();
    if (pid != 0) return pid;
    if (dup2(channel, 3) < 0 || dup2(error_fd, 2) < 0) _exit(71);
    if (syscall(SYS_close_range, 4, ~0U, 0) != 0) {
        long highest = sysconf(_SC_OPEN_MAX);
        if (highest < 0 || highest > 65536) highest = 65536;
        for (long fd = 4; fd < highest; fd++) close((int)fd);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (int signo = 1; signo < NSIG; signo++) signal(signo, SIG_DFL);
    return 0;
}

int detent_thread_count(void) {
    FILE *file = fopen("/proc/self/stat", "r");
    if (file == NULL) return -1;
    char text[1024];
    size_t length = fread(text, 1, sizeof text - 1, file);
    fclose(file);
    text[length] = 0;
    // The fields after the command's closing parenthesis: state is the 3rd, threads the 20th.
    char *rest = strrchr(text, ')');
    if (rest == NULL) return -1;
    int field = 2, threads = -1;
    for (char *token = strtok(rest + 1, " "); token != NULL; token = strtok(NULL, " ")) {
        field++;
        if (field == 20) { threads = atoi(token); break; }
    }
    return threads;
}

int detent_await_exit(pid_t pid, int milliseconds) {
#ifdef SYS_pidfd_open
    int fd = (int)syscall(SYS_pidfd_open, pid, 0);
    if (fd < 0) return -1;
    struct pollfd ended = { .fd = fd, .events = POLLIN, .revents = 0 };
    int ready;
    do { ready = poll(&ended, 1, milliseconds); } while (ready < 0 && errno == EINTR);
    close(fd);
    return ready > 0 ? 1 : ready == 0 ? 0 : -1;
#else
    (void)pid; (void)milliseconds;
    return -1;
#endif
}
