// swift-tools-version: 6.2
import PackageDescription

// Dependency direction (the README's Layout section):
//   idscope → IDTerminal → CCurses
//   idscope → IDInspector → IDReports → IDScenario → IDStrategies → IDSim
//   IDPlatform (→ CPlatform): the only import of the C library, for whatever does I/O
// IDSim is the pure core: no I/O, no terminal, no YAML.
//
// Swift 6.2 or later (Xcode 26 on a Mac): the minimum versions of hummingbird, swift-log,
// swift-service-lifecycle and swift-collections declare tools version 6.2.

/// Every module imports what it uses: a type from another module is not visible through a
/// third module's import (SE-0444).
let strictImports: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")] + darwinNames

/// `IDSCOPE_DARWIN_NAMES=1 swift build --build-tests` (.ci/run): every Swift file of ours also sees
/// the names Darwin's MacTypes.h declares (Style, Rect, Point, OSStatus, bold, ...), as every file
/// that imports Foundation or IDPlatform does on a Mac, so that a type of ours that clashes with
/// one fails here too ("ambiguous for type lookup"). The stand-in is .ci/darwin-names/MacTypes.h.
var darwinNames: [SwiftSetting] {
    guard Context.environment["IDSCOPE_DARWIN_NAMES"] == "1" else { return [] }
    return [.unsafeFlags(["-I", Context.packageDirectory + "/.ci/darwin-names",
                          "-Xfrontend", "-import-module", "-Xfrontend", "DarwinNames"])]
}

