import Foundation
import Testing
import TestSupport

@Suite("idscope explore (the built binary)", .serialized)
struct ExploreCommandTests {
    @Test("a break exits 1 and is saved as a scenario that check fails at its last step; a hold exits 0")
    func breaksAndHolds() throws {
        let dir = TemporaryDirectory.make()
        let save = dir.appendingPathComponent("found").path
        let broke = try CLI.run(["explore", "--strategy", "keychain-idfv", "--property", "stable", "--events", "install,launch,reboot",
                                 "--depth", "4", "--save", save])
        #expect(broke.status == 1, "\(broke.stderr)")
        #expect(broke.stdout.contains("keychain-idfv  stable     breaks in 4: install com.acme.app on phone → launch com.acme.app on phone → reboot on phone → launch com.acme.app (background) on phone"), "\(broke.stdout)")
        let file = save + "/keychain-idfv-stable.yaml"
        let check = try CLI.run(["check", file])
        #expect(check.status == 1 && check.stdout.contains("1 check failed"), "\(check.stdout)")

        let held = try CLI.run(["explore", "--strategy", "keychain-idfv", "--property", "stable", "--events", "install,launch",
                                "--depth", "3", "--format", "jsonl"])
        #expect(held.status == 0)
        #expect(held.stdout.hasPrefix("{\"strategy\": \"keychain-idfv\", \"property\": \"stable\", \"holds\": true, \"depth\": 3, \"states\": "))
    }

    @Test("a recipe file is explored like a built-in strategy")
    func recipeFile() throws {
        let dir = TemporaryDirectory.make()
        let recipe = dir.appendingPathComponent("ours.yaml")
        try "name: ours\nstores:\n  kc: { keychain: { account: id, accessible: afterFirstUnlockThisDeviceOnly } }\nid: [kc, uuid]\nsave: [kc]\n"
            .write(to: recipe, atomically: true, encoding: .utf8)
        let result = try CLI.run(["explore", "--strategy", recipe.path, "--property", "unique", "--events", "install,launch,backup,restore",
                                  "--depth", "5", "--format", "markdown"])
        // ThisDeviceOnly items never reach another device: no two phones share the ID.
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("| ours | unique | holds ≤ 5 ("))
    }

    @Test("--save makes its folder only when a break is saved, and refuses at once a folder that cannot be made")
    func saveFolder() throws {
        let dir = TemporaryDirectory.make()
        let holds = try CLI.run(["explore", "--strategy", "keychain-idfv", "--property", "available", "--depth", "2",
                                 "--save", dir.appendingPathComponent("new/folder").path])
        #expect(holds.status == 0 && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("new").path))
        let file = dir.appendingPathComponent("file")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        let refused = try CLI.run(["explore", "--strategy", "rndi", "--depth", "2", "--save", file.appendingPathComponent("sub").path])
        #expect(refused.status == 74 && refused.stderr.contains("\(file.path) is not a folder"), "\(refused.stderr)")
    }

    @Test("a name that names nothing is one clear line and exit 2; a malformed value is the argument parser's 64, with a reason")
    func badInput() throws {
        for (arguments, message) in [(["--property", "stabel"], "did you mean 'stable'?"), (["--events", "instal"], "did you mean 'install'?"),
                                     (["--strategy", "rdni"], "did you mean 'rndi'?")] {
            let result = try CLI.run(["explore"] + arguments)
            #expect(result.status == 2 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        for (arguments, message) in [(["--depth", "0"], "--depth must be at least 1, not 0"), (["--depth", "-1"], "--depth must be at least 1, not -1"),
                                     (["--depth", "13"], "--depth must be at most 12, not 13"), (["--workers", "0"], "--workers must be at least 1"),
                                     (["--devices", "-2"], "--devices must be at least 1, not -2"), (["--app", "com.acme.shop"], "--app needs --from")] {
            let result = try CLI.run(["explore"] + arguments)
            #expect(result.status == 64 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}
