import Foundation

/// What people paste for a member: its ID, or the address of one of its pages, which
/// the pack's URL templates say how to read (`…/View.aspx?mid=48201`, `…/users/31415/ada`).
extension SitePack {
    /// The member ID `text` gives: itself when it is one, else the ID in a page address
    /// that one of the pack's sources' templates matches (on any host: the site's, a
    /// mirror's, the replica's); nil for anything else.
    public func memberID(from text: String) -> String? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if idRule.accepts(text) { return text }
        guard HTTPAddress.hasScheme(text), let parts = URLComponents(string: text), parts.host != nil else { return nil }
        let onSite = parts.percentEncodedPath + (parts.percentEncodedQuery.map { "?" + $0 } ?? "")
        for source in sources {
            guard let id = source.memberID(inPathAndQuery: onSite), idRule.accepts(id) else { continue }
            return id
        }
        return nil
    }
}

extension SourceRule {
    /// The ID in `onSite` (a page's path and query), where the template's text after
    /// `{base}` and before `{id}` leads to it; the ID runs to the next `/`, `?`, `&`, `#`
    /// or the template's own next character.
    func memberID(inPathAndQuery onSite: String) -> String? {
        guard let base = urlTemplate.range(of: "{base}"), let id = urlTemplate.range(of: "{id}"), base.upperBound <= id.lowerBound else { return nil }
        let lead = String(urlTemplate[base.upperBound..<id.lowerBound])
        guard onSite.lowercased().hasPrefix(lead.lowercased()) else { return nil }
        let stops = Set("/?&#" + String(urlTemplate[id.upperBound...].prefix(1)))
        let found = onSite.dropFirst(lead.count).prefix { !stops.contains($0) }
        return found.isEmpty ? nil : found.removingPercentEncoding ?? String(found)
    }
}
