import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder whose files are served (`/public/`) or exported: a path names one of its files only
/// when its real path — every symbolic link resolved — is inside the folder's real path. A link
/// to another file of the folder is followed; one that leads out of it, or loops, is not.
package struct ServedFolder: Sendable {
    /// Where a path in the folder leads.
    package enum Resolution: Equatable, Sendable {
        /// To this real path, inside the folder.
        case inside(String)
        /// To this real path, outside the folder.
        case outside(String)
        /// Symbolic links that loop (or too many of them).
        case loop
        /// Nowhere: nothing is there (or the folder itself is gone).
        case missing
    }

    /// The folder as given.
    package let url: URL

    /// The folder at `url`.
    package init(_ url: URL) {
        self.url = url
    }

    /// Where `relativePath` (components joined by `/`, no `..`) leads from the folder.
    package func resolve(_ relativePath: String) -> Resolution {
        guard let root = Self.realPath(url.path(percentEncoded: false)).success else { return .missing }
        let path = url.appending(path: relativePath).path(percentEncoded: false)
        switch Self.realPath(path) {
        case .success(let real):
            let inside = real == root || real.hasPrefix(root.hasSuffix("/") ? root : root + "/")
            return inside ? .inside(real) : .outside(real)
        case .failure(let error) where error.code == .ELOOP:
            return .loop
        case .failure:
            return .missing
        }
    }

    private static func realPath(_ path: String) -> Result<String, POSIXError> {
        guard let resolved = realpath(path, nil) else {
            return .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .ENOENT))
        }
        defer { free(resolved) }
        return .success(String(cString: resolved))
    }
}

extension Result {
    fileprivate var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
