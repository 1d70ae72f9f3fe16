#include "CATSOpenSSLShims.h"
#include <string.h>
#include <time.h>

static ats_general_name ats_describe_general_name(const GENERAL_NAME *name) {
    ats_general_name out = { ATS_GN_OTHER, NULL, 0 };
    if (name == NULL) return out;
    const ASN1_STRING *value = NULL;
    switch (name->type) {
    case GEN_DNS: out.kind = ATS_GN_DNS; value = name->d.dNSName; break;
    case GEN_IPADD: out.kind = ATS_GN_IP; value = name->d.iPAddress; break;
    case GEN_EMAIL: out.kind = ATS_GN_EMAIL; value = name->d.rfc822Name; break;
    case GEN_URI: out.kind = ATS_GN_URI; value = name->d.uniformResourceIdentifier; break;
    default: break;
    }
    if (value != NULL) {
        out.data = ASN1_STRING_get0_data(value);
        out.length = ASN1_STRING_length(value);
    }
    return out;
}

void *ats_copy_subject_alt_names(const X509 *cert, int *count, int *critical) {
    GENERAL_NAMES *names = X509_get_ext_d2i(cert, NID_subject_alt_name, critical, NULL);
    *count = names ? sk_GENERAL_NAME_num(names) : 0;
    return names;
}

ats_general_name ats_general_names_at(void *names, int index) {
    return ats_describe_general_name(sk_GENERAL_NAME_value((GENERAL_NAMES *)names, index));
}

void ats_general_names_free(void *names) {
    GENERAL_NAMES_free((GENERAL_NAMES *)names);
}

void *ats_copy_authority_info_access(const X509 *cert, int *count) {
    AUTHORITY_INFO_ACCESS *aia = X509_get_ext_d2i(cert, NID_info_access, NULL, NULL);
    *count = aia ? sk_ACCESS_DESCRIPTION_num(aia) : 0;
    return aia;
}

int ats_aia_at(void *aia, int index, ats_general_name *location) {
    ACCESS_DESCRIPTION *entry = sk_ACCESS_DESCRIPTION_value((AUTHORITY_INFO_ACCESS *)aia, index);
    *location = ats_describe_general_name(entry ? entry->location : NULL);
    return entry ? OBJ_obj2nid(entry->method) : NID_undef;
}

void ats_aia_free(void *aia) {
    AUTHORITY_INFO_ACCESS_free((AUTHORITY_INFO_ACCESS *)aia);
}

void *ats_copy_extended_key_usage(const X509 *cert, int *count) {
    EXTENDED_KEY_USAGE *eku = X509_get_ext_d2i(cert, NID_ext_key_usage, NULL, NULL);
    *count = eku ? sk_ASN1_OBJECT_num(eku) : 0;
    return eku;
}

int ats_eku_at(void *eku, int index, char *buf, int buflen) {
    ASN1_OBJECT *oid = sk_ASN1_OBJECT_value((EXTENDED_KEY_USAGE *)eku, index);
    if (oid == NULL) { if (buflen > 0) buf[0] = 0; return NID_undef; }
    OBJ_obj2txt(buf, buflen, oid, 1);
    return OBJ_obj2nid(oid);
}

void ats_eku_free(void *eku) {
    EXTENDED_KEY_USAGE_free((EXTENDED_KEY_USAGE *)eku);
}

void *ats_copy_embedded_scts(const X509 *cert, int *count) {
    STACK_OF(SCT) *scts = X509_get_ext_d2i(cert, NID_ct_precert_scts, NULL, NULL);
    *count = scts ? sk_SCT_num(scts) : 0;
    return scts;
}

size_t ats_sct_log_id(void *scts, int index, const unsigned char **logID) {
    const SCT *sct = sk_SCT_value((STACK_OF(SCT) *)scts, index);
    if (sct == NULL) { *logID = NULL; return 0; }
    unsigned char *id = NULL;
    size_t length = SCT_get0_log_id(sct, &id);
    *logID = id;
    return length;
}

uint64_t ats_sct_timestamp(void *scts, int index) {
    const SCT *sct = sk_SCT_value((STACK_OF(SCT) *)scts, index);
    return sct ? SCT_get_timestamp(sct) : 0;
}

void ats_scts_free(void *scts) {
    SCT_LIST_free((STACK_OF(SCT) *)scts);
}

int ats_has_must_staple(const X509 *cert) {
    int critical = 0;
    STACK_OF(ASN1_INTEGER) *features = X509_get_ext_d2i(cert, NID_tlsfeature, &critical, NULL);
    if (features == NULL) return critical == -1 ? 0 : -1;
    int found = 0;
    for (int i = 0; i < sk_ASN1_INTEGER_num(features); i++) {
        if (ASN1_INTEGER_get(sk_ASN1_INTEGER_value(features, i)) == 5 /* status_request */) found = 1;
    }
    sk_ASN1_INTEGER_pop_free(features, ASN1_INTEGER_free);
    return found;
}

