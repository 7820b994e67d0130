import IDSim

/// The merge's serial part: a chunk's successors walked on one thread, in the states' order,
/// after their inserts into the visited set (`ChunkInsert`). Only what depends on that order is
/// left here: which property broke first, and which new states the launch-view reduction keeps.
extension Explorer {
    /// What the merges of a search add up, chunk after chunk.
    struct MergeState {
        var successors = 0
        var breaks: [ExploreProperty: [Step]] = [:]
        /// The properties not broken yet (the workers watch these).
        var remaining: Set<ExploreProperty>
        /// What the launch-view reduction keeps (see `LaunchViewMerge`).
        var launchViewMerge = LaunchViewMerge()

        init(remaining: Set<ExploreProperty>) { self.remaining = remaining }
    }

    /// The properties the runs' successors break: those `walk` will take out of what remains,
    /// whatever order it meets them in.
    static func brokenProperties(in runs: [RunResult]) -> Set<ExploreProperty> {
        var broken = PropertyMask()
        for run in runs {
            for position in run.breaking { broken.formUnion(run.successors[Int(position)].broken) }
        }
        return Set(ExploreProperty.allCases.filter { broken.contains(PropertyMask($0)) })
    }

    /// Walks a chunk's runs in order: counts their successors, notes each property's first break,
    /// and appends the new states to `next` (none at the last depth: its states are counted,
    /// never expanded). Only the successors the runs list as breaking or as not known to be
    /// visited are read: at the last depth, most of a chunk's are neither.
    func walk(_ runs: [RunResult], repeats: RepeatMarks, level: Int, levels: [[Node]], last: Bool, beforeLast: Bool, twoBeforeLast: Bool,
              deviceCount: Int, into merge: inout MergeState, next: inout [Node]) {
        for (runIndex, run) in runs.enumerated() {
            merge.successors += run.successors.count
            for position in run.breaking {
                let successor = run.successors[Int(position)]
                for property in ExploreProperty.allCases where successor.broken.contains(PropertyMask(property)) && merge.remaining.contains(property) {
                    merge.breaks[property] = path(to: Int(successor.parent), level: level, levels: levels) + [steps[Int(successor.step)]]
                    merge.remaining.remove(property)
                }
            }
            guard !last else { continue }
            for (index, position) in run.fresh.enumerated() {
                if (beforeLast || twoBeforeLast) && index + Self.prefetchDistance < run.fresh.count {
                    let ahead = run.successors[Int(run.fresh[index + Self.prefetchDistance])]
                    if beforeLast {
                        merge.launchViewMerge.prefetchBeforeLast(launchOn: ahead.launchOn, launchView: ahead.launchView)
                    } else {
                        merge.launchViewMerge.prefetchTwoBeforeLast(launchView: ahead.launchView, views: run.views[Int(ahead.views)],
                                                                    deviceCount: deviceCount)
                    }
                }
                guard !repeats.isMarked(run: runIndex, position: Int(position)) else { continue }
                let successor = run.successors[Int(position)]
                // The two depths before the last: the launch-view reduction decides whether the
                // state is expanded, and notes how (see `LaunchViewMerge`).
                var mark = LaunchViewMark.none
                if beforeLast {
                    guard let admitted = merge.launchViewMerge.admitBeforeLast(launchOn: successor.launchOn, launchView: successor.launchView)
                    else { continue }
                    mark = admitted
                } else if twoBeforeLast {
                    guard let admitted = merge.launchViewMerge.admitTwoBeforeLast(launchView: successor.launchView,
                                                                                  views: run.views[Int(successor.views)], deviceCount: deviceCount)
                    else { continue }
                    mark = admitted
                }
                next.append(Node(parent: successor.parent, step: successor.step, mark: mark))
            }
        }
    }
}
