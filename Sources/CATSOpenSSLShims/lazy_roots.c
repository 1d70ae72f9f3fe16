#include "CATSOpenSSLShims.h"
#include <openssl/pem.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// An X509_LOOKUP over certificates kept as PEM text until a chain asks for their subject, the way
// OpenSSL's own hashed-directory lookup (by_dir) loads files named by subject hash: decoding a
// certificate costs OpenSSL 3 a provider round-trip for its public key, and a store of every
// preinstalled root would pay that for ~150 roots per process to use one or two of them.
//
// The lookup owns a copy of the PEM text and frees it with the store. Which block is which
// root is LazyRootSet's index, checked against the shipped bundles by LazyRootSetTests.

typedef struct {
    unsigned long subject_hash;
    int offset;
    int length;
} ats_lazy_root;

typedef struct {
    unsigned char *pem;
    ats_lazy_root *roots;
    int count;
} ats_lazy_roots;

static void ats_lazy_roots_release(ats_lazy_roots *set) {
    if (set == NULL) return;
    free(set->pem);
    free(set->roots);
    free(set);
}

static X509 *ats_lazy_roots_decode(const ats_lazy_roots *set, int index) {
    BIO *bio = BIO_new_mem_buf(set->pem + set->roots[index].offset, set->roots[index].length);
    if (bio == NULL) return NULL;
    X509 *certificate = PEM_read_bio_X509(bio, NULL, NULL, NULL);
    BIO_free(bio);
    return certificate;
}

// Decodes every root filed under the name's hash and adds each whose subject is the name to
// the store; then answers the store's own object for the name. `ret` gets no reference of its
// own: X509_STORE_CTX_get_by_subject takes one from it and never frees what a lookup put there
// (by_dir likewise copies the store's pointer into `ret`). The store never drops an object, and
// answering the store's object rather than the one decoded here stays right when another thread
// added the same root first (X509_STORE_add_cert then keeps the earlier object).
static int ats_lazy_roots_get_by_subject(X509_LOOKUP *lookup, X509_LOOKUP_TYPE type,
                                         const X509_NAME *name, X509_OBJECT *ret) {
    if (type != X509_LU_X509 || name == NULL || ret == NULL) return 0;
    const ats_lazy_roots *set = X509_LOOKUP_get_method_data(lookup);
    X509_STORE *store = X509_LOOKUP_get_store(lookup);
    if (set == NULL || store == NULL) return 0;
    int ok = 0;
    unsigned long hash = X509_NAME_hash_ex(name, NULL, NULL, &ok);
    if (!ok) return 0;
    int added = 0;
    for (int i = 0; i < set->count; i++) {
        if (set->roots[i].subject_hash != hash) continue;
        X509 *certificate = ats_lazy_roots_decode(set, i);
        if (certificate == NULL) continue;
        if (X509_NAME_cmp(X509_get_subject_name(certificate), name) == 0
            && X509_STORE_add_cert(store, certificate) == 1) added = 1;
        X509_free(certificate);  // the decoder's reference; the store holds its own
    }
    ERR_clear_error();
    if (!added || X509_STORE_lock(store) != 1) return 0;
    int found = 0;
    X509_OBJECT *object = X509_OBJECT_retrieve_by_subject(X509_STORE_get0_objects(store), X509_LU_X509, name);
    X509 *stored = object != NULL ? X509_OBJECT_get0_X509(object) : NULL;
    if (stored != NULL && X509_OBJECT_set1_X509(ret, stored) == 1) {
        X509_free(stored);  // the reference X509_OBJECT_set1_X509 took: `ret` borrows the store's
        found = 1;
    }
    X509_STORE_unlock(store);
    return found;
}

static void ats_lazy_roots_free(X509_LOOKUP *lookup) {
    ats_lazy_roots_release(X509_LOOKUP_get_method_data(lookup));
    X509_LOOKUP_set_method_data(lookup, NULL);
}

static X509_LOOKUP_METHOD *ats_lazy_roots_method_instance = NULL;

static void ats_lazy_roots_make_method(void) {
    X509_LOOKUP_METHOD *method = X509_LOOKUP_meth_new("atscheck lazy roots");
    if (method == NULL) return;
    if (X509_LOOKUP_meth_set_get_by_subject(method, ats_lazy_roots_get_by_subject) != 1
        || X509_LOOKUP_meth_set_free(method, ats_lazy_roots_free) != 1) {
        X509_LOOKUP_meth_free(method);
        return;
    }
    ats_lazy_roots_method_instance = method;
}

int ats_store_add_lazy_roots(X509_STORE *store, const unsigned char *pem, int pem_length,
                             const int *offsets, const int *lengths,
                             const unsigned long *subject_hashes, int count) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, ats_lazy_roots_make_method);
    if (ats_lazy_roots_method_instance == NULL || store == NULL || pem_length <= 0 || count < 0) return 0;
    for (int i = 0; i < count; i++) {
        if (offsets[i] < 0 || lengths[i] <= 0 || offsets[i] > pem_length - lengths[i]) return 0;
    }
    ats_lazy_roots *set = calloc(1, sizeof *set);
    if (set == NULL) return 0;
    set->pem = malloc((size_t)pem_length);
    set->roots = calloc(count > 0 ? (size_t)count : 1, sizeof *set->roots);
    if (set->pem == NULL || set->roots == NULL) {
        ats_lazy_roots_release(set);
        return 0;
    }
    memcpy(set->pem, pem, (size_t)pem_length);
    for (int i = 0; i < count; i++) {
        set->roots[i].offset = offsets[i];
        set->roots[i].length = lengths[i];
        set->roots[i].subject_hash = subject_hashes[i];
    }
    set->count = count;
    X509_LOOKUP *lookup = X509_STORE_add_lookup(store, ats_lazy_roots_method_instance);
    if (lookup == NULL || X509_LOOKUP_set_method_data(lookup, set) != 1) {
        ats_lazy_roots_release(set);
        return 0;
    }
    return 1;
}

unsigned long ats_x509_name_hash(const X509_NAME *name) {
    int ok = 0;
    unsigned long hash = X509_NAME_hash_ex(name, NULL, NULL, &ok);
    return ok ? hash : 0;
}

int ats_store_object_count(X509_STORE *store) {
    if (store == NULL || X509_STORE_lock(store) != 1) return -1;
    int count = sk_X509_OBJECT_num(X509_STORE_get0_objects(store));
    X509_STORE_unlock(store);
    return count;
}
