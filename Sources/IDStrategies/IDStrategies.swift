// The app-side ID recipes (id-kit, keychain-idfv, svudid, zbuuid, fcuuid, rndi, devicecheck,
// openudid) running on IDSim's OS facade. Built in issue 3; until then the core's BasicProgram
// is the only app code.
import IDSim

/// The strategy names of the scenario contract, in the contract's order.
public enum StrategyNames {
    public static let all = ["id-kit", "keychain-idfv", "svudid", "zbuuid", "fcuuid", "rndi", "devicecheck", "openudid"]
}
