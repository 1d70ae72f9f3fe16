// TLSLab helpers: the SSL_CTX_* macros the lab servers need, as callable functions.
// Declared in the "TLSLab shims" section at the end of include/CATSOpenSSLShims.h.
#include "CATSOpenSSLShims.h"
#include <string.h>

int ats_lab_ctx_set_proto_versions(SSL_CTX *ctx, int min_version, int max_version) {
    if (SSL_CTX_set_min_proto_version(ctx, min_version) != 1) return 0;
    if (SSL_CTX_set_max_proto_version(ctx, max_version) != 1) return 0;
    return 1;
}

int ats_lab_ctx_set_dh_auto(SSL_CTX *ctx) {
    return SSL_CTX_set_dh_auto(ctx, 1) == 1;
}

// The client-hello callback of the fingerprinting profiles: pauses the handshake (so no
// alert is sent) when the ClientHello does, or does not, ask for SCTs, as the caller chose.
static int pause_by_sct_request(SSL *ssl, int *alert, void *arg) {
    (void)alert;
    int pause_when_asked = arg != NULL;
    const unsigned char *data = NULL;
    size_t length = 0;
    int asks = SSL_client_hello_get0_ext(ssl, TLSEXT_TYPE_signed_certificate_timestamp, &data, &length);
    return (asks != 0) == pause_when_asked ? SSL_CLIENT_HELLO_RETRY : SSL_CLIENT_HELLO_SUCCESS;
}

void ats_lab_ctx_pause_hellos_by_sct_request(SSL_CTX *ctx, int pause_when_asked) {
    SSL_CTX_set_client_hello_cb(ctx, pause_by_sct_request, pause_when_asked ? (void *)1 : NULL);
}

int ats_lab_accept_paused_at_client_hello(SSL *ssl) {
    return SSL_get_error(ssl, -1) == SSL_ERROR_WANT_CLIENT_HELLO_CB;
}

// ---- Stapled OCSP with SCTs (the ocsp-scts profile) -------------------------------------

typedef struct {
    unsigned char *der;
    long length;
} ats_lab_staple;

static int ats_lab_status_callback(SSL *ssl, void *arg) {
    const ats_lab_staple *staple = arg;
    unsigned char *copy = OPENSSL_memdup(staple->der, (size_t)staple->length);
    if (copy == NULL) return SSL_TLSEXT_ERR_NOACK;
    // SSL takes ownership of the copy.
    if (SSL_set_tlsext_status_ocsp_resp(ssl, copy, staple->length) != 1) {
        OPENSSL_free(copy);
        return SSL_TLSEXT_ERR_NOACK;
    }
    return SSL_TLSEXT_ERR_OK;
}

void *ats_lab_make_ocsp_staple(X509 *leaf, X509 *issuer, EVP_PKEY *issuer_key, const unsigned char *sct_list,
                               size_t sct_list_length, const char *this_update, const char *next_update) {
    ats_lab_staple *staple = NULL;
    OCSP_CERTID *id = NULL;
    OCSP_BASICRESP *basic = NULL;
    OCSP_RESPONSE *response = NULL;
    ASN1_TIME *this_time = ASN1_TIME_new(), *next_time = ASN1_TIME_new();
    const unsigned char *cursor = sct_list;
    STACK_OF(SCT) *scts = o2i_SCT_LIST(NULL, &cursor, sct_list_length);
    if (scts == NULL || this_time == NULL || next_time == NULL) goto done;
    if (!ASN1_TIME_set_string(this_time, this_update) || !ASN1_TIME_set_string(next_time, next_update)) goto done;
    if ((id = OCSP_cert_to_id(EVP_sha1(), leaf, issuer)) == NULL) goto done;
    if ((basic = OCSP_BASICRESP_new()) == NULL) goto done;
    OCSP_SINGLERESP *single = OCSP_basic_add1_status(basic, id, V_OCSP_CERTSTATUS_GOOD, 0, NULL, this_time, next_time);
    // The single response's SCT list extension (RFC 6962 §3.3, 1.3.6.1.4.1.11129.2.4.5).
    if (single == NULL || OCSP_SINGLERESP_add1_ext_i2d(single, NID_ct_cert_scts, scts, 0, 0) != 1) goto done;
    if (OCSP_basic_sign(basic, issuer, issuer_key, EVP_sha256(), NULL, 0) != 1) goto done;
    if ((response = OCSP_response_create(OCSP_RESPONSE_STATUS_SUCCESSFUL, basic)) == NULL) goto done;
    unsigned char *der = NULL;
    int length = i2d_OCSP_RESPONSE(response, &der);
    if (length <= 0) goto done;
    if ((staple = OPENSSL_malloc(sizeof *staple)) == NULL) { OPENSSL_free(der); goto done; }
    staple->der = der;
    staple->length = length;
done:
    OCSP_RESPONSE_free(response);
    OCSP_BASICRESP_free(basic);
    OCSP_CERTID_free(id);
    SCT_LIST_free(scts);
    ASN1_TIME_free(this_time);
    ASN1_TIME_free(next_time);
    return staple;
}

int ats_lab_ctx_staple(SSL_CTX *ctx, void *staple) {
    if (SSL_CTX_set_tlsext_status_cb(ctx, ats_lab_status_callback) != 1) return 0;
    return SSL_CTX_set_tlsext_status_arg(ctx, staple) == 1;
}

void ats_lab_staple_free(void *staple) {
    if (staple == NULL) return;
    OPENSSL_free(((ats_lab_staple *)staple)->der);
    OPENSSL_free(staple);
}

