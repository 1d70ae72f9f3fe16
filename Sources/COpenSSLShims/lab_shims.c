// TLSLab helpers: the SSL_CTX_* macros the lab servers need, as callable functions.
// Declared in the "TLSLab shims" section at the end of include/COpenSSLShims.h.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE   // accept4, pipe2
#endif
#include "COpenSSLShims.h"
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

int ats_lab_ctx_set_proto_versions(SSL_CTX *ctx, int min_version, int max_version) {
    if (SSL_CTX_set_min_proto_version(ctx, min_version) != 1) return 0;
    if (SSL_CTX_set_max_proto_version(ctx, max_version) != 1) return 0;
    return 1;
}

int ats_lab_ctx_set_dh_auto(SSL_CTX *ctx) {
    return SSL_CTX_set_dh_auto(ctx, 1) == 1;
}

int ats_lab_accept_cloexec(int listener) {
#ifdef __linux__
    return accept4(listener, NULL, NULL, SOCK_CLOEXEC);
#else
    int fd = accept(listener, NULL, NULL);
    if (fd >= 0) fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC);
    return fd;
#endif
}

int ats_lab_pipe_cloexec(int fds[2]) {
#ifdef __linux__
    return pipe2(fds, O_CLOEXEC);
#else
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}
