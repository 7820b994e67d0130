import ArgumentParser
import Foundation
import IDExplore
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
            last expect fails. Ctrl-C (or SIGTERM) stops the search and prints what it found so far, marked stopped, \
            then ends as interrupted; a second Ctrl-C ends it at once.

            Events: \(ActionAlphabet.eventKeys.joined(separator: ", ")).
            """
        )

        @Option(name: .customLong("strategy"), help: "A strategy or recipe file (repeatable; default: every built-in one).",
                completion: .custom(ScenarioCompletion.strategies))
        var strategies: [String] = []

        @Option(help: ArgumentHelp("What the ID is for: device (the same on one device until erase, never on two), install (the same until "
                                   + "the app is deleted) or user (follows the person to a new phone and through a restore). Default: device.",
                                   valueName: "device|install|user"))
        var goal: String?

        @Option(name: .customLong("property"), help: "stable, unique, available or follows (repeatable), checked alone, without a goal's allowed events.")
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

        @OptionGroup var strategyOptions: StrategyOptionsOption

        /// A malformed value is the argument parser's error (64); a well-formed name that names
        /// nothing (a property, an event, a strategy) is invalid input (2), as in every command.
        func validate() throws {
            guard (1...12).contains(depth) else { throw ValidationError(depth < 1 ? "--depth must be at least 1, not \(depth)" : "--depth must be at most 12, not \(depth)") }
            guard (1...4).contains(devices) else { throw ValidationError(devices < 1 ? "--devices must be at least 1, not \(devices)" : "--devices must be at most 4, not \(devices)") }
            if let workers, !(1...1024).contains(workers) { throw ValidationError(workers < 1 ? "--workers must be at least 1, not \(workers)" : "--workers must be at most 1024, not \(workers)") }
            if OSVersion(parsing: os) == nil { throw ValidationError("Invalid iOS version '\(os)': expected 6.0 to 18.x.") }
            if app != nil && from == nil { throw ValidationError("--app needs --from SCENARIO") }
            if !strategyOptions.arguments.isEmpty && from != nil {
                throw ValidationError("--option sets the default world's options; a --from scenario gives its apps their own")
            }
            _ = try strategyOptions.values()
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
            for key in eventKeys ?? [] where !ActionAlphabet.eventKeys.contains(key) {
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
            // Checked now, before a long search; made only when there is a break to save in it.
            if let save, let problem = Self.folderProblem(save) {
                Console.error("idscope: cannot save into \(save): \(problem)")
                throw ExitCode(ExitStatus.ioError)
            }
            var writer = ExploreWriter(goal: chosenGoal)
            let progress = isatty(STDERR_FILENO) == 1
            StopRequest.install()
            var cut = CutShort()
            for (index, target) in targets.enumerated() {
                if StopRequest.isRequested {
                    cut.notReached = targets[index...].map(\.label)
                    break
                }
                let world: World
                do {
                    world = try target.startWorld()
                } catch {
                    Console.error("idscope: cannot set up the world for \(target.label): \(error)")
                    throw ExitCode(ExitStatus.invalidInput)
                }
                var explorer = Explorer.from(world, app: target.app, strategy: target.strategy, library: target.library,
                                             events: eventKeys.map(Set.init))
                explorer.workers = workers ?? ProcessInfo.processInfo.activeProcessorCount
                explorer.goal = chosenGoal
                let outcome = explorer.run(properties: Set(wanted), depth: depth, clock: { Date().timeIntervalSince1970 },
                                           shouldStop: { StopRequest.isRequested }, progress: { p in
                    guard progress else { return }
                    // Distinct states a second, as the line says (successors a second is the bench's figure).
                    let rate = p.seconds > 0 ? Int(Double(p.states) / p.seconds) : 0
                    Console.progress("\u{1B}[2K\r" + TerminalText.escaped("\(target.label): depth \(p.depth)\(p.depthDone ? " done" : ""), \(p.states) states, \(rate) states/s, \(String(format: "%.1f", p.seconds)) s"))
                })
                if progress { Console.progress("\u{1B}[2K\r") }
                if outcome.stopReason == .stateLimit {
                    Console.error("idscope: \(target.label): stopped at \(outcome.states) states (the memory limit); depth \(outcome.completedDepth) was searched in full")
                }
                if outcome.stopReason == .cancelled { cut.searches.append("\(target.label) (depth \(outcome.completedDepth) in full)") }
                // Why each break happened and what to change, worked out after the search, for
                // breaks only: the search's own speed is untouched.
                var whys: [ExploreProperty: BreakExplanation] = [:]
                var fixes: [ExploreProperty: FixSearch] = [:]
                for property in wanted {
                    guard let steps = outcome.breaks[property] else { continue }
                    whys[property] = BreakExplanation.explain(steps, property: property, target: target)
                    let fix = StopRequest.isRequested ? nil
                        : FixSearch.search(property: property, steps: steps, target: target, goal: chosenGoal, depth: depth,
                                           workers: explorer.workers, shouldStop: { StopRequest.isRequested })
                    // A search cut short would say that no change holds when some were never tried.
                    if let fix, !StopRequest.isRequested {
                        fixes[property] = fix
                    } else {
                        fixes[property] = .interrupted
                        cut.fixes.append("\(target.label) \(property.rawValue)")
                    }
                }
                var saved: [ExploreProperty: String] = [:]
                if let save {
                    for property in wanted {
                        guard let steps = outcome.breaks[property] else { continue }
                        let scenario = try target.scenario(for: steps, property: property)
                        let path = (save as NSString).appendingPathComponent(Self.fileName(target, property))
                        do {
                            try FileManager.default.createDirectory(atPath: save, withIntermediateDirectories: true)
                            try FileSaver.write(ScenarioWriter.yaml(scenario), to: path)
                        } catch {
                            Console.error("idscope: cannot save \(error)")
                            throw ExitCode(ExitStatus.ioError)
                        }
                        saved[property] = path
                        // The first searched change that holds, beside the counterexample.
                        if let suggestion = fixes[property]?.suggestions.first {
                            let fixPath = String(path.dropLast(5)) + "-fix.yaml"
                            do {
                                try FileSaver.write(RecipeWriter.file(suggestion.recipe), to: fixPath)
                            } catch {
                                Console.error("idscope: cannot save \(error)")
                                throw ExitCode(ExitStatus.ioError)
                            }
                        }
                    }
                }
                writer.add(outcome, target: target, properties: wanted, saved: saved, whys: whys, fixes: fixes)
            }
            // Past the searches a signal ends the command at once; one that came after the last
            // search finished cut nothing, and the output is printed in full as usual.
            StopRequest.uninstall()
            let lines = switch format {
            case .jsonl: writer.jsonl()
            case .markdown: writer.markdown()
            case .table: writer.table()
            }
            do {
                for line in lines { try Console.out(line) }
                if !cut.isEmpty { try Console.flush() }
            } catch {
                // A closed stdout (a pipe's reader that the same Ctrl-C ended) loses the table, not the signal.
                if cut.isEmpty { throw error }
            }
            if !cut.isEmpty {
                Console.error(cut.sentence)
                StopRequest.endBySignal()
            }
            // Properties that exclude each other: said once, with the sequence that shows it.
            if let conflict = PropertyConflict.sequence(properties: Set(wanted), events: eventKeys.map(Set.init),
                                                        devices: from == nil ? devices : 2), conflict.count <= depth {
                let world = try? targets.first?.base.initialWorld()
                let words = conflict.map { step in
                    world.map { TerminalText.escaped(StepSummary.describe(step.event, in: $0) + " on " + $0.devices[step.device].name) } ?? step.event.key
                }
                let sentence = "unique and follows cannot both hold: after " + words.joined(separator: " → ")
                    + ", the last launch either reads the first device's ID (unique breaks) or another (follows breaks)"
                switch format {
                case .jsonl:
                    try Console.out("{\"conflict\": [\"unique\", \"follows\"], \"steps\": [" + words.map(JSONText.string).joined(separator: ", ")
                                    + "], \"sentence\": " + JSONText.string(sentence) + "}")
                case .markdown, .table:
                    try Console.out("conflict: " + sentence)
                }
                throw ExitCode(ExitStatus.checkFailed)
            }
            if writer.rows.contains(where: { $0.steps != nil }) { throw ExitCode(ExitStatus.checkFailed) }
        }

        /// Why `--save FOLDER` could not be made or written, or nil: it is a folder we may write, or
        /// the nearest part of it that exists is.
        static func folderProblem(_ folder: String) -> String? {
            var path = URL(fileURLWithPath: folder).standardizedFileURL
            while !FileManager.default.fileExists(atPath: path.path) && path.path != "/" { path.deleteLastPathComponent() }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isFolder), isFolder.boolValue else {
                return "\(path.path) is not a folder"
            }
            return FileManager.default.isWritableFile(atPath: path.path) ? nil : "\(path.path) cannot be written"
        }

        /// `rndi-stable.yaml`; with --from, `id-kit-com.acme.shop-stable.yaml`.
        static func fileName(_ target: ExploreTarget, _ property: ExploreProperty) -> String {
            var name = target.strategy.name
            if !target.base.steps.isEmpty { name += "-" + target.base.apps[target.app].bundleID }
            let safe = name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "-" }
            return String(safe) + "-\(property.rawValue).yaml"
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
            let options = try strategyOptions.values()
            var targets: [ExploreTarget] = []
            if strategies.isEmpty {
                targets = StrategyCatalog.builtIn.all.filter { StrategyCatalog.original(ofTwin: $0.name) == nil }.map {
                    ExploreTarget.defaultWorld(strategy: $0, recipe: nil, devices: devices, os: version, options: options)
                }
            } else {
                for argument in strategies {
                    let (strategy, recipe) = try StrategyArgument.resolveOrExit(argument)
                    targets.append(ExploreTarget.defaultWorld(strategy: strategy, recipe: recipe, devices: devices, os: version, options: options))
                }
            }
            for target in targets {
                try strategyOptions.check(options, for: [target.strategy], library: target.library, command: "explore")
            }
            return targets
        }
    }
}
