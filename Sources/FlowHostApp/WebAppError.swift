import Foundation

/// A ``WebApp`` that cannot be served as given.
public enum WebAppError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder to serve at `/public/` does not exist (or is a file).
    case noPublicDirectory(URL)

    /// What is wrong, naming the path.
    public var description: String {
        switch self {
        case .noPublicDirectory(let url):
            "\(url.standardizedFileURL.path(percentEncoded: false)): no such public directory"
        }
    }
}
