import Foundation
import IDScenario
import IDSim

/// Saving the session and opening another: nothing unsaved is dropped without asking.
extension Inspector {
    /// Asks the loop to write the session to `path`; `wrote` takes the outcome.
    mutating func save(to path: String) {
        run(.write(path: path, text: ScenarioWriter.yaml(state.session.scenario)))
    }

    /// The outcome of a write: the session is saved (nothing to lose on quit), or the status says
    /// why not and the session still counts as unsaved.
    mutating func wrote(_ path: String, failure: String?) {
        if let failure {
            state.status = Status("could not save \(path): \(failure)", error: true)
            return
        }
        state.path = path
        state.markSaved()
        state.branchedAt = nil
        state.status = Status("saved \(state.session.count) steps to \(path); replay with: idscope run \(path)")
    }

    /// Opens a file or a built-in scenario, asking first when the session has unsaved changes.
    mutating func openAsking(_ name: String) {
        if state.session.count > 0 && state.hasUnsavedChanges {
            state.overlay = .confirm("Open \(name) and drop the unsaved changes to this session?", .open(name))
        } else {
            open(name)
        }
    }

    /// Opens a file, or when no such file exists, a built-in scenario by its name or a unique
    /// prefix of it (`b05`).
    mutating func open(_ name: String) {
        do {
            let scenario: Scenario
            let source: String?
            if files.exists(name) || ScenarioLoader.isPath(name) && !ScenarioLibrary.names.contains(name) {
                scenario = try ScenarioParser.parse(try files.read(name), file: name)
                source = name
            } else {
                scenario = try ScenarioLoader.loadBuiltIn(name, allowingPrefix: true)
                source = nil
            }
            let session = try Session(scenario)
            state.undoStack.append(Snapshot(session: state.session, version: state.version, branchedAt: state.branchedAt))
            state.redoStack = []
            state.session = session
            state.newVersion()
            state.markSaved()
            state.branchedAt = nil
            state.path = source
            state.pinned = false
            state.marked = nil
            state.timelineRow = 0
            // The old session's selection and rows mean nothing in this one.
            state.selection = Selection(device: 0, app: nil)
            state.identityRow = 0
            state.storageRow = 0
            state.followStory()
            state.status = Status("opened \(source ?? "built-in " + scenario.file.replacingOccurrences(of: "builtin:", with: "")): \(scenario.name)")
        } catch let error as ScenarioError {
            state.status = Status(error.diagnostics.first?.description ?? "invalid scenario", error: true)
        } catch let error as ScenarioLoader.LoadError {
            state.status = Status(error.lines.first ?? "could not open \(name)", error: true)
        } catch {
            state.status = Status("could not open \(name): \(error)", error: true)
        }
    }
}
