import Archive
import Lookup
import Packs
import Report
import Store

// The types of the layers below that the command line names: its flags' values and
// the errors it words. It imports App alone; these are App's names for them.

/// How an archive lists captures (`cdx`, `timemap`).
public typealias ArchiveIndex = ArchiveReader.Index
/// One capture a month, a quarter or a year.
public typealias CapturePeriod = CaptureChoice.Period
/// What kind of failure a member met (the command line has a hint for some).
public typealias MemberFailureKind = MemberError.Kind
/// The history database's errors.
public typealias HistoryError = StoreError
public typealias PackLookupError = Packs.PackLookupError
public typealias PackLoadError = Packs.PackLoadError
/// Output that could not be written (no space, a read-only file system): the system's words.
public typealias OutputWriteError = Report.WriteError
/// A site's pack, loaded and compiled.
public typealias SitePack = Packs.SitePack
