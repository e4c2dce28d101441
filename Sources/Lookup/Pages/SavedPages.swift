import Foundation
import Packs

/// Pages saved on disk (`--save-pages`, fixtures), named as `SavedPageName` says: a
/// source's further pages are its `-p2`, `-p3` files, whatever the `next` link says.
public struct SavedPages: PageOrigin {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// Saved pages are read as they are.
    public var checksCompleteness: Bool { false }

    public func first(source: String, id: String, url: String) async -> Result<FetchedPage, PageFailure> {
        read(SavedPageName(source: source, id: id), url: url)
    }

    public func further(source: String, id: String, url: String, number: Int, after first: FetchedPage) async -> Result<FetchedPage, PageFailure> {
        read(SavedPageName(source: source, id: id, page: number), url: url)
    }

    private func read(_ name: SavedPageName, url: String) -> Result<FetchedPage, PageFailure> {
        let path = (directory as NSString).appendingPathComponent(name.fileName)
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(PageFailure(MemberError(kind: .notFound, source: name.source, url: path, message: "no saved page \(name.fileName) in \(directory)")))
        }
        return .success(FetchedPage(bytes: [UInt8](data), charset: nil, origin: path, base: url))
    }
}
