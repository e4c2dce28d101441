import Files
import Foundation
import Synchronization

/// Where a format's bytes go: standard output, or a file being written. Formats write
/// bytes, not strings, so a binary one (a workbook) goes through the same door.
public protocol ByteWriter: AnyObject, Sendable {
    func write(_ bytes: UnsafeRawBufferPointer) throws
    /// Sends on what was written so far (a streamed record reaches its reader now).
    func flush() throws
    /// A terminal reads these bytes: text from pages is escaped even in data formats.
    var isTerminal: Bool { get }
    /// Text with `TerminalStyle`'s styling in it (a table in colour): the styling goes
    /// out as the terminal's sequences, and no other control character goes out at all.
    func write(styled text: String) throws
}

extension ByteWriter {
    public var isTerminal: Bool { false }

    public func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Styled text is meant for a terminal wherever it goes (`--color always | less -R`):
    /// its controls are escaped, its styling made into sequences.
    public func write(styled text: String) throws {
        try write(TerminalOutput.styled(text, onTerminal: isTerminal))
    }

    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    public func write(_ data: Data) throws {
        try data.withUnsafeBytes { try write($0) }
    }
}

/// Why bytes could not be written: where, and the system's words for it.
public struct WriteError: Error, Sendable, CustomStringConvertible {
    /// A path, or "standard output".
    public let target: String
    public let reason: String

    public init(target: String, reason: String) {
        self.target = target
        self.reason = reason
    }

    public var description: String { "cannot write \(target): \(reason)" }
}

/// An open file descriptor with a buffer in front: standard output, or a file.
public final class DescriptorWriter: ByteWriter {
    /// The one way data reaches stdout: each write sent on at once, so a record
    /// reaches a pipe or a terminal as its member finishes.
    public static let standardOutput = DescriptorWriter(descriptor: STDOUT_FILENO, name: "standard output", buffered: false)

    private let descriptor: Int32
    private let name: String
    public let isTerminal: Bool
    private let buffered: Bool
    private let buffer = Mutex<[UInt8]>([])
    /// Buffered writes of this much go out at once rather than wait for a flush.
    private static let capacity = 1 << 16

    /// `name` says where the bytes go in messages (a path, "standard output").
    public init(descriptor: Int32, name: String, buffered: Bool = true) {
        self.descriptor = descriptor
        self.name = name
        self.buffered = buffered
        isTerminal = isatty(descriptor) == 1
    }

    /// On a terminal, whatever comes is shown, never obeyed: every control character
    /// escaped, whichever format or message it came in (`TerminalOutput`).
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard isTerminal else { return try append(bytes) }
        var text = TerminalOutput.rendered(String(decoding: bytes, as: UTF8.self), styled: false)
        try text.withUTF8 { try append(UnsafeRawBufferPointer($0)) }
    }

    /// On a terminal, the styling alone becomes sequences; everything else as `write` shows
    /// it. Rendered here, so the terminal's own escaping does not take the sequences too.
    public func write(styled text: String) throws {
        var text = TerminalOutput.styled(text, onTerminal: isTerminal)
        try text.withUTF8 { try append(UnsafeRawBufferPointer($0)) }
    }

    private func append(_ bytes: UnsafeRawBufferPointer) throws {
        try buffer.withLock { pending in
            pending.append(contentsOf: bytes)
            if !buffered || pending.count >= DescriptorWriter.capacity { try drain(&pending) }
        }
    }

    public func flush() throws {
        try buffer.withLock { try drain(&$0) }
    }

    private func drain(_ pending: inout [UInt8]) throws {
        let failure = pending.withUnsafeBytes { DescriptorWrite.all($0, to: descriptor) }
        pending.removeAll(keepingCapacity: failure == nil)
        if let failure { throw WriteError(target: name, reason: DescriptorWrite.reason(failure)) }
    }
}
