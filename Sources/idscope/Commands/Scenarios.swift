import ArgumentParser
import Foundation
import IDScenario

extension IDScope {
    struct Scenarios: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the built-in scenarios, or print one as YAML.")

        @Argument(help: "A built-in scenario to print.", completion: .list(ScenarioLibrary.names))
        var name: String?

        func run() throws {
            if let name {
                guard let text = ScenarioLibrary.text(named: name) else {
                    Console.error("idscope: no built-in scenario named '\(name)'"
                                  + (ScenarioLibrary.suggestion(for: name).map { "; did you mean '\($0)'?" } ?? ""))
                    throw ExitCode(ExitStatus.invalidInput)
                }
                try Console.out(text.hasSuffix("\n") ? String(text.dropLast()) : text)
                return
            }
            let names = ScenarioLibrary.names
            guard !names.isEmpty else {
                Console.error("idscope: the built-in scenario library was not found (set IDSCOPE_SCENARIOS to its folder)")
                throw ExitCode(ExitStatus.invalidInput)
            }
            let width = (names.map(\.count).max() ?? 0) + 2
            for name in names {
                let summary = (try? ScenarioLoader.load(name)).map { $0.name } ?? "(invalid)"
                try Console.out(name.padding(toLength: width, withPad: " ", startingAt: 0) + summary)
            }
        }
    }
}
