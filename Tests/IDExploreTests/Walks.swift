@testable import IDExplore
import IDSim
import Testing

/// A small seeded generator, so a failing walk repeats.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// One of `elements`, drawn uniformly enough for a test.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int(next() % UInt64(elements.count))]
    }
}

/// The last step of a walk, and whether it applied (a refused step leaves the state as it was).
struct WalkStep {
    let step: Step
    let applied: Bool
}

extension Explorer {
    /// The state after `steps` from the root, each expected to apply.
    func state(after steps: [Step], sourceLocation: SourceLocation = #_sourceLocation) -> ExploreState {
        var state = root
        for step in steps { #expect(probe(&state, step) != nil, "\(step)", sourceLocation: sourceLocation) }
        return state
    }

    /// `walks` walks from the root of `length` steps each, every step drawn from the alphabet and
    /// applied as the search applies it; `body` sees the state after each step (and may change
    /// it), the step, and the generator for anything more it draws.
    func randomWalks(seed: UInt64, walks: Int, length: Int,
                     _ body: (inout ExploreState, WalkStep, inout SplitMix) throws -> Void) rethrows {
        var random = SplitMix(seed: seed)
        for _ in 0..<walks {
            var state = root
            for _ in 0..<length {
                let step = random.pick(steps)
                let applied = probe(&state, step) != nil
                try body(&state, WalkStep(step: step, applied: applied), &random)
            }
        }
    }
}
