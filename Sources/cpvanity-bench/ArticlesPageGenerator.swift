/// CodeProject-style articles pages of a chosen size, in the modern markup the
/// bundled pack reads: every row carries every stats field, with filler between rows
/// (as real pages carry navigation, ads and scripts). ASCII only, so the
/// NSRegularExpression baseline's UTF-16 offsets equal UTF-8 offsets, unless
/// `accented`: then every row's title and description hold a non-ASCII letter, and
/// PCRE2 must use its UTF-8 programs throughout.
enum ArticlesPageGenerator {
    static func page(bytes target: Int, accented: Bool = false) -> (html: [UInt8], rows: Int) {
        page(accented: accented) { html, _ in html.utf8.count < target - 400 }
    }

    /// A page of exactly `rows` rows.
    static func page(rows wanted: Int) -> (html: [UInt8], rows: Int) {
        page(accented: false) { _, rows in rows < wanted }
    }

    private static func page(accented: Bool, more: (String, Int) -> Bool) -> (html: [UInt8], rows: Int) {
        let title = accented ? "Généré article" : "Generated article"
        let noun = accented ? "artícle" : "article"
        var html = """
            <!DOCTYPE html><html><head><meta charset="utf-8"><title>Articles by Bench Mark</title></head><body>
            <h1 id="ctl00_MC_AR_Heading" class="page-title">Articles by Bench Mark (Articles: 900, Technical Blogs: 50, Tips/Tricks: 50)</h1>
            <div class="summary">Average article rating: 4.51</div><div class="summary">Average blogs rating: 4.20</div>
            <table class="article-list">

            """
        var rows = 0
        let filler = String(repeating: "<div class=\"ad-slot\">sponsored content placeholder text for padding</div>\n", count: 4)
        while more(html, rows) {
            rows += 1
            let code = ["AR", "BR", "TR"][rows % 3]
            let id = "ctl00_MC_\(code)_ctl\(rows)_CAR"
            html += """
                  <tr id="\(id)_MainArticleRow" class="article-row">
                    <td class="title-cell">
                      <a id="\(id)_Title" href="/Articles/\(5_000_000 + rows)/Generated-article-\(rows)">\(title) number \(rows) &amp; friends</a>
                      <div class="desc"><span id="\(id)_Description">A description of \(noun) \(rows), long enough to look like a real one: <b>bold</b> words and plain ones.</span></div>
                    </td>
                    <td class="stats-cell">
                      <table class="rating-stars"><tr><td class="star-on"></td><td class="star-off"></td></tr></table>
                      <div id="\(id)_Stats" class="article-stats">Posted: \(1 + rows % 28) Mar 2012 Updated: <b>\(1 + rows % 27) Apr 2013</b> Views: \(grouped(12_345 + rows * 7)) Rating: 4.\(10 + rows % 89)/5 Votes: \(12 + rows % 50) Popularity: 5.\(10 + rows % 80) Bookmarked: \(20 + rows % 70) Downloaded: \(300 + rows)</div>
                    </td>
                  </tr>
                \(filler)
                """
        }
        html += "</table><div id=\"footer\">end</div></body></html>\n"
        return (Array(html.utf8), rows)
    }

    private static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }
}
