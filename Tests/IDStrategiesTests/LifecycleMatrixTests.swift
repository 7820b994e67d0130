import IDSim
import IDStrategies
import Testing

/// Each strategy across the lifecycle, against the reference's matrix (id-libraries.md A2) and
/// the rules. Columns: reinstall, delete all vendor apps, erase, restore to the same device
/// (encrypted), restore to a new device (encrypted, unencrypted), second device on the same
/// iCloud account, launch before first unlock.
@Suite("Lifecycle matrix")
struct LifecycleMatrixTests {
    static let columns = ["reinstall", "delete-all-vendor-apps", "erase", "restore-same-encrypted", "restore-new-encrypted",
                          "restore-new-unencrypted", "icloud-second-device", "before-first-unlock"]

    func row(_ strategy: any IDStrategy.Type, options: [String: OptionValue] = [:], os: String = "17.5") -> [String] {
        let matrix = LifecycleMatrix(os: OSVersion(parsing: os)!)
        return Self.columns.map { matrix.cell(strategy: strategy.strategy, options: options, case: LifecycleCase.named($0)!).rawValue }
    }

    @Test("id-kit: without consent best is the IDFV, so it follows IDFV; before first unlock the GUID read fails and a new one is minted")
    func idKit() {
        // Before first unlock: IDFV is nil (IDFV-3), the AfterFirstUnlock GUID read fails (KC-17) → new GUID (B10).
        #expect(row(IDKit.self) == ["=", "Δ", "Δ", "=", "Δ", "Δ", "Δ", "Δ"])
        // With the cn policy and no IDFV… the same; with include [guid] it behaves like the keychain GUID:
        // restoring onto a new device moves the AfterFirstUnlock item in an encrypted backup (KC-21).
        #expect(row(IDKit.self, options: ["include": .list(["guid"])]) == ["=", "=", "Δ", "=", "dup", "Δ", "Δ", "Δ"])
    }

    @Test("keychain-idfv: a WhenUnlocked item outlives the vendor's apps and moves with encrypted backups")
    func keychainIDFV() {
        #expect(row(KeychainIDFV.self) == ["=", "=", "Δ", "=", "dup", "Δ", "Δ", "Δ"])
        // Field report B6: the same with a ThisDeviceOnly class does not move (KC-21).
        #expect(row(KeychainIDFV.self, options: ["accessible": .string("afterFirstUnlockThisDeviceOnly")])[4] == "Δ")
    }

    @Test("svudid: keeps the old IDFV after all vendor apps go; nothing before first unlock")
    func svudid() {
        // [infer] new device, encrypted: dup, because the WhenUnlocked item migrates (KC-21).
        // [infer] before first unlock: -25308, then the IDFV, itself nil (IDFV-3) → ∅.
        #expect(row(SvUDID.self) == ["=", "=", "Δ", "=", "dup", "Δ", "Δ", "∅"])
    }

    @Test("zbuuid: follows the IDFV everywhere; a random stand-in before first unlock")
    func zbuuid() {
        #expect(row(ZBUUID.self) == ["=", "Δ", "Δ", "=", "Δ", "Δ", "Δ", "Δ"])
    }

    @Test("fcuuid: uuidForDevice duplicates on a restored new device, even from an unencrypted backup (UserDefaults copy)")
    func fcuuid() {
        // Unencrypted to a new device: the keychain item is lost (KC-21) but the UserDefaults copy comes back (CT-24).
        // Before first unlock [infer]: keychain -25308, UserDefaults empty (CT-25) → a new ID for that process.
        #expect(row(FCUUID.self) == ["=", "=", "Δ", "=", "dup", "dup", "Δ", "Δ"])
    }

    @Test("rndi: the ThisDeviceOnly item stays behind, but the UserDefaults copy restores, so a new device still duplicates")
    func rndi() {
        // [infer] The reference's generic ThisDeviceOnly row says Δ for a new device; RNDI's UserDefaults
        // fallback brings the same ID back (CT-24), as RNDI #519 reports for restored devices.
        #expect(row(RNDI.self) == ["=", "=", "Δ", "=", "dup", "dup", "Δ", "Δ"])
        // Field report B7: synchronizable → the same ID on a second device on the same Apple ID (KC-18).
        #expect(row(RNDI.self, options: ["accessible": .string("afterFirstUnlock"), "synchronizable": .bool(true)])[6] == "dup")
    }

    @Test("devicecheck: the bits survive deletion, erase and restore on the same hardware; a new device starts empty")
    func devicecheck() {
        #expect(row(DeviceCheckStrategy.self) == ["=", "=", "=", "=", "∅", "∅", "∅", "="])
    }

    @Test("openudid: on iOS 6 another OpenUDID app's slot keeps the ID; from iOS 10 only UserDefaults does")
    func openudid() {
        #expect(row(OpenUDID.self, os: "6.1") == ["=", "Δ", "Δ", "=", "dup", "dup", "Δ", "="])
        #expect(row(OpenUDID.self, os: "17.5") == ["Δ", "Δ", "Δ", "=", "dup", "dup", "Δ", "Δ"])
    }

    @Test("appattest: the key ID outlives the key wherever its keychain item goes, so an equal cell hides an invalid key")
    func appAttest() throws {
        // The AfterFirstUnlock item holding the key ID moves like keychain-idfv's; the key does not (AA-28).
        #expect(row(AppAttestStrategy.self) == ["=", "=", "Δ", "=", "dup", "Δ", "Δ", "∅"])
        // In UserDefaults the key ID dies with the container (a new key on reinstall) but restores anywhere
        // (CT-24); before the first unlock the process sees empty defaults (CT-25) and makes yet another key.
        #expect(row(AppAttestStrategy.self, options: ["keyIdStore": .string("defaults")]) == ["Δ", "Δ", "Δ", "=", "dup", "dup", "Δ", "Δ"])
    }

    @Test("every case of the default matrix runs for every strategy without trapping")
    func everyCell() {
        let matrix = LifecycleMatrix()
        for strategy in StrategyLibrary.builtIn.all {
            for lifecycle in LifecycleCase.all {
                _ = matrix.cell(strategy: strategy, case: lifecycle)
            }
        }
        #expect(LifecycleCase.all.count == 12)
    }
}
