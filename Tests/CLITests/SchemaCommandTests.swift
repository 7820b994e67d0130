import Foundation
import IDScenario
import IDSim
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
        // Shaping on any source and comparisons under if and unless, as the schema says them.
        let shaped = folder.appendingPathComponent("shaped.yaml")
        try ("name: t\ndevices: [{ name: phone, os: \"17.5\" }]\nrecipes:\n  r:\n    stores: { anon: { defaults: { key: a } }, b: { defaults: { key: b } } }\n"
             + "    id: [{ store: anon, case: upper, not: [\"\"], unless: [b, { store: anon, equals: { from: idfv, case: lower, dashes: false } }], if: { store: b, equals: anon } }, "
             + "{ from: idfv, case: lower, dashes: false, template: \"-v{value}\" }]\n    save: [anon, { store: b, when: { source: idfv, write: always } }]\n"
             + "apps: [{ bundle: com.acme.shop, team: ACME1234, strategy: r }]\nsteps: []\n").write(to: shaped, atomically: true, encoding: .utf8)
        let shapedCheck = try CLI.run(["check", shaped.path])
        #expect(shapedCheck.status == 0, "\(shapedCheck.stderr)")
        let lines = try Self.validate(try Self.schemaFile("scenario", in: folder), files + [valid.path, shaped.path])
        for line in lines.dropLast(2) { #expect(line.hasPrefix("bad "), "the schema takes what idscope refuses: \(line)") }
        #expect(lines.suffix(2) == ["ok " + valid.path, "ok " + shaped.path])
    }

    /// Like `validator`, but a file a YAML reader cannot read is `bad` too (a mutated file may not be YAML).
    static let corpusValidator = """
        import json, sys, yaml, jsonschema
        schema = json.load(open(sys.argv[1]))
        validator = jsonschema.Draft202012Validator(schema)
        for path in sys.argv[2:]:
            try:
                with open(path, encoding="utf-8") as f:
                    document = yaml.safe_load(f)
                errors = list(validator.iter_errors(document))
                print(("ok " + path) if not errors else ("bad " + path))
            except Exception as error:
                print("bad " + path)
        """

    @Test("a mutated corpus through the parser and the schema: the schema refuses no file idscope takes, and takes few it refuses",
          .enabled(if: python != nil, "python3 with jsonschema and yaml is not installed (.ci/run installs them)"))
    func mutatedCorpusAgrees() throws {
        let folder = TemporaryDirectory.make()
        let library = GeneratedSection.root.appendingPathComponent(BuiltInSource.folder)
        let bases = try ["tour.yaml", "b05-icloud-restore-duplicates.yaml"].map { try String(contentsOf: library.appendingPathComponent($0), encoding: .utf8) }
            + [Self.scenarioHead + "recipes:\n  r:\n    params: [writeKey]\n    stores: { kc: { keychain: { account: a } } }\n"
               + "    id: [{ store: kc, unless: [{ store: kc, equals: { from: idfv, case: lower } }] }, { from: idfv, case: lower, dashes: false, template: \"-v{value}\" }, { uuid: {}, template: \"x-{value}\" }]\n    save: [kc]\n"
               + "steps:\n  - install: com.acme.shop\n  - expect: { app: com.acme.shop, installed: true }\n"]
        var generator = SeededGenerator(seed: 50)
        var files: [String] = []
        var programAccepts: [String: Bool] = [:]
        for number in 0..<400 {
            let base = bases[number % bases.count]
            let path = folder.appendingPathComponent("m\(number).yaml").path
            FileManager.default.createFile(atPath: path, contents: Data(ScenarioMutator.mutate(base, &generator)))
            files.append(path)
            programAccepts[path] = (try? ScenarioLoader.loadFile(path)) != nil
        }
        let script = folder.appendingPathComponent("corpus.py")
        try Self.corpusValidator.write(to: script, atomically: true, encoding: .utf8)
        let schema = try Self.schemaFile("scenario", in: folder)
        let result = try CLI.launch(URL(fileURLWithPath: Self.python!), [script.path, schema.path] + files, environment: [:], timeout: 600)
        #expect(result.status == 0, "\(result.stderr)")
        var refusedValid: [String] = [], tookInvalid = 0
        for line in result.stdout.split(separator: "\n") {
            let ok = line.hasPrefix("ok "), path = String(line.dropFirst(ok ? 3 : 4))
            guard let accepted = programAccepts[path] else { continue }
            if accepted && !ok { refusedValid.append(path) }
            if !accepted && ok {
                tookInvalid += 1
                if ProcessInfo.processInfo.environment["IDSCOPE_SHOW_SCHEMA_GAPS"] != nil, let error = Result(catching: { try ScenarioLoader.loadFile(path) }).failureLines {
                    print("schema takes: " + error)
                }
            }
        }
        #expect(refusedValid.isEmpty, "the schema refuses files idscope takes: \(refusedValid.prefix(5))")
        // What the schema cannot say: names that must refer to something (an app, a label, a store),
        // rules across steps. The count is kept low; a schema that says less than it did shows here.
        let invalid = programAccepts.values.filter { !$0 }.count
        print("schema agreement: of \(files.count) mutated files, idscope refuses \(invalid), the schema takes \(tookInvalid) of those")
        #expect(tookInvalid * 100 <= invalid * Self.allowedShare, "the schema takes \(tookInvalid) of \(invalid) files idscope refuses")
    }

    /// The share (in percent) of refused files the schema may still take (references and rules it cannot state).
    static let allowedShare = 25
}

private extension Result where Failure == any Error {
    /// The first line of the error, when it is one (for IDSCOPE_SHOW_SCHEMA_GAPS).
    var failureLines: String? {
        if case .failure(let error) = self { return "\(error)".split(separator: "\n").first.map(String.init) }
        return nil
    }
}
