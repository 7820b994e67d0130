#ifndef IDSCOPE_PLATFORM_H
#define IDSCOPE_PLATFORM_H

/* The few C-library calls that differ between Linux (glibc, musl) and Darwin, behind plain
 * functions of ours. Only IDPlatform imports this header; the rest of idscope calls IDPlatform's
 * Swift names. Each function says what it does on each system in platform.c, beside the
 * #if that picks it, with the header it was checked against. */

#include <stddef.h>
#include <sys/types.h>

/* Signals ---------------------------------------------------------------------------------- */

/* A handler for a signal that asks us to stop. */
typedef void (*idscope_stop_handler)(int sig);
/* A handler for a fault or another fatal signal: `sent_by_process` is 1 when another process
 * (or this one) sent it with kill/raise/sigqueue, 0 when the kernel raised it for a fault. */
typedef void (*idscope_fatal_handler)(int sig, int sent_by_process);

/* Installs `handler` for `sig` without SA_RESTART (a blocking read returns EINTR), and unblocks
 * `sig` in the calling thread. 0 or -1. */
int idscope_signal_catch(int sig, idscope_stop_handler handler);
/* Installs `handler` for `sig` on the alternate stack, keeping the action it replaces. */
int idscope_signal_catch_fatal(int sig, idscope_fatal_handler handler);
/* How the fatal handler reads a signal's si_code: 1 where a process sent it, 0 for a fault. With
 * darwin_rules, xnu's codes and its arm64 SIGTRAP (platform.c says why); else Linux's. */
int idscope_signal_reads_as_sent(int sig, int code, int darwin_rules);
/* Whether the action replaced by idscope_signal_catch_fatal was a function (not default/ignore). */
int idscope_signal_previous_is_function(int sig);
/* Puts back the action that idscope_signal_catch_fatal replaced. */
int idscope_signal_restore_previous(int sig);
/* Sets the default action for `sig`. */
int idscope_signal_default(int sig);
/* Ignores `sig`. */
int idscope_signal_ignore(int sig);
/* 1 when the signal's action is to ignore it (as a shell leaves SIGINT for a background job). */
int idscope_signal_is_ignored(int sig);

/* Files ------------------------------------------------------------------------------------ */

/* Flushes a file's data to the disk itself, not only to the drive's cache where the system
 * can tell the two apart. 0 or -1 with errno. */
int idscope_durable_flush(int fd);

/* Sockets ---------------------------------------------------------------------------------- */

/* A TCP socket for IPv4 on which a send to a closed peer fails with EPIPE rather than raising
 * SIGPIPE. -1 with errno on failure. */
int idscope_tcp_socket(void);
/* send(2) that never raises SIGPIPE (on a socket from idscope_tcp_socket). */
ssize_t idscope_send(int fd, const void *bytes, size_t count);

/* Processes -------------------------------------------------------------------------------- */

/* The absolute path of the running executable, symlinks resolved, into `buffer`. 0 or -1. */
int idscope_executable_path(char *buffer, size_t size);
/* The path of the loaded image (executable or library, a test bundle) that holds `address`. */
int idscope_image_path(const void *address, char *buffer, size_t size);

/* What a spawned child starts with. */
typedef struct {
    /* For each of the child's standard descriptors 0, 1, 2: a descriptor of ours to give it
     * (>= 0), or -1 to open `paths[i]` (O_RDONLY for 0, else O_WRONLY|O_CREAT|O_TRUNC), or -1
     * with a NULL path to inherit ours. */
    int fds[3];
    const char *paths[3];
    /* A descriptor of ours to close in the child (-1: none). */
    int close_fd;
    /* Start a new session (setsid): the child gets its own controlling terminal. */
    int new_session;
    /* Empty signal mask and default actions (test threads block signals, and children would
     * inherit that). */
    int reset_signals;
} idscope_spawn_options;

/* posix_spawn with the options above. Returns 0 and sets *pid, or an errno value. */
int idscope_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[],
                  const idscope_spawn_options *options);

/* A new pseudo-terminal of `columns` x `rows`: its controller into *controller and its terminal
 * (opened) into *terminal. 0 or -1 with errno. */
int idscope_open_pty(int *controller, int *terminal, int columns, int rows);

/* Raises the soft limit on open descriptors to the hard one (on Darwin, to OPEN_MAX at most) and
 * returns the soft limit now in force. */
long idscope_raise_open_file_limit(void);

/* This process's resident memory in bytes (0 when unknown). */
size_t idscope_resident_bytes(void);

#endif
