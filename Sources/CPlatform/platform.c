// What CPlatform declares beyond glibc's hidden functions (include/CPlatform.h).
#define _GNU_SOURCE
#include "CPlatform.h"
#include <fcntl.h>
#include <unistd.h>
#include <signal.h>
#include <sys/prctl.h>

int detent_die_with_parent(void) {
    return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
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
