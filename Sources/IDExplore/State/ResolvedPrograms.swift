import IDSim
import IDStrategies

/// The programs of a search's apps, resolved once.
///
/// Every launch asks its resolver for the app's program by strategy name and options; the
/// library looks the name up and builds the program from the options (parsing them) each time,
/// and passed as `any AppProgramResolver`, a library value was boxed for every step applied. A
/// search's apps and their options are fixed, so their programs are resolved when the search is
/// made, and this one object is passed. A strategy or options not resolved then (none in a
/// search's own steps) go to the library as before.
package final class ResolvedPrograms: AppProgramResolver, Sendable {
    private struct Resolved: Sendable {
        let strategy: String
        let options: [String: OptionValue]
        let program: any AppProgram
    }

    let library: StrategyLibrary
    private let resolved: [Resolved]

    package init(library: StrategyLibrary, apps: some Sequence<AppDeclaration>) {
        self.library = library
        var resolved: [Resolved] = []
        for app in apps where !resolved.contains(where: { $0.strategy == app.strategy && $0.options == app.options }) {
            resolved.append(Resolved(strategy: app.strategy, options: app.options,
                                     program: library.program(strategy: app.strategy, options: app.options)))
        }
        self.resolved = resolved
    }

    package func program(strategy: String, options: [String: OptionValue]) -> any AppProgram {
        // A handful of apps, usually one strategy: a scan beats hashing the name.
        for entry in resolved where entry.strategy == strategy && entry.options == options { return entry.program }
        return library.program(strategy: strategy, options: options)
    }
}
