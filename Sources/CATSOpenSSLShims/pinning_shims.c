// Pinning helpers: ex_data indices with release hooks and SNI accessors (macros Swift cannot
// call). Declared in the "Pinning shims" section at the end of include/CATSOpenSSLShims.h.
#include "CATSOpenSSLShims.h"
#include <stdatomic.h>

static _Atomic(ats_pin_release_fn) ctx_release_hook = NULL;
static _Atomic(ats_pin_release_fn) ssl_release_hook = NULL;

static void ctx_free(void *parent, void *ptr, CRYPTO_EX_DATA *ad, int idx, long argl, void *argp) {
    (void)parent; (void)ad; (void)idx; (void)argl; (void)argp;
    ats_pin_release_fn release = atomic_load(&ctx_release_hook);
    if (ptr != NULL && release != NULL) release(ptr);
}

static void ssl_free(void *parent, void *ptr, CRYPTO_EX_DATA *ad, int idx, long argl, void *argp) {
    (void)parent; (void)ad; (void)idx; (void)argl; (void)argp;
    ats_pin_release_fn release = atomic_load(&ssl_release_hook);
    if (ptr != NULL && release != NULL) release(ptr);
}

int ats_pin_ctx_ex_index(ats_pin_release_fn release) {
    atomic_store(&ctx_release_hook, release);
    return SSL_CTX_get_ex_new_index(0, NULL, NULL, NULL, ctx_free);
}

int ats_pin_ssl_ex_index(ats_pin_release_fn release) {
    atomic_store(&ssl_release_hook, release);
    return SSL_get_ex_new_index(0, NULL, NULL, NULL, ssl_free);
}

SSL *ats_pin_ssl_from_store(X509_STORE_CTX *store) {
    return X509_STORE_CTX_get_ex_data(store, SSL_get_ex_data_X509_STORE_CTX_idx());
}

const char *ats_pin_ssl_servername(const SSL *ssl) {
    return SSL_get_servername(ssl, TLSEXT_NAMETYPE_host_name);
}

int ats_pin_ssl_set_sni(SSL *ssl, const char *name) {
    return SSL_set_tlsext_host_name(ssl, name) == 1;
}
