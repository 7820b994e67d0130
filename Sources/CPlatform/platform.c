/* The calls that differ between Linux and Darwin, each behind a function of ours.
 *
 * Darwin names are cited beside their use, read in Apple's open-source releases:
 *   xnu   https://github.com/apple-oss-distributions/xnu at tag xnu-11417.121.6
 *   dyld  https://github.com/apple-oss-distributions/dyld at tag dyld-1378
 * Nothing here has been compiled on Darwin: the #if branches are written from those sources
 * and POSIX, and only the Linux (glibc) branches are built and tested by this project. */

/* Feature macros (_GNU_SOURCE on Linux) come from Package.swift's cSettings: on a Mac SwiftPM
 * compiles C with clang modules on, and a #define here would not reach the headers' modules. */

#include "idscope_platform.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#if defined(__APPLE__)
#include <mach-o/dyld.h>     /* _NSGetExecutablePath */
#include <mach/mach.h>       /* task_info, MACH_TASK_BASIC_INFO */
#include <sys/syslimits.h>   /* OPEN_MAX */
#elif defined(__linux__)
#include <sys/auxv.h>        /* getauxval(AT_EXECFN) */
#endif

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* Signals ---------------------------------------------------------------------------------- */

/* Darwin's NSIG is 32 (xnu bsd/sys/signal.h), Linux's 65. */
static struct sigaction previous_actions[NSIG];
static volatile idscope_fatal_handler fatal_handler;

/* Whether a signal came from kill(2), raise(3), sigqueue(3) or a timer rather than from the
 * kernel for a fault, by the signal and its si_code. Written apart from the siginfo, with each
 * system's codes spelled out, so that the tests run both systems' rules on Linux.
 *
 * Linux: SI_USER 0, SI_QUEUE -1, SI_TIMER -2, SI_MESGQ -3, SI_ASYNCIO -4, SI_TKILL -6 (glibc
 * bits/siginfo-consts.h) are sent; faults have positive codes (SEGV_MAPERR 1, TRAP_BRKPT 1,
 * SI_KERNEL 0x80 for an x86 int3).
 *
 * Darwin: SI_USER 0x10001 to SI_MESGQ 0x10005 (xnu bsd/sys/signal.h:493-497), but xnu itself
 * fills in 0 for a signal sent with kill (bsd/kern/kern_sig.c:2321-2336, "si_code is 0 because
 * this is an ordinary signal"), so 0 reads as sent, with one exception: on arm64 xnu's sendsig
 * writes a code only for SIGILL, SIGFPE, SIGBUS and SIGSEGV (bsd/dev/arm/unix_signal.c:438-520);
 * every other signal gets the process's si_code, which exception delivery never sets
 * (kern_sig.c, threadsignal sets uu_code only). A Swift runtime trap (brk, EXC_BREAKPOINT) is
 * such a SIGTRAP with code 0, so SIGTRAP with 0 reads as a fault: a trap is what a SIGTRAP
 * almost always is, and misreading one would skip Swift's backtracer. `kill -TRAP` reads as a
 * fault in turn, as `kill -SEGV` does there (sendsig fills a fault code however those came). */
int idscope_signal_reads_as_sent(int sig, int code, int darwin_rules) {
    if (darwin_rules) {
        if (code >= 0x10001 && code <= 0x10005) return 1;
        return code == 0 && sig != SIGTRAP;
    }
    switch (code) {
    case 0: case -1: case -2: case -3: case -4: case -6: return 1;
    default: return 0;
    }
}

static int sent_by_process(int sig, const siginfo_t *info) {
    if (info == NULL) return 1;
#if defined(__APPLE__)
    return idscope_signal_reads_as_sent(sig, info->si_code, 1);
#else
    return idscope_signal_reads_as_sent(sig, info->si_code, 0);
#endif
}

static void fatal_trampoline(int sig, siginfo_t *info, void *context) {
    (void)context;
    idscope_fatal_handler handler = fatal_handler;
    if (handler) handler(sig, sent_by_process(sig, info));
}

static int valid_signal(int sig) { return sig > 0 && sig < NSIG; }

int idscope_signal_catch(int sig, idscope_stop_handler handler) {
    if (!valid_signal(sig)) { errno = EINVAL; return -1; }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    /* sa_handler is a macro for a union member on both systems, under different names (glibc:
     * __sigaction_handler.sa_handler; Darwin: __sigaction_u.__sa_handler, xnu
     * bsd/sys/signal.h:458-459), which Swift sees raw: hence C. */
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;   /* no SA_RESTART */
    if (sigaction(sig, &action, NULL) != 0) return -1;
    /* A signal mask is inherited: a parent that spawns us from a thread blocking the signal
     * (Foundation's Process, called on one of Dispatch's workers, which block most signals) would
     * leave it pending forever, neither caught nor acted on. A signal we catch is one we want:
     * unblocked in this thread, which the threads it starts later inherit. pthread_sigmask and
     * SIG_UNBLOCK are POSIX, declared by <signal.h> on both systems (Darwin: Libc-1725.0.11
     * include/signal.h:105; xnu-11417.101.15 bsd/sys/signal.h:489, SIG_UNBLOCK 2). */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    return pthread_sigmask(SIG_UNBLOCK, &set, NULL) == 0 ? 0 : -1;
}

