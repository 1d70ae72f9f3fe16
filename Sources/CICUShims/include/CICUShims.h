#ifndef ATSCHECK_CICU_SHIMS_H
#define ATSCHECK_CICU_SHIMS_H

#include <stdint.h>

/// UTS #46 ToASCII of a UTF-8 domain, as the URL Standard's "domain to ASCII" asks with
/// beStrict false: non-transitional processing, CheckBidi and CheckJoiners on,
/// UseSTD3ASCIIRules, CheckHyphens and VerifyDnsLength off. Writes at most `capacity` bytes
/// (no terminator) and returns the length, or -1 when the domain is invalid or too long.
int32_t atscheck_domain_to_ascii(const char *domain, int32_t length, char *output, int32_t capacity);

#endif
