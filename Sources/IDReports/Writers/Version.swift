import IDScenario

/// idscope's version: what `--version` prints and a ticket's environment names.
package enum IDScopeVersion {
    package static let current = "0.1.0"
}
