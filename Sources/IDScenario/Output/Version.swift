/// idscope's version: what `--version` prints and a ticket's environment names.
public enum IDScopeVersion {
    public static let current = "0.1.0"
}
