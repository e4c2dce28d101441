extension String {
    /// A table line without the padding of its last column.
    package func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
