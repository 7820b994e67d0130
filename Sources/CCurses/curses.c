/* The inspector's use of ncurses. curses.h is included here only, never by Swift.
 *
 * Linux: Debian's libncursesw (ncurses 6.4, wide characters), headers in <ncursesw/...>.
 * macOS: the SDK's libncurses, built with wide characters, headers <ncurses.h> and <term.h>,
 * linked as `ncurses` (Package.swift). Read in https://github.com/apple-oss-distributions/ncurses:
 * ncurses 5.7 up to tag ncurses-61.140.2, 6.0 from ncurses-71 (curses.head); at ncurses-79 the
 * header marks most functions macOS 15 only, which is why Package.swift says macOS 15. Not
 * compiled on a Mac by this project.
 *
 * Beware: term.h defines a macro for every terminfo capability (`lines`, `columns`, `key_up`,
 * `bell`...), so this file uses none of those as a name. */

/* The wide-character API (wget_wch, wint_t) is declared only when _XOPEN_SOURCE_EXTENDED or
 * NCURSES_WIDECHAR is set before curses.h is read: Apple's 5.7 header tests the first
 * (curses.wide:7), its 6.0 one derives NCURSES_WIDECHAR from it (curses.head:173-179, ncurses-79).
 * Both come from Package.swift's cSettings, not from a #define here: on a Mac SwiftPM compiles C
 * with clang modules on, curses.h is the module Darwin.ncurses, and a module is built from the
 * command line's macros only. .ci/check-c-modules.py compiles this file that way. */
#if !defined(NCURSES_WIDECHAR) || !defined(_XOPEN_SOURCE_EXTENDED)
#error "CCurses needs NCURSES_WIDECHAR and _XOPEN_SOURCE_EXTENDED from Package.swift's cSettings"
#endif

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#if __has_include(<ncursesw/ncurses.h>)
#include <ncursesw/ncurses.h>
#include <ncursesw/term.h>
#else
#include <ncurses.h>
#include <term.h>
#endif

#include "idscope_curses.h"

/* Key codes for the bracketed-paste markers, above every code ncurses defines (KEY_MAX 0777). */
#define PASTE_START_CODE 01001
#define PASTE_END_CODE 01002

static SCREEN *screen;

/* Whether a locale name says UTF-8 ("UTF-8", "utf8", any case). */
static int names_utf8(const char *name) {
    for (const char *p = name; *p != '\0'; p++) {
        if ((p[0] == 'u' || p[0] == 'U') && (p[1] == 't' || p[1] == 'T') && (p[2] == 'f' || p[2] == 'F')) {
            const char *rest = p[3] == '-' ? p + 4 : p + 3;
            if (rest[0] == '8') return 1;
        }
    }
    return 0;
}

const char *idscope_use_utf8_locale(void) {
    static const char *const fallbacks[] = {"C.UTF-8", "UTF-8", "en_US.UTF-8"};
    setlocale(LC_ALL, "");
    const char *current = setlocale(LC_CTYPE, NULL);
    if (current != NULL && names_utf8(current)) return current;
    for (size_t i = 0; i < sizeof fallbacks / sizeof fallbacks[0]; i++) {
        /* setlocale returns NULL for a locale the system does not have: try the next. */
        const char *chosen = setlocale(LC_CTYPE, fallbacks[i]);
        if (chosen != NULL && names_utf8(chosen)) return chosen;
    }
    return NULL;
}

int idscope_terminfo_check(const char *term) {
    int status = 0;
    /* The casts: NCURSES_CONST is empty in Apple's builds (curses.head:94, ncurses-79) and
     * `const` in Debian's. */
    if (setupterm((char *)term, STDOUT_FILENO, &status) != OK) return -1;
    const char *cup = tigetstr((char *)"cup");
    int can_move = cup != NULL && cup != (char *)-1;
    if (cur_term != NULL) del_curterm(cur_term);
    return can_move;
}

int idscope_curses_start(const char *term, int mouse, int colour) {
    /* newterm, not initscr: initscr exits on its own when the terminal is unusable. */
    screen = newterm((char *)term, stdout, stdin);
    if (screen == NULL) return -1;
    set_term(screen);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    /* An Escape alone is a key of its own: wait 25 ms, not a second, for the rest of a sequence.
     * (An ncurses extension, in Apple's headers too: curses.head:997, ncurses-79.) */
    set_escdelay(25);
    int colours = 0;
    if (colour && has_colors()) {
        start_color();
        use_default_colors();
        colours = 1;
    }
    if (mouse) {
        mmask_t mask = BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON4_PRESSED;
        /* Apple's ncurses has mouse version 1 (curses.head:55, ncurses-79), whose masks stop at
         * button 4 (curses.tail:52-58): no wheel-down there. */
#if defined(BUTTON5_PRESSED)
        mask |= BUTTON5_PRESSED;
#endif
        mousemask(mask, NULL);
        mouseinterval(0);
    }
    /* Bracketed paste: the terminal marks pasted text, which then arrives as one event. */
    define_key("\033[200~", PASTE_START_CODE);
    define_key("\033[201~", PASTE_END_CODE);
    return colours;
}

