// libarchive, for reading .ipa archives (zip) without extracting them: ATSArchive wraps it.
#include <archive.h>
#include <archive_entry.h>
