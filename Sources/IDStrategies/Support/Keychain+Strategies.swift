import IDSim

/// The keychain moves the libraries share: read one generic password, save one (add, and on a
/// duplicate, update), delete one. Each returns the SecStatus so strategies can act on failures
/// the way their real code does.
extension AppOS {
    mutating func readPassword(service: String, account: String, group: String? = nil,
                               synchronizable: SyncMatch = .no) -> (value: String?, status: SecStatus) {
        let (status, item) = secItemCopyMatching(KeychainQuery(service: service, account: account, accessGroup: group,
                                                                synchronizable: synchronizable))
        return (item.flatMap { $0.value.isEmpty ? nil : $0.value }, status)
    }

    /// SecItemAdd, and SecItemUpdate when the item exists.
    @discardableResult
    mutating func savePassword(_ value: String, service: String, account: String, group: String? = nil,
                               accessible: Accessibility? = nil, synchronizable: Bool = false) -> SecStatus {
        let added = secItemAdd(KeychainAttributes(service: service, account: account, value: value, accessible: accessible,
                                                  accessGroup: group, synchronizable: synchronizable))
        guard added == .duplicateItem else { return added }
        return secItemUpdate(KeychainQuery(service: service, account: account, accessGroup: group,
                                           synchronizable: synchronizable ? .yes : .no), value: value)
    }
}

/// Collects the notes a launch reports: what the code ran into. Kept only when the launch's
/// report is built in full (`AppOS.reportsInFull`).
struct LaunchNotes {
    private(set) var lines: [String] = []
    /// Whether the report is built in full: the notes are kept, and a strategy builds its result.
    let inFull: Bool

    init(for os: AppOS) {
        inFull = os.reportsInFull
    }

    mutating func keychain(_ action: String, _ status: SecStatus) {
        guard inFull, status != .success else { return }
        lines.append("keychain " + action + ": " + status.description)   // concatenated: interpolation costs 5x
    }

    mutating func add(_ line: @autoclosure () -> String) {
        if inFull { lines.append(line()) }
    }
}
