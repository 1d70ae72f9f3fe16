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

/// The kind of non-public address `address` (AF_INET or AF_INET6) holds: "loopback",
/// "link-local", "private", "private (unique local)", "shared (carrier-grade NAT)",
/// "unspecified", "multicast", "IETF-reserved", "benchmarking" or "reserved" (an IPv4-mapped
/// or NAT64 IPv6 address is classified as the IPv4 address it carries); "non-IP" for another
/// family; NULL when it is public.
const char *ats_system_sockaddr_kind(const struct sockaddr *address);

/// ats_system_sockaddr_kind for an IPv4 or IPv6 literal (IPv6 with or without brackets, a
/// zone allowed); NULL when it is public or not an address literal.
const char *ats_system_address_kind(const char *text);

#endif
