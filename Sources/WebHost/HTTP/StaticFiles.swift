import Foundation
import HTMLPresenter
import Hummingbird

/// Serves `/_flowhost/` (the chrome's stylesheet and script) and `/public/` (the app's folder)
/// with content types and ETags. No path outside those folders is ever served: after
/// percent-decoding, `..` segments, backslashes and NUL are refused before the file system is
/// asked.
struct StaticFiles: Sendable {
    private typealias Files = FileMiddleware<FlowHostRequestContext, LocalFileSystem>

    private let folders: [(prefix: String, files: Files)]
    private let responses: PageResponses

    init(publicDirectory: URL?, responses: PageResponses) {
        // Revalidate every time: an edited stylesheet shows on the next reload; unchanged files
        // answer 304 through their ETag.
        let cacheControl = CacheControl([(MediaType(type: .any), [.noCache])])
        var folders = [
            (
                FlowHostRoute.chromeFilesPrefix,
                Files(
                    Chrome.publicDirectory.path, urlBasePath: String(FlowHostRoute.chromeFilesPrefix.dropLast()),
                    cacheControl: cacheControl)
            )
        ]
        if let publicDirectory {
            folders.append(
                (
                    FlowHostRoute.publicFilesPrefix,
                    Files(
                        publicDirectory.path, urlBasePath: String(FlowHostRoute.publicFilesPrefix.dropLast()),
                        cacheControl: cacheControl)
                ))
        }
        self.folders = folders
        self.responses = responses
    }

    func serve(_ request: Request, context: FlowHostRequestContext) async throws -> Response {
        let path = request.uri.path
        guard let files = folders.first(where: { path.hasPrefix($0.prefix) })?.files else {
            return notFound(path)
        }
        guard let decoded = path.removingPercentEncoding,
            !decoded.split(separator: "/", omittingEmptySubsequences: false).contains(".."),
            !decoded.contains("\\"), !decoded.contains("\0"), !decoded.contains("//")
        else {
            return responses.message(
                .badRequest, title: "Bad request", message: "\(path) is not a file path this server serves.")
        }
        do {
            return try await files.handle(request, context: context) { _, _ in throw HTTPError(.notFound) }
        } catch let error as HTTPError where error.status == .notFound {
            return notFound(path)
        } catch let error as HTTPError where error.status == .badRequest {
            return responses.message(
                .badRequest, title: "Bad request", message: "\(path) is not a file path this server serves.")
        }
    }

    private func notFound(_ path: String) -> Response {
        responses.message(.notFound, title: "File not found", message: "There is no file at \(path).")
    }
}
