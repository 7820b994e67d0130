#ifndef IDSCOPE_CLIBYAML_SHIM_H
#define IDSCOPE_CLIBYAML_SHIM_H

/* libyaml's parser (Debian's libyaml-dev): idscope builds its YAML node tree from the event
 * stream itself, counting what aliases would expand to before anything expands them. */
#include <yaml.h>

#endif
