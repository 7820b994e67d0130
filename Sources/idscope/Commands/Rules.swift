import ArgumentParser
import Foundation
import IDSim

extension IDScope {
    struct Rules: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the lifecycle rules: id, statement, iOS versions, confidence, source."
        )

        @Argument(help: "A rule ID, like IDFV-5 or KC-19.", completion: .custom(ScenarioCompletion.rules))
        var rule: String?

        func run() throws {
            guard let rule else {
                for entry in RuleRegistry.all {
                    try Console.out(entry.id.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                          + entry.confidence.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0) + entry.title)
                }
                return
            }
            guard let id = RuleID(parsing: rule) else {
                Console.error("idscope: unknown rule '\(rule)'" + NameSuggester.hint(for: rule, among: RuleID.allCases.map(\.rawValue)))
                throw ExitCode(ExitStatus.invalidInput)
            }
            let entry = id.rule
            try Console.out("\(entry.id.rawValue): \(entry.title)\n\n\(entry.statement)\n")
            try Console.out("iOS: \(entry.versions)\nconfidence: \(entry.confidence.rawValue)")
            if !entry.switches.isEmpty { try Console.out("profile switches: " + entry.switches.joined(separator: ", ")) }
            for source in entry.sources { try Console.out("source: \(source)") }
        }
    }
}
