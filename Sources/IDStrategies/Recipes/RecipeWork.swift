/// What a recipe's launches did, counted: name lookups (when its program is made) and store reads
/// and writes. For tests only; a recipe's strategy counts nothing unless asked to.
package final class RecipeWork: @unchecked Sendable {
    package var lookups = 0
    package var reads = 0
    package var writes = 0

    package init() {}
}
