import IDExplore
import IDScenario
import IDSim
import IDStrategies

/// What an explore run found, for the CLI and the inspector to render: a row per target and
/// property (holds, or the shortest break with its why and its proven fixes), what a stop cut
/// short, and the properties that exclude each other.
package struct ExploreReport: Sendable {
    package struct Row: Sendable {
        /// The row's target, an index into `targets`.
        package var targetIndex: Int
        package var target: String
        package var property: ExploreProperty
        /// The breaking steps; nil when the property held.
        package var breaking: [Step]?
        /// The breaking steps in words; nil when the property held.
        package var steps: [String]?
        package var depth: Int
        package var states: Int
        package var stopped: ExploreOutcome.StopReason?
        /// Why it broke (nil when it held, or was not asked).
        package var why: BreakExplanation?
        /// The proven fixes (nil when it held or nothing was asked).
        package var fix: FixSearch?
        /// Where `--save` put the counterexample and each fix (filled by whoever writes them).
        package var saved: String?
        package var savedFixes: [String] = []
    }

    /// Two properties that cannot both hold, and the sequence that shows it.
    package struct Conflict: Sendable {
        package var steps: [String]
        package var sentence: String
    }

    /// Parts of the run a stop cut short, for the line that says so.
    package struct Cut: Sendable, Equatable {
        /// Searches stopped before their depth: "keychain-idfv (depth 4 in full)".
        package var searches: [String] = []
        /// Breaks whose fix search was dropped or never began: "keychain-idfv stable".
        package var fixes: [String] = []
        /// Targets never searched.
        package var notReached: [String] = []

        package var isEmpty: Bool { searches.isEmpty && fixes.isEmpty && notReached.isEmpty }

        package var sentence: String {
            var parts: [String] = []
            if !searches.isEmpty { parts.append("stopped before its depth (rows marked stopped hold only to the depth they give): " + searches.joined(separator: ", ")) }
            if !fixes.isEmpty { parts.append("no fixes searched for " + fixes.joined(separator: ", ")) }
            if !notReached.isEmpty { parts.append("not searched: " + notReached.joined(separator: ", ")) }
            return "idscope: interrupted; " + parts.joined(separator: "; ")
        }
    }

    package var goal: ExploreGoal?
    package var targets: [ExploreTarget]
    package var rows: [Row] = []
    package var cut = Cut()
    package var conflict: Conflict?
    /// Searches that hit the state limit: "keychain-idfv: stopped at 50,000,000 states …".
    package var limits: [String] = []

    package init(goal: ExploreGoal? = nil, targets: [ExploreTarget], rows: [Row] = []) {
        self.goal = goal
        self.targets = targets
        self.rows = rows
    }

    /// Whether a property broke (or two exclude each other): `idscope explore` exits 1.
    package var broke: Bool { conflict != nil || rows.contains { $0.breaking != nil } }

    /// The shortest break, the properties in their usual order breaking ties (what `x` opens).
    package var shortest: Row? {
        let order = ExploreProperty.allCases
        return rows.filter { $0.breaking != nil }.min {
            ($0.breaking!.count, order.firstIndex(of: $0.property)!) < ($1.breaking!.count, order.firstIndex(of: $1.property)!)
        }
    }

    /// A file `--save` writes.
    package struct File: Sendable {
        package enum Kind: Sendable, Equatable {
            /// The break as a scenario whose last expect fails.
            case counterexample
            /// A proven fix, as a recipe file: the fix's position among the row's.
            case fix(Int)
        }
        package var row: Int
        package var kind: Kind
        /// The file's name in the folder.
        package var name: String
        package var text: String
    }

    /// The files `--save FOLDER` writes: each break as a scenario (`rndi-stable.yaml`), each proven
    /// fix beside it as a recipe (`rndi-stable-fix1.yaml`), commented with the key it changes.
    package func files() throws -> [File] {
        var files: [File] = []
        for (index, row) in rows.enumerated() {
            guard let steps = row.breaking else { continue }
            let target = targets[row.targetIndex]
            let scenario = try target.scenario(for: steps, property: row.property, notes: Self.notes(row))
            let base = Self.fileName(target, row.property)
            files.append(File(row: index, kind: .counterexample, name: base + ".yaml", text: ScenarioWriter.yaml(scenario)))
            for (number, fix) in (row.fix?.suggestions ?? []).enumerated() {
                let header = "# idscope explore: \(fix.change)\n"
                    + "# changes \(fix.keys.joined(separator: ", ")) of \(row.fix?.recipe?.name ?? target.strategy.name); "
                    + "proven: \(row.property.rawValue) holds ≤ \(fix.depth) and \(fix.watched.map(\.rawValue).joined(separator: ", ")) hold "
                    + "(\(fix.states) states), no matrix cell worse" + (fix.costs.isEmpty ? "" : "; costs " + fix.costs.joined(separator: ", ")) + "\n"
                files.append(File(row: index, kind: .fix(number), name: base + "-fix\(number + 1).yaml", text: header + RecipeWriter.file(fix.recipe)))
            }
        }
        return files
    }

    /// The why and the fixes of a break, as a saved scenario's notes.
    package static func notes(_ row: Row) -> String? {
        var lines: [String] = []
        if let why = row.why {
            lines.append("why: step \(why.decisiveStep): \(why.sentence)")
            if !why.code.isEmpty { lines.append("code: " + why.code.joined(separator: "; ")) }
            if !why.rules.isEmpty { lines.append("rules: " + why.rules.map { "\($0.rawValue) \(RuleRegistry.rule($0).title)" }.joined(separator: "; ")) }
        }
        lines += ExploreWriter.fixLines(row)
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// `rndi-stable`; with a scenario, `id-kit-com.acme.shop-stable`.
    package static func fileName(_ target: ExploreTarget, _ property: ExploreProperty) -> String {
        var name = target.strategy.name
        if !target.base.steps.isEmpty { name += "-" + target.base.apps[target.app].bundleID }
        let safe = name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "-" }
        return String(safe) + "-\(property.rawValue)"
    }
}