int ats_extension_index(const X509 *cert, int nid) {
    return X509_get_ext_by_NID(cert, nid, -1);
}

int ats_extension_is_critical(const X509 *cert, int index) {
    X509_EXTENSION *ext = X509_get_ext(cert, index);
    return ext ? X509_EXTENSION_get_critical(ext) : 0;
}

STACK_OF(X509) *ats_x509_stack_new(void) { return sk_X509_new_null(); }

int ats_x509_stack_push(STACK_OF(X509) *stack, X509 *cert) { return sk_X509_push(stack, cert); }

int ats_x509_stack_count(const STACK_OF(X509) *stack) { return stack ? sk_X509_num(stack) : 0; }

X509 *ats_x509_stack_at(const STACK_OF(X509) *stack, int index) { return sk_X509_value(stack, index); }

void ats_x509_stack_free_all(STACK_OF(X509) *stack) { sk_X509_pop_free(stack, X509_free); }

static int ats_verify_log_index = -1;
static CRYPTO_ONCE ats_verify_log_once = CRYPTO_ONCE_STATIC_INIT;

static void ats_verify_log_init(void) {
    ats_verify_log_index = X509_STORE_CTX_get_ex_new_index(0, NULL, NULL, NULL, NULL);
}

static int ats_collecting_callback(int ok, X509_STORE_CTX *ctx) {
    if (ok) return 1;
    ats_verify_log *log = X509_STORE_CTX_get_ex_data(ctx, ats_verify_log_index);
    if (log != NULL && log->count < 64) {
        log->errors[log->count] = X509_STORE_CTX_get_error(ctx);
        log->depths[log->count] = X509_STORE_CTX_get_error_depth(ctx);
        log->count++;
    }
    // Keep going: the caller wants every failing check, not just the first.
    return 1;
}

void ats_verify_collect_errors(X509_STORE_CTX *ctx, ats_verify_log *log) {
    // Exactly one index per process: two threads racing here used to take different indexes,
    // and a context whose log was stored under the overwritten one lost every error.
    CRYPTO_THREAD_run_once(&ats_verify_log_once, ats_verify_log_init);
    log->count = 0;
    X509_STORE_CTX_set_ex_data(ctx, ats_verify_log_index, log);
    X509_STORE_CTX_set_verify_cb(ctx, ats_collecting_callback);
}

int ats_asn1_time_to_epoch(const ASN1_TIME *time, int64_t *seconds) {
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    if (time == NULL || ASN1_TIME_to_tm(time, &tm) != 1) return 0;
    *seconds = (int64_t)timegm(&tm);
    return 1;
}

static int64_t ats_generalized_to_epoch(const ASN1_GENERALIZEDTIME *time) {
    int64_t seconds = 0;
    return ats_asn1_time_to_epoch(time, &seconds) ? seconds : 0;
}

int ats_ocsp_status(const unsigned char *der, long length, X509 *cert, X509 *issuer,
                    X509_STORE *store, int *response_status, int *verified,
                    int64_t *revocation_time, int64_t *this_update, int64_t *next_update) {
    *verified = 0;
    *revocation_time = 0;
    *this_update = 0;
    *next_update = 0;
    const unsigned char *cursor = der;
    OCSP_RESPONSE *response = d2i_OCSP_RESPONSE(NULL, &cursor, length);
    if (response == NULL) { *response_status = -1; return -1; }
    *response_status = OCSP_response_status(response);
    OCSP_BASICRESP *basic = OCSP_response_get1_basic(response);
    if (basic == NULL) { OCSP_RESPONSE_free(response); return -1; }

    STACK_OF(X509) *issuers = sk_X509_new_null();
    if (issuers != NULL && issuer != NULL) sk_X509_push(issuers, issuer);
    *verified = OCSP_basic_verify(basic, issuers, store, OCSP_TRUSTOTHER) == 1;
    sk_X509_free(issuers);

    int status = -1;
    OCSP_CERTID *id = issuer ? OCSP_cert_to_id(NULL, cert, issuer) : NULL;
    if (id != NULL) {
        int reason = 0;
        ASN1_GENERALIZEDTIME *revoked = NULL, *thisupd = NULL, *nextupd = NULL;
        if (OCSP_resp_find_status(basic, id, &status, &reason, &revoked, &thisupd, &nextupd) != 1) {
            status = -1;
        } else {
            if (revoked) *revocation_time = ats_generalized_to_epoch(revoked);
            if (thisupd) *this_update = ats_generalized_to_epoch(thisupd);
            if (nextupd) *next_update = ats_generalized_to_epoch(nextupd);
        }
        OCSP_CERTID_free(id);
    }
    OCSP_BASICRESP_free(basic);
    OCSP_RESPONSE_free(response);
    ERR_clear_error();
    return status;
}

unsigned long ats_name_flags_rfc4514(void) {
    return XN_FLAG_RFC2253 & ~ASN1_STRFLGS_ESC_MSB;
}
