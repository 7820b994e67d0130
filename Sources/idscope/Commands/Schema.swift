import ArgumentParser
import IDScenario

extension IDScope {
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a JSON Schema (draft 2020-12) of the scenario or the recipe file format.",
            discussion: """
                Save it beside your files and point your editor at it: with the YAML extension of VS Code (or any \
                editor that uses yaml-language-server), a first line such as

                  # yaml-language-server: $schema=./idscope-scenario.schema.json

                makes the editor complete keys and flag unknown ones as you type. The schema checks the shape \
                (keys, kinds, words); idscope check still says whether names refer to something.
                """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case scenario, recipe
        }

        @Argument(help: "Which format: scenario or recipe.")
        var format: Format

        func run() throws {
            try Console.write(format == .scenario ? FormatSchema.scenario() : FormatSchema.recipe())
        }
    }
}
