import Foundation
import IDScenario
import IDSim
import IDStrategies

/// docs/sdk-matrix.md's tables: every built-in strategy (the Swift ones, the ID libraries' and the
/// SDKs' recipes) in every lifecycle case, each row followed by what its verdicts mean for an app
/// that ships it. Printed by the code, kept current by a test.
package enum StrategyMatrixDoc {
    package static func markdown(os: OSVersion = OSVersion(17, 5)) -> String {
        let library = StrategyCatalog.builtIn
        let matrix = LifecycleMatrix(os: os)
        var out = ""
        for group in StrategyCatalog.Group.allCases where group != .twin {
            let strategies = library.all.filter { StrategyCatalog.group(of: $0) == group }
            guard !strategies.isEmpty else { continue }
            out += "\n## \(group.title)\n\n"
            out += "| strategy | " + LifecycleCase.all.map { "`\($0.abbreviation)`" }.joined(separator: " | ") + " |\n"
            out += "|---|" + String(repeating: "---|", count: LifecycleCase.all.count) + "\n"
            var meanings: [String] = []
            for strategy in strategies {
                let cells = LifecycleCase.all.map { matrix.cell(strategy: strategy, case: $0, library: library) }
                out += "| `\(strategy.name)` | " + cells.map(\.rawValue).joined(separator: " | ") + " |\n"
                meanings.append("- **`\(strategy.name)`**: " + meaning(of: cells) + (strategy.matrixValue.map { " (follows `\($0)`)" } ?? ""))
            }
            out += "\n" + meanings.joined(separator: "\n") + "\n"
        }
        return out
    }

    /// The verdicts in words, for someone whose app ships the code: what keeps the ID, what
    /// gives a new one, where it is missing, where two devices share it.
    static func meaning(of cells: [MatrixCell]) -> String {
        func cases(_ verdict: MatrixCell) -> [String] {
            phrases(zip(LifecycleCase.all, cells).filter { $0.1 == verdict }.map(\.0.id))
        }
        var parts: [String] = []
        let kept = cases(.same), changed = cases(.changed), empty = cases(.empty), shared = cases(.duplicate)
        if !kept.isEmpty { parts.append("the same ID after " + list(kept)) }
        if !changed.isEmpty { parts.append("a new ID after " + list(changed)) }
        if !empty.isEmpty { parts.append("no ID after " + list(empty)) }
        if !shared.isEmpty { parts.append("two devices report one ID after " + list(shared)) }
        return parts.joined(separator: "; ") + "."
    }

    /// The cases in words; the three backups of one destination said once when they agree.
    static func phrases(_ ids: [String]) -> [String] {
        var out: [String] = []
        for id in ids {
            let kinds = ["encrypted", "unencrypted", "icloud"]
            if let place = ["same", "new"].first(where: { id.hasPrefix("restore-\($0)-") }) {
                let destination = place == "same" ? "the same phone" : "a new phone"
                if kinds.allSatisfy({ ids.contains("restore-\(place)-\($0)") }) {
                    if id.hasSuffix("-encrypted") { out.append("restoring any backup to " + destination) }
                    continue
                }
                let kind = String(id.dropFirst("restore-\(place)-".count))
                out.append("restoring " + (kind == "icloud" ? "an iCloud" : "an \(kind)") + " backup to " + destination)
                continue
            }
            switch id {
            case "reinstall": out.append("a reinstall")
            case "delete-all-vendor-apps": out.append("deleting all the vendor's apps")
            case "erase": out.append("an erase")
            case "icloud-second-device": out.append("a second device on the same iCloud account")
            case "migration": out.append("a migration to a new phone")
            case "before-first-unlock": out.append("a launch before the first unlock")
            default: out.append(id)
            }
        }
        return out
    }

    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
