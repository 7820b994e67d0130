import Foundation
/// One line of the key table: the keys, what they do, and where.
package struct KeyBinding: Sendable {
    /// The keys that trigger it (empty for a line that only documents typing, like the `:` line's text).
    package let keys: [Key]
    /// The keys as people read them: `← / h`.
    package let label: String
    package let scope: KeyScope
    /// What it asks for; nil where the overlay or line reads the key itself (typing text).
    package let intent: Intent?
    /// What it does, for `?` help and the README.
    package let help: String
    /// A word or two for the footer; nil keeps it out of the footer.
    package let footer: String?

    /// Keys that ask for an intent, read in the intent's scope.
    init(_ keys: [Key], _ label: String, _ intent: Intent, _ help: String, footer: String? = nil) {
        self.init(keys, label, intent.scope, intent, help, footer: footer)
    }

    /// A line that documents keys a scope reads itself (digits, typed text, "any other key").
    init(_ keys: [Key], _ label: String, typing scope: KeyScope, _ help: String, footer: String? = nil) {
        self.init(keys, label, scope, nil, help, footer: footer)
    }

    private init(_ keys: [Key], _ label: String, _ scope: KeyScope, _ intent: Intent?, _ help: String, footer: String?) {
        self.keys = keys
        self.label = label
        self.scope = scope
        self.intent = intent
        self.help = help
        self.footer = footer
    }
}

