// Certificate Transparency helpers for the Certificates module: SCT serialisation, a log
// store loaded from a file, and one-SCT validation. Swift cannot expand the typed
// sk_SCT_* macros, and keeping the CT_POLICY_EVAL_CTX lifetime here keeps it leak-free.
#include "CATSOpenSSLShims.h"
#include <openssl/ct.h>
#include <string.h>

size_t ats_sct_serialize(void *scts, int index, unsigned char **out) {
    *out = NULL;
    const SCT *sct = sk_SCT_value((STACK_OF(SCT) *)scts, index);
    if (sct == NULL) return 0;
    int length = i2o_SCT(sct, out);
    return length > 0 ? (size_t)length : 0;
}

size_t ats_probe_peer_sct_serialize(SSL *ssl, int index, unsigned char **out) {
    *out = NULL;
    const STACK_OF(SCT) *scts = SSL_get0_peer_scts(ssl);
    if (scts == NULL || index < 0 || index >= sk_SCT_num(scts)) return 0;
    int length = i2o_SCT(sk_SCT_value(scts, index), out);
    return length > 0 ? (size_t)length : 0;
}

// o2i_SCT skips bytes after the signature; re-encoding shows whether the input was exactly one SCT.
static int ats_sct_is_exact(const SCT *sct, const unsigned char *bytes, size_t length) {
    unsigned char *encoded = NULL;
    int encoded_length = i2o_SCT(sct, &encoded);
    int exact = encoded_length > 0 && (size_t)encoded_length == length && memcmp(encoded, bytes, length) == 0;
    OPENSSL_free(encoded);
    return exact;
}

void ats_openssl_free(void *pointer) {
    OPENSSL_free(pointer);
}

void *ats_ctlog_store_load(const char *path) {
    CTLOG_STORE *store = CTLOG_STORE_new();
    if (store == NULL) return NULL;
    if (CTLOG_STORE_load_file(store, path) != 1) {
        CTLOG_STORE_free(store);
        return NULL;
    }
    return store;
}

void ats_ctlog_store_free(void *store) {
    CTLOG_STORE_free((CTLOG_STORE *)store);
}

int ats_sct_validate(const unsigned char *bytes, size_t length, int precert, X509 *leaf, X509 *issuer,
                     void *store, uint64_t time_ms) {
    const unsigned char *cursor = bytes;
    SCT *sct = o2i_SCT(NULL, &cursor, length);
    if (sct == NULL) return ATS_SCT_MALFORMED;
    if (store == NULL) {  // no log loaded: SCT_validate would dereference it (found by FuzzTransparency)
        SCT_free(sct);
        return ATS_SCT_UNKNOWN_LOG;
    }
    if (!ats_sct_is_exact(sct, bytes, length)) {  // trailing bytes: trustd refuses them too
        SCT_free(sct);
        return ATS_SCT_MALFORMED;
    }
    if (SCT_set_log_entry_type(sct, precert ? CT_LOG_ENTRY_TYPE_PRECERT : CT_LOG_ENTRY_TYPE_X509) != 1) {
        SCT_free(sct);
        return ATS_SCT_MALFORMED;
    }
    CT_POLICY_EVAL_CTX *context = CT_POLICY_EVAL_CTX_new();
    if (context == NULL) {
        SCT_free(sct);
        return ATS_SCT_MALFORMED;
    }
    CT_POLICY_EVAL_CTX_set1_cert(context, leaf);
    if (issuer != NULL) CT_POLICY_EVAL_CTX_set1_issuer(context, issuer);
    CT_POLICY_EVAL_CTX_set_shared_CTLOG_STORE(context, (CTLOG_STORE *)store);
    CT_POLICY_EVAL_CTX_set_time(context, time_ms);
    (void)SCT_validate(sct, context);
    int result;
    switch (SCT_get_validation_status(sct)) {
    case SCT_VALIDATION_STATUS_VALID: result = ATS_SCT_VALID; break;
    case SCT_VALIDATION_STATUS_INVALID: result = ATS_SCT_INVALID; break;
    case SCT_VALIDATION_STATUS_UNKNOWN_LOG: result = ATS_SCT_UNKNOWN_LOG; break;
    case SCT_VALIDATION_STATUS_UNKNOWN_VERSION: result = ATS_SCT_UNKNOWN_VERSION; break;
    case SCT_VALIDATION_STATUS_UNVERIFIED: result = ATS_SCT_UNVERIFIED; break;
    default: result = ATS_SCT_MALFORMED; break;
    }
    CT_POLICY_EVAL_CTX_free(context);
    SCT_free(sct);
    ERR_clear_error();
    return result;
}

int ats_sct_describe(const unsigned char *bytes, size_t length, int *version, unsigned char log_id[32],
                     uint64_t *timestamp) {
    const unsigned char *cursor = bytes;
    SCT *sct = o2i_SCT(NULL, &cursor, length);
    *version = -1;
    *timestamp = 0;
    memset(log_id, 0, 32);
    if (sct == NULL) {
        ERR_clear_error();
        return 0;
    }
    int consumed_all = (size_t)(cursor - bytes) == length && ats_sct_is_exact(sct, bytes, length);
    *version = (int)SCT_get_version(sct);
    if (*version == SCT_VERSION_V1) {
        unsigned char *id = NULL;
        if (SCT_get0_log_id(sct, &id) == 32 && id != NULL) memcpy(log_id, id, 32);
        *timestamp = SCT_get_timestamp(sct);
    }
    SCT_free(sct);
    return consumed_all;
}
