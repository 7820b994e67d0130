import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import UnixSignals

/// `idscope serve`: Apple's DeviceCheck REST API on loopback, over a served world.
package enum DeviceCheckService {
    package struct Options: Sendable {
        package var host = "127.0.0.1"
        /// 0 picks a free port (the bound one is handed to `onRunning`).
        package var port = 8080
        /// The `--key` keys; nil with `--no-auth`.
        package var keys: SigningKeys?
        /// Seconds since 1970, for JWT ages, token lifetimes and the log (tests move it).
        package var clock: @Sendable () -> Double = { Date().timeIntervalSince1970 }
        /// Stop gracefully on SIGINT, SIGTERM, SIGHUP (a closed terminal, an ssh session that
        /// dropped) and SIGQUIT (the command); tests stop by cancelling instead.
        package var stopOnSignals = true
        /// With `stopOnSignals`: what SIGUSR1 asks for while the server keeps serving (the command
        /// writes its --save file: a checkpoint).
        package var onCheckpoint: (@Sendable () -> Void)?
        /// NIO event-loop threads; nil uses NIO's shared group (one per core).
        package var eventLoopThreads: Int?
        /// The most connections open at once; past it the server stops accepting until one closes
        /// (the others wait in the listen queue), so it never runs out of descriptors.
        package var maxConnections = 1024
        /// Seconds a connection may stay idle (no request arriving, none being answered) before it
        /// is closed; a request whose head trickles in (slowloris) counts as idle until it is whole.
        package var idleTimeout: Double = 10

        package init() {}
    }

    /// The signals that stop the server gracefully, as SIGTERM does.
    package static let stopSignals: [UnixSignal] = [.sigterm, .sigint, .sighup, .sigquit]

    /// Serves until a stop signal (or the calling task is cancelled): then it stops accepting,
    /// lets the requests in flight finish, flushes the log and returns.
    /// - Parameter onRunning: called once the socket is bound, with its host and port.
    /// - Throws: when the address cannot be bound.
    package static func serve(_ world: ServedWorld, options: Options, log: RequestLog,
                             onRunning: @escaping @Sendable (_ host: String, _ port: Int) -> Void) async throws {
        let responder = DeviceCheckResponder(world: world, authorization: AuthorizationCheck(keys: options.keys, teams: world.teams),
                                             log: log, clock: options.clock)
        // The command prints what a user needs, and stdout belongs to the request log: the
        // server's own notes go nowhere. (A no-op handler, not a high level: Hummingbird sets
        // request metadata on its logger per request, which a stream handler formats each time.)
        let logger = Logger(label: "idscope.serve") { _ in SwiftLogNoOpLogHandler() }
        let app = Application(
            responder: responder,
            server: .http1(configuration: HTTP1Channel.Configuration(idleTimeout: .nanoseconds(Int64(options.idleTimeout * 1e9)))),
            configuration: ApplicationConfiguration(address: .hostname(options.host, port: options.port), serverName: nil,
                                                    availableConnectionsDelegate: MaximumAvailableConnections(options.maxConnections)),
            services: [LogFlusher(log: log)] + (options.stopOnSignals ? options.onCheckpoint.map { [CheckpointOnSignal(checkpoint: $0)] } ?? [] : []),
            onServerRunning: { channel in onRunning(options.host, channel.localAddress?.port ?? options.port) },
            eventLoopGroupProvider: options.eventLoopThreads.map { .shared(MultiThreadedEventLoopGroup(numberOfThreads: $0)) } ?? .singleton,
            logger: logger
        )
        defer { log.flush() }
        if options.stopOnSignals {
            try await app.runService(gracefulShutdownSignals: stopSignals)
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

/// Calls the checkpoint for each SIGUSR1 until the server stops. Trapping it also keeps its
/// default action, which would end the process and lose the session.
struct CheckpointOnSignal: Service {
    let checkpoint: @Sendable () -> Void

    func run() async throws {
        for await _ in await UnixSignalsSequence(trapping: .sigusr1).cancelOnGracefulShutdown() {
            checkpoint()
        }
    }
}
