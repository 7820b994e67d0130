import Foundation
import Testing
import TestSupport

/// `idscope schema scenario|recipe`: JSON Schemas an editor can check files with. A real validator
/// (python3-jsonschema with python3-yaml, a YAML 1.1 reader) takes every built-in file, and refuses
/// files idscope refuses.
@Suite("schema")
struct SchemaCommandTests {
    /// python3 with the jsonschema and yaml modules (Debian's python3-jsonschema and python3-yaml):
    /// the one .ci/run chose (IDSCOPE_PYTHON), else one in a usual place.
    static let python: String? = {
        guard let python = ProcessInfo.processInfo.environment["IDSCOPE_PYTHON"] ?? Host.tool("python3") else { return nil }
        guard let result = try? CLI.launch(URL(fileURLWithPath: python), ["-c", "import jsonschema, yaml"], environment: [:], timeout: 60),
              result.status == 0 else { return nil }
        return python
    }()

    /// Validates files against a schema; prints one line per file: `ok PATH` or `bad PATH: why`.
    static let validator = """
        import json, sys, yaml, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        for path in sys.argv[2:]:
            with open(path) as f:
                document = yaml.safe_load(f)
            errors = list(validator.iter_errors(document))
            print(("ok " + path) if not errors else ("bad " + path + ": " + errors[0].message[:160]))
        """

    static func schemaFile(_ format: String, in folder: URL) throws -> URL {
        let result = try CLI.run(["schema", format])
        #expect(result.status == 0 && result.stderr.isEmpty)
        let file = folder.appendingPathComponent("\(format).schema.json")
        try result.stdout.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    static func validate(_ schema: URL, _ files: [String]) throws -> [String] {
        let script = schema.deletingLastPathComponent().appendingPathComponent("validate.py")
        try Self.validator.write(to: script, atomically: true, encoding: .utf8)
        let result = try CLI.launch(URL(fileURLWithPath: Self.python!), [script.path, schema.path] + files, environment: [:], timeout: 300)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test("each schema is draft 2020-12 JSON, and names the keys the parsers read")
    func shape() throws {
        for format in ["scenario", "recipe"] {
            let result = try CLI.run(["schema", format])
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(json["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
            #expect(json["$defs"] is [String: Any])
        }
        let scenario = try #require(try JSONSerialization.jsonObject(with: Data(try CLI.run(["schema", "scenario"]).stdout.utf8)) as? [String: Any])
        let top = try #require(scenario["properties"] as? [String: Any])
        #expect(Set(top.keys) == ["name", "description", "presenterNotes", "seed", "profile", "accounts", "devices", "recipes", "apps", "steps"])
        let bad = try CLI.run(["schema", "scenarios"])
        #expect(bad.status == 64 && bad.stderr.contains("scenarios"))
    }

    @Test("a real validator takes every built-in scenario and recipe",
          .enabled(if: python != nil, "python3 with jsonschema and yaml is not installed (.ci/run installs them)"))
    func builtInsValidate() throws {
        let folder = TemporaryDirectory.make()
        let library = GeneratedSection.root.appendingPathComponent(BuiltInSource.folder)
        let scenarios = try FileManager.default.contentsOfDirectory(atPath: library.path).filter { $0.hasSuffix(".yaml") }.sorted()
            .map { library.appendingPathComponent($0).path }
        let recipes = try FileManager.default.contentsOfDirectory(atPath: library.appendingPathComponent("recipes").path)
            .filter { $0.hasSuffix(".yaml") }.sorted().map { library.appendingPathComponent("recipes/" + $0).path }
        #expect(scenarios.count >= 50 && recipes.count >= 19)
        for line in try Self.validate(try Self.schemaFile("scenario", in: folder), scenarios) { #expect(line.hasPrefix("ok "), "\(line)") }
        for line in try Self.validate(try Self.schemaFile("recipe", in: folder), recipes) { #expect(line.hasPrefix("ok "), "\(line)") }
    }

    static let scenarioHead = "name: t\ndevices: [{ name: phone, os: \"17.5\" }]\napps: [{ bundle: com.acme.shop, team: ACME1234, strategy: keychain-idfv }]\n"

    @Test("files idscope refuses, the schema refuses too; on and off read as YAML 1.1 booleans pass",
          .enabled(if: python != nil, "python3 with jsonschema and yaml is not installed (.ci/run installs them)"))
    func refusedAlike() throws {
        let folder = TemporaryDirectory.make()
        let invalid = [
            "nmae: typo\n" + Self.scenarioHead + "steps: []\n",
            Self.scenarioHead + "steps:\n  - { install: com.acme.shop, uninstall: com.acme.shop }\n",
            Self.scenarioHead + "steps:\n  - launch: { app: com.acme.shop, mode: backgroud }\n",
            "name: t\ndevices: [{ name: phone }]\napps: [{ bundle: com.acme.shop, team: ACME1234 }]\nsteps: []\n",
            "name: t\ndevices: [{ name: phone, os: \"17.5\" }]\nrecipes:\n  r: { stores: { kc: { keychain: { service: s } } }, id: [kc] }\n"
                + "apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: r }]\nsteps: []\n",
            "name: t\ndevices: [{ name: phone, os: \"17.5\" }]\nrecipes:\n  r: { stores: { kc: { defaults: { key: k } } }, id: [{ store: kc, iff: kc }] }\n"
                + "apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: r }]\nsteps: []\n",
            "name: t\ndevices: [{ name: phone, os: \"17.5\" }]\nrecipes:\n  r: { id: [idfv], ids: { a: { id: [idfv] } } }\n"
                + "apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: r }]\nsteps: []\n",
            Self.scenarioHead + "steps:\n  - expect: { app: com.acme.shop, idfv: chnaged }\n",
        ]
        var files: [String] = []
        for (n, text) in invalid.enumerated() {
            let file = folder.appendingPathComponent("invalid\(n).yaml")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let check = try CLI.run(["check", file.path])
            #expect(check.status == 2, "idscope refuses invalid\(n): \(check.stdout)")
            files.append(file.path)
        }
        let valid = folder.appendingPathComponent("valid.yaml")
        try (Self.scenarioHead.replacingOccurrences(of: "os: \"17.5\" }", with: "os: \"17.5\", passcode: off }")
             + "steps:\n  - install: com.acme.shop\n  - passcode: on\n  - launch: { app: com.acme.shop, network: off }\n")
            .write(to: valid, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["check", valid.path]).status == 0)
        let lines = try Self.validate(try Self.schemaFile("scenario", in: folder), files + [valid.path])
        for line in lines.dropLast() { #expect(line.hasPrefix("bad "), "the schema takes what idscope refuses: \(line)") }
        #expect(lines.last == "ok " + valid.path)
    }
}
