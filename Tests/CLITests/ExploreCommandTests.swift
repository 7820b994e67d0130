import Foundation
import IDExplore
import Testing
import TestSupport

@Suite("idscope explore (the built binary)", .serialized)
struct ExploreCommandTests {
    /// The lines of a page after `line` (a whole line) up to the code block's end: the output a
    /// documented command is shown with.
    static func block(after line: String, in text: String) -> String? {
        text.components(separatedBy: line + "\n").dropFirst().first?.components(separatedBy: "```")[0]
    }

    @Test("docs/recipes.md's explore example: the recipe and its fix under the default goal, as printed there")
    func recipesDocExample() throws {
        let text = try String(contentsOf: GeneratedSection.root.appendingPathComponent("docs/recipes.md"), encoding: .utf8)
        let blocks = text.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let recipe = try #require(blocks.first { $0.hasPrefix("name: acme-device-id") })
        let folder = TemporaryDirectory.make()
        try recipe.write(to: folder.appendingPathComponent("acme-device-id.yaml"), atomically: true, encoding: .utf8)
        let fixed = recipe.replacingOccurrences(of: "name: acme-device-id\n", with: "name: acme-device-id-fixed\n") + "whenRefused: stop\n"
        try fixed.write(to: folder.appendingPathComponent("acme-device-id-fixed.yaml"), atomically: true, encoding: .utf8)
        let documented = try #require(Self.block(after: "<!-- docs-example: the output below is checked by ExploreCommandTests.recipesDocExample -->\n```", in: text))
        let command = try #require(text.firstMatch(of: /\$ idscope (explore [^\n]+)/)?.1).split(separator: " ").map(String.init)
        let run = try CLI.run(command + ["--workers", "1"], in: folder)
        #expect(run.status == 1, "the unfixed recipe breaks: \(run.stderr)")
        #expect(run.stdout == documented, "\(run.stdout)")
    }

    @Test("docs/explore.md's examples print what the page shows")
    func exploreDocExample() throws {
        let text = try String(contentsOf: GeneratedSection.root.appendingPathComponent("docs/explore.md"), encoding: .utf8)
        let documented = try #require(Self.block(after: "<!-- docs-example: the output below is checked by ExploreCommandTests.exploreDocExample -->\n```", in: text))
        let commands = text.matches(of: /\$ idscope (explore [^\n]+)/).map { $0.1.split(separator: " ").map(String.init) }
        try #require(commands.count >= 2)
        let first = try CLI.run(commands[0] + ["--workers", "1"])
        #expect(first.stdout == documented, "\(first.stdout)")
        // The goals section's example: its output follows its command in the same block.
        let userBlock = try #require(Self.block(after: "$ idscope " + commands[1].joined(separator: " "), in: text))
        let user = try CLI.run(commands[1] + ["--workers", "1"])
        #expect(user.stdout == userBlock, "\(user.stdout)")
        // The worked example of a fix, the same way.
        let fixCommand = try #require(commands.first { $0.contains("install,launch,migrate,reboot,unlock") && $0.contains("keychain-idfv") })
        let fixBlock = try #require(Self.block(after: "$ idscope " + fixCommand.joined(separator: " "), in: text))
        let fix = try CLI.run(fixCommand + ["--workers", "1"])
        #expect(fix.stdout == fixBlock, "\(fix.stdout)")
        #expect(fixBlock.contains("try: kc: accessible whenUnlockedThisDeviceOnly"), "the page shows a searched fix")
    }

