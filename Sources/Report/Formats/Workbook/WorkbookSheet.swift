import Foundation

/// One sheet's rows as they come: their XML in a temporary file, with what the
/// sheet's head needs (how many rows, how wide each column). The file goes when the
/// sheet does.
final class WorkbookSheet {
    let name: String
    let header: [String]
    private(set) var rowCount = 0
    /// The spooled rows' bytes.
    private(set) var spooledSize: Int64 = 0
    /// Per column, the longest value's characters so far.
    private var longest: [Int]
    private let path: String
    private let handle: FileHandle
    /// Rows not yet in the file: written 64 KiB at a time, not a call per row.
    private var pending = Data()

    init(name: String, header: [String]) throws {
        self.name = name
        self.header = header
        longest = Array(repeating: 0, count: header.count)
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("cpvanity-sheet-\(UUID().uuidString).xml")
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forUpdatingAtPath: path) else {
            throw WriteError(target: path, reason: "a workbook's sheet cannot be spooled there (set TMPDIR to a writable directory)")
        }
        self.handle = handle
    }

    deinit {
        try? handle.close()
        try? FileManager.default.removeItem(atPath: path)
    }

    func append(_ cells: [WorkbookCell]) throws {
        rowCount += 1
        for (index, cell) in cells.enumerated() where index < longest.count {
            longest[index] = max(longest[index], cell.shownWidth)
        }
        let xml = Data(Workbook.row(rowCount + 1, cells, style: nil).utf8)
        pending += xml
        spooledSize += Int64(xml.count)
        if pending.count >= 1 << 16 { try drain() }
    }

    private func drain() throws {
        guard !pending.isEmpty else { return }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: pending)
            pending.removeAll(keepingCapacity: true)
        } catch {
            throw WriteError(target: path, reason: "a workbook's sheet could not be spooled (is the disk full?)")
        }
    }

    /// Wide enough for the header and the longest value, within reason.
    var columnWidths: [Int] {
        header.indices.map { min(60, max(8, header[$0].count + 3, longest[$0] + 2)) }
    }

    /// The rows' XML, `size` bytes from `position` (all rows are in before it is read).
    func spooled(from position: Int64, size: Int) throws -> Data {
        try drain()
        try handle.seek(toOffset: UInt64(position))
        return try handle.read(upToCount: size) ?? Data()
    }
}
