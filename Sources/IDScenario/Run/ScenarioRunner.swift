import IDSim
import IDStrategies

/// What one step did: its changes, the world after it, and for an expectation what failed.
public struct StepOutcome: Sendable {
    /// 1-based.
    public var number: Int
    public var step: ScenarioStep
    public var changes: [Change]
    public var world: World
    /// For `expect` steps: the checks that did not hold (empty: it held).
    public var failures: [ExpectationFailure]
}

/// A check of an expectation that did not hold.
public struct ExpectationFailure: Sendable, Hashable, CustomStringConvertible {
    /// What was checked, like "idfv" or "att".
    public var key: String
    public var expected: String
    public var actual: String

    public var description: String { "\(key): expected \(expected), got \(actual)" }
}

/// A step whose event could not apply, located in its file.
public struct RunError: Error, Sendable, CustomStringConvertible {
    public var diagnostic: Diagnostic
    public var description: String { diagnostic.description }
}

/// The world at a labelled step, and the device the step was on: `sameAs: LABEL` compares with
/// what the app reported there.
struct LabelledStep {
    var world: World
    var device: DeviceIndex
    /// When the labelled step is a launch: the app it launched, whose report is the reference.
    var launched: AppIndex?
}

/// Runs a scenario step by step with the strategy library, handing each outcome on as it comes.
public struct ScenarioRunner {
    public let scenario: Scenario
    public let seed: UInt64
    let programs = StrategyLibrary()

    public init(_ scenario: Scenario, seed: UInt64? = nil) {
        self.scenario = scenario
        self.seed = seed ?? scenario.seed
    }

    /// Runs every step, calling `onStep` after each.
    /// - Returns: the final world.
    /// - Throws: `RunError` when a step's event cannot apply (the run stops there), located at the step.
    @discardableResult
    public func run(_ onStep: (StepOutcome) throws -> Void = { _ in }) throws -> World {
        var world: World
        do {
            world = try scenario.initialWorld(seed: seed)
        } catch {
            throw RunError(diagnostic: Diagnostic(file: scenario.file, line: 1, column: 1, message: error.description))
        }
        var labelled: [String: LabelledStep] = [:]
        for (index, step) in scenario.steps.enumerated() {
            var changes: [Change] = []
            var failures: [ExpectationFailure] = []
            switch step.action {
            case .event(let event):
                do {
                    changes = try world.apply(Step(event, on: step.device), programs: programs)
                } catch {
                    throw RunError(diagnostic: Diagnostic(file: scenario.file, line: step.line, column: step.column,
                                                          message: "step \(index + 1) (\(event.key)) cannot apply: \(error.description)"))
                }
            case .expect(let expectation):
                world.tick()
                failures = ExpectationEvaluator(world: world, labelled: labelled)
                    .failures(expectation, device: expectation.device ?? step.device)
            }
            if let label = step.label {
                var launched: AppIndex?
                if case .event(.launch(let app, _)) = step.action { launched = app }
                labelled[label] = LabelledStep(world: world, device: step.device, launched: launched)
            }
            try onStep(StepOutcome(number: index + 1, step: step, changes: changes, world: world, failures: failures))
        }
        return world
    }
}
