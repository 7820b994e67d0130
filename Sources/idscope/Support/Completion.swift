import Foundation
import IDScenario
import IDSim
import IDStrategies

/// What the shell completion scripts offer (`idscope --generate-completion-script bash|zsh|fish`):
/// the script calls back into idscope with the word being typed, and these lists answer.
enum ScenarioCompletion {
    /// Built-in scenario names, and the `.yaml`/`.yml` files and folders the word could be a path to.
    @Sendable static func scenarios(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        ScenarioLibrary.names.filter { $0.hasPrefix(prefix) } + files(matching: prefix)
    }

    /// Scenarios, and the matrix's lifecycle cases by ID.
    @Sendable static func matrixColumns(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        LifecycleCase.all.map(\.id).filter { $0.hasPrefix(prefix) } + scenarios(words, index, prefix)
    }

    @Sendable static func strategies(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        StrategyCatalog.builtIn.names.filter { $0.hasPrefix(prefix) }
    }

    /// Rule IDs; a lowercase prefix matches too, as `idscope rules` accepts any case.
    @Sendable static func rules(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        RuleID.allCases.map(\.rawValue).filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    }

    /// Paths under the word's folder ending in .yaml or .yml, and folders (with a trailing slash).
    static func files(matching prefix: String) -> [String] {
        let slash = prefix.lastIndex(of: "/")
        let folder = slash.map { String(prefix[...$0]) } ?? ""
        let stem = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return [] }
        return names.sorted().compactMap { name in
            guard name.hasPrefix(stem), !name.hasPrefix(".") || stem.hasPrefix(".") else { return nil }
            var isFolder: ObjCBool = false
            _ = fileManager.fileExists(atPath: folder + name, isDirectory: &isFolder)
            if isFolder.boolValue { return folder + name + "/" }
            return name.hasSuffix(".yaml") || name.hasSuffix(".yml") ? folder + name : nil
        }
    }
}
