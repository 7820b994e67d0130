import Foundation
import IDStrategies

/// The recipe files a scenario's apps name (`strategy: recipes/acme.yaml`): each read once,
/// relative to the scenario file, with its errors located in the recipe file.
struct RecipeFiles {
    let scenarioFile: String
    private var loaded: [String: Recipe?] = [:]

    init(scenarioFile: String) {
        self.scenarioFile = scenarioFile
    }

    /// A strategy that names a file rather than a strategy: it has a slash or a YAML extension.
    static func isPath(_ strategy: String) -> Bool {
        strategy.contains("/") || strategy.hasSuffix(".yaml") || strategy.hasSuffix(".yml")
    }

    /// The path as it is read: relative ones next to the scenario file.
    func resolve(_ path: String) -> String {
        guard !path.hasPrefix("/"), !scenarioFile.hasPrefix("builtin:"), scenarioFile.contains("/") else { return path }
        return (scenarioFile as NSString).deletingLastPathComponent + "/" + path
    }

    /// The recipe in a file, or nil after reporting why (at the strategy node when the file
    /// cannot be read, in the file when its content is wrong).
    mutating func recipe(at path: String, node: YAMLNode, _ reader: inout NodeReader) -> Recipe? {
        let resolved = resolve(path)
        if let known = loaded[resolved] { return known }
        let recipe = load(resolved, node: node, &reader)
        loaded[resolved] = recipe
        return recipe
    }

    private func load(_ path: String, node: YAMLNode, _ reader: inout NodeReader) -> Recipe? {
        let text: String
        do {
            text = try ScenarioLoader.readText(path)
        } catch {
            let why = error.lines.first.map { $0.replacingOccurrences(of: "\(path): error: ", with: "") } ?? "cannot be read"
            reader.error("recipe file \(path): \(why)", at: node)
            return nil
        }
        var fileReader = NodeReader(file: path)
        do {
            let root = try YAMLGuard.compose(text, file: path)
            let recipe = RecipeParser.parseFile(root, &fileReader)
            reader.append(fileReader.diagnostics)
            reader.appendWarnings(fileReader.warnings)
            return fileReader.diagnostics.isEmpty ? recipe : nil
        } catch {
            reader.append(error.diagnostics)
            return nil
        }
    }
}
