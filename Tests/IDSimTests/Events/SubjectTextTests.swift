import IDSim
import Testing

/// Subjects hold device and app indices; their text form (the jsonl `subject`, the step summary)
/// names them from the world. The form is part of the output contract, so every kind is pinned here.
@Suite("Change subjects in words")
struct SubjectTextTests {
    @Test("every kind of subject renders as kind:device:detail with the world's names")
    func everyKind() {
        let sim = Sim()
        let world = sim.world
        let phone = sim.device("phone"), shop = sim.app("shop")
        let item = KeychainKey(group: "ACME1234.com.acme.shop", service: "s", account: "a", synchronizable: false)
        let synced = KeychainKey(group: "ACME1234.com.acme.shop", service: "s", account: "a", synchronizable: true)
        let expected: [(Subject, String)] = [
            (.idfv(device: phone, vendor: VendorKey(.team, "ACME1234")), "idfv:phone:team:ACME1234"),
            (.idfa(device: phone), "idfa:phone"),
            (.att(device: phone, app: shop), "att:phone:com.acme.shop"),
            (.app(device: phone, app: shop), "app:phone:com.acme.shop"),
            (.process(device: phone, app: shop), "process:phone:com.acme.shop"),
            (.container(device: phone, app: shop), "container:phone:com.acme.shop"),
            (.defaults(device: phone, app: shop, key: "id"), "defaults:phone:com.acme.shop:id"),
            (.consent(device: phone, app: shop), "consent:phone:com.acme.shop"),
            (.keychain(device: phone, item: item), "keychain:phone:ACME1234.com.acme.shop/s/a"),
            (.keychain(device: phone, item: synced), "keychain:phone:ACME1234.com.acme.shop/s/a:sync"),
            (.lockState(device: phone), "lock:phone"),
            (.passcode(device: phone), "passcode:phone"),
            (.os(device: phone), "os:phone"),
            (.setting(device: phone, name: "limitAdTracking"), "setting:phone:limitAdTracking"),
            (.appleID(device: phone), "appleID:phone"),
            (.iCloudKeychain(device: phone), "iCloudKeychain:phone"),
            (.backup(name: "nightly"), "backup:nightly"),
            (.deviceCheck(team: "ACME1234", device: phone), "devicecheck:ACME1234:phone"),
            (.appAttest(device: phone, app: shop), "appattest:phone:com.acme.shop"),
            (.pasteboard(device: phone, name: "general"), "pasteboard:phone:general"),
            (.cloudKeychain(account: "alice", item: item), "icloudkeychain:alice:ACME1234.com.acme.shop/s/a"),
            (.keyValueStore(account: "alice", key: "k"), "kvs:alice:k"),
            (.options(app: shop), "options:com.acme.shop"),
        ]
        for (subject, text) in expected {
            #expect(subject.text(in: world) == text)
            #expect(text.hasPrefix(subject.kind + ":"), "kind \(subject.kind) should open \(text)")
        }
        // Every case is listed above: the kinds cover the enum.
        #expect(Set(expected.map(\.0.kind)).count == 22)
    }

    @Test("a whole change reads subject: from → to [rule]")
    func wholeChange() {
        let sim = Sim()
        let change = Change(.app(device: 0, app: sim.app("news")), from: .presence(.absent), to: .presence(.installed), rule: nil)
        #expect(change.text(in: sim.world) == "app:phone:com.acme.news: absent → installed")
        let gone = Change(.idfa(device: 0), from: .flag(true), to: nil, rule: .idfa9)
        #expect(gone.text(in: sim.world) == "idfa:phone: on → ∅ [IDFA-9]")
    }

    @Test("an index the world does not have renders as a placeholder rather than trapping")
    func unknownIndex() {
        let sim = Sim()
        #expect(Subject.att(device: 7, app: 99).text(in: sim.world) == "att:device#7:app#99")
    }
}

/// Keychain results appear in launch notes as name and number; the text is spelled out per case
/// (a launch notes each failed call), so every case is pinned to the form built from its parts.
@Suite("SecStatus in words")
struct SecStatusTextTests {
    @Test("each status reads as its constant's name and its number")
    func everyStatus() {
        for status in SecStatus.allCases {
            #expect(status.description == "\(status.name) (\(status.rawValue))")
        }
        #expect(SecStatus.itemNotFound.description == "errSecItemNotFound (-25300)")
    }
}
