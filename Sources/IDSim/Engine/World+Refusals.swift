/// Refusals known without trying: searches that try every event in every state (explore) ask
/// this before copying a world to apply a step that is certain to throw. It mirrors the first
/// guards of the handlers it names, and answers "maybe" (false) for everything else.
extension World {
    /// Whether `apply` is certain to refuse the step: a launch of an app not installed (or
    /// offloaded); an uninstall of one absent; an offload or update of one not installed; an
    /// install of one already installed; a restore of a backup that does not exist.
    public func certainlyRefuses(_ step: Step) -> Bool {
        let d = step.device
        guard d >= 0, d < devices.count else { return false }
        if let app = step.event.app, app < 0 || app >= apps.count { return false }
        switch step.event {
        case .launch(let app, _), .offload(let app), .update(let app, _):
            return devices[d].apps[app]?.presence != .installed
        case .uninstall(let app):
            return devices[d].apps[app] == nil
        case .install(let app, _):
            return devices[d].apps[app]?.presence == .installed
        case .restore(let name):
            return backups[name] == nil
        default:
            return false
        }
    }
}
