/// The `text` conversion for callers outside the rules (feeds): tags stripped,
/// entities decoded, white space collapsed.
public enum PlainText {
    public static func from(html: String) -> String {
        HTMLText.plain(html)
    }
}
