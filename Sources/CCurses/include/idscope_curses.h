#ifndef IDSCOPE_CURSES_H
#define IDSCOPE_CURSES_H

/* The inspector's whole use of ncurses, as plain functions with plain C types. Only curses.c
 * includes curses.h: Swift never parses it, so its macros, its `const` differences between
 * versions and the SDK's module maps do not matter to the Swift side. */

/* Plain #defines, which Swift imports as Int32 constants. */

/* Attributes: bits of ours, turned into curses attributes in curses.c. */
#define IDSCOPE_ATTR_BOLD 1
#define IDSCOPE_ATTR_DIM 2
#define IDSCOPE_ATTR_REVERSE 4
#define IDSCOPE_ATTR_UNDERLINE 8

/* What idscope_curses_read returns. */
#define IDSCOPE_INPUT_NONE 0       /* nothing within the timeout (or an error: see errno) */
#define IDSCOPE_INPUT_CHARACTER 1  /* *value is a Unicode scalar (or a control byte) */
#define IDSCOPE_INPUT_KEY 2        /* *value is one of IDSCOPE_KEY_* */
#define IDSCOPE_INPUT_GONE 3       /* the read failed with EIO: the terminal went away */

/* Keys, as idscope names them (curses' KEY_* values differ between builds). */
#define IDSCOPE_KEY_OTHER 0
#define IDSCOPE_KEY_UP 1
#define IDSCOPE_KEY_DOWN 2
#define IDSCOPE_KEY_LEFT 3
#define IDSCOPE_KEY_RIGHT 4
#define IDSCOPE_KEY_HOME 5
#define IDSCOPE_KEY_END 6
#define IDSCOPE_KEY_PAGE_UP 7
#define IDSCOPE_KEY_PAGE_DOWN 8
#define IDSCOPE_KEY_ENTER 9
#define IDSCOPE_KEY_BACKSPACE 10
#define IDSCOPE_KEY_DELETE 11
#define IDSCOPE_KEY_BACK_TAB 12
#define IDSCOPE_KEY_RESIZE 13
#define IDSCOPE_KEY_MOUSE 14
#define IDSCOPE_KEY_PASTE_START 15
#define IDSCOPE_KEY_PASTE_END 16
#define IDSCOPE_KEY_F1 100         /* F1 to F12: IDSCOPE_KEY_F1 + n - 1 */

/* What a mouse report was. */
#define IDSCOPE_MOUSE_PRESS 1
#define IDSCOPE_MOUSE_RELEASE 2
#define IDSCOPE_MOUSE_WHEEL_UP 3
#define IDSCOPE_MOUSE_WHEEL_DOWN 4

/* Makes LC_CTYPE a UTF-8 one: the user's if it is, else the first of C.UTF-8, UTF-8 (Darwin's
 * name) and en_US.UTF-8 that the system has. The name in effect, or NULL when none is UTF-8. */
const char *idscope_use_utf8_locale(void);

/* Whether terminfo knows `term` and it can position the cursor: 1 yes, 0 it cannot position
 * the cursor, -1 no entry. Leaves no terminal set up. */
int idscope_terminfo_check(const char *term);

/* Takes over the terminal (stdin, stdout) as `term`: raw keys, no echo, the keypad, no cursor,
 * colours when asked and present, the mouse when asked, bracketed paste markers as keys.
 * 1 when colours are on, 0 when off, -1 when curses could not start. */
int idscope_curses_start(const char *term, int mouse, int colour);
/* Gives the terminal back: the cursor, echo and line mode, the normal screen. Safe to repeat. */
void idscope_curses_end(void);
/* Takes the terminal again after idscope_curses_end (a Ctrl-Z and `fg`): program mode, the keypad
 * mode sent anew, and a full repaint at the next refresh. */
void idscope_curses_resume(void);

void idscope_curses_size(int *width, int *height);
/* Text (UTF-8) at row y, column x, with IDSCOPE_ATTR_* bits and a colour pair (0: default). */
void idscope_curses_put(int y, int x, const char *text, int attributes, int pair);
/* Shows what was put since the last refresh. */
void idscope_curses_refresh(void);
/* Defines a colour pair (-1: the terminal's default colour). */
void idscope_curses_define_pair(int pair, int foreground, int background);

/* The next input within `timeout_ms` (-1: wait): IDSCOPE_INPUT_*, the character or key in *value. */
int idscope_curses_read(int timeout_ms, int *value);
/* The mouse report behind an IDSCOPE_KEY_MOUSE: 1 and the cell and kind, or 0. */
int idscope_curses_mouse(int *x, int *y, int *kind);

#endif
