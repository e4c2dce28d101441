import CSV
import Extraction
import Foundation
import Lookup
import Packs
@testable import Report
import Testing
import TestSupport

@Suite struct CSVExportTests {
    func parse(_ text: String) throws -> (header: [String], rows: [[String]]) {
        let reader = try CSVReader(string: text, hasHeaderRow: true)
        var rows = [[String]]()
        while let row = reader.next() { rows.append(row) }
        return (reader.headerRow ?? [], rows)
    }

    /// What a CSV cell must hold for a value, read back as that type.
    func matches(_ cell: String, _ value: FieldValue?) -> Bool {
        switch value {
        case .none, .null?: return cell.isEmpty
        case .text(let text)?: return cell == text || cell == "'" + text
        case .int(let number)?: return Int(cell) == number
        case .decimal(let number)?: return Decimal(string: cell) == number
        case .date(let date)?: return cell == date.description
        }
    }

    @Test func memberRowsReadBackAsTheRecords() throws {
        let records = FixtureRecords.all
        let csv = try Formats.csv.text(records, pack: FixtureRecords.pack, options: ReportOptions())
        let (header, rows) = try parse(csv)
        #expect(rows.count == records.count)
        #expect(header.first == "id" && header.last == "error")
        for (record, row) in zip(records, rows) {
            #expect(row[0] == record.id)
            for field in FixtureRecords.pack.fields {
                let index = try #require(header.firstIndex(of: field.name))
                #expect(matches(row[index], record.extracted.value(field.name)), "\(record.id) \(field.name): \(row[index])")
            }
            let error = try #require(header.firstIndex(of: "error"))
            #expect(row[error].isEmpty == record.errors.isEmpty)
        }
    }

    @Test func articleRowsReadBackAsTheRows() throws {
        let record = FixtureRecords.record("48201")
        let csv = try Formats.csv.text([record], pack: FixtureRecords.pack, options: ReportOptions(rows: true))
        let (header, rows) = try parse(csv)
        let articles = try #require(record.extracted.collections["articles"])
        #expect(rows.count == 34)
        let titleIndex = try #require(header.firstIndex(of: "title"))
        // Sorted by views, so match rows by title.
        for row in rows {
            let original = try #require(articles.first { $0["title"] == .text(row[titleIndex]) })
            for (index, column) in header.enumerated() where !["id", "name", "error"].contains(column) {
                #expect(matches(row[index], original[column]), "\(column): \(row[index])")
            }
            #expect(row[0] == "48201" && row[1] == "Maren Okafor")
        }
    }

    /// `--columns`: those columns, in that order, member rows and article rows alike.
    @Test func chosenColumnsInTheirOrder() throws {
        let record = FixtureRecords.record("48201")
        let members = try Formats.csv.text([record], pack: FixtureRecords.pack, options: ReportOptions(columns: ["reputation.total", "id", "stats.total_views", "error"]))
        #expect(members == "reputation.total,id,stats.total_views,error\r\n1204873,48201,5968783,\r\n")
        let articles = try Formats.csv.text([record], pack: FixtureRecords.pack, options: ReportOptions(limit: 2, rows: true, columns: ["views", "title"]))
        #expect(articles == "views,title\r\n2345678,Cache Heap Shader\r\n225031,Clock Buffer Vector\r\n")
        #expect(CSVColumns.available(pack: FixtureRecords.pack, rows: true)
            == ["id", "name", "kind", "title", "url", "description", "posted", "updated", "views", "rating", "votes", "popularity",
                "bookmarks", "downloads", "error"])
    }

    @Test func awkwardTextSurvivesAndFormulasAreNeutralised() throws {
        var extracted = ExtractedRecord()
        extracted.fields["name"] = FieldReading(.text("=HYPERLINK(\"http://evil\",\"x\")"))
        extracted.fields["avatar_url"] = FieldReading(.text("a,b \"quoted\"\nsecond line"))
        extracted.fields["counts.articles"] = FieldReading(.int(-4))
        extracted.fields["ratings.articles_average"] = FieldReading(.decimal(Decimal(string: "-1.5")!))
        let record = MemberRecord(id: "5", site: "codeproject", fetchedAt: FixtureRecords.fetchedAt, sources: [],
                                  extracted: extracted, errors: [MemberError(kind: .http, message: "@SUM(1)")])
        let safe = try parse(try Formats.csv.text([record], pack: FixtureRecords.pack, options: ReportOptions()))
        let raw = try parse(try Formats.csv.text([record], pack: FixtureRecords.pack, options: ReportOptions(rawCSV: true)))
        func cell(_ table: (header: [String], rows: [[String]]), _ column: String) throws -> String {
            table.rows[0][try #require(table.header.firstIndex(of: column))]
        }
        #expect(try cell(safe, "name") == "'=HYPERLINK(\"http://evil\",\"x\")")
        #expect(try cell(raw, "name") == "=HYPERLINK(\"http://evil\",\"x\")")
        #expect(try cell(safe, "avatar_url") == "a,b \"quoted\"\nsecond line")
        #expect(try cell(safe, "counts.articles") == "-4")
        #expect(try cell(safe, "ratings.articles_average") == "-1.5")
        // The error cell starts with its kind, so it is no formula and stays as it is.
        #expect(try cell(safe, "error") == "http: @SUM(1)")
        #expect(CSVText.neutralised("+1", raw: false) == "'+1")
        #expect(CSVText.neutralised("-x", raw: false) == "'-x")
        #expect(CSVText.neutralised("\t=1", raw: false) == "'\t=1")
        #expect(CSVText.neutralised("plain", raw: false) == "plain")
    }
}
