import Foundation

/// What the replica has served, for tests to assert on (GET /_fixture/stats).
actor ServerStats {
    struct Entry {
        let path: String
        let source: String?
        let id: String?
        /// Which page of its source (2 and on for `page=N`).
        let page: Int?
        let startMs: Double
        var endMs: Double?
        var status: Int?
        let conditional: Bool
        let userAgent: String
    }

    private let started = ContinuousClock.now
    private var entries: [Entry] = []
    private var inFlight = 0
    private var maxInFlight = 0
    private var statusCounts: [String: Int] = [:]

    func begin(path: String, source: String?, id: String?, page: Int? = nil, conditional: Bool, userAgent: String) -> Int {
        inFlight += 1
        maxInFlight = max(maxInFlight, inFlight)
        entries.append(Entry(path: path, source: source, id: id, page: page, startMs: elapsedMs(), conditional: conditional, userAgent: userAgent))
        return entries.count - 1
    }

    func end(_ index: Int, status: Int) {
        inFlight -= 1
        guard entries.indices.contains(index) else { return }
        entries[index].endMs = elapsedMs()
        entries[index].status = status
        statusCounts[String(status), default: 0] += 1
    }

    func reset() {
        entries = []
        maxInFlight = inFlight
        statusCounts = [:]
    }

    func json() -> Data {
        let log: [[String: Any]] = entries.map { entry in
            var item: [String: Any] = ["path": entry.path, "start_ms": entry.startMs, "conditional": entry.conditional,
                                       "user_agent": entry.userAgent]
            if let source = entry.source { item["source"] = source }
            if let id = entry.id { item["id"] = id }
            if let page = entry.page { item["page"] = page }
            if let end = entry.endMs { item["end_ms"] = end }
            if let status = entry.status { item["status"] = status }
            return item
        }
        let object: [String: Any] = ["requests": entries.count, "in_flight": inFlight, "max_in_flight": maxInFlight,
                                     "statuses": statusCounts, "log": log]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    private func elapsedMs() -> Double {
        let elapsed = ContinuousClock.now - started
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }
}
