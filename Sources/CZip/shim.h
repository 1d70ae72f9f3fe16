// libzip, for reading .ipa archives (zip) without extracting them: ATSArchive wraps it.
#include <zip.h>