/// Every key the inspector reads, in one table: the keys drive the reducer through it, and `?`
/// help, the footer and the README's key table are printed from it.
package enum KeyTable {
    private static func c(_ text: String) -> [Key] { text.map { .character($0) } }

    package static let bindings: [KeyBinding] = [
        // Time.
        KeyBinding([.left] + c("h"), "← / h", .panes(.stepBack), "step back", footer: "step"),
        KeyBinding([.right] + c("l"), "→ / l", .panes(.stepForward), "step forward"),
        KeyBinding([.pageUp], "PgUp", .panes(.tenBack), "ten steps back"),
        KeyBinding([.pageDown], "PgDn", .panes(.tenForward), "ten steps forward"),
        KeyBinding([.home] + c("g"), "Home / g", .panes(.firstStep), "the start (step 0)"),
        KeyBinding([.end] + c("G"), "End / G", .panes(.lastStep), "the last step"),
        KeyBinding([], "0–9 Enter", typing: .panes, "jump to the step with that number"),
        // Selection and panes.
        KeyBinding([.up] + c("k"), "↑ / k", .panes(.up), "the row above in the focused pane (World: a device or app)"),
        KeyBinding([.down] + c("j"), "↓ / j", .panes(.down), "the row below in the focused pane"),
        KeyBinding([.tab], "Tab", .panes(.focusNext), "focus the next pane: World, Identity, Storage, Timeline", footer: "pane"),
        KeyBinding([.backTab], "Shift-Tab", .panes(.focusPrevious), "focus the previous pane"),
        KeyBinding([.enter], "Enter", .panes(.open),
                   "open what the focused row holds: the rule behind a change, a keychain item, a step's rules and failures", footer: "open"),
        KeyBinding(c("p"), "p", .panes(.pin),
                   "pin the selected device and app (the panes stop following the step's); p again unpins", footer: "pin"),
        KeyBinding([.escape], "Esc", .panes(.clearFilter), "clear the app filter"),
        // Acting at the cursor (at an earlier step this starts a branch, after asking).
        KeyBinding(c("i"), "i", .panes(.act(.install)), "install an app on the selected device", footer: "install"),
        KeyBinding(c("d"), "d", .panes(.act(.delete)), "delete (uninstall) an app", footer: "delete"),
        KeyBinding(c("L"), "L", .panes(.act(.launch)), "launch the selected app (foreground, background, prewarm)", footer: "launch"),
        KeyBinding(c("t"), "t", .panes(.act(.tracking)), "tracking: a request the user allows or denies, or the Settings switch"),
        KeyBinding(c("c"), "c", .panes(.act(.consent)), "the user consents (id-kit's register)"),
        KeyBinding(c("r"), "r", .panes(.act(.reboot)), "reboot the device", footer: "reboot"),
        KeyBinding(c("U"), "U", .panes(.act(.unlock)), "unlock the device"),
        KeyBinding(c("e"), "e", .panes(.act(.erase)), "erase all content and settings (asks first)", footer: "erase"),
        KeyBinding(c("b"), "b", .panes(.act(.backup)), "back the device up (encrypted, unencrypted, iCloud)", footer: "backup"),
        KeyBinding(c("R"), "R", .panes(.act(.restore)), "restore a backup onto the device", footer: "restore"),
        KeyBinding(c(":"), ":", .panes(.command),
                   "any event in its scenario form: install com.acme.news, restore b1 to tablet, reboot on tablet; also rule ID, goto N, w FILE, o NAME, q",
                   footer: "command"),
        // The session.
        KeyBinding(c("u"), "u", .panes(.undo), "undo the last change to the session", footer: "undo"),
        KeyBinding([.control("r")], "Ctrl-R", .panes(.redo), "redo what u undid"),
        KeyBinding(c("w"), "w", .panes(.save), "save the session as a scenario file (asks before overwriting)", footer: "save"),
        KeyBinding(c("o"), "o", .panes(.openFile), "open a scenario file or a built-in scenario (a unique prefix will do)"),
        KeyBinding(c("/"), "/", .panes(.filter), "filter the apps by name"),
        KeyBinding(c("m"), "m", .panes(.mark), "mark the selected app or device for a comparison"),
        KeyBinding(c("C"), "C", .panes(.compare), "compare the marked app or device with the selected one (duplicates flagged)"),
        KeyBinding(c("f"), "f", .panes(.nextFailure), "the next expectation that failed (from the start after the last)"),
        KeyBinding(c("F"), "F", .panes(.previousFailure), "the expectation that failed before this step"),
        KeyBinding(c("x"), "x", .panes(.explore),
                   "explore what can break the selected app's ID from this step: asks which ID (a recipe's several) and what it is for (the goal); 10 s at most, the why and a proven fix included, Esc stops; the shortest break opens as a branch that ends with the expectation that fails (asking first if later steps would go)"),
        KeyBinding(c("P"), "P", .panes(.presenter), "presenter mode: the story for a room", footer: "present"),
        KeyBinding(c("?"), "?", .panes(.help), "every key (this list)", footer: "help"),
        KeyBinding(c("q"), "q", .panes(.quit), "quit (asks when the session has unsaved changes)", footer: "quit"),
        // Presenter mode.
        KeyBinding([.left] + c("h"), "← / h", .presenter(.stepBack), "step back", footer: "step"),
        KeyBinding([.right] + c("l"), "→ / l", .presenter(.stepForward), "step forward; after the last step, the end: a summary"),
        KeyBinding([], "0–9 Enter", typing: .presenter, "jump to the step with that number"),
        KeyBinding([.home] + c("g"), "Home / g", .presenter(.firstStep), "the start (step 0)"),
        KeyBinding([.end] + c("G"), "End / G", .presenter(.lastStep), "the last step"),
        KeyBinding([.up] + c("k"), "↑ / k", .presenter(.scrollUp), "scroll up", footer: "scroll"),
        KeyBinding([.down] + c("j"), "↓ / j", .presenter(.scrollDown), "scroll down (the footer says how much is below)"),
        KeyBinding([.pageUp], "PgUp", .presenter(.pageUp), "a page up"),
        KeyBinding([.pageDown] + c(" "), "PgDn / Space", .presenter(.pageDown), "a page down"),
        KeyBinding(c("a"), "a", .presenter(.autoAdvance), "auto-advance on or off (it stops at the end)", footer: "auto"),
        KeyBinding(c("+"), "+", .presenter(.faster), "auto-advance faster"),
        KeyBinding(c("-"), "-", .presenter(.slower), "auto-advance slower (every 60 s at the slowest)"),
        KeyBinding(c("n"), "n", .presenter(.notes), "the presenter's notes, shown or hidden (hidden from the room at first)", footer: "notes"),
        KeyBinding(c("f"), "f", .presenter(.nextFailure), "the next expectation that failed", footer: "failed"),
        KeyBinding(c("F"), "F", .presenter(.previousFailure), "the expectation that failed before this step"),
        KeyBinding(c("P") + [.escape], "P / Esc", .presenter(.leave), "back to the panes", footer: "panes"),
        KeyBinding(c("?"), "?", .presenter(.help), "every key", footer: "help"),
        KeyBinding(c("q"), "q", .presenter(.quit), "quit", footer: "quit"),
        // The line (`:`, `/`, save and open); other keys type.
        KeyBinding([.enter], "Enter", .line(.apply), "run the command (or save, open, filter)", footer: "apply"),
        KeyBinding([.tab], "Tab", .line(.complete), "complete the event name, the name being typed, or a path (o, w)", footer: "complete"),
        KeyBinding([.up], "↑", .line(.historyBack), "the command before", footer: "history"),
        KeyBinding([.down], "↓", .line(.historyForward), "the command after"),
        KeyBinding([.backspace, .delete, .control("h")], "Backspace", .line(.deleteBack), "delete a character (on an empty line: close it)"),
        KeyBinding([.control("u")], "Ctrl-U", .line(.clearLine), "clear the line"),
        KeyBinding([.escape], "Esc", .line(.cancel), "cancel", footer: "cancel"),
        // Lists and questions.
        KeyBinding([.up] + c("k"), "↑ / k", .list(.up), "the option above", footer: "choose"),
        KeyBinding([.down] + c("j"), "↓ / j", .list(.down), "the option below"),
        KeyBinding([.enter], "Enter / 1–9", .list(.apply), "take the chosen (or numbered) option", footer: "apply"),
        KeyBinding([.escape] + c("q"), "Esc / q", .list(.cancel), "cancel", footer: "cancel"),
        // A yes/no question.
        KeyBinding(c("yY"), "y", .question(.yes), "yes", footer: "yes"),
        KeyBinding([], "any other key", typing: .question, "no", footer: "no"),
        // Help and details.
        KeyBinding([.up] + c("k"), "↑ / k", .reading(.up), "scroll up (in a step's details: the rule above)", footer: "scroll"),
        KeyBinding([.down] + c("j"), "↓ / j", .reading(.down), "scroll down (in a step's details: the rule below)"),
        KeyBinding([.pageUp], "PgUp", .reading(.pageUp), "a page up"),
        KeyBinding([.pageDown] + c(" "), "PgDn / Space", .reading(.pageDown), "a page down"),
        KeyBinding([.enter], "Enter", .reading(.open), "open the chosen rule (in a step's details); else close"),
        KeyBinding([.escape] + c("q"), "Esc / q", .reading(.close), "close", footer: "close"),
        KeyBinding(c("?"), "?", .reading(.help), "every key; in this list, close it", footer: "help"),
        // Anywhere.
        KeyBinding([.control("c")], "Ctrl-C", .anywhere(.quit), "quit at once"),
        KeyBinding([.function(1)], "F1", .anywhere(.help), "every key, even while typing a line or choosing"),
        KeyBinding([], "mouse", typing: .anywhere, "click to select or jump, wheel to step (off with --no-mouse)"),
    ]

    /// The intent of a key in a scope (the digits of a step number are the reducer's own).
    package static func intent(for key: Key, in scope: KeyScope) -> Intent? {
        for binding in bindings where binding.scope == scope || binding.scope == .anywhere {
            if binding.keys.contains(key), let intent = binding.intent { return intent }
        }
        return nil
    }

    /// The footer's hints in a scope, in table order: `(keys, words)`.
    package static func footer(_ scope: KeyScope) -> [(keys: String, words: String)] {
        bindings.filter { $0.scope == scope && $0.footer != nil }.map { (Self.shortLabel($0), $0.footer!) }
    }

    /// A binding's keys for the narrow footer: `←/→` rather than `← / h`.
    static func shortLabel(_ binding: KeyBinding) -> String {
        switch binding.intent {
        case .panes(.stepBack)?, .presenter(.stepBack)?: "←/→"
        case .panes(.up)?, .presenter(.scrollUp)?, .list(.up)?, .reading(.up)?: "↑/↓"
        default: binding.label.components(separatedBy: " / ").first ?? binding.label
        }
    }

    /// The README's key table (kept in step by a test).
    package static func markdown() -> String {
        var out = ""
        for scope in KeyScope.allCases {
            let rows = bindings.filter { $0.scope == scope }
            guard !rows.isEmpty else { continue }
            out += "\n| \(scope.rawValue) | |\n|---|---|\n"
            for binding in rows {
                out += "| `" + binding.label.replacingOccurrences(of: "|", with: "\\|") + "` | " + binding.help + " |\n"
            }
        }
        return out
    }
}
