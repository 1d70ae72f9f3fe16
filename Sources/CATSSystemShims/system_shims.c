// The two system calls the socket layer (AtscheckSystem/Sockets) cannot reach from Swift.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE   // accept4, pipe2
#endif
#include "CATSSystemShims.h"
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

int ats_system_accept_cloexec(int listener, struct sockaddr *address, socklen_t *length) {
#ifdef __linux__
    return accept4(listener, address, length, SOCK_CLOEXEC);
#else
    int fd = accept(listener, address, length);
    if (fd >= 0) fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC);
    return fd;
#endif
}

int ats_system_pipe_cloexec(int fds[2]) {
#ifdef __linux__
    return pipe2(fds, O_CLOEXEC);
#else
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}
