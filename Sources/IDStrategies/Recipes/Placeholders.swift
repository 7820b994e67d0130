import IDSim

/// The values of a recipe's placeholders for one app: `{bundle}`, `{bundleName}`, `{team}`,
/// `{appGroup}` and the params, each worked out only when a template asks for it.
///
/// A class, one reference where a struct held eight: a launch's `RecipeLaunch` is built in
/// memory and copied out of its init with a retain and a release of each of its fields (the
/// optimized SIL keeps the pair), at every launch.
final class Placeholders {
    let bundle: String
    let team: String
    let displayName: String?
    let appGroup: String?
    let params: [String]
    let defaults: [String: OptionValue]
    let options: [String: OptionValue]
    /// The supplied values keyed stores name (`{supplied:NAME}`), by call name; none: not supplied.
    var supplied: [String: String] = [:]

    init(bundle: String, team: String, displayName: String?, appGroup: String?, params: [String], defaults: [String: OptionValue],
         options: [String: OptionValue]) {
        self.bundle = bundle
        self.team = team
        self.displayName = displayName
        self.appGroup = appGroup
        self.params = params
        self.defaults = defaults
        self.options = options
    }

    /// An option's value: the app's, else the recipe's default for it.
    func option(_ name: String) -> OptionValue? {
        options[name] ?? defaults[name]
    }

    func value(_ name: String) -> String? {
        switch name {
        case "bundle": return bundle
        case "team": return team
        case "bundleName": return displayName ?? String(bundle.split(separator: ".").last ?? "")
        case "appGroup": return appGroup
        case _ where name.hasPrefix(Template.suppliedPrefix): return supplied[String(name.dropFirst(Template.suppliedPrefix.count))]
        default:
            guard params.contains(name) else { return nil }
            return optionText(name)
        }
    }

    /// A value the app supplied: the last it passed with the call of this name, else its option
    /// of this name (what a `supplied` source reads, and what names a keyed store's entry).
    func suppliedValue(_ name: String, _ os: AppOS) -> String? {
        suppliedValue(name, passed: os.supplied(name))
    }

    /// `suppliedValue` for the value the app last passed with the call (nil: none).
    func suppliedValue(_ name: String, passed: String?) -> String? {
        passed ?? optionText(name)
    }

    /// An option's value as text (a list has none): what fills `{name}`, and what a `supplied`
    /// source gives when the app passed no value.
    func optionText(_ name: String) -> String? {
        switch option(name) {
        case .string(let s)?: s
        case .int(let i)?: String(i)
        case .bool(let b)?: b ? "true" : "false"
        case .list?, nil: nil
        }
    }
}
