import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// `idscope serve`: Apple's DeviceCheck REST API on loopback, over a served world.
public enum DeviceCheckService {
    public struct Options: Sendable {
        public var host = "127.0.0.1"
        /// 0 picks a free port (the bound one is handed to `onRunning`).
        public var port = 8080
        /// The `--key` keys; nil with `--no-auth`.
        public var keys: SigningKeys?
        /// Seconds since 1970, for JWT ages, token lifetimes and the log (tests move it).
        public var clock: @Sendable () -> Double = { Date().timeIntervalSince1970 }
        /// Stop gracefully on SIGINT and SIGTERM (the command); tests stop by cancelling instead.
        public var stopOnSignals = true

        public init() {}
    }

    /// Serves until SIGINT or SIGTERM (or the calling task is cancelled): then it stops
    /// accepting, lets the requests in flight finish, flushes the log and returns.
    /// - Parameter onRunning: called once the socket is bound, with its host and port.
    /// - Throws: when the address cannot be bound.
    public static func serve(_ world: ServedWorld, options: Options, log: RequestLog,
                             onRunning: @escaping @Sendable (_ host: String, _ port: Int) -> Void) async throws {
        let responder = DeviceCheckResponder(world: world, authorization: AuthorizationCheck(keys: options.keys, teams: world.teams),
                                             log: log, clock: options.clock)
        var logger = Logger(label: "idscope.serve")
        // The command prints what a user needs; the server's own start and stop notes are noise
        // (and stdout belongs to the request log).
        logger.logLevel = .critical
        let app = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(options.host, port: options.port), serverName: nil),
            services: [LogFlusher(log: log)],
            onServerRunning: { channel in onRunning(options.host, channel.localAddress?.port ?? options.port) },
            logger: logger
        )
        defer { log.flush() }
        if options.stopOnSignals {
            try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
        } else {
            try await app.runService(gracefulShutdownSignals: [])
        }
    }
}

/// Writes the request log's gathered lines every 100 ms, so a quiet server's log is current.
struct LogFlusher: Service {
    let log: RequestLog

    func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            try? await Task.sleep(for: .milliseconds(100))
            log.flush()
        }
        log.flush()
    }
}
