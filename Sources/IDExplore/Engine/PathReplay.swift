/// The states along the last path replayed from the root, so the next path replays only the
/// steps after the prefix they share. Steps are deterministic, so equal step numbers from the
/// root mean equal states.
struct PathReplay<State> {
    var numbers: [UInt16] = []
    /// `states[k]` is the state after the first `k` steps of `numbers`.
    var states: [State]

    init(root: State) { states = [root] }

    mutating func state(after path: [UInt16], apply: (inout State, UInt16) -> Void) -> State {
        var common = 0
        while common < min(path.count, numbers.count) && path[common] == numbers[common] { common += 1 }
        numbers.removeSubrange(common...)
        states.removeSubrange((common + 1)...)
        for number in path[common...] {
            var next = states[states.count - 1]
            apply(&next, number)
            states.append(next)
            numbers.append(number)
        }
        return states[path.count]
    }

    /// The state before the last path's last step.
    var parent: State { states[states.count - 2] }
}