int idscope_signal_catch_fatal(int sig, idscope_fatal_handler handler) {
    if (!valid_signal(sig)) { errno = EINVAL; return -1; }
    fatal_handler = handler;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = fatal_trampoline;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    return sigaction(sig, &action, &previous_actions[sig]);
}

int idscope_signal_previous_is_function(int sig) {
    if (!valid_signal(sig)) return 0;
    const struct sigaction *previous = &previous_actions[sig];
    if (previous->sa_flags & SA_SIGINFO) return previous->sa_sigaction != NULL;
    return previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN;
}

int idscope_signal_restore_previous(int sig) {
    if (!valid_signal(sig)) { errno = EINVAL; return -1; }
    return sigaction(sig, &previous_actions[sig], NULL);
}

static int set_disposition(int sig, void (*disposition)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = disposition;
    sigemptyset(&action.sa_mask);
    return sigaction(sig, &action, NULL);
}

int idscope_signal_default(int sig) { return set_disposition(sig, SIG_DFL); }
int idscope_signal_ignore(int sig) { return set_disposition(sig, SIG_IGN); }

int idscope_signal_is_ignored(int sig) {
    if (!valid_signal(sig)) return 0;
    struct sigaction current;
    if (sigaction(sig, NULL, &current) != 0) return 0;
    return !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN;
}

/* Files ------------------------------------------------------------------------------------ */

int idscope_durable_flush(int fd) {
#if defined(F_FULLFSYNC)
    /* Darwin's fsync hands the data to the drive, which may keep it in its cache; F_FULLFSYNC
     * asks the drive to write it (xnu bsd/sys/fcntl.h:304, `#define F_FULLFSYNC 51`).
     * File systems that cannot (network shares, FAT) refuse it: fsync is the most they give. */
    if (fcntl(fd, F_FULLFSYNC) == 0) return 0;
#endif
    return fsync(fd);
}

/* Sockets ---------------------------------------------------------------------------------- */

int idscope_tcp_socket(void) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return -1;
#if defined(SO_NOSIGPIPE)
    /* Darwin: the socket option says it once for every send (xnu bsd/sys/socket.h:174,
     * `#define SO_NOSIGPIPE 0x1022`). Its MSG_NOSIGNAL (socket.h:636-638) arrived only with
     * macOS 11 (xnu-7195), and glibc has no SO_NOSIGPIPE: each system gets its own. */
    int on = 1;
    if (setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
#endif
    return fd;
}

ssize_t idscope_send(int fd, const void *bytes, size_t count) {
#if defined(MSG_NOSIGNAL) && !defined(SO_NOSIGPIPE)
    return send(fd, bytes, count, MSG_NOSIGNAL);   /* Linux */
#else
    return send(fd, bytes, count, 0);              /* SO_NOSIGPIPE is set on the socket */
#endif
}

/* Processes -------------------------------------------------------------------------------- */

static int resolved(const char *path, char *buffer, size_t size) {
    char full[PATH_MAX];
    if (realpath(path, full) == NULL) return -1;
    if (strlen(full) + 1 > size) { errno = ENAMETOOLONG; return -1; }
    strcpy(buffer, full);
    return 0;
}

int idscope_executable_path(char *buffer, size_t size) {
#if defined(__APPLE__)
    /* dyld include/mach-o/dyld.h:90-99: `int _NSGetExecutablePath(char* buf, uint32_t* bufsize)`,
     * 0 on success, -1 with *bufsize set to the size needed when the buffer is too small. The
     * path may hold symlinks and `..`, hence realpath. */
    char raw[PATH_MAX];
    uint32_t length = sizeof raw;
    if (_NSGetExecutablePath(raw, &length) != 0) { errno = ENAMETOOLONG; return -1; }
    return resolved(raw, buffer, size);
#elif defined(__linux__)
    /* The kernel's own answer where /proc is mounted; else the path the program was started
     * with, which the kernel keeps in the auxiliary vector (relative to the starting folder). */
    ssize_t n = readlink("/proc/self/exe", buffer, size - 1);
    if (n > 0) {
        buffer[n] = '\0';
        return 0;
    }
    const char *started = (const char *)getauxval(AT_EXECFN);
    if (started == NULL) { errno = ENOENT; return -1; }
    return resolved(started, buffer, size);
#else
    (void)buffer; (void)size;
    errno = ENOSYS;
    return -1;
#endif
}

