import Foundation
import Testing
import TestSupport

@Suite("One self-contained binary")
struct SelfContainedBinaryTests {
    @Test("copied alone into an empty folder, the binary checks every built-in scenario and lists every recipe")
    func binaryAlone() throws {
        let folder = TemporaryDirectory.make()
        let copy = try BuiltProducts.copy("idscope", into: folder)
        let names = try CLI.launch(copy, ["scenarios"], environment: [:], unsetting: ["IDSCOPE_SCENARIOS"], in: folder)
            .stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(names.count >= 40 && names.first == "tour")
        let check = try CLI.launch(copy, ["check"] + names, environment: [:], unsetting: ["IDSCOPE_SCENARIOS"], in: folder)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.count == names.count)
        let strategies = try CLI.launch(copy, ["strategies"], environment: [:], unsetting: ["IDSCOPE_SCENARIOS"], in: folder).stdout
        for recipe in ["cordova-device", "firebase-installations", "rndi-twin"] {
            #expect(strategies.contains("\n  \(recipe) "), "\(recipe) is listed")
        }
    }
}
