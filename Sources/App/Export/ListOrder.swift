/// Members that finish in any order, handed on in the order of a list (a batch's IDs):
/// each is held until those before it are in; a member listed twice goes once; at the
/// end, those after a member that never came go in the list's order. The one keeper of
/// a list's order: the streaming export holds records (or their places in the
/// checkpoint) in it, a resume the members its checkpoint already has.
struct ListOrder<Held> {
    private let order: [String]
    /// The first member of `order` not yet handed on.
    private var next = 0
    private var handed = Set<String>()
    private var held = [String: Held]()

    init(_ order: [String]) {
        self.order = order
    }

    /// The member whose turn it is.
    var nextID: String? { next < order.count ? order[next] : nil }

    /// Keeps `item` for the member until its turn; false (nothing kept) for one already
    /// handed on. One not in the list never has a turn, and `rest` leaves it out.
    @discardableResult
    mutating func hold(_ item: Held, for id: String) -> Bool {
        guard !handed.contains(id) else { return false }
        held[id] = item
        return true
    }

    /// The members whose turn has come, in the list's order, no longer held.
    mutating func ready() -> [(id: String, item: Held)] {
        var out = [(id: String, item: Held)]()
        while next < order.count {
            let id = order[next]
            if handed.contains(id) {
                next += 1
                continue
            }
            guard let item = held.removeValue(forKey: id) else { break }
            handed.insert(id)
            out.append((id, item))
            next += 1
        }
        return out
    }

    /// Every member still held, in the list's order: the run is over, and those before
    /// them will not come. Members not in the list are left out.
    mutating func rest() -> [(id: String, item: Held)] {
        var out = [(id: String, item: Held)]()
        for id in order[next...] where !handed.contains(id) {
            guard let item = held.removeValue(forKey: id) else { continue }
            handed.insert(id)
            out.append((id, item))
        }
        next = order.count
        return out
    }
}
