import Crypto
import Foundation
import TestSupport
import Testing

/// `idscope serve` through a DeviceCheck client someone else wrote: PyPI's `devicecheck` 1.3.3,
/// installed by .ci/run into a virtual environment (.venv-clients). Where it is not installed
/// (no python3-venv, PyPI out of reach) the test is reported as skipped, with that reason.
@Suite struct RealClientTests {
    /// The virtual environment's python, if it can import the client.
    static let python: URL? = {
        let path = ProcessInfo.processInfo.environment["IDSCOPE_CLIENT_PYTHON"]
            ?? GeneratedSection.root.appendingPathComponent(".venv-clients/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: path),
              let probe = try? CLI.launch(URL(fileURLWithPath: path), ["-c", "import devicecheck"], environment: [:]),
              probe.status == 0 else { return nil }
        return URL(fileURLWithPath: path)
    }()

    static let script = GeneratedSection.root.appendingPathComponent("Tests/CLITests/Clients/devicecheck_pypi.py")

    @Test(.enabled(if: python != nil, "PyPI's devicecheck is not installed in .venv-clients (.ci/run installs it: python3 -m venv, pip install devicecheck==1.3.3)"))
    func pypiDevicecheckClientHoldsAgainstServe() throws {
        let folder = TemporaryDirectory.make()
        let key = folder.appendingPathComponent("AuthKey_PYCLIENT01.p8")
        try P256.Signing.PrivateKey().pemRepresentation.write(to: key, atomically: true, encoding: .utf8)
        let server = try ServeCommandTests.Running(["--key", "ACME1234/PYCLIENT01=\(key.path)", "--log", folder.appendingPathComponent("log.jsonl").path])
        try #require(server.port > 0, "\(server.stderrText)")
        let run = try CLI.launch(try #require(Self.python), [Self.script.path, "http://127.0.0.1:\(server.port)", "PYCLIENT01", key.path],
                                 environment: [:])
        #expect(server.stop(with: SIGTERM).status == 0)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("all checks held"), "\(run.stdout)")
        // Every check ran: a client that stopped early would print fewer.
        #expect(run.stdout.split(separator: "\n").filter { $0.hasPrefix("ok    ") }.count == 15, "\(run.stdout)")
    }
}
