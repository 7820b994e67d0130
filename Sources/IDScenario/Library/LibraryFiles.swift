import Foundation

/// The built-in scenario and recipe files, by name: compiled into the binary (`BuiltInFiles`,
/// generated from `Library/Scenarios`), so a binary copied anywhere, without the source tree or
/// a resource folder, has them all. `IDSCOPE_SCENARIOS=FOLDER` puts a folder of files in their
/// place (its `*.yaml` are the scenarios, its `recipes/*.yaml` the recipes) for as long as it
/// holds a `tour.yaml`.
struct LibraryFiles: Sendable {
    var scenarios: [String: String]
    var recipes: [String: String]

    /// The library in use.
    static let current: LibraryFiles = {
        if let folder = ProcessInfo.processInfo.environment["IDSCOPE_SCENARIOS"], let files = LibraryFiles(folder: folder) {
            return files
        }
        return compiledIn
    }()

    static let compiledIn = LibraryFiles(
        scenarios: Dictionary(uniqueKeysWithValues: BuiltInFiles.scenarios.map { ($0.name, $0.text) }),
        recipes: Dictionary(uniqueKeysWithValues: BuiltInFiles.recipes.map { ($0.name, $0.text) }))

    init(scenarios: [String: String], recipes: [String: String]) {
        self.scenarios = scenarios
        self.recipes = recipes
    }

    /// The files of a folder laid out as `Library/Scenarios` is; nil without a `tour.yaml`.
    init?(folder: String) {
        let base = URL(fileURLWithPath: folder)
        let scenarios = Self.yamlFiles(in: base)
        guard scenarios["tour"] != nil else { return nil }
        self.init(scenarios: scenarios, recipes: Self.yamlFiles(in: base.appendingPathComponent("recipes")))
    }

    /// Every `NAME.yaml` directly in a folder, by NAME.
    static func yamlFiles(in folder: URL) -> [String: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var files: [String: String] = [:]
        for file in names where file.hasSuffix(".yaml") {
            if let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) {
                files[String(file.dropLast(5))] = text
            }
        }
        return files
    }
}
