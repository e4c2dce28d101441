import Packs

/// What must match for a resume to continue the same export: the site's pack, by its
/// fields and statistics. The checkpoint keeps whole records, and the output is written
/// from them at the end in the format and with the options of the run that finishes:
/// those may change between runs; records read by another pack would not fit the rest.
public struct ExportFingerprint: Sendable, Equatable {
    /// The pack's fields and each collection's (`articles[kind,title,...]`), and its statistics.
    public let fields: String

    public init(pack: SitePack) {
        let rowFields = pack.collections.map { "\($0.name)[\($0.fields.map(\.name).joined(separator: ","))]" }
        let stats = pack.stats.isEmpty ? [] : ["stats[\(pack.stats.map(\.name).joined(separator: ","))]"]
        fields = (pack.fields.map(\.name) + rowFields + stats).joined(separator: ",")
    }

    /// As the header stores it.
    public var encoded: String { "fields=\(fields)" }

    /// What differs between the fingerprint a checkpoint holds (`encoded`) and this one,
    /// in words for the user; empty when they match.
    public func differences(fromStored stored: String) -> [String] {
        stored == encoded ? [] : ["the pack's fields have changed since"]
    }
}
