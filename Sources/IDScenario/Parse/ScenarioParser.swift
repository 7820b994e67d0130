import IDSim
import IDStrategies

/// Turns scenario YAML into a validated `Scenario`, reporting every problem with its position.
package enum ScenarioParser {

    static let topKeys = ["name", "description", "presenterNotes", "seed", "profile", "accounts", "devices", "recipes", "apps", "steps"]

    /// Parses and validates a scenario.
    /// - Throws: `ScenarioError` with every problem found, each located in `file`.
    package static func parse(_ text: String, file: String) throws(ScenarioError) -> Scenario {
        let root = try YAMLGuard.compose(text, file: file)
        var reader = NodeReader(file: file)
        guard let top = reader.mapping(root, "a scenario") else { throw ScenarioError(reader.diagnostics) }
        // A recipe given where a scenario is read (`idscope check acme.yaml`): one error that says
        // so and how to try it, not a list of the scenario keys it lacks.
        let keys = Set(top.map(\.key))
        let recipeKeys = (["stores", "ids"] + RecipeKeys.oneIDKeys).filter(keys.contains)
        if keys.isDisjoint(with: ["devices", "apps", "steps"]), !recipeKeys.isEmpty {
            reader.error("\(file) is a recipe (it has \(recipeKeys.joined(separator: ", ")) and no devices, apps or steps), "
                         + "and this command reads scenarios. Try the recipe with 'idscope matrix --strategy \(file)' or "
                         + "'idscope explore --strategy \(file)', or give it to a scenario's app as 'strategy: \(file)'", at: root)
            throw ScenarioError(reader.diagnostics)
        }
        reader.checkKeys(top, known: topKeys, in: "the scenario")
        func value(_ key: String) -> YAMLNode? { top.first { $0.key == key }?.value }

        var name = ""
        if let node = value("name") {
            name = reader.string(node, "name") ?? ""
        } else {
            reader.error("missing key 'name': every scenario needs a name", at: root)
        }
        let description = value("description").flatMap { reader.string($0, "description") }
        let presenterNotes = value("presenterNotes").flatMap { reader.string($0, "presenterNotes") }
        let seed = value("seed").flatMap { reader.unsigned($0, "seed") } ?? 1
        let profile = value("profile").map { parseProfile($0, &reader) } ?? .default
        let accounts = value("accounts").map { parseAccounts($0, &reader) } ?? []
        var devices: [DeviceSpec] = []
        if let node = value("devices") {
            devices = parseDevices(node, accounts: accounts, &reader)
        } else {
            reader.error("missing key 'devices': a scenario needs at least one device", at: root)
        }
        var recipes = value("recipes").map { RecipeParser.parseRecipes($0, &reader) } ?? []
        var library = StrategyCatalog.builtIn.adding(recipes.map(\.strategy))
        var apps: [AppDeclaration] = []
        if let node = value("apps") {
            var files = RecipeFiles(scenarioFile: file)
            apps = parseApps(node, library: &library, recipes: &recipes, files: &files, &reader)
        } else {
            reader.error("missing key 'apps': a scenario needs at least one app", at: root)
        }
        if devices.count * apps.count > ScenarioLimits.maxAppSlots, let node = value("apps") {
            reader.error("\(devices.count) devices × \(apps.count) apps is more than a world holds: "
                         + "devices × apps is limited to \(ScenarioLimits.maxAppSlots)", at: node)
        }
        var steps: [ScenarioStep] = []
        if let node = value("steps") {
            var context = StepContext(devices: devices.map(\.name), apps: apps, accounts: accounts.map(\.id), library: library)
            steps = StepParser.parseSteps(node, &context, &reader)
        } else {
            reader.error("missing key 'steps'", at: root)
        }
        guard reader.diagnostics.isEmpty else { throw ScenarioError(reader.diagnostics) }
        var scenario = Scenario(name: name, description: description, presenterNotes: presenterNotes, seed: seed, profile: profile,
                                accounts: accounts, devices: devices, apps: apps, steps: steps, file: file)
        scenario.recipes = recipes
        scenario.warnings = reader.warnings.sorted()
        return scenario
    }

    static func parseProfile(_ node: YAMLNode, _ reader: inout NodeReader) -> Profile {
        var profile = Profile.default
        guard let pairs = reader.mapping(node, "profile") else { return profile }
        for pair in pairs {
            guard case .scalar(let scalar) = pair.value else {
                reader.error("profile switch '\(pair.key)' takes a single value", at: pair.value)
                continue
            }
            do {
                try profile.set(pair.key, to: scalar.string)
            } catch {
                switch error {
                case .unknownSwitch: reader.error(error.description, at: pair.keyNode)
                case .invalidValue: reader.error(error.description, at: pair.value)
                }
            }
        }
        return profile
    }

    static func parseAccounts(_ node: YAMLNode, _ reader: inout NodeReader) -> [Account] {
        guard let items = reader.sequence(node, "accounts") else { return [] }
        var accounts: [Account] = []
        var ids: Set<String> = []
        for item in items {
            guard let pairs = reader.mapping(item, "an account") else { continue }
            reader.checkKeys(pairs, known: accountKeys, in: "an account")
            guard let idNode = pairs.first(where: { $0.key == "id" })?.value else {
                reader.error("an account needs an 'id'", at: item)
                continue
            }
            guard let id = reader.string(idNode, "account id") else { continue }
            if !ids.insert(id).inserted { reader.error("account '\(id)' is declared twice", at: idNode) }
            var account = Account(id: id)
            if let n = pairs.first(where: { $0.key == "iCloudKeychain" })?.value { account.iCloudKeychain = reader.bool(n, "iCloudKeychain") ?? true }
            if let n = pairs.first(where: { $0.key == "trackingRestricted" })?.value {
                account.trackingRestricted = reader.bool(n, "trackingRestricted") ?? false
            }
            accounts.append(account)
        }
        return accounts
    }

    static func parseDevices(_ node: YAMLNode, accounts: [Account], _ reader: inout NodeReader) -> [DeviceSpec] {
        guard let items = reader.sequence(node, "devices") else { return [] }
        if items.isEmpty { reader.error("a scenario needs at least one device", at: node) }
        var devices: [DeviceSpec] = []
        var names: Set<String> = []
        let accountIDs = accounts.map(\.id)
        let knownAccounts = Set(accountIDs)
        for item in items {
            guard let pairs = reader.mapping(item, "a device") else { continue }
            reader.checkKeys(pairs, known: deviceKeys, in: "a device")
            func field(_ key: String) -> YAMLNode? { pairs.first { $0.key == key }?.value }
            guard let nameNode = field("name"), let name = reader.string(nameNode, "device name") else {
                if field("name") == nil { reader.error("a device needs a 'name'", at: item) }
                continue
            }
            if !names.insert(name).inserted { reader.error("two devices are named '\(name)'", at: nameNode) }
            var kind = DeviceKind.iphone
            if let n = field("kind"), let word = reader.choice(n, "device kind", DeviceKind.allCases.map(\.rawValue)) {
                kind = DeviceKind(rawValue: word)!
            }
            var os = OSVersion(17, 5)
            if let n = field("os") {
                if case .scalar(let s) = n, let version = OSVersion(parsing: s.string) {
                    os = version
                } else {
                    reader.error("invalid iOS version \(NodeReader.describe(n)) for device '\(name)'; expected \(OSVersion.expectedWords), like \"17.5\"", at: n)
                }
            } else {
                reader.error("device '\(name)' needs an 'os', like os: \"17.5\"", at: item)
            }
            var passcode = kind != .simulator
            if let n = field("passcode"), let value = reader.bool(n, "passcode") {
                if value && kind == .simulator {
                    reader.error("device '\(name)' is a Simulator, which has no passcode (rule SIM-32)", at: n)
                }
                passcode = value
            }
            var appleID: String?
            if let n = field("appleID"), let id = reader.string(n, "appleID") {
                if knownAccounts.contains(id) {
                    appleID = id
                } else {
                    reader.error("unknown account '\(id)'" + reader.hint(for: id, among: accountIDs)
                                 + (accounts.isEmpty ? "; declare it under 'accounts'" : ""), at: n)
                }
            }
            devices.append(DeviceSpec(name: name, kind: kind, os: os, passcode: passcode, appleID: appleID))
        }
        return devices
    }

    static let accountKeys = ["id", "iCloudKeychain", "trackingRestricted"]
    static let deviceKeys = ["name", "os", "kind", "passcode", "appleID"]
    static let appKeys = ["bundle", "team", "source", "strategy", "options", "accessGroups", "appGroups",
                          "trackingUsageDescription", "name", "extensionOf", "clipOf"]

    static func parseApps(_ node: YAMLNode, library: inout StrategyLibrary, recipes: inout [Recipe], files: inout RecipeFiles,
                          _ reader: inout NodeReader) -> [AppDeclaration] {
        guard let items = reader.sequence(node, "apps") else { return [] }
        if items.isEmpty { reader.error("a scenario needs at least one app", at: node) }
        var apps: [AppDeclaration] = []
        var bundles: Set<String> = []
        // Hosts and full apps may be declared after their extensions and clips: resolved at the end.
        var companions: [(app: Int, key: String, node: YAMLNode)] = []
        for item in items {
            guard let pairs = reader.mapping(item, "an app") else { continue }
            reader.checkKeys(pairs, known: appKeys, in: "an app")
            func field(_ key: String) -> YAMLNode? { pairs.first { $0.key == key }?.value }
            guard let bundleNode = field("bundle"), let bundle = reader.string(bundleNode, "bundle") else {
                if field("bundle") == nil { reader.error("an app needs a 'bundle' ID", at: item) }
                continue
            }
            if !World.isValidBundleID(bundle) {
                reader.error("invalid bundle ID '\(bundle)': use reverse-DNS letters, digits, '-' and '.'", at: bundleNode)
            }
            if !bundles.insert(bundle).inserted { reader.error("app '\(bundle)' is declared twice", at: bundleNode) }
            var team = ""
            if let n = field("team"), let t = reader.string(n, "team") {
                if t.isEmpty || !t.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
                    reader.error("invalid Team ID '\(t)': use letters and digits, like ACME1234", at: n)
                }
                team = t
            } else if field("team") == nil {
                reader.error("app '\(bundle)' needs a 'team' (its Team ID, the vendor)", at: item)
            }
            var app = AppDeclaration(bundleID: bundle, teamID: team.isEmpty ? "TEAM" : team)
            if let n = field("source"), let word = reader.choice(n, "install source", InstallSource.allCases.map(\.rawValue)) {
                app.defaultSource = InstallSource(rawValue: word)!
            }
            // The app's strategy could not be had (a recipe file that failed to load, said at its
            // place): its options are kept unchecked, not judged by the default strategy's.
            var strategyMissing = false
            if let n = field("strategy"), var name = reader.string(n, "strategy") {
                if RecipeFiles.isPath(name) {
                    // A recipe file, relative to the scenario: read once, then used by its name.
                    if let recipe = files.recipe(at: name, node: n, &reader) {
                        if let same = recipes.first(where: { $0.name == recipe.name }), same != recipe {
                            reader.error("recipe file \(name) names its recipe '\(recipe.name)', as another recipe of the scenario is named", at: n)
                        } else if !recipes.contains(where: { $0.name == recipe.name }) {
                            recipes.append(recipe)
                            library = library.adding([recipe.strategy])
                        }
                        name = recipe.name
                    } else {
                        // Named by its path, which no library holds: nothing after judges the app by
                        // the default strategy (its options, expectations and calls).
                        strategyMissing = true
                    }
                } else if library.strategy(named: name) == nil {
                    reader.error(StrategyProblem.unknownStrategy(name, known: library.names).description, at: n)
                }
                if !name.isEmpty { app.strategy = name }
            }
            if let n = field("options"), let pairs = reader.mapping(n, "options") {
                var options: [String: OptionValue] = [:]
                for pair in pairs {
                    guard let read = reader.optionValue(pair.value, "option '\(pair.key)'") else { continue }
                    let value = library.normalized(strategy: app.strategy, read, option: pair.key)
                    options[pair.key] = value
                    if strategyMissing { continue }
                    for problem in library.problems(strategy: app.strategy, options: [pair.key: value]) {
                        if case .unknownStrategy = problem { continue }   // reported at 'strategy'
                        if case .unknownOption = problem {
                            reader.error(problem.description, at: pair.keyNode)
                        } else {
                            reader.error(problem.description, at: pair.value)
                        }
                    }
                }
                app.options = options
            }
            if let n = field("accessGroups") { app.keychainAccessGroups = stringList(n, "accessGroups", &reader) }
            if let n = field("appGroups") { app.appGroups = stringList(n, "appGroups", &reader) }
            if let n = field("trackingUsageDescription") {
                app.hasTrackingUsageDescription = reader.bool(n, "trackingUsageDescription") ?? true
            }
            if let n = field("name") { app.displayName = reader.string(n, "name") }
            // A built-in recipe (segment's {writeKey}) is held to what a recipe file is.
            if let recipe = recipes.first(where: { $0.name == app.strategy }) ?? StrategyCatalog.builtInRecipes.first(where: { $0.name == app.strategy }) {
                checkRecipeApp(app, recipe, at: field("strategy") ?? item, &reader)
            }
            let roles = ["extensionOf", "clipOf"].filter { field($0) != nil }
            if roles.count > 1, let n = field("clipOf") {
                reader.error("an app is an extension (extensionOf) or an App Clip (clipOf), not both", at: n)
            } else if let key = roles.first, let n = field(key) {
                companions.append((apps.count, key, n))
            }
            apps.append(app)
        }
        resolveRoles(companions, &apps, &reader)
        return apps
    }

    /// An app on a recipe gives every param in its options, and has an App Group when the recipe
    /// uses `{appGroup}`.
    static func checkRecipeApp(_ app: AppDeclaration, _ recipe: Recipe, at node: YAMLNode, _ reader: inout NodeReader) {
        let missing = recipe.params.filter { app.options[$0] == nil && recipe.paramDefaults[$0] == nil }
        if !missing.isEmpty {
            reader.error("app '\(app.bundleID)' runs recipe \(recipe.name), which needs " + missing.map { "'\($0)'" }.joined(separator: ", ")
                         + " in its options, like options: { \(missing[0]): VALUE }", at: node)
        }
        if app.appGroups.isEmpty && recipe.usesPlaceholder("appGroup") {
            reader.error("app '\(app.bundleID)' runs recipe \(recipe.name), which uses {appGroup}, but declares no appGroups", at: node)
        } else {
            // A file kept in an App Group's container needs the app in that group (CT-36).
            for store in recipe.storeDescriptions(for: app) where store.kind == .file {
                guard let group = store.group, !group.isEmpty, !app.appGroups.contains(group) else { continue }
                reader.error("app '\(app.bundleID)' runs recipe \(recipe.name), whose store \(store.label ?? store.name) keeps a file in the "
                             + "App Group \(group); add it to the app's appGroups", at: node)
            }
        }
    }

    /// `extensionOf: BUNDLE` and `clipOf: BUNDLE`, once every app is known (rules EXT-33, CLIP-34).
    static func resolveRoles(_ companions: [(app: Int, key: String, node: YAMLNode)], _ apps: inout [AppDeclaration],
                             _ reader: inout NodeReader) {
        guard !companions.isEmpty else { return }
        let bundles = NameTable(apps.map(\.bundleID))
        for (index, key, node) in companions {
            guard let name = reader.string(node, key) else { continue }
            guard let other = bundles.index(of: name) else {
                reader.error("unknown app '\(name)'" + reader.hint(for: name, among: bundles.names), at: node)
                continue
            }
            apps[index].role = key == "extensionOf" ? .appExtension(host: other) : .appClip(fullApp: other)
        }
        for (index, _, node) in companions {
            if let problem = World.roleProblem(apps[index], in: apps) { reader.error(problem, at: node) }
        }
    }

    static func stringList(_ node: YAMLNode, _ what: String, _ reader: inout NodeReader) -> [String] {
        guard let items = reader.sequence(node, what) else { return [] }
        return items.compactMap { reader.string($0, "an entry of \(what)") }
    }
}
