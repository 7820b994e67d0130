@testable import IDExplore
import IDSim
import Synchronization
import Testing

/// What each worker keeps of its own: the forms of parts it hashed before, lent by the storage
/// they are held in (`PartFormCache`), and its own copy of the root (`ExploreState.unshared`).
@Suite("explore's workers' own forms and roots")
struct PartFormCacheTests {
    @Test("device forms made with a worker's part forms equal forms walked afresh, and most parts are lent",
          arguments: ["fcuuid", "id-kit", "openudid", "rndi"])
    func lentPartForms(name: String) throws {
        let explorer = try Explorer.named(name)
        let forms = PartFormCache(trackingBlind: explorer.root.trackingBlind)
        var random = SplitMix(seed: 0xcafe)
        var compared = 0
        for _ in 0..<40 {
            // Siblings from one state, as a worker takes them, then on down one of them.
            var state = explorer.root
            for _ in 0..<12 {
                var next: [ExploreState] = []
                for _ in 0..<6 {
                    var successor = state
                    guard explorer.probe(&successor, random.pick(explorer.steps), forms: forms) != nil else { continue }
                    #expect(Explorer.fingerprint(successor) == Explorer.fingerprintFromScratch(successor), "\(name)")
                    compared += 1
                    next.append(successor)
                }
                if !next.isEmpty { state = random.pick(next) }
            }
        }
        #expect(compared > 500)
        #expect(forms.lent > compared / 2, "\(forms.lent) forms lent for \(compared) successors")
    }

