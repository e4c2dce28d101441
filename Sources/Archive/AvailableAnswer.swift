import Foundation

/// The Wayback Machine's `/wayback/available` answer: the capture closest to a time,
/// or an empty `"archived_snapshots": {}`, which the archive also gives for URLs it has
/// (a reporter saw success on retry): unknown, never "not archived". Key order and
/// spacing vary between servers; `status` is a string, `available` a boolean.
public enum AvailableAnswer: Sendable, Equatable {
    case closest(Capture)
    /// `{}`: the archive did not say.
    case unknown

    public static func parse(_ body: [UInt8], url: String) throws(ArchiveError) -> AvailableAnswer {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
              let snapshots = object["archived_snapshots"] as? [String: Any] else {
            throw .badIndex(url: url, why: "not an availability answer (\(CDXAnswer.firstLine(body)))")
        }
        guard let closest = snapshots["closest"] as? [String: Any] else { return .unknown }
        guard closest["available"] as? Bool != false, let memento = closest["url"] as? String,
              let stamp = (closest["timestamp"] as? String).flatMap(ArchiveTimestamp.init) else { return .unknown }
        let original = CaptureIndex.mementoParts(memento)?.original ?? url
        let status = (closest["status"] as? String).flatMap { Int($0) }
        return .closest(Capture(timestamp: stamp, original: original, status: status, memento: memento))
    }
}
