import ArgumentParser
import Dispatch
import Foundation
import IDPlatform
import IDScenario
import IDServe

extension IDScope {
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve Apple's DeviceCheck REST API on loopback, backed by a scenario's simulated devices.",
            discussion: """
            POST /v1/query_two_bits, /v1/update_two_bits and /v1/validate_device_token (production) and the same \
            under /development/v1/ answer as Apple's server does, for the tokens the scenario's devicecheck launches \
            minted. GET /idscope/tokens lists them; POST /idscope/steps applies one scenario step given as JSON. \
            A JSON Lines request log goes to stdout (or --log FILE). SIGINT, SIGTERM, SIGHUP or SIGQUIT stops the \
            server after the requests in flight; --save FILE then writes the session as a scenario, and SIGUSR1 writes \
            it while the server keeps serving. Exit status \(ExitStatus.cannotServe) when it cannot listen (the port is \
            taken, the address is not this machine's). See docs/serve.md.
            """
        )

        static let defaultScenario = "s01-serve-devicecheck-two-teams"

        @Argument(help: "A scenario file or built-in scenario name (default: \(defaultScenario)).",
                  completion: .custom(ScenarioCompletion.scenarios))
        var scenario: String = defaultScenario

        @Option(help: "The address to listen on.")
        var host = "127.0.0.1"

        @Option(parsing: .unconditional, help: "The port to listen on (0: any free port, printed on stderr).")
        var port = 8080

        @Option(name: .customLong("key"),
                help: ArgumentHelp("A JWT signing key: [TEAM_ID/]KEY_ID=FILE, a PEM public key or Apple's .p8 private key (repeatable). "
                                   + "With TEAM_ID the key signs only for that team, as Apple's keys do; without, for any team of the scenario.",
                                   valueName: "[TEAM_ID/]KEY_ID=FILE"))
        var keys: [String] = []

        @Flag(help: "Accept any bearer token instead of verifying JWTs.")
        var noAuth = false

        @Option(help: ArgumentHelp("What last_update_time says: the month of the real clock (UTC; POST /idscope/clock sets a date) "
                                   + "or the scenario's simulated month.", valueName: "real|simulated"))
        var clock: ServedWorld.Clock = .real

        @Option(parsing: .unconditional, help: "Seconds a minted device token stays valid (1 to 31536000, a year).")
        var tokenLifetime = 3600

        @Option(help: "When the server stops, write the session (its steps and every update) to FILE as a scenario.",
                completion: .file(extensions: ["yaml"]))
        var save: String?

        @Option(help: "Write the request log to FILE instead of stdout.", completion: .file())
        var log: String?

        @Option(parsing: .unconditional,
                help: "The most connections open at once (1 to 1048576); the rest wait to be accepted (default: what the descriptor limit allows, at most 1024).")
        var maxConnections: Int?

        @Option(parsing: .unconditional, help: "Seconds before an idle connection (or a request that trickles in) is closed (more than 0, at most 86400).")
        var idleTimeout: Double = 10

        static let maxTokenLifetime = 31_536_000
        static let maxConnectionsLimit = 1 << 20

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535, not \(port).") }
            guard (1...Self.maxTokenLifetime).contains(tokenLifetime) else {
                throw ValidationError("--token-lifetime must be 1 to \(Self.maxTokenLifetime) seconds (a year), not \(tokenLifetime).")
            }
            if let maxConnections, !(1...Self.maxConnectionsLimit).contains(maxConnections) {
                throw ValidationError("--max-connections must be 1 to \(Self.maxConnectionsLimit), not \(maxConnections).")
            }
            guard idleTimeout > 0 && idleTimeout <= 86_400 else { throw ValidationError("--idle-timeout must be more than 0 and at most 86400 seconds, not \(idleTimeout).") }
            if keys.isEmpty && !noAuth {
                throw ValidationError("The server needs --key KEY_ID=FILE (the keys whose JWTs it accepts) or --no-auth.")
            }
            if !keys.isEmpty && noAuth { throw ValidationError("--key and --no-auth exclude each other: choose one.") }
        }

        func run() throws {
            let loaded = try ScenarioArgument.loadOrExit(scenario)
            var signingKeys: SigningKeys?
            if !noAuth {
                var read = SigningKeys()
                for key in keys {
                    do { try read.add(key) } catch {
                        Console.error("idscope serve: \(error.description)")
                        throw ExitCode(ExitStatus.invalidInput)
                    }
                }
                signingKeys = read
            }
            if let save { try Self.checkWritable(save) }
            let logFD = try log.map(Self.openLog) ?? STDOUT_FILENO

            let world: ServedWorld
            do {
                world = try ServedWorld(loaded, tokenLifetime: Double(tokenLifetime), now: Date().timeIntervalSince1970, clock: clock)
            } catch {
                Console.error(error.description)
                throw ExitCode(ExitStatus.invalidInput)
            }
            if let signingKeys {
                for (kid, team) in signingKeys.teamOf.sorted(by: { $0.key < $1.key }) where !world.teams.contains(team) {
                    Console.error("idscope serve: --key \(team)/\(kid): \(team) is none of the scenario's teams (\(world.teams.sorted().joined(separator: ", ")))")
                    throw ExitCode(ExitStatus.invalidInput)
                }
                let unbound = signingKeys.unboundIDs
                if !unbound.isEmpty && world.teams.count > 1 {
                    Console.error("idscope serve: note: key\(unbound.count == 1 ? "" : "s") \(unbound.joined(separator: ", ")) may sign for any of the "
                                  + "scenario's \(world.teams.count) teams; --key TEAM_ID/KEY_ID=FILE binds a key to its team, as Apple does.")
                }
            }
            if noAuth {
                Console.error("idscope serve: --no-auth: any bearer token is accepted; a backend's JWTs are not checked.")
            }
            var options = DeviceCheckService.Options()
            options.host = host
            options.port = port
            options.keys = signingKeys
            options.idleTimeout = idleTimeout
            options.maxConnections = maxConnections ?? Self.connectionsTheDescriptorsAllow()
            if let save {
                // SIGUSR1: the session so far, as --save would write it at the end.
                options.onCheckpoint = {
                    do {
                        try FileSaver.write(world.scenarioText, to: save)
                        Console.error("idscope serve: checkpoint: saved the session (\(world.stepCount) steps) to \(save)")
                    } catch {
                        Console.error("idscope serve: checkpoint: cannot save the session: \(error)")
                    }
                }
            }
            let requestLog = RequestLog(fd: logFD)
            let serveOptions = options
            let scenarioName = loaded.file
            let failure = Self.block {
                try await DeviceCheckService.serve(world, options: serveOptions, log: requestLog) { host, port in
                    Console.error("idscope serve: \(scenarioName) on http://\(host):\(port) (production /v1/, development "
                                  + "/development/v1/; GET /idscope/tokens lists the device tokens). Ctrl-C stops.")
                }
            }
            if let problem = requestLog.writeFailure { Console.error("idscope serve: the request log could not be written: \(problem)") }
            if let save {
                do {
                    try FileSaver.write(world.scenarioText, to: save)
                    Console.error("idscope serve: saved the session (\(world.stepCount) steps) to \(save)")
                } catch {
                    Console.error("idscope serve: cannot save the session: \(error.description)")
                    throw ExitCode(ExitStatus.ioError)
                }
            }
            if let failure {
                Console.error("idscope serve: cannot serve on \(host):\(port): \(failure)")
                throw ExitCode(ExitStatus.cannotServe)
            }
        }

        /// As many connections as the descriptor limit leaves room for (raised first as far as the
        /// system allows), at most 1024: each holds a descriptor, and the event loops, the log and a
        /// checkpoint's file hold some too. At the limit, accepting would fail and NIO would retry
        /// at once, a core spinning while good requests wait.
        static func connectionsTheDescriptorsAllow() -> Int {
            let limit = Platform.raiseOpenFileLimit()
            let room = limit - 32 - 4 * ProcessInfo.processInfo.activeProcessorCount
            if room < 16 {
                Console.error("idscope serve: the descriptor limit (\(limit)) leaves room for \(max(1, room)) connection\(room > 1 ? "s" : "") at once")
            }
            return max(1, min(1024, room))
        }

        /// Runs the server to its end on the cooperative pool while this (the main) thread waits.
        private static func block(_ work: @escaping @Sendable () async throws -> Void) -> String? {
            let done = DispatchSemaphore(value: 0)
            let failure = CheckedMutex<String?>(nil)
            Task {
                do { try await work() } catch { failure.withLock { $0 = "\(error)" } }
                done.signal()
            }
            done.wait()
            return failure.withLock { $0 }
        }

        /// Refuses at the start, not at the end, a --save path whose folder is missing.
        private static func checkWritable(_ path: String) throws {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
                  FileManager.default.isWritableFile(atPath: folder) else {
                Console.error("idscope serve: --save \(path): the folder \(folder) does not exist or cannot be written")
                throw ExitCode(ExitStatus.invalidInput)
            }
        }

        private static func openLog(_ path: String) throws -> Int32 {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                Console.error("idscope serve: --log \(path): \(String(cString: strerror(errno)))")
                throw ExitCode(ExitStatus.invalidInput)
            }
            return fd
        }
    }
}

extension ServedWorld.Clock: ExpressibleByArgument {}
