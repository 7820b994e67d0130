// swift-tools-version: 6.0
import PackageDescription

// Dependency direction (see docs/architecture.md):
//   idscope → IDTerminal → CNcursesw
//   idscope → IDInspector → IDScenario → IDStrategies → IDSim
// IDSim is the pure core: no I/O, no terminal, no YAML.
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
        .target(name: "IDSim"),
        .target(name: "IDStrategies", dependencies: ["IDSim", .product(name: "Crypto", package: "swift-crypto")]),
        // libyaml (Debian's libyaml-dev): scenario YAML is read from its event stream, which lets
        // aliases be counted before anything expands them (see YAMLComposer).
        .systemLibrary(name: "CLibYAML", path: "Sources/CLibYAML", providers: [.apt(["libyaml-dev"])]),
        .target(
            name: "IDScenario",
            dependencies: ["IDStrategies", "IDSim", "CLibYAML"],
            resources: [.copy("Library/Scenarios")]
        ),
        .target(name: "IDInspector", dependencies: ["IDScenario", "IDSim"]),
        // The only target that links ncurses. Module map + shim header; no C sources.
        .systemLibrary(
            name: "CNcursesw",
            path: "Sources/CNcursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .target(name: "IDTerminal", dependencies: ["IDInspector", "CNcursesw"]),
        .executableTarget(name: "idscope", dependencies: [
            "IDTerminal", "IDInspector", "IDScenario", "IDStrategies", "IDSim",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "idscope-bench", dependencies: ["IDSim", "IDStrategies", "IDScenario", "IDInspector"]),
        .testTarget(name: "IDSimTests", dependencies: ["IDSim"]),
        .testTarget(name: "IDStrategiesTests", dependencies: ["IDStrategies", "IDSim"]),
        .testTarget(name: "IDInspectorTests", dependencies: ["IDInspector", "IDScenario", "IDSim"], exclude: ["Snapshots"]),
        // Drives the built binary in tmux; depends on it so `swift test` builds it.
        .testTarget(name: "EndToEndTests", dependencies: ["idscope"]),
        // Depends on the executable so that `swift test` builds the binary the CLI tests run.
        .testTarget(name: "IDScenarioTests", dependencies: ["IDScenario", "IDStrategies", "IDSim", "idscope"], exclude: ["Golden"]),
    ]
)