let package = Package(
    name: "idscope",
    // Hummingbird's Application needs macOS 14, Synchronization's Mutex and Atomic macOS 15, and
    // the macOS 15 SDK marks most of ncurses macOS 15 only.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "idscope", targets: ["idscope"]),
        .executable(name: "idscope-bench", targets: ["idscope-bench"]),
        .library(name: "IDSim", targets: ["IDSim"]),
    ],
    dependencies: [
        // SHA-256 for id-kit's hashes: the same API as CryptoKit, on Linux.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // Commands, help, shell completion scripts and the man page.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `idscope serve`: the HTTP server in front of the simulated DeviceCheck store.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Named for their modules only (Hummingbird builds on them): the bound port, and stopping
        // on SIGINT/SIGTERM.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .target(name: "IDSim", swiftSettings: strictImports),
        // The one place that imports Glibc, Darwin or Musl, with names of ours for what differs
        // (signals, a durable flush, sockets without SIGPIPE, spawning, the executable's path);
        // CPlatform is its C side.
        .target(name: "IDPlatform", dependencies: ["CPlatform"], swiftSettings: strictImports),
        // Feature macros come from here, never from a #define in the C file: on a Mac SwiftPM compiles
        // C with clang modules on, and a module sees only the command line's macros (.ci/check-c-modules.py).
        .target(name: "CPlatform", cSettings: [
            .define("_GNU_SOURCE", .when(platforms: [.linux])),   // dladdr, posix_openpt, getauxval, POSIX_SPAWN_SETSID in glibc
        ]),
        .target(name: "IDStrategies", dependencies: ["IDSim", .product(name: "Crypto", package: "swift-crypto")],
                swiftSettings: strictImports),
        // The search for the user actions that break an ID: pure, over IDSim worlds and strategies.
        .target(name: "IDExplore", dependencies: ["IDSim", "IDStrategies", "CPrefetch"], swiftSettings: strictImports),
        // A header only: the compiler's prefetch hint, which Swift cannot spell (see FingerprintSet).
        .systemLibrary(name: "CPrefetch", path: "Sources/CPrefetch"),
        // libyaml (Debian's libyaml-dev): scenario YAML is read from its event stream, which lets
        // aliases be counted before anything expands them (see YAMLComposer).
        // pkg-config finds Homebrew's /opt/homebrew/include on a Mac; on Debian the header is in
        // /usr/include either way.
        .systemLibrary(name: "CLibYAML", path: "Sources/CLibYAML", pkgConfig: "yaml-0.1",
                       providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        .target(
            name: "IDScenario",
            dependencies: ["IDExplore", "IDStrategies", "IDSim", "IDPlatform", "CLibYAML"],
            // The YAML files are compiled in as Library/BuiltInFiles.swift (kept current by a test),
            // so the binary needs no resource folder.
            exclude: ["Library/Scenarios"],
            swiftSettings: strictImports
        ),
        // What is derived from a scenario and written for people and tools: check's verdicts and
        // JUnit, explore's why and fixes, the manifest checker's report, the table, jsonl, markdown,
        // matrix and HTML writers. IDScenario below it keeps the format, its parse, the session and
        // the library.
        .target(name: "IDReports", dependencies: ["IDScenario", "IDExplore", "IDStrategies", "IDSim", "IDPlatform"],
                swiftSettings: strictImports),
        // Apple's DeviceCheck REST API over a session: HTTP in, steps out (Hummingbird, P256 JWTs).
        .target(name: "IDServe", dependencies: [
            "IDReports", "IDScenario", "IDStrategies", "IDSim", "IDPlatform",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Crypto", package: "swift-crypto"),
        ], swiftSettings: strictImports),
        // The tests' and the bench's client for `idscope serve`: blocking loopback HTTP and signed JWTs.
        .target(name: "IDServeClient", dependencies: ["IDServe", "IDPlatform", .product(name: "Crypto", package: "swift-crypto")],
                swiftSettings: strictImports),
        .target(name: "IDInspector", dependencies: ["IDReports", "IDScenario", "IDExplore", "IDStrategies", "IDSim"], swiftSettings: strictImports),
        // The only target that links ncurses: a C file of ours over curses.h, which Swift never
        // parses. Debian's wide-character library is ncursesw; macOS's libncurses is the
        // wide-character one, and it has no libncursesw.
        // The wide-character API (wget_wch) is declared only when these are set before curses.h is
        // read; on a Mac curses.h is a clang module (Darwin.ncurses), built from the command line's
        // macros alone, so they must be set here (ncurses-79 curses.head:173-179; .ci/check-c-modules.py).
        .target(name: "CCurses", cSettings: [
            .define("_XOPEN_SOURCE_EXTENDED", to: "1"),
            .define("NCURSES_WIDECHAR", to: "1"),
        ], linkerSettings: [
            .linkedLibrary("ncursesw", .when(platforms: [.linux])),
            .linkedLibrary("ncurses", .when(platforms: [.macOS])),
        ]),
        .target(name: "IDTerminal", dependencies: ["IDInspector", "IDScenario", "IDPlatform", "CCurses"], swiftSettings: strictImports),
        .executableTarget(name: "idscope", dependencies: [
            "IDTerminal", "IDInspector", "IDReports", "IDScenario", "IDExplore", "IDServe", "IDStrategies", "IDSim", "IDPlatform",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: strictImports),
        .executableTarget(name: "idscope-bench", dependencies: ["IDSim", "IDStrategies", "IDExplore", "IDScenario", "IDReports", "IDInspector", "IDServe", "IDServeClient", "IDPlatform",
                                                                .product(name: "Crypto", package: "swift-crypto")],
                          swiftSettings: strictImports),
        // Helpers shared by the test targets: the scenario mutator, temporary folders, generated docs.
        .target(name: "TestSupport", dependencies: ["IDSim", "IDPlatform"], path: "Tests/TestSupport", swiftSettings: strictImports),
        .testTarget(name: "IDSimTests", dependencies: ["IDSim"], swiftSettings: strictImports),
        .testTarget(name: "IDExploreTests", dependencies: ["IDExplore", "IDReports", "IDScenario", "IDStrategies", "IDSim", "TestSupport"],
                    swiftSettings: strictImports),
        // The server over real HTTP on loopback, in process.
        .testTarget(name: "IDServeTests", dependencies: [
            "IDServe", "IDServeClient", "IDScenario", "IDSim", "IDPlatform", "TestSupport", .product(name: "Crypto", package: "swift-crypto"),
        ], swiftSettings: strictImports),
        .testTarget(name: "IDStrategiesTests", dependencies: ["IDStrategies", "IDSim"], swiftSettings: strictImports),
        .testTarget(name: "IDScenarioTests", dependencies: ["IDReports", "IDScenario", "IDStrategies", "IDSim", "TestSupport"], exclude: ["Golden"],
                    swiftSettings: strictImports),
        // check's verdicts, explore's why and fixes, the manifest checker and the writers, in process.
        .testTarget(name: "IDReportsTests", dependencies: ["IDReports", "IDScenario", "IDExplore", "IDStrategies", "IDSim", "IDPlatform", "TestSupport"],
                    swiftSettings: strictImports),
        .testTarget(name: "IDInspectorTests", dependencies: ["IDInspector", "IDReports", "IDScenario", "IDExplore", "IDStrategies", "IDSim", "TestSupport"], exclude: ["Snapshots"],
                    swiftSettings: strictImports),
        // The built binary's commands, driven as a user or a script would; depends on the
        // executable so that `swift test` builds it.
        .testTarget(name: "CLITests", dependencies: ["idscope", "IDReports", "IDScenario", "IDServe", "IDServeClient", "IDSim", "IDStrategies", "IDPlatform", "TestSupport",
                                                    .product(name: "Crypto", package: "swift-crypto")], exclude: ["Help", "Clients"], swiftSettings: strictImports),
        // The inspector in a real terminal (tmux).
        .testTarget(name: "EndToEndTests", dependencies: ["idscope", "IDPlatform", "TestSupport"], swiftSettings: strictImports),
    ]
)
