// The one classifier of non-public addresses: the fetcher's open-socket guard (CATSCurlShims),
// the probe's resolved addresses and the app audit's URL hosts (AtscheckSystem) all use it.
#include "CATSSystemShims.h"
#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>

static const char *ipv4_kind(const unsigned char *a) {
    if (a[0] == 0) return "unspecified";
    if (a[0] == 127) return "loopback";
    if (a[0] == 169 && a[1] == 254) return "link-local";  /* cloud metadata: 169.254.169.254 */
    if (a[0] == 10 || (a[0] == 172 && (a[1] & 0xf0) == 16) || (a[0] == 192 && a[1] == 168)) return "private";
    if (a[0] == 100 && (a[1] & 0xc0) == 64) return "shared (carrier-grade NAT)";  /* Alibaba metadata: 100.100.100.200 */
    if (a[0] == 192 && a[1] == 0 && a[2] == 0) return "IETF-reserved";
    if (a[0] == 198 && (a[1] & 0xfe) == 18) return "benchmarking";
    if (a[0] >= 224) return a[0] < 240 ? "multicast" : "reserved";
    return NULL;
}

static const char *ipv6_kind(const unsigned char *a) {
    static const unsigned char zero[16] = {0};
    static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    static const unsigned char nat64[12] = {0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0};
    if (memcmp(a, zero, 15) == 0) return a[15] == 1 ? "loopback" : a[15] == 0 ? "unspecified" : "reserved";
    if (memcmp(a, mapped, 12) == 0 || memcmp(a, nat64, 12) == 0) return ipv4_kind(a + 12);
    if (a[0] == 0xfe && (a[1] & 0xc0) == 0x80) return "link-local";
    if ((a[0] & 0xfe) == 0xfc) return "private (unique local)";  /* AWS metadata: fd00:ec2::254 */
    if (a[0] == 0xff) return "multicast";
    return NULL;
}

const char *ats_system_sockaddr_kind(const struct sockaddr *address) {
    if (address->sa_family == AF_INET) {
        const struct sockaddr_in *in = (const struct sockaddr_in *)address;
        return ipv4_kind((const unsigned char *)&in->sin_addr);
    }
    if (address->sa_family == AF_INET6) {
        const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)address;
        return ipv6_kind((const unsigned char *)&in6->sin6_addr);
    }
    return "non-IP";
}

const char *ats_system_address_kind(const char *text) {
    char bare[64];
    size_t length = strlen(text);
    if (length >= 2 && text[0] == '[' && text[length - 1] == ']') { text++; length -= 2; }
    if (length >= sizeof bare) return NULL;
    memcpy(bare, text, length);
    bare[length] = 0;
    char *zone = strchr(bare, '%');
    if (zone) *zone = 0;
    unsigned char address[16];
    if (inet_pton(AF_INET, bare, address) == 1) return ipv4_kind(address);
    if (inet_pton(AF_INET6, bare, address) == 1) return ipv6_kind(address);
    return NULL;
}
