#include "CICUShims.h"
#include <unicode/uidna.h>

// ICU renames its entry points per version (uidna_openUTS46_72), which only its own header
// can spell; this C file is the one place that includes it.
int32_t atscheck_domain_to_ascii(const char *domain, int32_t length, char *output, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UIDNA *idna = uidna_openUTS46(UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ, &status);
    if (U_FAILURE(status)) return -1;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    int32_t written = uidna_nameToASCII_UTF8(idna, domain, length, output, capacity, &info, &status);
    uidna_close(idna);
    if (U_FAILURE(status) || written > capacity) return -1;
    // CheckHyphens and VerifyDnsLength are off: those errors do not count.
    uint32_t ignored = UIDNA_ERROR_LEADING_HYPHEN | UIDNA_ERROR_TRAILING_HYPHEN | UIDNA_ERROR_HYPHEN_3_4
        | UIDNA_ERROR_EMPTY_LABEL | UIDNA_ERROR_LABEL_TOO_LONG | UIDNA_ERROR_DOMAIN_NAME_TOO_LONG;
    if ((info.errors & ~ignored) != 0) return -1;
    return written;
}
