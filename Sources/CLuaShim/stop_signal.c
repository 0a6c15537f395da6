// Stopping guest code that runs without the count hook (the watchdog mode): a signal sent to
// the thread that runs it sets the hook on its running coroutine, which then reads the stop
// flags at its next instruction, as lua.c stops a script on Ctrl-C. In C because the handler
// runs inside whatever the thread was doing, Lua's core included: it may only store the hook
// (lua_sethook is safe there), never call into Swift.
#include "internal.h"
#include <signal.h>
#include <pthread.h>
#include <string.h>

// The limits whose guest code this thread runs (set while a job is armed); read by the signal
// handler, which runs on this same thread, so nothing is shared between threads here.
static __thread detent_limits *watched_limits = NULL;
// The thread's signal mask before it was watched: Dispatch's worker threads block every
// signal, so the stop signal is unblocked while a job runs and the mask restored after.
static __thread sigset_t saved_mask;
static __thread int mask_saved = 0;
static int stop_signal_number(void) { return SIGRTMIN + 3; }

void detent_watch_thread(detent_limits *limits) {
    if (limits != NULL && !mask_saved) {
        sigset_t stop;
        sigemptyset(&stop);
        sigaddset(&stop, stop_signal_number());
        if (pthread_sigmask(SIG_UNBLOCK, &stop, &saved_mask) == 0) mask_saved = 1;
    }
    watched_limits = limits;
    if (limits == NULL && mask_saved) {
        pthread_sigmask(SIG_SETMASK, &saved_mask, NULL);
        mask_saved = 0;
    }
}

static void stop_signal_handler(int signo) {
    (void)signo;
    detent_limits *limits = watched_limits;
    if (limits == NULL || limits->running == NULL) return;
    // lua_sethook only stores the hook and marks the call frames to trap: what lua.c does
    // from its SIGINT handler. The hook runs at the coroutine's next instruction.
    shim_set_hook(limits->running, limits, LUA_MASKCOUNT, 1);
}

int detent_install_stop_signal(void) {
    static int installed = 0;
    int signo = stop_signal_number();
    if (!installed) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = stop_signal_handler;
        action.sa_flags = SA_RESTART;
        sigemptyset(&action.sa_mask);
        sigaction(signo, &action, NULL);
        installed = 1;
    }
    return signo;
}
