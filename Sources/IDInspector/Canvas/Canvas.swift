import IDScenario

/// A colour of the terminal's basic palette.
package enum Color: UInt8, Sendable, CaseIterable {
    case black, red, green, yellow, blue, magenta, cyan, white
}

/// How a cell is drawn. Meaning never rests on colour alone: marks and bold carry it too.
/// (Not `Style`, nor `Rect` below: Darwin's MacTypes declares both, and every file that imports
/// Foundation sees them on a Mac; .ci/darwin-names checks no name of ours meets one.)
package struct CellStyle: Hashable, Sendable {
    package var foreground: Color?
    package var background: Color?
    package var bold = false
    package var dim = false
    package var reverse = false
    package var underline = false

    package init(foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false,
                reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    package static let plain = CellStyle()
}

/// One terminal cell: a character (or the right half of a wide one) and its style.
package struct Cell: Hashable, Sendable {
    package var character: Character
    package var style: CellStyle
    /// The right half of a wide character drawn in the cell to the left.
    package var isContinuation: Bool

    package static let blank = Cell(character: " ", style: .plain, isContinuation: false)
}

/// A rectangle of cells.
package struct CanvasRect: Hashable, Sendable {
    package var x, y, width, height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    package var maxX: Int { x + width }
    package var maxY: Int { y + height }

    /// The inside of a box drawn on this rectangle.
    package var inner: CanvasRect { CanvasRect(x: x + 1, y: y + 1, width: width - 2, height: height - 2) }

    package func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }
}

/// The screen in memory: every view draws here; only the terminal backend turns it into ncurses
/// calls. Screens are tested by printing a canvas as text.
package struct Canvas: Hashable, Sendable, CustomStringConvertible {
    package let width: Int
    package let height: Int
    package private(set) var cells: [Cell]

    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    package subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < width, y < height else { return .blank }
        return cells[y * width + x]
    }

    private mutating func set(_ x: Int, _ y: Int, _ cell: Cell) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        cells[y * width + x] = cell
    }

    /// Writes text from (x, y), at most `limit` cells (to the canvas edge by default).
    /// A wide character that would not fit whole becomes a space, so columns never shift. A
    /// control character is drawn in caret form (`^M`, `^[`, `<U+009B>`): drawn raw, a CR from a
    /// scenario would move the terminal's cursor and paint over the screen, an ESC start a
    /// sequence. Every string of every view comes through here.
    /// - Returns: the cells used.
    @discardableResult
    package mutating func write(_ text: String, x: Int, y: Int, style: CellStyle = .plain, limit: Int? = nil) -> Int {
        guard y >= 0, y < height else { return 0 }
        let shown = text.unicodeScalars.contains(where: TerminalText.needsEscape) ? TerminalText.escaped(text) : text
        let end = min(width, x + (limit ?? width))
        var column = x
        for character in shown {
            let w = DisplayWidth.of(character)
            if w == 0 { continue }
            if column + w > end {
                if column < end { set(column, y, Cell(character: " ", style: style, isContinuation: false)) }
                column = end
                break
            }
            if column >= 0 {
                set(column, y, Cell(character: character, style: style, isContinuation: false))
                if w == 2 { set(column + 1, y, Cell(character: " ", style: style, isContinuation: true)) }
            }
            column += w
        }
        return column - x
    }

    /// Paints a style over cells, keeping their characters (a selection bar, a highlight).
    package mutating func restyle(_ rect: CanvasRect, _ transform: (inout CellStyle) -> Void) {
        for y in rect.y..<min(rect.maxY, height) where y >= 0 {
            for x in rect.x..<min(rect.maxX, width) where x >= 0 {
                var cell = self[x, y]
                transform(&cell.style)
                set(x, y, cell)
            }
        }
    }

    package mutating func fill(_ rect: CanvasRect, style: CellStyle = .plain) {
        for y in rect.y..<min(rect.maxY, height) where y >= 0 {
            for x in rect.x..<min(rect.maxX, width) where x >= 0 {
                set(x, y, Cell(character: " ", style: style, isContinuation: false))
            }
        }
    }

    /// A box with a title in its top border.
    package mutating func box(_ rect: CanvasRect, title: String, glyphs: Glyphs, style: CellStyle = .plain, titleStyle: CellStyle = .plain) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        for x in rect.x + 1..<rect.maxX - 1 {
            write(glyphs.horizontal, x: x, y: rect.y, style: style)
            write(glyphs.horizontal, x: x, y: rect.maxY - 1, style: style)
        }
        for y in rect.y + 1..<rect.maxY - 1 {
            write(glyphs.vertical, x: rect.x, y: y, style: style)
            write(glyphs.vertical, x: rect.maxX - 1, y: y, style: style)
        }
        write(glyphs.topLeft, x: rect.x, y: rect.y, style: style)
        write(glyphs.topRight, x: rect.maxX - 1, y: rect.y, style: style)
        write(glyphs.bottomLeft, x: rect.x, y: rect.maxY - 1, style: style)
        write(glyphs.bottomRight, x: rect.maxX - 1, y: rect.maxY - 1, style: style)
        if !title.isEmpty, rect.width > 4 {
            write(" " + DisplayWidth.fit(title, to: rect.width - 4) + " ", x: rect.x + 1, y: rect.y, style: titleStyle, limit: rect.width - 2)
        }
    }

    /// The rows as plain text, wide characters once (for snapshots and tests).
    package var lines: [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width where !self[x, y].isContinuation { line.append(self[x, y].character) }
            return line
        }
    }

    /// The rows with trailing spaces removed.
    package var text: String {
        lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    package var description: String { text }

    /// Replaces the typographic symbols views use (arrows, dots, marks, box lines) with ASCII of
    /// the same width, for `--ascii`; text from scenarios (app names in any script) is left alone.
    package mutating func asciiOnly() {
        let map: [Character: Character] = [
            "·": ".", "→": ">", "…": "~", "∅": "-", "×": "x", "█": "_", "▲": "^", "▼": "v", "✔": "+", "✘": "X",
            "⚠": "!", "◀": "<", "▶": ">", "▾": "v", "▸": ">", "●": "*", "○": "o", "◐": "~", "»": ">", "─": "-",
            "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+", "↑": "^", "↓": "v", "←": "<", "≠": "#", "›": ">",
        ]
        for i in cells.indices {
            if let replacement = map[cells[i].character] { cells[i].character = replacement }
        }
    }

    /// Whether some visible text contains `needle`.
    package func contains(_ needle: String) -> Bool {
        lines.contains { $0.contains(needle) }
    }
}