int idscope_image_path(const void *address, char *buffer, size_t size) {
    Dl_info info;
    if (dladdr(address, &info) == 0 || info.dli_fname == NULL) { errno = ENOENT; return -1; }
    return resolved(info.dli_fname, buffer, size);
}

int idscope_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[],
                  const idscope_spawn_options *options) {
    /* posix_spawn_file_actions_t and posix_spawnattr_t are structures in glibc and pointers on
     * Darwin (xnu libsyscall/wrappers/spawn/spawn.h:51-52, `typedef void *posix_spawnattr_t;`),
     * so Swift cannot make them the same way on both: they stay here. */
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int status = posix_spawn_file_actions_init(&actions);
    if (status != 0) return status;
    status = posix_spawnattr_init(&attributes);
    if (status != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return status;
    }
    for (int fd = 0; fd < 3 && status == 0; fd++) {
        if (options->fds[fd] >= 0) {
            status = posix_spawn_file_actions_adddup2(&actions, options->fds[fd], fd);
        } else if (options->paths[fd] != NULL) {
            int flags = fd == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC;
            status = posix_spawn_file_actions_addopen(&actions, fd, options->paths[fd], flags, 0600);
        }
    }
    if (status == 0 && options->close_fd >= 0) status = posix_spawn_file_actions_addclose(&actions, options->close_fd);
    short flags = 0;
    if (status == 0 && options->reset_signals) {
        sigset_t empty, all;
        sigemptyset(&empty);
        sigfillset(&all);
        status = posix_spawnattr_setsigmask(&attributes, &empty);
        if (status == 0) status = posix_spawnattr_setsigdefault(&attributes, &all);
        flags |= POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
    }
    if (status == 0 && options->new_session) {
#if defined(POSIX_SPAWN_SETSID)
        /* glibc 2.26 and later: 0x80 (spawn.h, under _GNU_SOURCE); Darwin: 0x0400 since
         * macOS 10.15 (xnu bsd/sys/spawn.h:65). */
        flags |= POSIX_SPAWN_SETSID;
#else
        status = ENOTSUP;
#endif
    }
    if (status == 0) status = posix_spawnattr_setflags(&attributes, flags);
    if (status == 0) status = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return status;
}

int idscope_open_pty(int *controller, int *terminal, int columns, int rows) {
    int fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (fd < 0) return -1;
    const char *name = NULL;
    if (grantpt(fd) != 0 || unlockpt(fd) != 0 || (name = ptsname(fd)) == NULL) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    int other = open(name, O_RDWR | O_NOCTTY);
    if (other < 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    struct winsize size;
    memset(&size, 0, sizeof size);
    size.ws_col = (unsigned short)columns;
    size.ws_row = (unsigned short)rows;
    (void)ioctl(other, TIOCSWINSZ, &size);
    *controller = fd;
    *terminal = other;
    return 0;
}

long idscope_raise_open_file_limit(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 256;
    rlim_t wanted = limit.rlim_max;
#if defined(__APPLE__)
    /* Darwin refuses a soft limit above OPEN_MAX (xnu bsd/sys/syslimits.h:108, 10240) even when
     * the hard limit is unlimited (setrlimit(2): "rlim_cur ... must be less than OPEN_MAX"). */
    if (wanted == RLIM_INFINITY || wanted > OPEN_MAX) wanted = OPEN_MAX;
#endif
    if (wanted != RLIM_INFINITY && wanted > limit.rlim_cur) {
        struct rlimit raised = limit;
        raised.rlim_cur = wanted;
        if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
    }
    return limit.rlim_cur == RLIM_INFINITY ? 1L << 20 : (long)limit.rlim_cur;
}

size_t idscope_resident_bytes(void) {
#if defined(__APPLE__)
    /* xnu osfmk/mach/task_info.h:327-330: MACH_TASK_BASIC_INFO, whose resident_size is bytes. */
    struct mach_task_basic_info info;
    mach_msg_type_number_t count = MACH_TASK_BASIC_INFO_COUNT;
    if (task_info(mach_task_self(), MACH_TASK_BASIC_INFO, (task_info_t)&info, &count) != KERN_SUCCESS) return 0;
    return (size_t)info.resident_size;
#elif defined(__linux__)
    /* /proc/self/statm: size, then resident, in pages. */
    FILE *file = fopen("/proc/self/statm", "r");
    if (file == NULL) return 0;
    unsigned long total = 0, resident = 0;
    int read = fscanf(file, "%lu %lu", &total, &resident);
    fclose(file);
    return read == 2 ? (size_t)resident * (size_t)sysconf(_SC_PAGESIZE) : 0;
#else
    return 0;
#endif
}
