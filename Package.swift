// swift-tools-version: 6.0
import PackageDescription

// Dependency direction (the README's Layout section):
//   idscope → IDTerminal → CNcursesw
//   idscope → IDInspector → IDScenario → IDStrategies → IDSim
// IDSim is the pure core: no I/O, no terminal, no YAML.

/// Every module imports what it uses: a type from another module is not visible through a
/// third module's import (SE-0444).
let strictImports: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "idscope",
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
    ],
    targets: [
        .target(name: "IDSim", swiftSettings: strictImports),
        .target(name: "IDStrategies", dependencies: ["IDSim", .product(name: "Crypto", package: "swift-crypto")],
                swiftSettings: strictImports),
        // The search for the user actions that break an ID: pure, over IDSim worlds and strategies.
        .target(name: "IDExplore", dependencies: ["IDSim", "IDStrategies"], swiftSettings: strictImports),
        // libyaml (Debian's libyaml-dev): scenario YAML is read from its event stream, which lets
        // aliases be counted before anything expands them (see YAMLComposer).
        .systemLibrary(name: "CLibYAML", path: "Sources/CLibYAML", providers: [.apt(["libyaml-dev"])]),
        .target(
            name: "IDScenario",
            dependencies: ["IDExplore", "IDStrategies", "IDSim", "CLibYAML"],
            resources: [.copy("Library/Scenarios")],
            swiftSettings: strictImports
        ),
        .target(name: "IDInspector", dependencies: ["IDScenario", "IDExplore", "IDStrategies", "IDSim"], swiftSettings: strictImports),
        // The only target that links ncurses. Module map + shim header; no C sources.
        .systemLibrary(
            name: "CNcursesw",
            path: "Sources/CNcursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .target(name: "IDTerminal", dependencies: ["IDInspector", "CNcursesw"], swiftSettings: strictImports),
        .executableTarget(name: "idscope", dependencies: [
            "IDTerminal", "IDInspector", "IDScenario", "IDExplore", "IDStrategies", "IDSim",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: strictImports),
        .executableTarget(name: "idscope-bench", dependencies: ["IDSim", "IDStrategies", "IDExplore", "IDScenario", "IDInspector"],
                          swiftSettings: strictImports),
        // Helpers shared by the test targets: the scenario mutator, temporary folders, generated docs.
        .target(name: "TestSupport", dependencies: ["IDSim"], path: "Tests/TestSupport", swiftSettings: strictImports),
        .testTarget(name: "IDSimTests", dependencies: ["IDSim"], swiftSettings: strictImports),
        .testTarget(name: "IDExploreTests", dependencies: ["IDExplore", "IDScenario", "IDStrategies", "IDSim", "TestSupport"],
                    swiftSettings: strictImports),
        .testTarget(name: "IDStrategiesTests", dependencies: ["IDStrategies", "IDSim"], swiftSettings: strictImports),
        .testTarget(name: "IDScenarioTests", dependencies: ["IDScenario", "IDStrategies", "IDSim", "TestSupport"], exclude: ["Golden"],
                    swiftSettings: strictImports),
        .testTarget(name: "IDInspectorTests", dependencies: ["IDInspector", "IDScenario", "IDExplore", "IDSim", "TestSupport"], exclude: ["Snapshots"],
                    swiftSettings: strictImports),
        // The built binary's commands, driven as a user or a script would; depends on the
        // executable so that `swift test` builds it.
        .testTarget(name: "CLITests", dependencies: ["idscope", "IDScenario", "IDSim", "IDStrategies", "TestSupport"], swiftSettings: strictImports),
        // The inspector in a real terminal (tmux).
        .testTarget(name: "EndToEndTests", dependencies: ["idscope"], swiftSettings: strictImports),
    ]
)
