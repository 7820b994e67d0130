/// The merge's serial part: a chunk's successors walked on one thread, in the states' order,
/// after their inserts into the visited set (`Search.ChunkInsert`). Only what depends on that
/// order is left here: which property broke first, and which new states the node-marking
/// reduction admits.
extension SearchEngine {
    /// What the merges of a search add up, chunk after chunk.
    struct MergeState {
        var successors = 0
        /// States expanded (`SearchResult.expanded`).
        var expanded = 0
        var breaks: [Int: [UInt16]] = [:]
        /// The properties not broken yet (the workers watch these).
        var remaining: PropertyMask
        /// What the node-marking reduction keeps (see `NodeMarking`).
        var marks: Model.Marking.Merge

        init(remaining: PropertyMask, marks: Model.Marking.Merge) {
            self.remaining = remaining
            self.marks = marks
        }
    }

    /// The properties the runs' successors break: those `walk` will take out of what remains,
    /// whatever order it meets them in.
    static func brokenProperties(in runs: [Search.RunResult]) -> PropertyMask {
        var broken = PropertyMask()
        for run in runs {
            for position in run.breaking { broken.formUnion(run.successors[Int(position)].broken) }
        }
        return broken
    }

    /// Walks a chunk's runs in order: counts their successors, notes each property's first break,
    /// and appends the new states to `next` (none at the last depth: its states are counted,
    /// never expanded). Only the successors the runs list as breaking or as not known to be
    /// visited are read: at the last depth, most of a chunk's are neither.
    func walk(_ runs: [Search.RunResult], views: [Model.Marking.RunViews], repeats: Search.RepeatMarks, levels: [[Search.Node]],
              at plan: LevelPlan<Model>, into merge: inout MergeState, next: inout [Search.Node]) {
        let marking = model.marking
        for (runIndex, run) in runs.enumerated() {
            merge.successors += run.successors.count
            merge.expanded += run.expanded
            for position in run.breaking {
                let successor = run.successors[Int(position)]
                let newlyBroken = successor.broken.intersection(merge.remaining)
                guard !newlyBroken.isEmpty else { continue }
                let path = Self.stepNumbers(to: Int(successor.parent), level: plan.level, levels: levels) + [successor.step]
                for bit in newlyBroken.bits { merge.breaks[bit] = path }
                merge.remaining.subtract(newlyBroken)
            }
            guard !plan.last else { continue }
            for (index, position) in run.fresh.enumerated() {
                if plan.records && index + Search.prefetchDistance < run.fresh.count {
                    let ahead = run.successors[Int(run.fresh[index + Search.prefetchDistance])]
                    marking.prefetch(plan.phase, view: ahead.view, in: views[runIndex], merge: merge.marks)
                }
                guard !repeats.isMarked(run: runIndex, position: Int(position)) else { continue }
                let successor = run.successors[Int(position)]
                var mark: UInt16 = 0
                if plan.records {
                    // The node-marking reduction decides whether the state is expanded, and notes how.
                    guard let admitted = marking.admit(plan.phase, view: successor.view, in: views[runIndex], merge: &merge.marks) else { continue }
                    mark = admitted
                }
                next.append(Search.Node(parent: successor.parent, step: successor.step, mark: mark))
            }
        }
    }
}
