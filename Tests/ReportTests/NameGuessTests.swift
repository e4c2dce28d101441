import PageText
import Report
import Testing

/// "Did you mean": a typo's likely meaning, and no guess where nothing of the name is kept.
@Suite struct NameGuessTests {
    @Test func theDistanceCountsCharactersPutInTakenOutOrChanged() {
        #expect(EditDistance.between("name", "name") == 0)
        #expect(EditDistance.between("nmae", "name") == 2)
        #expect(EditDistance.between("sitee", "site") == 1)
        #expect(EditDistance.between("", "id") == 2)
        #expect(EditDistance.between("réputation", "reputation") == 1)
    }

    @Test func nearIsAThirdChangedAtMostAndSomethingKept() {
        #expect(EditDistance.isNear(2, length: 3))
        #expect(!EditDistance.isNear(2, length: 2))
        #expect(EditDistance.isNear(3, length: 9))
        #expect(!EditDistance.isNear(4, length: 9))
        #expect(!EditDistance.isNear(1, length: 1))
    }

    @Test func aTypoIsGuessedAndANameOfNothingAlikeIsNot() {
        let names = ["schema", "id", "site", "name", "reputation.total", "stats.total_views"]
        #expect(JSONSelection.closest(to: "nmae", in: names) == "name")
        #expect(JSONSelection.closest(to: "reputaton.total", in: names) == "reputation.total")
        #expect(JSONSelection.closest(to: "Stats.Total_Veiws", in: names) == "stats.total_views")
        // A short name two changes from "id" keeps none of it: no guess, not "did you mean id?".
        #expect(JSONSelection.closest(to: "x", in: names) == nil)
        #expect(JSONSelection.closest(to: ".", in: names) == nil)
        #expect(JSONSelection.closest(to: "id", in: names) == "id")
        #expect(JSONSelection.closest(to: "followers", in: names) == nil)
    }
}
