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

#include <stdio.h>
#include <locale.h>
#include <wchar.h>
#include <ncursesw/ncurses.h>
#include <ncursesw/term.h>

/* C globals are shared mutable state to Swift 6; read them through functions. */
static inline WINDOW *idscope_stdscr(void) { return stdscr; }
static inline int idscope_lines(void) { return LINES; }
static inline int idscope_cols(void) { return COLS; }
static inline FILE *idscope_stdout(void) { return stdout; }
static inline FILE *idscope_stdin(void) { return stdin; }
static inline FILE *idscope_stderr(void) { return stderr; }
static inline void idscope_free_preflight_term(void) { if (cur_term) del_curterm(cur_term); }

/* Macros Swift cannot import. */
static inline attr_t idscope_A_NORMAL(void)    { return A_NORMAL; }
static inline attr_t idscope_A_BOLD(void)      { return A_BOLD; }
static inline attr_t idscope_A_DIM(void)       { return A_DIM; }
static inline attr_t idscope_A_REVERSE(void)   { return A_REVERSE; }
static inline attr_t idscope_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline int    idscope_KEY_F(int n)      { return KEY_F(n); }
static inline mmask_t idscope_mouse_mask(void) {
    return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON4_PRESSED | BUTTON5_PRESSED;
}
static inline mmask_t idscope_BUTTON1_PRESSED(void)  { return BUTTON1_PRESSED; }
static inline mmask_t idscope_BUTTON1_RELEASED(void) { return BUTTON1_RELEASED; }
static inline mmask_t idscope_BUTTON4_PRESSED(void)  { return BUTTON4_PRESSED; }
static inline mmask_t idscope_BUTTON5_PRESSED(void)  { return BUTTON5_PRESSED; }

#endif
