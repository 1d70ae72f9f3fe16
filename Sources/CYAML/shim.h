// libyaml's event parser, for reading YAML (pubspec.yaml) without a hand-written parser:
// ATSYAML wraps it.
#include <yaml.h>
