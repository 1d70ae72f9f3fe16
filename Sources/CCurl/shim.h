#ifndef ATSCHECK_CCURL_SHIM_H
#define ATSCHECK_CCURL_SHIM_H
#include <curl/curl.h>
#endif
