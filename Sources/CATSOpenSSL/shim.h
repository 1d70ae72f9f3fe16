#ifndef ATSCHECK_COPENSSL_SHIM_H
#define ATSCHECK_COPENSSL_SHIM_H
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/pem.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ct.h>
#include <openssl/ocsp.h>
#include <openssl/core_names.h>
#include <openssl/cms.h>
#endif
