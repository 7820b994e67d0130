import ArgumentParser
import Foundation
import IDExplore
import IDReports
import IDScenario
import IDSim
import IDStrategies

extension IDScope {
    struct Explore: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find the shortest sequence of user actions that breaks an ID: stable, unique, available, follows.",
            discussion: """
            Searches every sequence of user and OS actions up to --depth, breadth first, from the matrix's world \
            (--devices iPhones with a passcode on one Apple ID, an app of the strategy and another of its vendor) or \
            from the end of a scenario (--from). It checks a goal, device by default: stable, unique and available, \
            with a new ID allowed after an erase and no ID allowed before the first unlock (--goal install: stable \
            and available, allowed after deleting the app; --goal user: stable and follows). --property checks \
            properties alone instead. Exit 0 when every property holds to the depth, 1 when one breaks, \
            2 for invalid input, 64 for a malformed command line. --save DIR writes each break as a scenario whose \
            last expect fails, and each proven fix as a recipe beside it. After each break, why it happened and \
            the changes to the recipe proven to fix it (none makes another property or a matrix cell worse; \
            --fixes N asks for more of them, 0 for none). Ctrl-C (or SIGTERM) stops the search and prints what it found so far, marked stopped, \
            then ends as interrupted; a second Ctrl-C ends it at once.

            Events: \(ActionAlphabet.eventKeys.joined(separator: ", ")).
            """
        )

        @Option(name: .customLong("strategy"), help: "A strategy or recipe file (repeatable; default: every built-in one).",
                completion: .custom(ScenarioCompletion.strategies))
        var strategies: [String] = []

        @Option(help: ArgumentHelp("What the ID is for: device (the same on one device until erase, never on two), install (the same until "
                                   + "the app is deleted) or user (follows the person to a new phone and through a restore). Default: device.",
                                   valueName: "device|install|user"),
                completion: .list(ExploreGoal.allCases.map(\.rawValue)))
        var goal: String?

        @Option(name: .customLong("property"), help: "stable, unique, available or follows (repeatable), checked alone, without a goal's allowed events.",
                completion: .list(["stable", "unique", "available", "follows"]))
        var properties: [String] = []

        // Numbers are read unconditionally, so that `--depth -1` is a number out of range, not a
        // missing value.
        @Option(parsing: .unconditional, help: "The longest sequence to search (1 to 12).")
        var depth = 8

        @Option(parsing: .unconditional, help: "Devices in the default world (1 to 4).")
        var devices = 2

        @Option(help: "The iOS version of the default world's devices.")
        var os = "17.5"

        @Option(help: "Limit the actions to these event keys, comma-separated.")
        var events: String?

        @Option(help: "Start from the end of this scenario, for each of its apps.", completion: .custom(ScenarioCompletion.scenarios))
        var from: String?

        @Option(help: "Follow this ID instead of the primary: one of a recipe's ids, or any value its launches report.")
        var id: String?

        @Option(help: "With --from: explore only this app.")
        var app: String?

        @Option(help: "Write each counterexample as a scenario into this folder.", completion: .directory)
        var save: String?

        @OptionGroup var output: FormatOption
        var format: OutputFormat { output.format }

        @Option(parsing: .unconditional, help: "Search threads (default: every active core).")
        var workers: Int?

        @Option(parsing: .unconditional, help: "Proven fixes to look for per break, 0 to 5 (0: none; each costs about one more search). Default: 1.")
        var fixes = 1

        @OptionGroup var strategyOptions: StrategyOptionsOption

        /// A malformed value is the argument parser's error (64); a well-formed name that names
        /// nothing (a property, an event, a strategy) is invalid input (2), as in every command.
        func validate() throws {
            guard (1...12).contains(depth) else { throw ValidationError(depth < 1 ? "--depth must be at least 1, not \(depth)" : "--depth must be at most 12, not \(depth)") }
            guard (0...5).contains(fixes) else { throw ValidationError("--fixes must be 0 to 5, not \(fixes)") }
            guard (1...4).contains(devices) else { throw ValidationError(devices < 1 ? "--devices must be at least 1, not \(devices)" : "--devices must be at most 4, not \(devices)") }
            if let workers, !(1...1024).contains(workers) { throw ValidationError(workers < 1 ? "--workers must be at least 1, not \(workers)" : "--workers must be at most 1024, not \(workers)") }
            if OSVersion(parsing: os) == nil { throw ValidationError("Invalid iOS version '\(os)': expected \(OSVersion.expectedWords), like 17.5.") }
            if app != nil && from == nil { throw ValidationError("--app needs --from SCENARIO") }
            if !strategyOptions.arguments.isEmpty && from != nil {
                throw ValidationError("--option sets the default world's options; a --from scenario gives its apps their own")
            }
            _ = try strategyOptions.given()
            if goal != nil && !properties.isEmpty {
                throw ExitStatus.namesNothing("explore", "--goal and --property exclude each other: a goal names its own properties")
            }
            if let goal, ExploreGoal(rawValue: goal) == nil {
                throw ExitStatus.namesNothing("explore", "unknown goal '\(goal)' (expected device, install or user)"
                                              + NameSuggester.hint(for: goal, among: ExploreGoal.allCases.map(\.rawValue)))
            }
            for name in properties where ExploreProperty(rawValue: name) == nil {
                throw ExitStatus.namesNothing("explore", "unknown property '\(name)' (expected stable, unique, available or follows)"
                                              + NameSuggester.hint(for: name, among: ExploreProperty.allCases.map(\.rawValue)))
            }
            if let keys = eventKeys, keys.isEmpty {
                throw ExitStatus.namesNothing("explore", "--events names no event; give event keys, like --events install,launch,reboot")
            }
            for key in eventKeys ?? [] where !ActionAlphabet.eventKeys.contains(key) && !key.hasPrefix(ActionAlphabet.callPrefix) {
                throw ExitStatus.namesNothing("explore", "unknown event '\(key)' in --events (explore uses " + ActionAlphabet.eventKeys.joined(separator: ", ") + ")"
                                              + NameSuggester.hint(for: key, among: ActionAlphabet.eventKeys))
            }
            for name in strategies { if let problem = StrategyArgument.unknownName(name) { throw ExitStatus.namesNothing("explore", problem) } }
        }

        var eventKeys: [String]? {
            events.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        }

        func run() throws {
            // A goal (the default: device) unless properties are named: they are checked alone.
            let chosenGoal = properties.isEmpty ? goal.flatMap(ExploreGoal.init(rawValue:)) ?? .standard : nil
            let wanted = chosenGoal.map { goal in ExploreProperty.allCases.filter(goal.properties.contains) }
                ?? properties.compactMap(ExploreProperty.init(rawValue:))
            let targets = try makeTargets()
            // A call is offered only to an app whose code makes it (`call:NAME` in --events).
            for key in eventKeys ?? [] where key.hasPrefix(ActionAlphabet.callPrefix) {
                let name = String(key.dropFirst(ActionAlphabet.callPrefix.count))
                for target in targets where !target.strategy.calls.contains(name) {
                    let calls = target.strategy.calls
                    throw ExitStatus.namesNothing("explore", "--events names \(key), but \(target.strategy.name) has no call '\(name)'"
                                                  + (calls.isEmpty ? " (its code declares none)" : " (its calls: \(calls.joined(separator: ", ")))")
                                                  + NameSuggester.hint(for: name, among: calls))
                }
            }
            // Checked now, before a long search; made only when there is a break to save in it.
            if let save, let problem = Self.folderProblem(save) {
                Console.error("idscope: cannot save into \(save): \(problem)")
                throw ExitCode(ExitStatus.ioError)
            }
            var run = ExploreRun(targets: targets, goal: chosenGoal, properties: wanted, events: eventKeys.map(Set.init), depth: depth,
                                 workers: workers ?? ProcessInfo.processInfo.activeProcessorCount, fixes: fixes == 0 ? nil : FixSearch.Budget(suggestions: fixes))
            run.devices = from == nil ? devices : 2
            let progress = isatty(STDERR_FILENO) == 1
            StopRequest.install()
            var report: ExploreReport
            do {
                report = try run.run(clock: { Date().timeIntervalSince1970 }, shouldStop: { StopRequest.isRequested }, progress: { p in
                    guard progress else { return }
                    // Distinct states a second, as the line says (successors a second is the bench's figure).
                    let s = p.search
                    let rate = s.seconds > 0 ? Int(Double(s.states) / s.seconds) : 0
                    Console.progress("\u{1B}[2K\r" + TerminalText.escaped("\(p.target): depth \(s.depth)\(s.depthDone ? " done" : ""), \(s.states) states, \(rate) states/s, \(String(format: "%.1f", s.seconds)) s"))
                })
            } catch {
                if progress { Console.progress("\u{1B}[2K\r") }
                Console.error("idscope: cannot set up the world for \(error.target): \(error.message)")
                throw ExitCode(ExitStatus.invalidInput)
            }
            if progress { Console.progress("\u{1B}[2K\r") }
            for line in report.limits { Console.error("idscope: " + line) }
            // A search that reached no state but its start checked nothing: "holds" would pass a
            // CI guard for no reason (--events launch with nothing installed).
            if !report.rows.isEmpty && report.cut.isEmpty && report.rows.allSatisfy({ $0.states <= 1 && $0.breaking == nil }) {
                StopRequest.uninstall()
                throw ExitStatus.namesNothing("explore", "no action applies from the start"
                                              + (eventKeys.map { " with --events " + $0.joined(separator: ",") } ?? "")
                                              + ", so nothing was searched; add the events that lead somewhere, like install and launch")
            }
            // Each break and each proven fix saved in a file of its own; a save that fails is said
            // on stderr and the table is printed all the same (exit 74 after it).
            var saveFailed = false
            if let save { saveFailed = !Self.saveFiles(of: &report, into: save) }
            // Past the searches a signal ends the command at once; one that came after the last
            // search finished cut nothing, and the output is printed in full as usual.
            StopRequest.uninstall()
            let writer = ExploreWriter(report)
            let lines = switch format {
            case .jsonl: writer.jsonl()
            case .markdown: writer.markdown()
            case .table: writer.table()
            }
            do {
                for line in lines { try Console.out(line) }
                if !report.cut.isEmpty { try Console.flush() }
            } catch {
                // A closed stdout (a pipe's reader that the same Ctrl-C ended) loses the table, not the signal.
                if report.cut.isEmpty { throw error }
            }
            if !report.cut.isEmpty {
                Console.error(report.cut.sentence)
                StopRequest.endBySignal()
            }
            if saveFailed { throw ExitCode(ExitStatus.ioError) }
            if report.broke { throw ExitCode(ExitStatus.checkFailed) }
        }

        /// Writes the report's files into the folder (made when there is one to write), noting
        /// each saved path in its row; false when one could not be written (each said on stderr).
        static func saveFiles(of report: inout ExploreReport, into folder: String) -> Bool {
            let files: [ExploreReport.File]
            do {
                files = try report.files()
            } catch {
                Console.error("idscope: cannot save the breaks into \(TerminalText.escaped(folder)): \(error)")
                return false
            }
            guard !files.isEmpty else { return true }
            if let problem = folderProblem(folder) ?? makeFolder(folder) {
                Console.error("idscope: cannot save into \(TerminalText.escaped(folder)): \(problem)")
                return false
            }
            var ok = true
            for file in files {
                let path = (folder as NSString).appendingPathComponent(file.name)
                do {
                    try FileSaver.write(file.text, to: path)
                } catch {
                    Console.error("idscope: cannot save \(TerminalText.escaped(path)): \(error.reason)")
                    ok = false
                    continue
                }
                switch file.kind {
                case .counterexample: report.rows[file.row].saved = path
                case .fix: report.rows[file.row].savedFixes.append(path)
                }
            }
            return ok
        }

        /// Why `--save FOLDER` could not be made or written, or nil: it is a folder we may write, or
        /// the nearest part of it that exists is.
        static func folderProblem(_ folder: String) -> String? {
            // A link that points nowhere: the folder would be made where it points, and it is
            // better said than guessed.
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder),
               !FileManager.default.fileExists(atPath: folder) {
                return "\(folder) is a symbolic link to \(target), which does not exist"
            }
            var path = URL(fileURLWithPath: folder).standardizedFileURL
            while !FileManager.default.fileExists(atPath: path.path) && path.path != "/" { path.deleteLastPathComponent() }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isFolder), isFolder.boolValue else {
                return "\(path.path) is not a folder"
            }
            return FileManager.default.isWritableFile(atPath: path.path) ? nil : "\(path.path) cannot be written"
        }

        /// Makes the folder (and its parents): nil, or why not in a sentence.
        static func makeFolder(_ folder: String) -> String? {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                return nil
            } catch {
                return folderProblem(folder) ?? "it could not be made (\((error as NSError).localizedDescription))"
            }
        }

        /// The worlds and apps to explore: --from's apps, else each strategy in the default world.
        func makeTargets() throws -> [ExploreTarget] {
            var targets = try baseTargets()
            if let id {
                for index in targets.indices { targets[index].strategy = try StrategyArgument.following(id, targets[index].strategy, command: "explore") }
            }
            return targets
        }

        func baseTargets() throws -> [ExploreTarget] {
            if let from {
                let scenario = try ScenarioArgument.loadOrExit(from)
                let targets = ExploreTarget.from(scenario, app: app)
                if targets.isEmpty {
                    Console.error("idscope: \(from) has no app " + (app.map { "'\($0)'" } ?? "with a strategy to explore"))
                    throw ExitCode(ExitStatus.invalidInput)
                }
                return targets
            }
            let version = OSVersion(parsing: os)!
            var targets: [ExploreTarget] = []
            if strategies.isEmpty {
                // Over every built-in, those that need an option run with an example value (segment's
                // writeKey: example-writeKey); a strategy named alone must be given it.
                for strategy in StrategyCatalog.builtIn.all where StrategyCatalog.original(ofTwin: strategy.name) == nil {
                    targets.append(ExploreTarget.defaultWorld(strategy: strategy, recipe: nil, devices: devices, os: version,
                                                              options: strategy.withExamples(try strategyOptions.values(for: strategy))))
                }
            } else {
                for argument in strategies {
                    let (strategy, recipe) = try StrategyArgument.resolveOrExit(argument)
                    targets.append(ExploreTarget.defaultWorld(strategy: strategy, recipe: recipe, devices: devices, os: version,
                                                              options: try strategyOptions.values(for: strategy)))
                }
            }
            try strategyOptions.checkStrategiesNamed(among: targets.map(\.strategy), command: "explore")
            for target in targets where !strategies.isEmpty || !strategyOptions.arguments.isEmpty {
                try strategyOptions.check(target.base.apps[target.app].options, for: [target.strategy], library: target.library, command: "explore")
            }
            return targets
        }
    }
}
