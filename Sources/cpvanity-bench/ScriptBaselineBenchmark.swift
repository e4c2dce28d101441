import Foundation

/// The whole `cpvanity extract` of a big articles page (release binary: load the pack,
/// decode, extract, write JSON) against a Python script doing the same with `re`
/// (scripts/bench-baseline-re.py): what a user would otherwise have written.
struct ScriptBaselineBenchmark {
    let binaries: String
    let repository: URL
    let packFile: String
    let log: (String) -> Void

    func run(rows wanted: Int, runs: Int) throws -> [Row] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (html, rows) = ArticlesPageGenerator.page(rows: wanted)
        let page = directory.appendingPathComponent("articles-1.html").path
        try Data(html).write(to: URL(fileURLWithPath: page))
        log("extract of \(rows) rows (\(html.count / 1_000_000) MB): cpvanity against Python re, \(runs) runs each, alternately")

        let pack = URL(fileURLWithPath: packFile)
        let cpvanity = (binaries + "/cpvanity", ["extract", "--patterns", pack.deletingLastPathComponent().path,
                                                 "--site", pack.deletingPathExtension().lastPathComponent, "--source", "articles", "--compact", page])
        let python = ("/usr/bin/env", ["python3", repository.appendingPathComponent("scripts/bench-baseline-re.py").path, packFile, "articles", page])
        // The same rows, or the comparison means nothing.
        let ours = try views(of: cpvanity, output: directory.appendingPathComponent("ours.json").path, rows: \.self)
        let theirs = try views(of: python, output: directory.appendingPathComponent("theirs.json").path, rows: { ($0 as? [String: Any])?["collections"] })
        guard ours.count == rows, ours == theirs else {
            throw BenchError("cpvanity and the Python baseline did not read the same \(rows) rows (\(ours.count) and \(theirs.count))")
        }
        var best = (ours: Double.infinity, theirs: Double.infinity)
        for _ in 0..<runs {
            best.ours = min(best.ours, try ChildProcess.run(cpvanity.0, cpvanity.1).wallSeconds)
            best.theirs = min(best.theirs, try ChildProcess.run(python.0, python.1).wallSeconds)
        }
        let ratio = best.theirs / best.ours
        return [
            Row(figure: "extract, \(rows) rows: cpvanity / Python re (s)", target: "-",
                measured: String(format: "%.2f s / %.2f s", best.ours, best.theirs), pass: nil),
            Row(figure: "extract, \(rows) rows: Python re time / cpvanity's", target: ">= 10x",
                measured: String(format: "%.1fx", ratio), pass: ratio >= 10),
        ]
    }

    /// Each row's views, as one program printed them; it must exit 0 (cpvanity) or
    /// print a record (the script).
    private func views(of program: (String, [String]), output: String, rows: (Any) -> Any?) throws -> [Int] {
        let outcome = try ChildProcess.run(program.0, program.1, stdout: output)
        guard outcome.status == 0 else { throw BenchError("\(program.1.first ?? program.0) exited with status \(outcome.status)") }
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output)))
        let record = rows(document) as? [String: Any]
        let list = (record?["articles"] ?? (document as? [String: Any])?["articles"]) as? [[String: Any]] ?? []
        return list.map { ($0["views"] as? Int) ?? -1 }
    }
}
