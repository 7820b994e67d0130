import IDSim
@testable import IDStrategies
import Testing

@Suite("id-kit")
struct IDKitTests {
    enum Tracking: CaseIterable { case notDetermined, authorized, denied, restricted }

    /// Every policy × consent × strict × ATT state × exposeRaw: best, available, limited, value, hash.
    @Test("every option and state combination reports what the plugin's rules say",
          arguments: ["global", "cn", "strict"], [false, true])
    func combinations(policy: String, consent: Bool) throws {
        for strict in [false, true] {
            for tracking in Tracking.allCases {
                for exposeRaw in [false, true] {
                    try check(policy: policy, consent: consent, strict: strict, tracking: tracking, exposeRaw: exposeRaw)
                }
            }
        }
    }

    func check(policy: String, consent: Bool, strict: Bool, tracking: Tracking, exposeRaw: Bool) throws {
        let options: [String: OptionValue] = ["policy": .string(policy), "strict": .bool(strict), "exposeRaw": .bool(exposeRaw),
                                              "salt": .string("pepper")]
        var w = try AppWorld(apps: [AppWorld.app("com.acme.shop", "id-kit", options)])
        try w.install("shop")
        if consent { try w.run(.consent(w.app("shop"))) }
        switch tracking {
        case .notDetermined: break
        case .authorized: try w.run(.requestTracking(w.app("shop"), answer: .allow, otherPromptPending: false))
        case .denied: try w.run(.requestTracking(w.app("shop"), answer: .deny, otherPromptPending: false))
        case .restricted: try w.run(.setting(SettingsChange(trackingRestricted: true)))
        }
        let report = try w.launch("shop")
        let label = "policy \(policy) consent \(consent) strict \(strict) \(tracking) exposeRaw \(exposeRaw)"

        // The oracle, straight from the plugin's description.
        let strictMode = strict || policy == "strict"
        let idfaListed = policy == "global"
        let idfaAvailable = idfaListed && consent && !strictMode && tracking == .authorized
        let raw: [String: String] = [
            "idfa": w.world.devices[0].idfa.uuidString,
            "idfv": w.world.identifierForVendor(app: 0, on: 0)!.uuidString,
            "guid": w.world.devices[0].keychain[KeychainKey(group: "ACME1234.com.acme.shop", service: IDKit.service,
                                                            account: IDKit.account, synchronizable: false)]!.value,
        ]
        let best = idfaAvailable ? "idfa" : "idfv"
        #expect(report.best == best, "\(label)")
        #expect(report.result["best"] == .string(best), "\(label)")
        #expect(report.primaryID == raw[best], "\(label)")

        if idfaListed {
            let idfa = try #require(report.result["idfa"], "\(label)")
            #expect(idfa["available"] == .bool(idfaAvailable), "\(label)")
            let limited: StructuredValue = strictMode ? .bool(true) : (consent && !idfaAvailable ? .bool(true) : .null)
            #expect(idfa["limited"] == limited, "\(label)")
            #expect(idfa["value"] == (idfaAvailable && exposeRaw ? .string(raw["idfa"]!) : .null), "\(label)")
            #expect(idfa["hash"] == (idfaAvailable ? .string(sha256Hex("pepper:" + raw["idfa"]!)) : .null), "\(label)")
            #expect(report.value("idfa") == (consent && !strictMode ? (tracking == .authorized ? raw["idfa"] : SimUUID.zero.uuidString) : nil),
                    "\(label): the raw read, zeros included, only when it was read")
        } else {
            #expect(report.result["idfa"] == .null, "\(label)")
            #expect(report.value("idfa") == nil, "\(label)")
        }
        for source in ["idfv", "guid"] {
            let value = try #require(report.result[source], "\(label)")
            #expect(value["source"] == .string(source))
            #expect(value["available"] == .bool(true), "\(label)")
            #expect(value["limited"] == .null, "\(label)")
            #expect(value["message"] == .null, "\(label)")
            #expect(value["value"] == (exposeRaw ? .string(raw[source]!) : .null), "\(label)")
            #expect(value["hash"] == .string(sha256Hex("pepper:" + raw[source]!)), "\(label)")
        }
    }

    @Test("SHA-256 matches known vectors (computed independently with Python's hashlib)")
    func knownVectors() {
        #expect(sha256Hex("pepper:3F2A1C9E-0000-4000-8000-00000000ABCD") == "1415a00c686b4211c4bf3c447204c42044a3f5f95a60860b22d029c2b951b02e")
        #expect(sha256Hex("3F2A1C9E-0000-4000-8000-00000000ABCD") == "38ebb4b137106c992ef09274ed6a0dfa1a060ea84635ad7cac21544bda20a93b")
        #expect(sha256Hex("s3cret:3F2A1C9E-0000-4000-8000-00000000ABCD") == "8f31be7c0dfbfc4371fdb1339464ff312988a8b7dcf242cc7c4470e350fb3938")
        #expect(sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(sha256Hex("盐:值") == "4cc8daea1e0c369baa5a7e017fa193f3b411a0369b7d64888bf9a456be72bed2")
    }

    @Test("without a salt the hash is of the value alone")
    func unsalted() throws {
        var w = try AppWorld(apps: [AppWorld.app("com.acme.shop", "id-kit")])
        try w.install("shop")
        let report = try w.launch("shop")
        let idfv = try #require(report.value("idfv"))
        #expect(report.result["idfv"]?["hash"] == .string(sha256Hex(idfv)))
    }

    @Test("the GUID lives at uts.sdk.modules.idKit / device.guid, AfterFirstUnlock, and survives reinstall")
    func guidItem() throws {
        var w = try AppWorld(apps: [AppWorld.app("com.acme.shop", "id-kit", ["include": .list(["guid"])])])
        try w.install("shop")
        let first = try w.id("shop")
        let item = try #require(w.world.devices[0].keychain.values.first)
        #expect(item.service == "uts.sdk.modules.idKit" && item.account == "device.guid")
        #expect(item.accessible == .afterFirstUnlock && !item.synchronizable)
        try w.uninstall("shop")
        try w.install("shop")
        #expect(try w.id("shop") == first)
    }

    @Test("before first unlock: no IDFV (with its message) and a new GUID returned though it cannot be saved (B10)")
    func beforeFirstUnlock() throws {
        var w = try AppWorld(apps: [AppWorld.app("com.acme.shop", "id-kit", ["exposeRaw": .bool(true)])])
        try w.install("shop")
        let guid = try w.launch("shop").value("guid")
        try w.run(.reboot)
        let report = try w.launch("shop", .background)
        #expect(report.result["idfv"]?["message"] == .string("no identifierForVendor"))
        #expect(report.result["idfv"]?["available"] == .bool(false))
        #expect(report.best == "guid")
        #expect(report.value("guid") != guid)
        #expect(report.notes.contains("keychain write: errSecInteractionNotAllowed (-25308)"))
        try w.run(.unlock)
        try w.run(.reboot)
        try w.run(.unlock)
        #expect(try w.launch("shop").value("guid") == guid, "the stored GUID wins again after unlock")
    }

    @Test("include limits what is read; with nothing available best is none")
    func includeAndNone() throws {
        var w = try AppWorld(apps: [AppWorld.app("com.acme.shop", "id-kit", ["include": .list(["idfa"])])])
        try w.install("shop")
        let report = try w.launch("shop")
        #expect(report.result["idfv"] == .null && report.result["guid"] == .null)
        #expect(report.best == "none")
        #expect(report.result["best"] == .null)
        #expect(report.primaryID == nil)
    }

    @Test("configure changes the options at run time (setSalt, setStrictMode)")
    func configure() throws {
        var w = try AppWorld(apps: [AppWorld.app("com.acme.shop", "id-kit")])
        try w.install("shop")
        try w.run(.consent(w.app("shop")))
        try w.run(.requestTracking(w.app("shop"), answer: .allow, otherPromptPending: false))
        #expect(try w.launch("shop").best == "idfa")
        try w.run(.configure(w.app("shop"), ["strict": .bool(true), "salt": .string("s3cret")]))
        let report = try w.launch("shop")
        #expect(report.best == "idfv")
        #expect(report.result["idfv"]?["hash"] == .string(sha256Hex("s3cret:" + report.value("idfv")!)))
    }
}
