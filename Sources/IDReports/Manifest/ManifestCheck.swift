import Foundation
import IDScenario
import IDSim

/// One problem a manifest check finds.
package struct ManifestFinding: Sendable, Equatable, CustomStringConvertible {
    package enum Severity: String, Sendable { case error, warning }
    package let severity: Severity
    /// The App Store Connect rejection it would cause (`ITMS-91053`), where there is one.
    package let code: String?
    package let message: String

    package var description: String { "\(severity.rawValue): " + (code.map { "\($0) " } ?? "") + message }
}

/// Checks an existing PrivacyInfo.xcprivacy against what a strategy calls for, and against
/// Apple's vocabulary: an unknown category is ITMS-91054, a reason outside its category
/// ITMS-91055, anything else malformed ITMS-91056, and a missing UserDefaults reason ITMS-91053.
/// Entries are named by their key path (`NSPrivacyAccessedAPITypes[0].NSPrivacyAccessedAPIType`).
package struct ManifestCheck {
    package private(set) var findings: [ManifestFinding] = []

    package var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// Checks the bytes of a property list (XML or binary).
    package init(manifest data: Data, needs: PrivacyNeeds) {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch let failure {
            let detail = (failure as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "unreadable"
            error(code: "ITMS-91056", "not a property list (\(detail))")
            return
        }
        guard let dictionary = root as? [String: Any] else {
            error(code: "ITMS-91056", "the root must be a dictionary, not \(Self.typeName(root))")
            return
        }
        checkKeys(dictionary)
        let tracks = checkTracking(dictionary, needs: needs)
        let categories = checkAccessedAPIs(dictionary[PrivacyVocabulary.accessedAPITypes])
        for reason in needs.userDefaultsReasons where !(categories[PrivacyVocabulary.userDefaults]?.contains(reason.code) ?? false) {
            error(code: "ITMS-91053", "missing \(PrivacyVocabulary.userDefaults) with reason \(reason.code), for \(reason.because)")
        }
        checkCollectedData(dictionary[PrivacyVocabulary.collectedDataTypes], needs: needs, tracks: tracks)
    }

    private mutating func error(code: String? = nil, _ message: String) {
        findings.append(ManifestFinding(severity: .error, code: code, message: message))
    }

    private mutating func warning(_ message: String) {
        findings.append(ManifestFinding(severity: .warning, code: nil, message: message))
    }

    private mutating func checkKeys(_ dictionary: [String: Any]) {
        for key in dictionary.keys.sorted() where !PrivacyVocabulary.topLevelKeys.contains(key) {
            error(code: "ITMS-91056", "unknown key '\(key)'" + Self.hint(key, PrivacyVocabulary.topLevelKeys, prefix: "NSPrivacy"))
        }
    }

    /// Checks the tracking keys; returns whether the manifest declares tracking.
    private mutating func checkTracking(_ dictionary: [String: Any], needs: PrivacyNeeds) -> Bool {
        var tracks = false
        if let value = dictionary[PrivacyVocabulary.tracking] {
            if let flag = Self.bool(value) {
                tracks = flag
            } else {
                error(code: "ITMS-91056", "\(PrivacyVocabulary.tracking) must be a Boolean, not \(Self.typeName(value))")
            }
        }
        if let why = needs.tracking, !tracks {
            error("\(PrivacyVocabulary.tracking) must be true: the strategy reads \(why), which is tracking under App Tracking Transparency")
        }
        var domains: [String] = []
        if let value = dictionary[PrivacyVocabulary.trackingDomains] {
            if let list = Self.strings(value) {
                domains = list
                for (index, domain) in list.enumerated() where !Self.isDomain(domain) {
                    error(code: "ITMS-91056", "\(PrivacyVocabulary.trackingDomains)[\(index)] '\(domain)' is not a domain (no scheme, path, query or trailing slash)")
                }
            } else {
                error(code: "ITMS-91056", "\(PrivacyVocabulary.trackingDomains) must be an array of strings, not \(Self.typeName(value))")
            }
        }
        if tracks && domains.isEmpty {
            error("\(PrivacyVocabulary.tracking) is true but \(PrivacyVocabulary.trackingDomains) lists no domain; Apple requires at least one")
        }
        return tracks
    }

    /// Checks each required-reason entry; returns the valid reasons declared per category.
    private mutating func checkAccessedAPIs(_ value: Any?) -> [String: Set<String>] {
        guard let value else { return [:] }
        let key = PrivacyVocabulary.accessedAPITypes
        guard let entries = value as? [Any] else {
            error(code: "ITMS-91056", "\(key) must be an array of dictionaries, not \(Self.typeName(value))")
            return [:]
        }
        var declared: [String: Set<String>] = [:]
        for (index, item) in entries.enumerated() {
            let path = "\(key)[\(index)]"
            guard let entry = item as? [String: Any] else {
                error(code: "ITMS-91056", "\(path) must be a dictionary, not \(Self.typeName(item))")
                continue
            }
            for name in entry.keys.sorted() where name != PrivacyVocabulary.apiType && name != PrivacyVocabulary.apiTypeReasons {
                error(code: "ITMS-91056", "\(path): unknown key '\(name)'"
                      + Self.hint(name, [PrivacyVocabulary.apiType, PrivacyVocabulary.apiTypeReasons], prefix: ""))
            }
            guard let categoryValue = entry[PrivacyVocabulary.apiType] else {
                error(code: "ITMS-91056", "\(path) has no \(PrivacyVocabulary.apiType)")
                continue
            }
            guard let category = categoryValue as? String else {
                error(code: "ITMS-91056", "\(path).\(PrivacyVocabulary.apiType) must be a string, not \(Self.typeName(categoryValue))")
                continue
            }
            let codes = PrivacyVocabulary.reasons.first { $0.category == category }?.codes
            if codes == nil {
                error(code: "ITMS-91054", "\(path).\(PrivacyVocabulary.apiType): '\(category)' is not an API category"
                      + Self.hint(category, PrivacyVocabulary.categories, prefix: PrivacyVocabulary.categoryPrefix))
            }
            guard let reasonsValue = entry[PrivacyVocabulary.apiTypeReasons] else {
                error(code: "ITMS-91056", "\(path) has no \(PrivacyVocabulary.apiTypeReasons)")
                continue
            }
            guard let reasons = Self.strings(reasonsValue) else {
                error(code: "ITMS-91056", "\(path).\(PrivacyVocabulary.apiTypeReasons) must be an array of strings, not \(Self.typeName(reasonsValue))")
                continue
            }
            if reasons.isEmpty { error(code: "ITMS-91056", "\(path).\(PrivacyVocabulary.apiTypeReasons) is empty; give at least one reason") }
            guard let codes else { continue }
            for reason in reasons {
                if codes.contains(reason) {
                    declared[category, default: []].insert(reason)
                } else {
                    error(code: "ITMS-91055", "\(path): reason '\(reason)' is not one of \(category)'s: " + codes.joined(separator: ", "))
                }
            }
        }
        return declared
    }

    private mutating func checkCollectedData(_ value: Any?, needs: PrivacyNeeds, tracks: Bool) {
        let key = PrivacyVocabulary.collectedDataTypes
        var deviceID: (tracking: Bool, path: String)?
        if let value {
            if let entries = value as? [Any] {
                for (index, item) in entries.enumerated() {
                    let path = "\(key)[\(index)]"
                    guard let entry = item as? [String: Any] else {
                        error(code: "ITMS-91056", "\(path) must be a dictionary, not \(Self.typeName(item))")
                        continue
                    }
                    if let found = checkDataType(entry, path: path) { deviceID = deviceID ?? (found, path) }
                }
            } else {
                error(code: "ITMS-91056", "\(key) must be an array of dictionaries, not \(Self.typeName(value))")
            }
        }
        guard needs.deviceID else { return }
        if let deviceID {
            if needs.tracking != nil && !deviceID.tracking {
                warning("\(deviceID.path): the strategy reads the IDFA, so \(PrivacyVocabulary.dataTypeTracking) should be true")
            }
            if deviceID.tracking && !tracks {
                warning("\(deviceID.path) is used for tracking but \(PrivacyVocabulary.tracking) is not true")
            }
        } else {
            warning("no \(PrivacyVocabulary.deviceID) entry: declare it if the app sends the ID off the device")
        }
    }

    /// Checks one collected-data entry; returns its tracking flag when it is the Device ID.
    private mutating func checkDataType(_ entry: [String: Any], path: String) -> Bool? {
        for name in entry.keys.sorted() where !PrivacyVocabulary.dataTypeKeys.contains(name) {
            error(code: "ITMS-91056", "\(path): unknown key '\(name)'" + Self.hint(name, PrivacyVocabulary.dataTypeKeys, prefix: ""))
        }
        var type: String?
        if let value = entry[PrivacyVocabulary.dataType] {
            if let name = value as? String {
                if PrivacyVocabulary.dataTypes.contains(name) {
                    type = name
                } else {
                    error(code: "ITMS-91056", "\(path): '\(name)' is not a collected data type"
                          + Self.hint(name, PrivacyVocabulary.dataTypes, prefix: PrivacyVocabulary.dataType))
                }
            } else {
                error(code: "ITMS-91056", "\(path).\(PrivacyVocabulary.dataType) must be a string, not \(Self.typeName(value))")
            }
        } else {
            error(code: "ITMS-91056", "\(path) has no \(PrivacyVocabulary.dataType)")
        }
        var tracking = false
        for flag in [PrivacyVocabulary.dataTypeLinked, PrivacyVocabulary.dataTypeTracking] {
            guard let value = entry[flag] else {
                error(code: "ITMS-91056", "\(path) has no \(flag)")
                continue
            }
            guard let bool = Self.bool(value) else {
                error(code: "ITMS-91056", "\(path).\(flag) must be a Boolean, not \(Self.typeName(value))")
                continue
            }
            if flag == PrivacyVocabulary.dataTypeTracking { tracking = bool }
        }
        if let value = entry[PrivacyVocabulary.dataTypePurposes] {
            if let purposes = Self.strings(value) {
                if purposes.isEmpty { error(code: "ITMS-91056", "\(path).\(PrivacyVocabulary.dataTypePurposes) is empty; give at least one purpose") }
                for purpose in purposes where !PrivacyVocabulary.purposes.contains(purpose) {
                    error(code: "ITMS-91056", "\(path): '\(purpose)' is not a purpose"
                          + Self.hint(purpose, PrivacyVocabulary.purposes, prefix: PrivacyVocabulary.purposePrefix))
                }
            } else {
                error(code: "ITMS-91056", "\(path).\(PrivacyVocabulary.dataTypePurposes) must be an array of strings, not \(Self.typeName(value))")
            }
        } else {
            error(code: "ITMS-91056", "\(path) has no \(PrivacyVocabulary.dataTypePurposes)")
        }
        return type == PrivacyVocabulary.deviceID ? tracking : nil
    }

    // MARK: - Values

    /// A Boolean, told apart from a number (Foundation reads both as NSNumber on some platforms).
    static func bool(_ value: Any) -> Bool? {
        if type(of: value) == Bool.self { return value as? Bool }
        if let number = value as? NSNumber, String(cString: number.objCType) == "c" { return number.boolValue }
        return nil
    }

    static func strings(_ value: Any) -> [String]? {
        guard let list = value as? [Any] else { return nil }
        var strings: [String] = []
        for item in list {
            guard let string = item as? String else { return nil }
            strings.append(string)
        }
        return strings
    }

    static func typeName(_ value: Any) -> String {
        if bool(value) != nil { return "a Boolean" }
        switch value {
        case is String: return "a string"
        case is NSNumber: return "a number"
        case is [Any]: return "an array"
        case is [String: Any]: return "a dictionary"
        case is Data: return "data"
        case is Date: return "a date"
        default: return "\(type(of: value))"
        }
    }

    /// A domain or subdomain: no scheme, path, query, port or whitespace.
    static func isDomain(_ text: String) -> Bool {
        !text.isEmpty && text.contains(".") && !text.hasSuffix(".")
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
    }

    /// "; did you mean '…'?" — the short form Apple rejects ("DiskSpace") gets its full name.
    static func hint(_ name: String, _ candidates: [String], prefix: String) -> String {
        if !prefix.isEmpty, candidates.contains(prefix + name) { return "; did you mean '\(prefix + name)'?" }
        return NameSuggester.hint(for: name, among: candidates)
    }
}
