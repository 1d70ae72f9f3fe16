#ifndef ATSCHECK_SYSTEM_SHIMS_H
#define ATSCHECK_SYSTEM_SHIMS_H
#include <sys/socket.h>

/// accept(2) returning a close-on-exec descriptor atomically where the system allows
/// (accept4 on Linux, which Glibc declares only under _GNU_SOURCE, out of Swift's reach), so
/// a concurrently spawned child never inherits it. `address`/`length` as for accept(2), may
/// be NULL. -1 + errno on failure.
int ats_system_accept_cloexec(int listener, struct sockaddr *address, socklen_t *length);

/// pipe(2) with both ends close-on-exec (pipe2 on Linux). 0 on success, -1 + errno on failure.
int ats_system_pipe_cloexec(int fds[2]);

#endif