void idscope_curses_end(void) {
    if (screen == NULL) return;
    curs_set(1);
    endwin();
}

void idscope_curses_resume(void) {
    if (screen == NULL) return;
    reset_prog_mode();
    keypad(stdscr, TRUE);   /* sends keypad_xmit: arrows in the encoding the key table knows */
    curs_set(0);
    clearok(curscr, TRUE);  /* the next refresh repaints everything the shell drew over */
}

void idscope_curses_size(int *width, int *height) {
    *width = getmaxx(stdscr);
    *height = getmaxy(stdscr);
}

void idscope_curses_put(int y, int x, const char *text, int attributes, int pair) {
    attr_t attrs = A_NORMAL;
    if (attributes & IDSCOPE_ATTR_BOLD) attrs |= A_BOLD;
    if (attributes & IDSCOPE_ATTR_DIM) attrs |= A_DIM;
    if (attributes & IDSCOPE_ATTR_REVERSE) attrs |= A_REVERSE;
    if (attributes & IDSCOPE_ATTR_UNDERLINE) attrs |= A_UNDERLINE;
    wattr_set(stdscr, attrs, (short)pair, NULL);
    /* The last cell of the screen would scroll it; ncurses reports ERR there, harmlessly. */
    (void)mvwaddstr(stdscr, y, x, text);
}

void idscope_curses_refresh(void) {
    wnoutrefresh(stdscr);
    doupdate();
}

void idscope_curses_define_pair(int pair, int foreground, int background) {
    init_pair((short)pair, (short)foreground, (short)background);
}

static int key_name_of(int code) {
    switch (code) {
    case KEY_UP: return IDSCOPE_KEY_UP;
    case KEY_DOWN: return IDSCOPE_KEY_DOWN;
    case KEY_LEFT: return IDSCOPE_KEY_LEFT;
    case KEY_RIGHT: return IDSCOPE_KEY_RIGHT;
    case KEY_HOME: return IDSCOPE_KEY_HOME;
    case KEY_END: return IDSCOPE_KEY_END;
    case KEY_PPAGE: return IDSCOPE_KEY_PAGE_UP;
    case KEY_NPAGE: return IDSCOPE_KEY_PAGE_DOWN;
    case KEY_ENTER: return IDSCOPE_KEY_ENTER;
    case KEY_BACKSPACE: return IDSCOPE_KEY_BACKSPACE;
    case KEY_DC: return IDSCOPE_KEY_DELETE;
    case KEY_BTAB: return IDSCOPE_KEY_BACK_TAB;
    case KEY_RESIZE: return IDSCOPE_KEY_RESIZE;
    case KEY_MOUSE: return IDSCOPE_KEY_MOUSE;
    case PASTE_START_CODE: return IDSCOPE_KEY_PASTE_START;
    case PASTE_END_CODE: return IDSCOPE_KEY_PASTE_END;
    default:
        for (int n = 1; n <= 12; n++) {
            if (code == KEY_F(n)) return IDSCOPE_KEY_F1 + n - 1;
        }
        return IDSCOPE_KEY_OTHER;
    }
}

int idscope_curses_read(int timeout_ms, int *value) {
    wtimeout(stdscr, timeout_ms);
    wint_t character = 0;
    /* errno is read here, right after the call that set it: a stale EIO left by an earlier call
     * (a file the inspector failed to open or save) is no hang-up. */
    errno = 0;
    int result = wget_wch(stdscr, &character);
    if (result == ERR) return errno == EIO ? IDSCOPE_INPUT_GONE : IDSCOPE_INPUT_NONE;
    if (result == KEY_CODE_YES) {
        *value = key_name_of((int)character);
        return IDSCOPE_INPUT_KEY;
    }
    *value = (int)character;
    return IDSCOPE_INPUT_CHARACTER;
}

int idscope_curses_mouse(int *x, int *y, int *kind) {
    MEVENT event;
    memset(&event, 0, sizeof event);
    if (getmouse(&event) != OK) return 0;
    *x = event.x;
    *y = event.y;
    if (event.bstate & BUTTON4_PRESSED) {
        *kind = IDSCOPE_MOUSE_WHEEL_UP;
#if defined(BUTTON5_PRESSED)
    } else if (event.bstate & BUTTON5_PRESSED) {
        *kind = IDSCOPE_MOUSE_WHEEL_DOWN;
#endif
    } else if (event.bstate & BUTTON1_RELEASED) {
        *kind = IDSCOPE_MOUSE_RELEASE;
    } else {
        *kind = IDSCOPE_MOUSE_PRESS;
    }
    return 1;
}
