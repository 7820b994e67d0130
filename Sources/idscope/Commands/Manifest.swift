import ArgumentParser
import Foundation
import IDReports
import IDScenario
import IDStrategies

extension IDScope {
    struct Manifest: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the privacy-manifest entries a strategy's API use calls for, or check a PrivacyInfo.xcprivacy.",
            discussion: """
            Prints a PrivacyInfo.xcprivacy property list on stdout and, on stderr, why each entry is there. \
            With --check, reads an existing manifest (XML or binary) and prints each missing or invalid entry \
            with the App Store Connect rejection it would cause (ITMS-91053 to 91056); exit 1 when there is an \
            error, 0 otherwise (warnings are advice). Only UserDefaults among ID code's APIs is a required-reason \
            API: CA92.1 for the app's own defaults, 1C8F.1 for an App Group's suite.
            """
        )

        @Argument(help: "A strategy name, or a recipe file.", completion: .custom(ScenarioCompletion.strategies))
        var strategy: String

        @Option(help: "An existing manifest to check.", completion: .file(extensions: ["xcprivacy", "plist"]))
        var check: String?

        func run() throws {
            let resolved = try StrategyArgument.resolveOrExit(strategy)
            let needs = PrivacyNeeds(strategy: resolved.strategy)
            guard let check else {
                let data = try PropertyListSerialization.data(fromPropertyList: needs.propertyList, format: .xml, options: 0)
                // A recipe's names (its stores' keys and suites) are in it: control characters visible.
                try Console.out(TerminalText.escaped(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines),
                                                     keepingNewlines: true, keepingTabs: true))
                for note in needs.notes { Console.error("note: " + note) }
                return
            }
            // A manifest is a few kilobytes; read no more than a megabyte of whatever the path names.
            let limit = 1 << 20
            let data: Data
            do {
                data = try ScenarioLoader.readBytes(check, upTo: limit + 1, kind: "a privacy manifest")
            } catch {
                for line in error.lines { Console.error(line) }
                throw ExitCode(ExitStatus.invalidInput)
            }
            guard data.count <= limit else {
                Console.error("\(check): error: larger than 1 MiB, which no privacy manifest is")
                throw ExitCode(ExitStatus.invalidInput)
            }
            let result = ManifestCheck(manifest: data, needs: needs)
            // The manifest's keys and strings, the recipe's name and Foundation's parse errors are
            // echoed: control characters visible.
            for finding in result.findings { try Console.out(TerminalText.escaped("\(check): \(finding)")) }
            if result.hasErrors { throw ExitCode(ExitStatus.checkFailed) }
            try Console.out(TerminalText.escaped("\(check): ok for \(resolved.strategy.name)"))
        }
    }
}
