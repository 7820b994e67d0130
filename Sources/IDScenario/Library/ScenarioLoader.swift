import Foundation
import IDPlatform
import IDSim
import IDStrategies

/// Reads scenarios from files or the built-in library, with one clear line for anything that
/// keeps a file from being read.
package enum ScenarioLoader {
    package enum LoadError: Error, Sendable, CustomStringConvertible {
        case unreadable(String)
        case invalid(ScenarioError)

        package var description: String {
            switch self {
            case .unreadable(let line): line
            case .invalid(let error): error.description
            }
        }

        /// Every line to print.
        package var lines: [String] {
            switch self {
            case .unreadable(let line): [line]
            case .invalid(let error): error.diagnostics.map(\.description)
            }
        }
    }

    /// Whether an argument names a file rather than a built-in scenario.
    package static func isPath(_ argument: String) -> Bool {
        argument.contains("/") || argument.hasSuffix(".yaml") || argument.hasSuffix(".yml")
            || FileManager.default.fileExists(atPath: argument)
    }

    /// Loads `argument`: a path to a .yaml/.yml file, or a built-in scenario's name.
    /// - Parameter allowingPrefix: accept a unique prefix of a built-in name (`b05`) when no file
    ///   is named so; the inspector does, while `run`, `check` and `matrix` keep exact names so
    ///   scripts stay stable (and suggest the full name).
    package static func load(_ argument: String, allowingPrefix: Bool = false) throws(LoadError) -> Scenario {
        if isPath(argument) && !(allowingPrefix && !FileManager.default.fileExists(atPath: argument) && uniquePrefixMatch(argument) != nil) {
            return try loadFile(argument)
        }
        return try loadBuiltIn(argument, allowingPrefix: allowingPrefix)
    }

    /// A built-in scenario by name (or, when allowed, by a unique prefix of its name).
    package static func loadBuiltIn(_ name: String, allowingPrefix: Bool) throws(LoadError) -> Scenario {
        var resolved = name
        if ScenarioLibrary.text(named: name) == nil {
            let matches = ScenarioLibrary.names.filter { $0.hasPrefix(name) }
            if allowingPrefix, !name.isEmpty, matches.count == 1 {
                resolved = matches[0]
            } else {
                let suggestion = matches.count == 1 ? matches[0] : NameSuggester.nearestName(name, ScenarioLibrary.names)
                throw .unreadable("idscope: no scenario file or built-in scenario named '\(name)'"
                    + (matches.count > 1 && allowingPrefix ? "; it begins " + matches.prefix(5).joined(separator: ", ") + (matches.count > 5 ? ", …" : "")
                        : suggestion.map { "; did you mean '\($0)'?" } ?? "; see 'idscope scenarios'"))
            }
        }
        guard let text = ScenarioLibrary.text(named: resolved) else {
            throw .unreadable("idscope: the built-in scenario library was not found (set IDSCOPE_SCENARIOS to its folder)")
        }
        do {
            return try ScenarioParser.parse(text, file: "builtin:\(resolved)")
        } catch {
            throw .invalid(error)
        }
    }

    /// The one built-in scenario whose name begins with `prefix`, if exactly one does.
    static func uniquePrefixMatch(_ prefix: String) -> String? {
        let matches = ScenarioLibrary.names.filter { $0.hasPrefix(prefix) }
        return matches.count == 1 ? matches[0] : nil
    }

    package static func loadFile(_ path: String) throws(LoadError) -> Scenario {
        let text = try readText(path)
        do {
            return try ScenarioParser.parse(text, file: path)
        } catch {
            throw .invalid(error)
        }
    }

    /// The file's text, refusing directories, missing, unreadable, huge and non-UTF-8 files.
    package static func readText(_ path: String) throws(LoadError) -> String {
        let limit = ScenarioLimits.maxBytes
        let data = try readBytes(path, upTo: limit + 1, kind: "a scenario file")
        guard data.count <= limit else {
            // A device or pipe has no size to tell; then all we know is that it went past the limit.
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
            throw .invalid(ScenarioError([YAMLGuard.sizeDiagnostic(bytes: size.flatMap { $0 > limit ? $0 : nil }, file: path)]))
        }
        return try decode([UInt8](data), file: path)
    }

    /// At most `count` bytes of a file (so a huge file costs no more), refusing in one line each
    /// what cannot be read: a missing file, a directory, a device or socket, a FIFO that no process
    /// writes to (reading it would wait for ever), one we may not read. A FIFO or pipe with a
    /// writer (`idscope run <(generate)`) is read to its end.
    /// - Parameter kind: what the file should have been, for the message.
    package static func readBytes(_ path: String, upTo count: Int, kind: String) throws(LoadError) -> Data {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .unreadable(errno == ENOENT ? "\(path): error: no such file" : "\(path): error: cannot be read (\(Platform.lastError()))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFIFO: break
        case S_IFDIR: throw .unreadable("\(path): error: is a directory, not \(kind)")
        case S_IFSOCK: throw .unreadable("\(path): error: is a socket, not \(kind)")
        default: throw .unreadable("\(path): error: is a device, not \(kind)")
        }
        // Non-blocking, so that opening a FIFO does not wait for a writer.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            throw .unreadable("\(path): error: cannot be read (\(errno == EACCES ? "permission denied" : Platform.lastError()))")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var waitingForWriter = info.st_mode & S_IFMT == S_IFIFO
        while bytes.count < count {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, min($0.count, count - bytes.count)) }
            if n > 0 {
                bytes += chunk[..<n]
            } else if n == 0 {
                // The end; on a FIFO never written to, a FIFO no process has open for writing.
                if waitingForWriter && bytes.isEmpty {
                    throw .unreadable("\(path): error: is a FIFO (named pipe) that no process is writing to")
                }
                break
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                // A writer has it open and has not written yet: wait for it, as a pipe is read.
                waitingForWriter = false
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            } else if errno != EINTR {
                throw .unreadable("\(path): error: cannot be read (\(Platform.lastError()))")
            }
        }
        return Data(bytes)
    }

    /// The bytes as text; invalid UTF-8 is an error at its line and column.
    package static func decode(_ bytes: [UInt8], file: String) throws(LoadError) -> String {
        if let offset = firstInvalidUTF8(bytes) {
            let (line, column) = position(ofByte: offset, in: bytes)
            throw .invalid(ScenarioError([Diagnostic(file: file, line: line, column: column, message: "invalid UTF-8 (byte \(offset))")]))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The offset of the first byte that is not valid UTF-8, if any.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
    }

    /// Line and column (in Unicode scalars) of a byte offset.
    static func position(ofByte offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        let prefix = String(decoding: bytes[..<offset], as: UTF8.self)
        let lines = prefix.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.count, (lines.last?.unicodeScalars.count ?? 0) + 1)
    }
}

