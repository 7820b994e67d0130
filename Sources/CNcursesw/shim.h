#ifndef IDSCOPE_CNCURSESW_SHIM_H
#define IDSCOPE_CNCURSESW_SHIM_H

/* The wide-character API must be switched on before curses.h is first included: SwiftPM drops
 * pkg-config's -D flags, and target cSettings never reach Swift's importer. */
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncursesw/ncurses.h>

#endif
