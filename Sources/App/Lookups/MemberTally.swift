import Extraction
import Lookup
import Packs

/// What a run of many members did, as each record comes in: how many finished, failed
/// (each failure said on stderr as progress), were never requested, the kinds of
/// failure, and how each field fared. Batch and refresh count the same way.
struct MemberTally {
    var done = 0
    /// Failed members, with those a checkpoint already held when the run began.
    var failed: Int
    /// Of `done`, members never requested (the site down, a stop): counted apart from `failed`.
    var notLookedUp = 0
    /// Of `done`, members whose pages were read, problems or not: what an export is worth keeping for.
    var read = 0
    var kinds = Set<MemberError.Kind>()
    var archiveCauses = Set<MemberError.ArchiveCause>()
    var extraction: ExtractionSummary

    init(pack: SitePack, failed: Int = 0) {
        self.failed = failed
        extraction = ExtractionSummary(pack: pack)
    }

    /// What the run's members met, for the command line's hints.
    func outcome(status: ExitStatus?) -> RunOutcome {
        var outcome = RunOutcome(status: status, failures: kinds)
        outcome.archiveCauses = archiveCauses
        return outcome
    }

    mutating func add(_ record: MemberRecord) {
        done += 1
        if record.pagesWereRead { read += 1 }
        extraction.add(record.extracted)
        guard record.failed else { return }
        kinds.formUnion(record.errors.map(\.kind))
        archiveCauses.formUnion(record.errors.compactMap(\.archiveCause))
        if SiteOutage.wasLeft(record) {
            notLookedUp += 1
        } else {
            failed += 1
            LookupRun.sayFailures(record, asProgress: true)
        }
    }
}
