#ifndef ATSCHECK_CPSL_SHIM_H
#define ATSCHECK_CPSL_SHIM_H
#include <libpsl.h>
#endif