extension NameSuggester {
    static func nearestName(_ name: String, _ names: [String]) -> String? {
        nearest(to: name, among: names)
    }
}

extension ScenarioLoader {
    /// A recipe file on its own (`matrix --strategy acme.yaml`, `manifest acme.yaml`), its errors
    /// located in the file.
    package static func loadRecipe(_ path: String) throws(LoadError) -> Recipe {
        let text = try readText(path)
        var reader = NodeReader(file: path)
        do {
            let root = try YAMLGuard.compose(text, file: path)
            if let recipe = RecipeParser.parseFile(root, &reader), reader.diagnostics.isEmpty { return recipe }
        } catch {
            throw .invalid(error)
        }
        throw .invalid(ScenarioError(reader.diagnostics))
    }
}

extension StrategyCatalog {
    /// What a `--strategy` or `STRATEGY` argument names: a built-in strategy or recipe by name, or
    /// a recipe file by path (then the recipe comes too, for the worlds that must hold it).
    package static func resolve(_ argument: String) throws(ScenarioLoader.LoadError) -> (strategy: Strategy, recipe: Recipe?) {
        if let strategy = builtIn.strategy(named: argument) { return (strategy, nil) }
        guard RecipeFiles.isPath(argument) || FileManager.default.fileExists(atPath: argument) else {
            throw .unreadable("idscope: " + StrategyProblem.unknownStrategy(argument, known: builtIn.names).description
                + " (or name a recipe file: a path ending in .yaml)")
        }
        let recipe = try ScenarioLoader.loadRecipe(argument)
        return (recipe.strategy, recipe)
    }
}
