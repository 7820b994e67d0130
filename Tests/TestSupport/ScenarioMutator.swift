import Foundation
import IDSim

/// Seeded mutations of a valid scenario file, for the fuzz tests of the parser (in-process) and
/// of the binary: each mutation is one way a real file goes wrong.
package enum ScenarioMutator {
    package static func mutate(_ text: String, _ rng: inout SeededGenerator) -> [UInt8] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(max(n, 1))) }
        switch rng.next() % 14 {
        case 0: if !lines.isEmpty { lines.remove(at: pick(lines.count)) }                       // deleted line
        case 1: if lines.count > 1 { lines.swapAt(pick(lines.count), pick(lines.count)) }         // swapped lines
        case 2:                                                                                   // wrong type
            let i = pick(lines.count)
            if let colon = lines[i].firstIndex(of: ":") {
                lines[i] = String(lines[i][...colon]) + [" [1, 2]", " {a: b}", " ~", " true", " \"\"", " -3"][pick(6)]
            }
        case 3:                                                                                   // huge number
            let i = pick(lines.count)
            lines[i] = lines[i].replacingOccurrences(of: "17.5", with: "99999999999999999999999")
                .replacingOccurrences(of: "seed: 7", with: "seed: 184467440737095516150")
        case 4:                                                                                   // deep nesting
            let depth = 20 + pick(200)
            lines.insert("deep: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth), at: pick(lines.count))
        case 5:                                                                                   // duplicated key
            let i = pick(lines.count)
            lines.insert(lines[i], at: i)
        case 6:                                                                                   // renamed key
            let i = pick(lines.count)
            lines[i] = lines[i].replacingOccurrences(of: "app", with: "ap").replacingOccurrences(of: "device", with: "devise")
        case 7:                                                                                   // indentation shift
            let i = pick(lines.count)
            lines[i] = (rng.next() & 1 == 0 ? "  " : "") + String(lines[i].drop { $0 == " " && rng.next() & 1 == 0 })
        case 8:                                                                                   // control characters in a name
            let i = pick(lines.count)
            let hostile = ["\\e]0;owned\\a", "\\r ✔ all held", "\\e[2J", "\\0", "\\x9B31m", "a\\tb", "\\n\\x7F"][pick(7)]
            if let match = lines[i].firstMatch(of: /(name|bundle|label|note|id|team|device|app|strategy): ([^,}\n]+)/) {
                lines[i].replaceSubrange(match.range, with: "\(match.1): \"\(match.2.trimmingCharacters(in: .whitespaces))\(hostile)\"")
            }
        case 9:                                                                                   // alias bomb as a key
            var bomb = ["bomb:", "  a: &a [x,x,x,x,x,x,x,x,x,x]"]
            let names = Array("abcdefghi").map(String.init)
            for i in 1..<names.count {
                bomb.append("  \(names[i]): &\(names[i]) [" + Array(repeating: "*\(names[i - 1])", count: 10).joined(separator: ",") + "]")
            }
            bomb += [["k: {*i}"], ["k: {? *i}"], ["?", "  *i", ": v"], ["{*i : 1}: x"]][pick(4)]
            lines += bomb
        case 10:                                                                                  // a tag on a key or value
            let i = pick(lines.count)
            let indent = lines[i].prefix { $0 == " " || $0 == "-" }
            let tags = ["!x ", "!!str ", "!!map ", "!<tag:yaml.org,2002:int> ", "!!binary ", "!!python/object/apply:os.system ", "!e%1B%5B2J ", "! "]
            lines[i] = indent + tags[pick(tags.count)] + lines[i].dropFirst(indent.count)
        case 11:                                                                                  // very long names
            let long = "com.acme." + String(repeating: "x", count: 1_000 + pick(20_000))
            if rng.next() & 1 == 0 {
                lines = lines.map { $0.replacingOccurrences(of: "com.acme.shop", with: long) }
            } else {
                let i = pick(lines.count)
                lines[i] = lines[i].replacingOccurrences(of: "com.acme.shop", with: long).replacingOccurrences(of: "phone", with: long)
            }
        case 12:                                                                                  // many devices
            if let at = lines.firstIndex(of: "devices:") {
                lines.insert(contentsOf: (0..<(100 + pick(900))).map { "  - { name: d\($0), os: \"17.5\" }" }, at: at + 1)
            }
        case 13:                                                                                  // a recipe word swapped
            let words = ["keychain", "defaults", "file", "icloud", "pasteboard", "idfv", "uuid", "fid", "kc", "copy", "store",
                         "if", "when", "always", "upsert", "deleteAndAdd", "any", "{appGroup}", "{missing}", "params", "save"]
            let i = pick(lines.count)
            let from = words[pick(words.count)], to = words[pick(words.count)]
            lines[i] = lines[i].replacingOccurrences(of: from, with: to)
        default:                                                                                  // invalid UTF-8
            var bytes = Array(lines.joined(separator: "\n").utf8)
            if !bytes.isEmpty { bytes[pick(bytes.count)] = [0xFF, 0xC3, 0x80, 0xED][pick(4)] }
            return bytes
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    /// A scenario with a recipe that uses every key, for the fuzz tests to start from.
    package static let recipeSeed = """
        name: every recipe key
        accounts: [{ id: alice }]
        devices:
          - { name: phone, os: "17.5", passcode: true, appleID: alice }
          - { name: pad, kind: ipad, os: "17.5", appleID: alice }
        recipes:
          acme:
            summary: every key
            params: [appID]
            stores:
              kc: { keychain: { service: "{bundle}.id", account: "device-{appID}", accessible: afterFirstUnlock,
                                accessGroup: "{team}.shared", synchronizable: false, queryAccessible: true,
                                querySynchronizable: any, write: add, onDuplicate: deleteAndAdd, updates: all,
                                accessControl: devicePasscode } }
              copy: { defaults: { key: acme.id, suite: "{appGroup}" } }
              seen: { defaults: { key: acme.seen, value: true } }
              disk: { file: { path: Library/acme-id, backup: false } }
              kvs: { icloud: { key: acme.id } }
              pb: { pasteboard: { name: com.acme.id } }
            id: [{ store: kc, if: seen }, copy, disk, kvs, pb, idfv, idfa, apnsToken, fid, { uuid: { case: lower, dashes: false } }]
            save: [kc, { store: copy, when: different }, seen, { store: disk, when: missingOrRefused }, { store: kvs, when: always }]
            overwrite: [pb]
            clear: [disk]
            whenRefused: stop
            whenWriteFails: ignore
            cache: process
            format: { case: upper, dashes: true }
            hash: { salt: "{team}" }
          sdk:
            summary: the keys the SDK recipes brought
            params: [token, { useIDFV: true }, { mode: release }]
            stores:
              legacy: { defaults: { key: "legacy-{token}" } }
              version: { defaults: { suite: com.sdk.storage, key: version } }
              anon: { file: { path: Library/Caches/sdk-anon } }
              device: { defaults: { suite: com.sdk.storage, key: "device-{token}" } }
              remote: { file: { path: Library/sdk-prefs, key: "remote-{token}" } }
              anonEntry: { file: { path: Library/sdk-prefs, key: anon } }
              perUser: { defaults: { key: "guid[{supplied:login}]" } }
              shared: { keychain: { service: sdk, account: shared, accessible: afterFirstUnlock, generic: "{token}", upgradeAccessible: true } }
            migrate: [{ from: legacy, to: device, done: version, value: "2", clear: true, overwrite: false, when: { option: mode, is: release } }]
            ids:
              anonymous:
                id: [anon, { uuid7: { case: lower }, not: ["x"] }]
                save: [{ store: anon, when: { option: useIDFV, write: always } }, anonEntry]
              user:
                id: [{ store: device, valid: uuid, unless: [legacy], if: [version] }, { from: idfv, nonZero: true, when: { option: useIDFV } },
                     { from: anonymous }, { uuid: { case: lower, dashes: false }, template: "$SDK:{value}" }]
                save: [{ store: device, unless: legacy, when: always }]
                format: { case: upper }
              assigned:
                id: [remote, { server: { case: lower, dashes: false }, reissueOn: [reinstall] }]
                save: [remote, { store: perUser, when: missing }, shared]
              advertiser:
                id: [{ from: idfa, nonZero: false }]
                cache: process
            primary: user
            calls:
              login: [{ rerun: assigned }]
              reset: [{ clear: perUser, if: version }, { newId: anonymous }]
        apps:
          - { bundle: com.acme.shop, team: ACME1234, strategy: acme, options: { appID: A1 }, accessGroups: [ACME1234.shared], appGroups: [group.com.acme] }
          - { bundle: com.acme.news, team: ACME1234, strategy: acme, options: { appID: A2 }, accessGroups: [ACME1234.shared], appGroups: [group.com.acme] }
          - { bundle: com.other.sdk, team: OTHR5678, strategy: sdk, options: { token: t1, useIDFV: false } }
        steps:
          - install: com.other.sdk
          - launch: { app: com.other.sdk, network: false }
          - purgeCaches
          - launch: com.other.sdk
          - expect: { app: com.other.sdk, ids: { assigned: present, anonymous: present, advertiser: zeros } }
          - call: { app: com.other.sdk, name: login, value: alice }
          - call: { app: com.other.sdk, name: reset }
          - terminate: com.other.sdk
          - install: com.acme.shop
          - install: com.acme.news
          - launch: com.acme.shop
          - launch: com.acme.news
          - reboot
          - launch: { app: com.acme.shop, mode: background }
          - unlock
          - backup: { kind: encrypted, as: b }
          - restore: b
            device: pad
          - launch: com.acme.shop
            device: pad
          - uninstall: com.acme.shop
          - install: com.acme.shop
          - launch: com.acme.shop
          - expect: { app: com.acme.shop, id: present, values: { kc: present } }
        """
}
