import IDSim
import Testing

/// The keychain's buckets against a dictionary, over seeded random operations: small buckets
/// (scanned) and large ones (searched in halves, issue 50's 20,000-store recipe) find, add and
/// remove the same items, and keep them in key order.
@Suite struct KeychainTests {
    @Test("lookups, adds and removals agree with a dictionary, in buckets of every size", arguments: [3, 40, 600])
    func agreesWithADictionary(_ accounts: Int) {
        var generator = SeededGenerator(seed: UInt64(accounts))
        var keychain = Keychain()
        var model: [KeychainKey: KeychainItem] = [:]
        let groups = ["A.group", "B.group"], services = ["s", "t"]
        for round in 0..<(accounts * 30) {
            let key = KeychainKey(group: groups.randomElement(using: &generator)!, service: services.randomElement(using: &generator)!,
                                  account: "acct\(Int.random(in: 0..<accounts, using: &generator))", synchronizable: Bool.random(using: &generator))
            let item = KeychainItem(group: key.group, service: key.service, account: key.account, accessible: .afterFirstUnlock,
                                    synchronizable: key.synchronizable, value: "v\(round)", creator: "com.acme.app")
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                let added = keychain.insertNew(item)
                #expect(added == (model[key] == nil), "insertNew \(key)")
                if added { model[key] = item }
            case 1:
                keychain[key] = item
                model[key] = item
            case 2:
                #expect(keychain.removeValue(forKey: key) == model.removeValue(forKey: key))
            default:
                #expect(keychain[key] == model[key])
                #expect(keychain.item(group: key.group, service: key.service, account: key.account, synchronizable: key.synchronizable) == model[key])
            }
        }
        #expect(keychain.values == model.keys.sorted().map { model[$0]! }, "every item, in key order")
    }
}
