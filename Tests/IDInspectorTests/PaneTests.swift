import Foundation
@testable import IDInspector
import IDExplore
import IDScenario
import IDSim
import IDStrategies
import Testing
import TestSupport

@Suite("Storage, history and timeline panes")
struct PaneTests {
    @Test("the storage pane shows service, account, class, sync and value at 120×36; Enter opens an item")
    func storage() throws {
        var h = try Harness()
        h.type("20")
        h.press(.enter)
        for text in ["uts.sdk.modules.idKit", "device.guid = 225E…5369", "AfterFirstUnlock · not synced"] {
            #expect(h.screen.contains(text), "\(text)")
        }
        h.press(.tab, times: 2)
        #expect(h.state.focus == .storage)
        h.press(.down, times: 2)             // past com.acme.news's item to com.acme.shop's
        h.press(.enter)
        #expect(h.screen.contains("accessible: kSecAttrAccessibleAfterFirstUnlock"))
        #expect(h.screen.contains("value: 225EC07A-9950-4761-A9C3-A27688795369"))
    }

    @Test("for an app on a recipe the storage pane names each of its stores with its value; suites, group defaults, files and iCloud show too")
    func recipeStores() throws {
        var h = try Harness(width: 120, height: 48, scenarioText: """
            name: recipe stores
            devices: [{ name: phone, os: "9.3", passcode: true, appleID: alice }]
            accounts: [{ id: alice }]
            recipes:
              acme:
                stores:
                  kc: { keychain: { account: device-id, accessible: afterFirstUnlock } }
                  copy: { defaults: { key: acme.id, suite: group.com.acme } }
                  mine: { defaults: { key: acme.mine, suite: acme.private } }
                  disk: { file: { path: Library/acme-id, backup: false } }
                  kvs: { icloud: { key: acme.id } }
                  pb: { pasteboard: { name: com.acme.id } }
                id: [kc, uuid]
                save: [kc, copy, mine, disk, kvs, pb]
            apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: acme, appGroups: [group.com.acme] }]
            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
            """)
        h.press(.end)
        let id = try #require(h.world.devices[0].launches[0]?.latest.report.primaryID)
        let short = IDText.short(id, ellipsis: "…")
        for name in ["kc", "copy", "mine", "disk", "kvs", "pb"] {
            #expect(h.canvas.lines.contains { $0.contains(" \(name) = \(short)") }, "\(name)\n\(h.screen)")
        }
        // Further down the pane (scrolled to in the terminal): each place in its own section.
        let lines = StorageRows.make(h.state).flatMap(\.lines)
        for line in ["UserDefaults suite acme.private (private)", " acme.mine = \(short)", "App Group group.com.acme", " acme.id = \(short)",
                     "Files · com.acme.shop", " Library/acme-id = \(short)", "   excluded from backups", "iCloud key-value store · alice",
                     "Named pasteboards (persistent, before iOS 10)", " com.acme.id = \(short)"] {
            #expect(lines.contains(line), "\(line)")
        }
        h.press(.tab, times: 2)
        #expect(h.state.focus == .storage)
        h.press(.down, times: 3)             // kc, copy, mine
        h.press(.enter)
        #expect(h.screen.contains("place: UserDefaults 'acme.mine' in suite 'acme.private' (private)"))
    }

    @Test("a recipe's entries of a keyed file and its files in an App Group show their own values")
    func recipeKeyedAndGroupFiles() throws {
        var h = try Harness(width: 120, height: 48, scenarioText: """
            name: keyed stores
            devices: [{ name: phone, os: "17.5" }]
            recipes:
              acme:
                stores:
                  tokenEntry: { file: { path: Library/prefs, key: token } }
                  anonEntry: { file: { path: Library/prefs, key: anon } }
                  shared: { file: { path: Library/shared-id, group: group.com.acme } }
                ids:
                  token: { id: [tokenEntry, uuid], save: [tokenEntry, shared] }
                  anon: { id: [anonEntry, uuid], save: [anonEntry] }
            apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: acme, appGroups: [group.com.acme] }]
            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
            """)
        h.press(.end)
        let report = try #require(h.world.devices[0].launches[0]?.latest.report)
        let token = try #require(report.value("token")), anon = try #require(report.value("anon"))
        #expect(token != anon)
        let lines = StorageRows.make(h.state).flatMap(\.lines)
        for (name, value) in [("tokenEntry", token), ("anonEntry", anon), ("shared", token)] {
            #expect(lines.contains(" \(name) = " + IDText.short(value, ellipsis: "…")), "\(name)\n\(lines.joined(separator: "\n"))")
        }
    }

    @Test("a store kept per supplied value shows the entry of what the app supplied on the device, and says when it supplied none")
    func recipeKeyedBySuppliedValue() throws {
        var h = try Harness(width: 120, height: 48, scenarioText: """
            name: keyed by login
            devices: [{ name: phone, os: "17.5" }]
            apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: clevertap }]
            steps:
              - install: com.acme.shop
              - launch: com.acme.shop
              - call: { app: com.acme.shop, name: onUserLogin, value: bob }
            """)
        h.press(.end)
        h.press(.left)   // after the launch, before the login
        var lines = StorageRows.make(h.state).flatMap(\.lines)
        #expect(lines.contains(" cachedGuid: no entry, nothing supplied with onUserLogin"), "\(lines.joined(separator: "\n"))")
        h.press(.end)
        // What the world holds under bob's key, read here without the recipe.
        let defaults = try #require(h.world.devices[0].apps[0]?.container.defaults)
        let bobs = try #require(defaults["WizRocketW44-R44-R45Z:CachedGUIDS[Identity_bob]"], "\(defaults)")
        #expect(bobs == h.world.devices[0].launches[0]?.latest.report.value(followed: nil))
        lines = StorageRows.make(h.state).flatMap(\.lines)
        #expect(lines.contains(" cachedGuid = " + IDText.short(bobs, ellipsis: "…")), "\(lines.joined(separator: "\n"))")
    }

    @Test("history letters keep their value over the whole history; the legend says what they stand for")
    func historyLetters() throws {
        var h = try Harness()
        h.type("12")
        h.press(.enter)
        h.type("p")                          // stay on phone › com.acme.shop
        let early = try #require(h.canvas.lines.first { $0.contains("IDFV   ") && $0.contains("·") })
        h.type("20")
        h.press(.enter)
        let later = try #require(h.canvas.lines.first { $0.contains("IDFV   ") && $0.contains("·") })
        // Step 12's column in each window: the same value (77CB…), so the same letter.
        func letter(_ line: String, atStep step: Int, header: String) -> Character? {
            guard let range = header.range(of: " \(step) ") else { return nil }
            let offset = header.distance(from: header.startIndex, to: range.lowerBound) + 1
            return Array(line)[offset]
        }
        let earlyHeader = try #require(h.canvas.lines.first { $0.contains(" 11  12 ") })
        #expect(letter(later, atStep: 12, header: earlyHeader) == "A")
        #expect(early.contains("A"))
        #expect(h.screen.contains("A B …: each value"))
        #expect(h.screen.contains("best: A=idfv"))
    }

    @Test("with the timeline focused, ↓ moves its own row and Enter jumps there; the world selection stays")
    func timelineCursor() throws {
        var h = try Harness()
        h.type("p")
        let selection = h.state.selection
        h.press(.tab, times: 3)
        #expect(h.state.focus == .timeline)
        h.press(.down, times: 3)
        #expect(h.state.timelineRow == 3 && h.state.session.cursor == 0 && h.state.selection == selection)
        h.press(.enter)
        #expect(h.state.session.cursor == 3)
    }
}
