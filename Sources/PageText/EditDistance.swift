/// Levenshtein's distance between two texts, on characters: how many characters put
/// in, taken out or changed turn one into the other. What a "did you mean" guess and
/// the pack learner's nearest text both go by.
public enum EditDistance {
    public static func between(_ first: String, _ second: String) -> Int {
        let a = Array(first), b = Array(second)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// A text `distance` from one of `length` characters is a likely typo of it: at most
    /// a third of it changed (two for a short one), and something of it kept.
    public static func isNear(_ distance: Int, length: Int) -> Bool {
        distance <= max(2, length / 3) && distance < length
    }
}
