import Foundation
import IDScenario
import IDSim

/// The line at the bottom: `:` commands, `/` filters, and the paths `w` and `o` ask for.
extension Inspector {
    /// The line's intents.
    mutating func line(_ intent: LineIntent) {
        guard var prompt = state.prompt else { return }
        state.status = nil
        // A filled-in suggestion gives way to Backspace (and to what is typed); any other key keeps it.
        let wasPrefilled = prompt.prefilled
        prompt.prefilled = false
        switch intent {
        case .cancel:
            state.prompt = nil
            return
        case .apply:
            state.prompt = nil
            return submit(prompt)
        case .deleteBack:
            if prompt.length == 0 {
                state.prompt = nil
                return
            }
            if wasPrefilled { prompt.replace(with: "") } else { prompt.removeLast() }
        case .complete:
            switch prompt.purpose {
            case .command: prompt.replace(with: complete(prompt.text))
            case .open, .save: prompt.replace(with: completePath(prompt.text, scenarios: prompt.purpose == .open))
            case .filter: break   // nothing to complete a filter from
            }
        case .historyBack, .historyForward:
            guard prompt.purpose == .command, !state.commandHistory.isEmpty else { break }
            let count = state.commandHistory.count
            var index = prompt.historyIndex ?? count
            index = intent == .historyBack ? max(0, index - 1) : min(count, index + 1)
            prompt.historyIndex = index
            prompt.replace(with: index < count ? state.commandHistory[index] : "")
        case .clearLine:
            prompt.replace(with: "")
        }
        keep(prompt)
    }

    /// A key the line does not bind: a character is typed (replacing a filled-in suggestion);
    /// another key only settles the suggestion as typed text.
    mutating func type(_ key: Key) {
        guard var prompt = state.prompt else { return }
        state.status = nil
        let wasPrefilled = prompt.prefilled
        prompt.prefilled = false
        if case .character(let c) = key {
            if wasPrefilled { prompt.replace(with: "") }
            guard prompt.append(c) else {
                state.status = Status("the line holds at most \(Prompt.maxLength) characters", error: true)
                return
            }
        }
        keep(prompt)
    }

    /// The line as edited; a filter applies as it is typed.
    private mutating func keep(_ prompt: Prompt) {
        if prompt.purpose == .filter { state.filter = prompt.text }
        state.prompt = prompt
    }

    /// Pasted text goes into the open line, control characters as spaces (a pasted newline must
    /// not run a half-pasted command) and cut at the line's limit; with no line open it is
    /// ignored rather than read as action keys.
    mutating func handlePaste(_ text: String) {
        guard var prompt = state.prompt else {
            state.status = Status("paste ignored: press : first to paste a command", error: true)
            return
        }
        if prompt.prefilled { prompt.replace(with: "") }
        prompt.prefilled = false
        for character in text {
            let printable = character.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
            guard prompt.append(printable ? character : " ") else {
                state.status = Status("paste cut: the line holds at most \(Prompt.maxLength) characters", error: true)
                break
            }
        }
        keep(prompt)
    }

    func complete(_ text: String) -> String {
        let options = CommandParser.completions(for: text, scenario: state.session.scenario, backups: state.session.backupsSoFar)
        guard !options.isEmpty else { return text }
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let prefix = commonPrefix(options)
        words[words.count - 1] = options.count == 1 ? options[0] + " " : max(prefix, words[words.count - 1])
        return words.joined(separator: " ")
    }

    /// A path completed as far as it is certain: the entries of its directory that start with
    /// what is typed (scenario files and directories), and for `o` the built-in scenarios'
    /// names; one match completes, several complete their common prefix and are listed.
    mutating func completePath(_ text: String, scenarios: Bool) -> String {
        let slash = text.lastIndex(of: "/")
        let directory = slash.map { String(text[...$0]) } ?? ""
        let stem = slash.map { String(text[text.index(after: $0)...]) } ?? text
        var options = files.entries(of: directory).filter { name in
            name.hasPrefix(stem) && (name.hasSuffix("/") || name.hasSuffix(".yaml") || name.hasSuffix(".yml"))
                && (!name.hasPrefix(".") || stem.hasPrefix("."))
        }.map { directory + $0 }
        if scenarios && slash == nil { options += ScenarioLibrary.names.filter { $0.hasPrefix(stem) } }
        options = Array(Set(options)).sorted()
        guard !options.isEmpty else {
            state.status = Status("nothing to complete from '\(text)'", error: true)
            return text
        }
        if options.count > 1 {
            let shown = options.prefix(8).map { $0.hasPrefix(directory) ? String($0.dropFirst(directory.count)) : $0 }
            state.status = Status(shown.joined(separator: "  ") + (options.count > 8 ? "  … \(options.count - 8) more" : ""))
        }
        let prefix = commonPrefix(options)
        return options.count == 1 ? options[0] : max(prefix, text)
    }

    func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    mutating func submit(_ prompt: Prompt) {
        let text = prompt.text.trimmingCharacters(in: .whitespaces)
        switch prompt.purpose {
        case .filter:
            state.filter = text
        case .save:
            guard !text.isEmpty else { return }
            if files.exists(text) {
                state.overlay = .confirm("\(text) exists. Overwrite it?", .overwrite(path: text))
            } else {
                save(to: text)
            }
        case .open:
            guard !text.isEmpty else { return }
            openAsking(text)
        case .command:
            guard !text.isEmpty else { return }
            if state.commandHistory.last != text { state.commandHistory.append(text) }
            runCommand(text)
        }
    }

    mutating func runCommand(_ text: String) {
        let words = text.split(separator: " ").map(String.init)
        switch words.first {
        case "q", "quit": return askToQuit()
        case "w", "write":
            if words.count > 1 { submit(Prompt(purpose: .save, text: words[1])) } else { panes(.save) }
            return
        case "o", "open":
            if words.count > 1 { openAsking(words[1]) } else { panes(.openFile) }
            return
        case "rule":
            if words.count > 1, let id = RuleID(parsing: words[1]) {
                state.overlay = .reading(Details.rule(id))
            } else {
                state.status = Status("unknown rule" + (words.count > 1 ? " '\(words[1])'"
                    + NameSuggester.hint(for: words[1], among: RuleID.allCases.map(\.rawValue)) : ""), error: true)
            }
            return
        case "goto":
            if words.count > 1, let n = Int(words[1]) { jump(to: n) }
            return
        default:
            if let n = Int(text) { return jump(to: n) }
        }
        do {
            let step = try CommandParser.step(text, scenario: state.session.scenario, device: state.selection.device,
                                              backups: state.session.backupsSoFar, labels: state.session.labelsSoFar)
            act(step)
        } catch {
            state.status = Status(error.diagnostics.first?.message ?? "could not read that command", error: true)
        }
    }
}
