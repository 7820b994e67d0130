import IDSim
import Testing

/// Sign in with Apple's user identifier (SIWA-43): scoped to the team and the Apple ID, kept
/// across reinstalls, gone while revoked, another after a transfer. Each claim is checked by the
/// values launches report, compared with one another.
@Suite("Sign in with Apple rules")
struct SignInWithAppleRuleTests {
    /// An app whose ID is the Sign in with Apple user identifier, nothing when there is none.
    static let program = ClosureProgram { os in
        let user = os.appleUserIdentifier()
        return LaunchReport(primaryID: user, values: [NamedValue("user", user)], notes: [user == nil ? "none" : "signed in"])
    }

    static func sim(os: String = "17.5", profile: Profile = .default) -> Sim {
        let version = OSVersion(parsing: os)!
        return Sim(devices: [DeviceSpec(name: "phone", os: version, appleID: "alice"), DeviceSpec(name: "pad", kind: .ipad, os: version, appleID: "alice"),
                             DeviceSpec(name: "stranger", os: version, appleID: "bob")],
                   accounts: [Account(id: "alice"), Account(id: "bob")], profile: profile, programs: program)
    }

    /// Installs and launches an app on a device, and returns what the launch read.
    static func user(_ sim: inout Sim, _ app: String, on device: String = "phone") -> String? {
        if sim.dev(device).apps[sim.app(app)]?.presence != .installed { sim.install(app, on: device) }
        sim.launch(app, on: device)
        return sim.lastID(app, on: device)
    }

    @Test("SIWA-43: one identifier for every app of a team on every device of the Apple ID; another team, another Apple ID, another identifier")
    func teamAndAccountScoped() throws {
        var sim = Self.sim()
        let shop = try #require(Self.user(&sim, "shop"))
        #expect(Self.user(&sim, "news") == shop, "same team")
        #expect(Self.user(&sim, "shop", on: "pad") == shop, "same Apple ID on another device")
        let other = try #require(Self.user(&sim, "game"))
        #expect(other != shop, "another team")
        let stranger = try #require(Self.user(&sim, "shop", on: "stranger"))
        #expect(stranger != shop, "another Apple ID")
        // The shape of Apple's identifiers: 6 digits, 32 hex digits, 4 digits.
        let parts = shop.split(separator: ".")
        #expect(parts.map(\.count) == [6, 32, 4] && parts[0].allSatisfy(\.isNumber) && parts[2].allSatisfy(\.isNumber))
    }

    @Test("SIWA-43: a reinstall, an erase and a sign-in again give the same identifier; a device without an Apple ID, or below iOS 13, gets none")
    func keptAcrossReinstall() throws {
        var sim = Self.sim()
        let first = try #require(Self.user(&sim, "shop"))
        sim.uninstall("shop")
        #expect(Self.user(&sim, "shop") == first)
        sim.run(.erase)
        sim.run(.signIn(account: 0))
        #expect(Self.user(&sim, "shop") == first)
        sim.run(.signOut())
        #expect(Self.user(&sim, "shop") == nil, "no Apple ID on the device")

        var old = Self.sim(os: "12.5")
        #expect(Self.user(&old, "shop") == nil)
        let refused = old.reject(.revokeAppleID(old.app("shop")))
        #expect(refused?.description.contains("it arrived in iOS 13") == true, "\(refused?.description ?? "applied")")
    }

    @Test("SIWA-43: stopping Sign in with Apple revokes it for the team on every device; a fresh install signs in again to the same identifier")
    func revokedUntilSignedInAgain() throws {
        var sim = Self.sim()
        let first = try #require(Self.user(&sim, "shop"))
        #expect(Self.user(&sim, "news", on: "pad") == first)
        let revoked = sim.run(.revokeAppleID(sim.app("shop")))
        #expect(revoked.map(\.rule) == [.siwa43] && revoked.first?.from == .text(first) && revoked.first?.to == nil)
        #expect(Self.user(&sim, "shop") == nil, "the signed-in installation finds the credential revoked")
        #expect(Self.user(&sim, "news", on: "pad") == nil, "so does every app of the team on the Apple ID's devices")
        #expect(Self.user(&sim, "game") != nil, "another team's apps are untouched")
        sim.uninstall("shop")
        sim.install("shop")
        let again = sim.launch("shop")
        #expect(again.touching("appleUserID:").map(\.rule) == [.siwa43], "the revoke ends: the credential is back")
        #expect(sim.lastID("shop") == first, "signed in again: the same identifier (switch appleUserIDAfterRevoke = same)")
        #expect(Self.user(&sim, "news", on: "pad") == first, "and the team's other installations read it again")
    }

    @Test("SIWA-43: with appleUserIDAfterRevoke = new, signing in again after a revoke gives a new identifier")
    func revokeSwitch() throws {
        var profile = Profile.default
        try profile.set("appleUserIDAfterRevoke", to: "new")
        var sim = Self.sim(profile: profile)
        let first = try #require(Self.user(&sim, "shop"))
        sim.run(.revokeAppleID(sim.app("shop")))
        sim.uninstall("shop")
        let second = try #require(Self.user(&sim, "shop"))
        #expect(second != first)
        #expect(Self.user(&sim, "news") == second, "the team's apps share the new one")
    }

    @Test("SIWA-43: an app transferred to another team signs in again under it, to that team's identifier")
    func transferChangesTheIdentifier() throws {
        var sim = Self.sim()
        let before = try #require(Self.user(&sim, "shop"))
        let game = try #require(Self.user(&sim, "game"))
        sim.run(.update(sim.app("shop"), newTeam: "OTHR5678"))
        let changes = sim.launch("shop")
        let after = try #require(sim.lastID("shop"))
        #expect(after != before && after == game, "the recipient team's identifier for the same Apple ID")
        #expect(changes.touching("appleUserID:").isEmpty, "the team already had one: nothing new is made")
    }

    @Test("SIWA-43: stopping Sign in with Apple for an app never signed in is refused, naming the Apple ID and team")
    func revokeNeedsASignIn() throws {
        var sim = Self.sim()
        sim.install("shop")
        let error = sim.reject(.revokeAppleID(sim.app("shop")))
        #expect(error?.description == "stopping Sign in with Apple for com.acme.shop is not available on phone: "
                + "the Apple ID 'alice' is not signed in to any app of team ACME1234")
    }
}