void *ats_lab_make_ocsp_staple_from_pem(SSL_CTX *ctx, const void *issuer_pem, size_t issuer_pem_length,
                                        const void *issuer_key_pem, size_t issuer_key_pem_length,
                                        const void *sct_list, size_t sct_list_length,
                                        const char *this_update, const char *next_update) {
    X509 *leaf = SSL_CTX_get0_certificate(ctx);
    BIO *issuer_bio = BIO_new_mem_buf(issuer_pem, (int)issuer_pem_length);
    BIO *key_bio = BIO_new_mem_buf(issuer_key_pem, (int)issuer_key_pem_length);
    X509 *issuer = issuer_bio ? PEM_read_bio_X509(issuer_bio, NULL, NULL, NULL) : NULL;
    EVP_PKEY *key = key_bio ? PEM_read_bio_PrivateKey(key_bio, NULL, NULL, NULL) : NULL;
    void *staple = NULL;
    if (leaf != NULL && issuer != NULL && key != NULL && sct_list_length > 0)
        staple = ats_lab_make_ocsp_staple(leaf, issuer, key, sct_list, sct_list_length, this_update, next_update);
    X509_free(issuer);
    EVP_PKEY_free(key);
    BIO_free(issuer_bio);
    BIO_free(key_bio);
    return staple;
}

// ---- Certificates, keys and server info from memory -------------------------------------
// The lab's files are compiled into ATSLab, so these mirror OpenSSL's *_file loaders over a
// read-only memory BIO.

int ats_lab_ctx_use_certificate_chain_pem(SSL_CTX *ctx, const void *pem, size_t length) {
    // As SSL_CTX_use_certificate_chain_file: the leaf first, then every further certificate
    // as a chain certificate; running out of PEM blocks is the normal end.
    int ok = 0;
    ERR_clear_error();
    BIO *bio = BIO_new_mem_buf(pem, (int)length);
    X509 *leaf = bio ? PEM_read_bio_X509_AUX(bio, NULL, NULL, NULL) : NULL;
    if (leaf == NULL || SSL_CTX_use_certificate(ctx, leaf) != 1 || ERR_peek_error() != 0) goto done;
    if (SSL_CTX_clear_chain_certs(ctx) != 1) goto done;
    for (;;) {
        X509 *ca = PEM_read_bio_X509(bio, NULL, NULL, NULL);
        if (ca == NULL) break;
        if (SSL_CTX_add0_chain_cert(ctx, ca) != 1) {
            X509_free(ca);
            goto done;
        }
    }
    unsigned long error = ERR_peek_last_error();
    if (ERR_GET_LIB(error) != ERR_LIB_PEM || ERR_GET_REASON(error) != PEM_R_NO_START_LINE) goto done;
    ERR_clear_error();
    ok = 1;
done:
    X509_free(leaf);
    BIO_free(bio);
    return ok;
}

void ats_lab_ctx_prefer_server_cipher_order(SSL_CTX *ctx) {
    SSL_CTX_set_options(ctx, SSL_OP_CIPHER_SERVER_PREFERENCE);
}

int ats_lab_ctx_use_private_key_pem(SSL_CTX *ctx, const void *pem, size_t length) {
    BIO *bio = BIO_new_mem_buf(pem, (int)length);
    EVP_PKEY *key = bio ? PEM_read_bio_PrivateKey(bio, NULL, NULL, NULL) : NULL;
    int ok = key != NULL && SSL_CTX_use_PrivateKey(ctx, key) == 1;
    EVP_PKEY_free(key);
    BIO_free(bio);
    return ok;
}

int ats_lab_ctx_use_serverinfo_v2_pem(SSL_CTX *ctx, const void *pem, size_t length) {
    // As SSL_CTX_use_serverinfo_file for SERVERINFOV2 blocks: each holds a 4-byte context,
    // the extension type and its length-prefixed data; they are concatenated.
    static const char prefix[] = "SERVERINFOV2 FOR ";
    int ok = 0, blocks = 0;
    unsigned char *serverinfo = NULL;
    size_t serverinfo_length = 0;
    BIO *bio = BIO_new_mem_buf(pem, (int)length);
    if (bio == NULL) return 0;
    for (;;) {
        char *name = NULL, *header = NULL;
        unsigned char *data = NULL;
        long data_length = 0;
        if (PEM_read_bio(bio, &name, &header, &data, &data_length) != 1) break;
        int valid = strncmp(name, prefix, sizeof prefix - 1) == 0 && data_length >= 8
            && ((size_t)data[6] << 8 | data[7]) == (size_t)data_length - 8;
        unsigned char *grown = valid ? OPENSSL_realloc(serverinfo, serverinfo_length + (size_t)data_length) : NULL;
        if (grown != NULL) {
            memcpy(grown + serverinfo_length, data, (size_t)data_length);
            serverinfo = grown;
            serverinfo_length += (size_t)data_length;
            blocks++;
        }
        OPENSSL_free(name);
        OPENSSL_free(header);
        OPENSSL_free(data);
        if (grown == NULL) goto done;
    }
    unsigned long error = ERR_peek_last_error();
    if (blocks == 0 || ERR_GET_LIB(error) != ERR_LIB_PEM || ERR_GET_REASON(error) != PEM_R_NO_START_LINE) goto done;
    ERR_clear_error();
    ok = SSL_CTX_use_serverinfo_ex(ctx, SSL_SERVERINFOV2, serverinfo, serverinfo_length) == 1;
done:
    OPENSSL_free(serverinfo);
    BIO_free(bio);
    return ok;
}
