/// How large a scenario may be. Every limit is one that a reader of the file, and the
/// inspector growing a session, both keep: what the inspector lets a session become, `w` can
/// save and `idscope run` can read back.
package enum ScenarioLimits {
    /// The most bytes a scenario file (or any YAML idscope reads) may have.
    package static let maxBytes = 8 << 20
    /// The most steps a scenario may have.
    package static let maxSteps = 100_000
    /// The most (device, app) pairs a world may hold: every device keeps a slot per app, so this
    /// bounds a world's memory (about 24 bytes a slot) and the work of every device-wide event.
    package static let maxAppSlots = 1_000_000
}
