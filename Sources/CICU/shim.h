#include <unicode/uidna.h>
