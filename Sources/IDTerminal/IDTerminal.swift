// The ncurses backend for the inspector (issue 5). The only target that imports CNcursesw.
import CNcursesw
import IDInspector

/// Whether the linked ncurses is the wide-character build the inspector needs.
public func ncursesVersion() -> String {
    String(cString: curses_version())
}