    @Test("--save writes every proven fix as a recipe of its own beside the counterexample, commented with the key it changes, and each loads and holds")
    func saveWritesTheFix() throws {
        let folder = TemporaryDirectory.make()
        let run = try CLI.run(["explore", "--strategy", "keychain-idfv", "--depth", "5", "--events", "install,launch,migrate,reboot,unlock",
                               "--workers", "1", "--fixes", "2", "--save", folder.path])
        #expect(run.status == 1)
        let saved = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(saved == ["keychain-idfv-stable-fix1.yaml", "keychain-idfv-stable-fix2.yaml", "keychain-idfv-stable.yaml",
                          "keychain-idfv-unique-fix1.yaml", "keychain-idfv-unique.yaml"], "\(saved)")
        #expect(run.stdout.contains("saved: \(folder.appendingPathComponent("keychain-idfv-unique-fix1.yaml").path)"), "\(run.stdout)")
        let fix = folder.appendingPathComponent("keychain-idfv-unique-fix1.yaml")
        let text = try String(contentsOf: fix, encoding: .utf8)
        #expect(text.hasPrefix("# idscope explore: kc: accessible whenUnlockedThisDeviceOnly (was whenUnlocked)\n# changes kc.accessible of keychain-idfv-twin;"),
                "\(text)")
        #expect(text.contains("accessible: whenUnlockedThisDeviceOnly") && text.contains("(fix: kc: accessible whenUnlockedThisDeviceOnly"), "\(text)")
        // The counterexample's last step says why and what to change.
        let scenario = try String(contentsOf: folder.appendingPathComponent("keychain-idfv-unique.yaml"), encoding: .utf8)
        #expect(scenario.contains("why: step 4: ") && scenario.contains("try: kc: accessible whenUnlockedThisDeviceOnly"), "\(scenario)")
        let again = try CLI.run(["explore", "--strategy", fix.path, "--depth", "5", "--events", "install,launch,migrate", "--property", "unique",
                                 "--workers", "1"])
        #expect(again.status == 0, "the saved fix holds unique: \(again.stdout)\(again.stderr)")
    }

    @Test("unique and follows asked together are said to conflict once, with the sequence, and exit 1")
    func conflictSaidOnce() throws {
        let run = try CLI.run(["explore", "--strategy", "keychain-idfv", "--property", "unique", "--property", "follows", "--depth", "4",
                               "--events", "install,launch,migrate", "--workers", "1"])
        #expect(run.status == 1)
        let conflicts = run.stdout.split(separator: "\n").filter { $0.hasPrefix("conflict: ") }
        #expect(conflicts == ["conflict: unique and follows cannot both hold: after install com.acme.app on phone → launch com.acme.app on phone → "
                              + "migrate from phone on phone2 → launch com.acme.app on phone2, the last launch either reads the first device's ID "
                              + "(unique breaks) or another (follows breaks)"], "\(run.stdout)")
        // No copy among the events, or a goal (none holds both): no conflict.
        let noCopy = try CLI.run(["explore", "--strategy", "keychain-idfv", "--property", "unique", "--property", "follows", "--depth", "4",
                                  "--events", "install,launch,reboot", "--workers", "1"])
        #expect(!noCopy.stdout.contains("conflict"))
        for goal in ExploreGoal.allCases { #expect(!goal.properties.isSuperset(of: [.unique, .follows]), "\(goal)") }
    }

    @Test("--goal and --property exclude each other; an unknown goal is named; each goal prints its line")
    func goalArguments() throws {
        let both = try CLI.run(["explore", "--strategy", "rndi", "--goal", "user", "--property", "stable"])
        #expect(both.status == 2 && both.stderr.contains("--goal and --property exclude each other"))
        let unknown = try CLI.run(["explore", "--strategy", "rndi", "--goal", "devise"])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown goal 'devise'") && unknown.stderr.contains("device"))
        let user = try CLI.run(["explore", "--strategy", "rndi", "--goal", "user", "--depth", "3", "--format", "jsonl", "--workers", "1"])
        #expect(user.stdout.split(separator: "\n").map { $0.contains(#""goal": "user""#) } == [true, true], "\(user.stdout)")
        #expect(user.stdout.contains(#""property": "stable""#) && user.stdout.contains(#""property": "follows""#))
        let alone = try CLI.run(["explore", "--strategy", "rndi", "--property", "stable", "--depth", "3", "--workers", "1"])
        #expect(!alone.stdout.contains("goal"), "properties alone print no goal")
    }

    @Test("a break exits 1 and is saved as a scenario that check fails at its last step; a hold exits 0")
    func breaksAndHolds() throws {
        let dir = TemporaryDirectory.make()
        let save = dir.appendingPathComponent("found").path
        let broke = try CLI.run(["explore", "--strategy", "keychain-idfv", "--property", "stable", "--events", "install,launch,reboot",
                                 "--depth", "4", "--save", save])
        #expect(broke.status == 1, "\(broke.stderr)")
        #expect(broke.stdout.contains("keychain-idfv  stable     breaks in 4: install com.acme.app on phone → launch com.acme.app on phone → reboot on phone → launch com.acme.app (background) on phone"), "\(broke.stdout)")
        let file = save + "/keychain-idfv-stable.yaml"
        let check = try CLI.run(["check", file])
        #expect(check.status == 1 && check.stdout.contains("1 check failed"), "\(check.stdout)")

        let held = try CLI.run(["explore", "--strategy", "keychain-idfv", "--property", "stable", "--events", "install,launch",
                                "--depth", "3", "--format", "jsonl"])
        #expect(held.status == 0)
        #expect(held.stdout.hasPrefix("{\"strategy\": \"keychain-idfv\", \"property\": \"stable\", \"holds\": true, \"depth\": 3, \"states\": "))
    }

    @Test("a recipe file is explored like a built-in strategy")
    func recipeFile() throws {
        let dir = TemporaryDirectory.make()
        let recipe = dir.appendingPathComponent("ours.yaml")
        try "name: ours\nstores:\n  kc: { keychain: { account: id, accessible: afterFirstUnlockThisDeviceOnly } }\nid: [kc, uuid]\nsave: [kc]\n"
            .write(to: recipe, atomically: true, encoding: .utf8)
        let result = try CLI.run(["explore", "--strategy", recipe.path, "--property", "unique", "--events", "install,launch,backup,restore",
                                  "--depth", "5", "--format", "markdown"])
        // ThisDeviceOnly items never reach another device: no two phones share the ID.
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("| ours | unique | holds ≤ 5 ("))
    }

    @Test("--save makes its folder only when a break is saved, and refuses at once a folder that cannot be made")
    func saveFolder() throws {
        let dir = TemporaryDirectory.make()
        let holds = try CLI.run(["explore", "--strategy", "keychain-idfv", "--property", "available", "--depth", "2",
                                 "--save", dir.appendingPathComponent("new/folder").path])
        #expect(holds.status == 0 && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("new").path))
        let file = dir.appendingPathComponent("file")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        let refused = try CLI.run(["explore", "--strategy", "rndi", "--depth", "2", "--save", file.appendingPathComponent("sub").path])
        #expect(refused.status == 74 && refused.stderr.contains("\(file.path) is not a folder"), "\(refused.stderr)")
    }

    /// A search of minutes, started by `launcher` (`/bin/sh -c SCRIPT` with the binary as `$0`) or
    /// directly: keychain-idfv's IDs stay available far deeper than it gets before a signal.
    final class LongSearch {
        let process = Process()
        let out = Pipe(), err = Pipe()

        init(shell script: String? = nil) throws {
            let arguments = ["explore", "--strategy", "keychain-idfv", "--strategy", "rndi", "--property", "available", "--depth", "12",
                             "--workers", "1", "--format", "jsonl"]
            if let script {
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", script, CLI.binary.path] + arguments
            } else {
                process.executableURL = CLI.binary
                process.arguments = arguments
            }
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            try process.run()
            // A watchdog: a search that never stops ends the test, not the run (held weakly, so it
            // never signals a process id used again by then).
            DispatchQueue.global().asyncAfter(deadline: .now() + 120) { [weak process] in
                if let process, process.isRunning { kill(process.processIdentifier, SIGKILL) }
            }
        }

        deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        /// Sends `signal`, then reads what it printed until it ends.
        func stop(with signal: Int32) -> (stdout: String, stderr: String) {
            kill(process.processIdentifier, signal)
            let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (stdout, stderr)
        }
    }

    @Test("Ctrl-C or SIGTERM: what was found so far is printed, marked stopped, and the process ends by the signal", arguments: [SIGINT, SIGTERM])
    func interrupted(by signal: Int32) throws {
        let search = try LongSearch()
        try #require(ProcessProbe.waitUntilCatching(signal, pid: search.process.processIdentifier), "the command never caught \(signal)")
        Thread.sleep(forTimeInterval: 0.5)   // the search under way
        let (stdout, stderr) = search.stop(with: signal)
        #expect(search.process.terminationReason == .uncaughtSignal && search.process.terminationStatus == signal,
                "\(search.process.terminationStatus): \(stderr)")
        let rows = stdout.split(separator: "\n")
        #expect(rows.count == 1 && rows[0].hasPrefix("{\"strategy\": \"keychain-idfv\"") && rows[0].contains("\"holds\": true")
                && rows[0].contains("\"stopped\": true"), "\(stdout)")
        #expect(stderr.contains("idscope: interrupted; stopped before its depth") && stderr.contains(": keychain-idfv (depth ")
                && stderr.hasSuffix("; not searched: rndi\n"), "\(stderr)")
    }

    @Test("a Ctrl-C the shell left ignored (a background job's) does not stop the search; SIGTERM still does")
    func ignoredInterruptStaysIgnored() throws {
        let search = try LongSearch(shell: "trap '' INT; exec \"$0\" \"$@\"")
        try #require(ProcessProbe.waitUntilCatching(SIGTERM, pid: search.process.processIdentifier), "the command never caught SIGTERM")
        kill(search.process.processIdentifier, SIGINT)
        Thread.sleep(forTimeInterval: 1)
        #expect(search.process.isRunning, "SIGINT stopped a search that started with it ignored")
        let (stdout, _) = search.stop(with: SIGTERM)
        #expect(search.process.terminationReason == .uncaughtSignal && search.process.terminationStatus == SIGTERM)
        #expect(stdout.contains("\"stopped\": true"), "\(stdout)")
    }

    @Test("a name that names nothing is one clear line and exit 2; a malformed value is the argument parser's 64, with a reason")
    func badInput() throws {
        for (arguments, message) in [(["--property", "stabel"], "did you mean 'stable'?"), (["--events", "instal"], "did you mean 'install'?"),
                                     (["--strategy", "rdni"], "did you mean 'rndi'?")] {
            let result = try CLI.run(["explore"] + arguments)
            #expect(result.status == 2 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        for (arguments, message) in [(["--depth", "0"], "--depth must be at least 1, not 0"), (["--depth", "-1"], "--depth must be at least 1, not -1"),
                                     (["--depth", "13"], "--depth must be at most 12, not 13"), (["--workers", "0"], "--workers must be at least 1"),
                                     (["--devices", "-2"], "--devices must be at least 1, not -2"), (["--app", "com.acme.shop"], "--app needs --from")] {
            let result = try CLI.run(["explore"] + arguments)
            #expect(result.status == 64 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test("a recipe's call is an action only when --events names it as call:NAME; a name it does not declare is exit 2 with its calls")
    func calls() throws {
        let unknown = try CLI.run(["explore", "--strategy", "datadog", "--events", "install,launch,call:clearAllDta"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--events names call:clearAllDta, but datadog has no call 'clearAllDta' (its calls: clearAllData)"
                                        + "; did you mean 'clearAllData'?"), "\(unknown.stderr)")
        let swift = try CLI.run(["explore", "--strategy", "rndi", "--events", "install,launch,call:reset"])
        #expect(swift.status == 2 && swift.stderr.contains("rndi has no call 'reset' (its code declares none)"), "\(swift.stderr)")
        // Datadog's clearAllData deletes the stored ID; the next process makes a new one.
        let found = try CLI.run(["explore", "--strategy", "datadog", "--property", "stable", "--depth", "5",
                                 "--events", "install,launch,terminate,call:clearAllData"])
        #expect(found.status == 1, "\(found.stdout)\(found.stderr)")
        #expect(found.stdout.contains("breaks in 5: install com.acme.app on phone → launch com.acme.app on phone → call com.acme.app clearAllData "
                                      + "\"clearAllData-1\" on phone → terminate com.acme.app on phone → launch com.acme.app on phone"), "\(found.stdout)")
        #expect(found.stdout.contains("deleted by the app's own call: call com.acme.app clearAllData \"clearAllData-1\" on phone (step 3)"), "\(found.stdout)")
    }
}
