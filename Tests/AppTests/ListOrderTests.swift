@testable import App
import Testing

/// The list's order, kept for members that finish in any order.
@Suite struct ListOrderTests {
    @Test func membersAreHandedOnInTheListsOrder() {
        var order = ListOrder<Int>(["a", "b", "c"])
        order.hold(3, for: "c")
        #expect(order.ready().map(\.id) == [])
        order.hold(1, for: "a")
        #expect(order.ready().map(\.item) == [1])
        order.hold(2, for: "b")
        #expect(order.ready().map(\.item) == [2, 3])
        #expect(order.nextID == nil)
    }

    /// Listed twice: handed on once, at its first place; a second record for it replaces nothing.
    @Test func aMemberListedTwiceGoesOnce() {
        var order = ListOrder<Int>(["a", "b", "a", "c"])
        order.hold(1, for: "a")
        order.hold(2, for: "b")
        #expect(order.ready().map(\.id) == ["a", "b"])
        let keptAgain = order.hold(9, for: "a")
        #expect(!keptAgain)
        order.hold(3, for: "c")
        #expect(order.ready().map(\.id) == ["c"])
    }

    /// At the end, those after a member that never came go in the list's order; one not
    /// in the list goes nowhere.
    @Test func theRestGoesInOrderPastAMemberThatNeverCame() {
        var order = ListOrder<String>(["a", "b", "c", "d"])
        order.hold("D", for: "d")
        order.hold("B", for: "b")
        order.hold("X", for: "x")
        #expect(order.ready().isEmpty)
        #expect(order.rest().map(\.item) == ["B", "D"])
        #expect(order.rest().isEmpty)
    }
}
