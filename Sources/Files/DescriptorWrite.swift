import Foundation

/// Writing to a descriptor until every byte is in: one write may take only part of what
/// it is given (a pipe's room, a signal), so every writer of a file, a pipe or the
/// terminal goes through this loop.
public enum DescriptorWrite {
    /// All of `bytes` into `descriptor`; nil when they are in, else the system's error
    /// number of the write that failed.
    public static func all(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = write(descriptor, bytes.baseAddress.map { $0 + written }, bytes.count - written)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return count < 0 ? errno : EIO }
            written += count
        }
        return nil
    }

    /// The words the system has for `number` (`No space left on device`).
    public static func reason(_ number: Int32) -> String {
        String(cString: strerror(number))
    }
}