    /// Workers take runs of a chunk's states as they come free and keep their replay and forms
    /// from one chunk to the next, so which worker made a successor varies from run to run; the
    /// results, merged in the states' order, must not. Depth 6 spans several chunks and levels.
    @Test("a search finds the same breaks, states and successors on one worker as on two or three",
          arguments: ["keychain-idfv", "fcuuid"])
    func workersAgree(name: String) throws {
        var explorer = try Explorer.named(name)
        var outcomes: [ExploreOutcome] = []
        for workers in [1, 2, 3] {
            explorer.workers = workers
            outcomes.append(explorer.run(properties: Set(ExploreProperty.allCases), depth: 6))
        }
        let one = outcomes[0]
        #expect(one.states > 3 * 2048, "\(one.states) states: too few to span several chunks")
        for (other, workers) in zip(outcomes.dropFirst(), [2, 3]) {
            #expect(other.breaks == one.breaks, "\(name) on \(workers) workers")
            #expect(other.states == one.states && other.successors == one.successors && other.completedDepth == one.completedDepth,
                    "\(name) on \(workers) workers: \(other.states) states, \(other.successors) successors; one worker: \(one.states), \(one.successors)")
        }
    }

    /// With more than one worker, a chunk is merged while the next is expanded, which watches only
    /// the properties the merge will leave unbroken; chunks of a few dozen states make breaks come
    /// in the middle of a level. A stop after a chunk's merge (here: at its progress report) must
    /// leave the same chunks merged on any number of workers.
    @Test("with small chunks, a search whose properties break mid-level, or that stops mid-level, finds the same on one worker as on two or three",
          arguments: ["fcuuid", "rndi"])
    func smallChunksAgree(name: String) throws {
        var explorer = try Explorer.named(name)
        explorer.chunkStates = 37
        for stopAfterReports in [nil, 20] as [Int?] {
            var outcomes: [ExploreOutcome] = []
            for workers in [1, 2, 3] {
                explorer.workers = workers
                let reports = Atomic<Int>(0)
                outcomes.append(explorer.run(properties: Set(ExploreProperty.allCases), depth: 5,
                                             shouldStop: { stopAfterReports.map { reports.load(ordering: .relaxed) >= $0 } ?? false },
                                             progress: { _ in reports.wrappingAdd(1, ordering: .relaxed) }))
            }
            let one = outcomes[0], stop = stopAfterReports.map { "stopped after \($0) reports" } ?? "to the end"
            #expect(one.breaks.count >= 2, "\(name), \(stop): \(one.breaks.keys)")
            #expect(one.stopReason == (stopAfterReports == nil ? nil : .cancelled), "\(name), \(stop)")
            for (other, workers) in zip(outcomes.dropFirst(), [2, 3]) {
                #expect(other.breaks == one.breaks && other.stopReason == one.stopReason, "\(name) on \(workers) workers, \(stop)")
                #expect(other.states == one.states && other.successors == one.successors && other.completedDepth == one.completedDepth,
                        "\(name) on \(workers) workers, \(stop): \(other.states) states, \(other.successors) successors; one worker: \(one.states), \(one.successors)")
            }
        }
    }

    /// The runs workers take cover a chunk exactly, in order, each no longer than the longest
    /// run (`statesPerRun`, 64), and get shorter towards the chunk's end (to `fewestStatesPerRun`,
    /// 4), so that neither worker waits long for the other there; one worker takes the chunk whole.
    @Test("runs cover a chunk in order and shorten towards its end", arguments: [0, 1, 3, 5, 63, 64, 65, 700, 2048])
    func runStarts(count: Int) {
        #expect(Search.runStarts(count: count, workers: 1) == (count == 0 ? [0] : [0, count]))
        for workers in [2, 3] {
            let starts = Search.runStarts(count: count, workers: workers)
            #expect(starts.first == 0 && starts.last == count, "\(count) states, \(workers) workers: \(starts)")
            let lengths = zip(starts, starts.dropFirst()).map { $1 - $0 }
            #expect(lengths.allSatisfy { $0 > 0 && $0 <= 64 }, "\(lengths)")
            #expect(zip(lengths, lengths.dropFirst()).allSatisfy { $1 <= $0 }, "lengths never grow: \(lengths)")
            if count == 2048 {
                #expect(lengths.first == 64 && lengths.last! <= 4, "\(lengths)")
            }
        }
    }

    @Test("a search asked for no workers runs on one")
    func noWorkersRunsOnOne() throws {
        var explorer = try Explorer.named("rndi")
        explorer.workers = 1
        let one = explorer.run(properties: Set(ExploreProperty.allCases), depth: 4)
        explorer.workers = 0
        let none = explorer.run(properties: Set(ExploreProperty.allCases), depth: 4)
        #expect(one.states > 100 && none.states == one.states && none.successors == one.successors && none.breaks == one.breaks,
                "\(none.states) states on no workers, \(one.states) on one")
    }

    /// A backup holds its device's apps' slots and keychain, so their forms are lent as a
    /// device's are; a lent form that differed from a walked one would merge backups that differ.
    @Test("backup forms made with a worker's part forms equal forms walked afresh, and their parts are lent",
          arguments: ["fcuuid", "keychain-idfv", "id-kit"])
    func lentBackupForms(name: String) throws {
        let explorer = try Explorer.named(name)
        let forms = PartFormCache(trackingBlind: explorer.root.trackingBlind)
        let backups = explorer.steps.filter { if case .backup = $0.event { true } else { false } }
        var random = SplitMix(seed: 0xbac0)
        var compared = 0, lentForBackups = 0
        for _ in 0..<40 {
            var state = explorer.root
            for _ in 0..<10 {
                // A step from the whole alphabet, then a backup of some device from the state it reached.
                _ = explorer.probe(&state, random.pick(explorer.steps), forms: forms)
                var backedUp = state
                let backup = random.pick(backups)
                let lentBefore = forms.lent
                guard explorer.probe(&backedUp, backup, forms: forms) != nil, case .backup(_, let backupName) = backup.event else { continue }
                lentForBackups += forms.lent - lentBefore
                let kept = try #require(backedUp.backupForms.first { $0.name == backupName })
                let walked = Fingerprinter.PartForm(try #require(backedUp.world.backups[backupName]), trackingBlind: backedUp.trackingBlind)
                #expect(kept.form == walked, "\(name): \(backup)")
                compared += 1
                if random.next() % 2 == 0 { state = backedUp }
            }
        }
        #expect(compared > 100)
        // Most backups are of a device whose parts were hashed a step or two before.
        #expect(lentForBackups > compared, "\(lentForBackups) part forms lent for \(compared) backups")
    }

    /// Each worker starts from its own copy of the root (`ExploreState.unshared`); a copy that
    /// fingerprinted or stepped differently would change what a search finds.
    @Test("an unshared state fingerprints and steps as the state it copies", arguments: ["fcuuid", "id-kit", "openudid"])
    func unsharedStates(name: String) throws {
        let explorer = try Explorer.named(name)
        explorer.randomWalks(seed: 0xd00d, walks: 20, length: 16) { state, last, random in
            guard last.applied else { return }
            var copy = state.unshared()
            #expect(Explorer.fingerprint(copy) == Explorer.fingerprint(state))
            var original = state
            let step = random.pick(explorer.steps)
            #expect(explorer.probe(&copy, step) == explorer.probe(&original, step))
            #expect(Explorer.fingerprint(copy) == Explorer.fingerprint(original))
        }
    }

    /// Each part reads its own copies of the search's tables (`PartTables`): equal to the
    /// search's, in storage of their own, so that the two workers write no reference count in common.
    @Test("a part's tables equal the search's and share no storage with them")
    func partTables() throws {
        let explorer = try Explorer.named("rndi")
        let symmetry = try #require(explorer.symmetry, "the default world's devices are alike")
        let tried = Array(explorer.steps.indices)
        let restores = tried.filter { if case .restore = explorer.steps[$0].event { true } else { false } }
        let own = PartTables(steps: explorer.steps, restoreSteps: restores, symmetry: symmetry)
        #expect(own.steps == explorer.steps && own.restoreSteps == restores)
        #expect(own.symmetry?.orders == symmetry.orders && own.symmetry?.positions == symmetry.positions)
        #expect(own.restoreNames == PartTables.restoreNames(explorer.steps) && own.ownSteps == PartTables.ownSteps(explorer.steps))
        func address<T>(_ array: [T]) -> UnsafeRawPointer? { array.withUnsafeBytes { $0.baseAddress } }
        #expect(address(own.steps) != address(explorer.steps))
        #expect(address(own.restoreSteps) != address(restores))
        #expect(address(own.symmetry!.orders) != address(symmetry.orders))
        #expect(zip(own.symmetry!.orders, symmetry.orders).allSatisfy { address($0) != address($1) })
        // A backup's name past 15 bytes is a string with storage; the part's is its own.
        let names = zip(own.steps, explorer.steps).compactMap { mine, theirs -> (String, String)? in
            if case .backup(_, let a) = mine.event, case .backup(_, let b) = theirs.event, a.utf8.count > 15 { (a, b) } else { nil }
        }
        #expect(!names.isEmpty)
        for (mine, theirs) in names {
            #expect(mine == theirs)
            #expect(mine.utf8.withContiguousStorageIfAvailable { $0.baseAddress } != theirs.utf8.withContiguousStorageIfAvailable { $0.baseAddress })
        }
    }
}
