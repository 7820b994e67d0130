import IDSim
import Testing

/// File protection classes (CT-42): when a file in the container can be opened. Every claim is
/// checked by what a launch could read and write, not by the class's name.
@Suite("File protection rules")
struct FileProtectionRuleTests {
    static let path = "Library/acme-id"

    /// An app that reads its ID file and, finding nothing, writes a new one with the class given.
    /// Its notes say what the read found and whether the write went through.
    static func fileProgram(_ protection: FileProtection) -> ClosureProgram {
        ClosureProgram { os in
            if let kept = os.containerFile(path) {
                return LaunchReport(primaryID: kept, values: [NamedValue("id", kept)], notes: ["read"])
            }
            let fresh = os.newUUID().uuidString
            let written = os.writeContainerFile(path, contents: fresh, backedUp: true, protection: protection)
            return LaunchReport(primaryID: fresh, values: [NamedValue("id", fresh)], notes: [written ? "wrote" : "write failed"])
        }
    }

    static func sim(_ protection: FileProtection, passcode: Bool = true) -> Sim {
        Sim(passcode: passcode, apps: [Sim.shop], programs: fileProgram(protection))
    }

    /// The file as the container holds it now, read from the world rather than through the app.
    static func stored(_ sim: Sim) -> ContainerFile? {
        sim.dev().apps[sim.app("shop")]?.container.files[path]
    }

    @Test("CT-42: a complete file can be neither read nor written while the device is locked; after the unlock it is there as it was")
    func completeClosesWhileLocked() throws {
        var sim = Self.sim(.complete)
        sim.install("shop")
        sim.launch("shop")
        let kept = try #require(sim.lastID("shop"))
        #expect(Self.stored(sim)?.protection == .complete && Self.stored(sim)?.contents == kept)
        sim.run(.lock)
        sim.launch("shop", .background)
        #expect(sim.lastLaunch("shop")?.notes == ["write failed"], "the read found nothing and the write was refused")
        #expect(sim.lastID("shop") != kept && Self.stored(sim)?.contents == kept, "the file is untouched")
        sim.run(.unlock)
        sim.launch("shop")
        #expect(sim.lastLaunch("shop")?.notes == ["read"] && sim.lastID("shop") == kept)
    }

    @Test("CT-42: the container's default class stays readable while locked once the device was unlocked since it started")
    func defaultClassOpensAfterFirstUnlock() throws {
        var sim = Self.sim(.completeUntilFirstUserAuthentication)
        sim.install("shop")
        sim.launch("shop")
        let kept = try #require(sim.lastID("shop"))
        sim.run(.lock)
        sim.launch("shop", .background)
        #expect(sim.lastLaunch("shop")?.notes == ["read"] && sim.lastID("shop") == kept)
        // Before the first unlock it is closed (CT-25).
        sim.run(.reboot)
        sim.launch("shop", .background)
        #expect(sim.lastLaunch("shop")?.notes == ["write failed"])
    }

    @Test("CT-42: a completeUnlessOpen file can be created while the device is locked, but not opened again until the unlock")
    func completeUnlessOpenCreatesWhileLocked() throws {
        var sim = Self.sim(.completeUnlessOpen)
        sim.install("shop")
        sim.run(.lock)
        sim.launch("shop", .background)
        #expect(sim.lastLaunch("shop")?.notes == ["wrote"])
        let made = try #require(sim.lastID("shop"))
        #expect(Self.stored(sim)?.contents == made && Self.stored(sim)?.protection == .completeUnlessOpen)
        sim.launch("shop", .background)
        #expect(sim.lastLaunch("shop")?.notes == ["write failed"], "the existing file is closed: not read, not overwritten")
        #expect(Self.stored(sim)?.contents == made)
        sim.run(.unlock)
        sim.launch("shop")
        #expect(sim.lastID("shop") == made)
    }

    @Test("CT-42: a file of class none opens even before the first unlock; without a passcode every class is open while locked")
    func noneAndNoPasscodeAlwaysOpen() throws {
        var sim = Self.sim(.none)
        sim.install("shop")
        sim.launch("shop")
        let kept = try #require(sim.lastID("shop"))
        sim.run(.reboot)
        #expect(!sim.dev().firstUnlockDone)
        sim.launch("shop", .background)
        #expect(sim.lastLaunch("shop")?.notes == ["read"] && sim.lastID("shop") == kept)

        var open = Self.sim(.complete, passcode: false)
        open.install("shop")
        open.launch("shop")
        let id = try #require(open.lastID("shop"))
        open.run(.lock)
        open.launch("shop", .background)
        #expect(open.lastLaunch("shop")?.notes == ["read"] && open.lastID("shop") == id)
    }

    @Test("CT-42: a backup and a restore keep a file's class")
    func classSurvivesRestore() throws {
        var sim = Self.sim(.complete)
        sim.install("shop")
        sim.launch("shop")
        sim.run(.backup(.encrypted, name: "b"))
        sim.run(.erase)
        sim.run(.restore(backup: "b"))
        #expect(Self.stored(sim)?.protection == .complete)
    }
}
