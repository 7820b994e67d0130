// The idscope command. The interactive inspector (issue 5) and the scenario commands (issue 4)
// are not built yet; `idscope rules` already prints the rule registry.
import Foundation
import IDSim

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "rules" {
    if arguments.count > 1 {
        guard let id = RuleID(parsing: arguments[1]) else {
            let known = RuleID.allCases.map(\.rawValue)
            print("idscope: unknown rule '\(arguments[1])'" + NameSuggester.hint(for: arguments[1], among: known))
            exit(2)
        }
        let rule = id.rule
        print("\(rule.id.rawValue)  \(rule.title)\n\n\(rule.statement)\n\niOS: \(rule.versions)\nconfidence: \(rule.confidence.rawValue)")
        for source in rule.sources { print("source: \(source)") }
    } else {
        for rule in RuleRegistry.all {
            print(rule.id.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) + rule.title)
        }
    }
} else {
    print("""
    idscope: the interactive inspector is not built yet.
    Available now:  idscope rules [RULE-ID]    the lifecycle rules the simulator implements
    """)
}
