import IDSim

extension Recipe {
    /// The recipe as a strategy: its params are its options (strings, each required), its
    /// values are `id`, its stores and its platform sources.
    package var strategy: Strategy { strategy(counting: nil) }

    /// The strategy, its launches' work counted into `work` (tests of a recipe's cost).
    package func strategy(counting work: RecipeWork?) -> Strategy {
        let recipe = self
        let shared = RecipePlan(self, work: work)
        return Strategy(
            name: name, summary: summary, kind: .recipe,
            options: params.map { name in
                switch paramDefaults[name] {
                case .bool(let b)?: StrategyOption(name, .bool, default: .bool(b), "an option of the recipe (default \(b))")
                case let value?: StrategyOption(name, .string, default: value, "fills {\(name)} in the recipe (default \(value))")
                case nil: StrategyOption(name, .string, default: nil, "fills {\(name)} in the recipe")
                }
            },
            valueNames: valueNames,
            // The IDFA is the only tracking state a recipe can read (`RecipeSource.idfa`).
            readsTracking: ids.contains { $0.sources.contains { $0.kind == .idfa } },
            valueReadsTracking: { value in recipe.idReadsTracking(value) },
            readsAppleUserID: ids.contains { $0.sources.contains { $0.kind == .appleUserID } },
            idNames: idNames,
            requiredOptions: params.filter { paramDefaults[$0] == nil },
            calls: calls.map(\.name).filter { $0 != RecipeCall.launch },
            stores: { app, supplied in recipe.storeDescriptions(for: app, supplied: supplied) },
            sharedAccessGroups: { app in recipe.sharedAccessGroups(for: app) },
            appGroups: { app in recipe.appGroups(for: app) },
            program: { options in RecipeProgram(shared: shared, options: options) })
    }

    /// The placeholders' values for an app as declared: the same lookup a launch uses.
    func placeholders(for app: AppDeclaration) -> Placeholders {
        Placeholders(bundle: app.bundleID, team: app.teamID, displayName: app.displayName, appGroup: app.appGroups.first,
                     params: params, defaults: paramDefaults, options: app.options)
    }

    /// The keychain access groups its stores name explicitly, other than an App Group of the
    /// app: the entitlement an app needs for the recipe to work as written.
    func sharedAccessGroups(for app: AppDeclaration) -> [String] {
        let values = placeholders(for: app)
        var groups: [String] = [], seen: Set<String> = []
        for store in stores {
            guard case .keychain(let item) = store.kind, let group = item.accessGroup?.fill(values),
                  !app.appGroups.contains(group), seen.insert(group).inserted else { continue }
            groups.append(group)
        }
        return groups
    }

    /// The App Groups an app needs for the recipe to work as written, when it declares none:
    /// `group.` + its team's reverse domain for `{appGroup}` (what Xcode suggests), and each group
    /// a file store names or a suite named like one (`group.…`), in the recipe's order.
    func appGroups(for app: AppDeclaration) -> [String] {
        var declared = app
        if declared.appGroups.isEmpty && usesPlaceholder("appGroup") {
            declared.appGroups = ["group." + app.bundleID.split(separator: ".").prefix(2).joined(separator: ".")]
        }
        var groups = declared.appGroups
        let values = placeholders(for: declared)
        for store in stores {
            let named: String?
            switch store.kind {
            case .file(_, _, let group?, _, _): named = group.fill(values)
            case .defaults(_, let suite?, _): named = suite.fill(values).hasPrefix("group.") ? suite.fill(values) : nil
            default: named = nil
            }
            if let named, !named.isEmpty, !named.contains("{"), !groups.contains(named) { groups.append(named) }
        }
        return groups
    }

    /// Where it keeps things for an app, for users to see, then the platform sources it reads.
    /// A store kept per supplied value (`{supplied:NAME}`) names the entry of the value the app
    /// supplied last (`supplied`), else of its option of that name, as a launch does; with
    /// neither it names no entry (`StoreDescription.unkeyed`).
    package func storeDescriptions(for app: AppDeclaration, supplied: [String: String] = [:]) -> [StoreDescription] {
        let values = placeholders(for: app)
        for name in Set(stores.compactMap(\.keyedBy)) { values.supplied[name] = values.suppliedValue(name, passed: supplied[name]) }
        var out: [StoreDescription] = stores.map { store in
            var description = description(of: store, values: values, app: app)
            if let name = store.keyedBy, values.supplied[name] == nil { description.unkeyed = name }
            return description
        }
        for source in ids.flatMap(\.sources) {
            switch source.kind {
            case .idfv: out.append(StoreDescription(.platform, "UIDevice.identifierForVendor"))
            case .idfa: out.append(StoreDescription(.advertisingIdentifier, "ASIdentifierManager.advertisingIdentifier"))
            case .apnsToken: out.append(StoreDescription(.platform, "registerForRemoteNotifications (APNs device token)"))
            case .appleUserID: out.append(StoreDescription(.platform, "Sign in with Apple (ASAuthorizationAppleIDCredential.user)"))
            case .server:
                let record = source.reissueOn.map { events in
                    events.isEmpty ? ", the same one again for the device"
                        : ", the same one again for the device until " + events.words.map { $0 == "reinstall" ? "a reinstall" : "an erase" }.joined(separator: " or ")
                } ?? ""
                out.append(StoreDescription(.server, "the SDK's server: a value assigned at a launch that reaches it" + record))
            case .store, .uuid, .uuid7, .fid, .id, .supplied: break
            }
        }
        return out
    }

    /// One store, for users to see, with the placeholders' values.
    private func description(of store: RecipeStore, values: Placeholders, app: AppDeclaration) -> StoreDescription {
        switch store.kind {
        case .keychain(let item):
            var description = StoreDescription(.keychain, item.service.fill(values), account: item.account.fill(values),
                                               group: item.accessGroup?.fill(values), accessible: item.accessible,
                                               synchronizable: item.synchronizable, label: store.name)
            description.accessControl = item.accessControl
            return description
        case .defaults(let key, let suite, _):
            let suiteName = suite?.fill(values)
            return StoreDescription(.userDefaults, key.fill(values), suite: suiteName,
                                    appGroupSuite: suiteName.map { app.appGroups.contains($0) } ?? false, label: store.name)
        case .file(let path, let backup, let group, let key, _):
            return StoreDescription(.file, path.fill(values), account: key?.fill(values), group: group?.fill(values),
                                    excludedFromBackup: !backup, label: store.name)
        case .icloud(let key, let kvStore):
            return StoreDescription(.iCloudKeyValueStore, key.fill(values), group: kvStore?.fill(values), label: store.name)
        case .pasteboard(let name):
            return StoreDescription(.pasteboard, name.fill(values), label: store.name)
        }
    }
}
