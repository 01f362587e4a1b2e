import FlowHostApp
import Foundation
import HTMLPages
import HTMLPresenter
import Hummingbird
import NIOCore
import _NIOFileSystem

/// Serves `/_flowhost/` (the chrome's stylesheets, script and fonts) and `/public/` (the app's
/// folder) with content types, ETags (`304`), byte ranges and `no-cache` (a browser revalidates
/// the file at every use). What the pages link under a version is `immutable` instead, while that
/// version is current (``VersionSegment``): the chrome's files under this process's version
/// (``ChromeVersion``), the app's under its folder's (``PublicFolderVersion``). A browser keeps
/// them for a year without asking again. No file outside those folders is ever served: after
/// percent-decoding, `..`
/// segments, backslashes and NUL are refused before the file system is asked, and a symbolic link
/// that leads out of its folder is not found (`ServedFolder`).
///
/// Text files (stylesheets, scripts, SVG, JSON...) travel gzip-compressed to a client that accepts
/// it, compressed once per version of the file (``CompressedFiles``), with `Vary: Accept-Encoding`
/// and an ETag of their own (the file's with `-gzip`). A request with `Range` is answered from the
/// file as is: a range of compressed bytes is of no use to anyone.
///
/// Our own responder rather than Hummingbird 2.28's `FileMiddleware`, which follows symbolic links
/// out of its folder, answers `Range: bytes=99999999-` with a `206` whose length is negative (the
/// connection hangs) and throws for `bytes=5-1` (a `500` here) where RFC 9110 ignores it, sends
/// `416` without `Content-Range`, and stats a file by path twice (its length can change between).
struct StaticFiles: Sendable {
    /// Each folder under its URL prefix, with its current version (``VersionSegment``; nil for none).
    private let folders: [(prefix: String, folder: ServedFolder, version: @Sendable () -> String?)]
    private let responses: PageResponses
    private let compressed = CompressedFiles()

    init(publicDirectory: URL?, version: PublicFolderVersion, responses: PageResponses) {
        var folders: [(String, ServedFolder, @Sendable () -> String?)] = [
            (FlowHostRoute.chromeFilesPrefix, ServedFolder(Chrome.publicDirectory), { ChromeVersion.current })
        ]
        if let publicDirectory {
            folders.append((FlowHostRoute.publicFilesPrefix, ServedFolder(publicDirectory), { version.current }))
        }
        self.folders = folders
        self.responses = responses
    }

    func serve(_ request: Request) async throws -> Response {
        let path = request.uri.path
        guard let (prefix, folder, version) = folders.first(where: { path.hasPrefix($0.prefix) }) else {
            return notFound(path)
        }
        guard let decoded = path.removingPercentEncoding,
            !decoded.split(separator: "/", omittingEmptySubsequences: false).contains(".."),
            !decoded.contains("\\"), !decoded.contains("\0"), !decoded.contains("//")
        else {
            return responses.message(
                .badRequest, title: "Bad request", message: "\(path) is not a file path this server serves.")
        }
        let (relative, isCurrentVersion) = VersionSegment.split(decoded.dropFirst(prefix.count), current: version())
        guard case .inside(let real) = folder.resolve(String(relative)), let file = try await ServedFile(path: real)
        else { return notFound(path) }

        var headers = HTTPFields()
        let contentType = Self.contentType(of: real)
        headers[.contentType] = contentType
        headers[.eTag] = file.eTag
        headers[.cacheControl] = isCurrentVersion ? "public, max-age=31536000, immutable" : "no-cache"
        headers[.acceptRanges] = "bytes"
        if CompressedFiles.compresses(contentType, size: file.size) {
            headers[.vary] = "Accept-Encoding"
            if request.contentCoding == .gzip, request.headers[.range] == nil {
                return try await compressedAnswer(file, request: request, headers: headers)
            }
        }
        if Self.matches(request.headers[values: .ifNoneMatch], file.eTag) {
            return Response(status: .notModified, headers: headers)
        }
        // Range applies to GET only (RFC 9110 §14.2), and only while If-Range names this version.
        let ifRange = request.headers[.ifRange]
        let range =
            request.method == .get && (ifRange == nil || ifRange == file.eTag)
            ? ByteRange(header: request.headers[.range], size: file.size) : .whole
        switch range {
        case .unsatisfiable:
            headers[.contentType] = nil
            headers[.contentRange] = "bytes */\(file.size)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        case .partial(let bytes):
            headers[.contentRange] = "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(file.size)"
            headers[.contentLength] = "\(bytes.count)"
            return Response(status: .partialContent, headers: headers, body: file.body(bytes))
        case .whole:
            headers[.contentLength] = "\(file.size)"
            guard request.method == .get, file.size > 0 else { return Response(status: .ok, headers: headers) }
            return Response(status: .ok, headers: headers, body: file.body(0...(file.size - 1)))
        }
    }

    /// The file gzip-compressed, with its own ETag (or `304` when the client has that version);
    /// the file as is when compressing does not make it smaller.
    private func compressedAnswer(_ file: ServedFile, request: Request, headers: HTTPFields) async throws -> Response {
        guard let gzip = try await compressed.gzip(of: file) else {
            var headers = headers
            headers[.contentLength] = "\(file.size)"
            guard request.method == .get else { return Response(status: .ok, headers: headers) }
            return Response(status: .ok, headers: headers, body: file.body(0...(file.size - 1)))
        }
        var headers = headers
        let eTag = file.eTag.dropLast() + "-gzip\""
        headers[.eTag] = String(eTag)
        if Self.matches(request.headers[values: .ifNoneMatch], String(eTag)) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentEncoding] = "gzip"
        headers[.contentLength] = "\(gzip.readableBytes)"
        guard request.method == .get else { return Response(status: .ok, headers: headers) }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: gzip))
    }

    /// Whether `If-None-Match` (its values, each maybe a list) names `eTag`, or is `*`: weak
    /// comparison, as RFC 9110 §13.1.2 asks.
    private static func matches(_ ifNoneMatch: [String], _ eTag: String) -> Bool {
        let tags = ifNoneMatch.flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        return tags.contains { $0 == "*" || $0 == eTag || $0 == "W/" + eTag }
    }

    private static func contentType(of path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."),
            let type = MediaType.getMediaType(forExtension: String(name[name.index(after: dot)...]).lowercased())
        else { return "application/octet-stream" }
        return type.description
    }

    private func notFound(_ path: String) -> Response {
        responses.message(.notFound, title: "File not found", message: "There is no file at \(path).")
    }
}

/// A regular file about to be served: what its headers say, and its bytes streamed from disk.
struct ServedFile: Sendable {
    let path: String
    let size: Int64
    /// The file's version: its modification time (to the nanosecond, so two saves within a second
    /// differ) and size, as nginx makes it.
    let eTag: String
    private let modified: FileInfo.Timespec

    /// The file changed between its headers and its body.
    private struct Changed: Error {}

    /// The regular file at `path` (a real path), or nil for anything else.
    init?(path: String) async throws {
        guard let info = try? await FileSystem.shared.info(forFileAt: FilePath(path), infoAboutSymbolicLink: true),
            info.type == .regular
        else { return nil }
        self.path = path
        size = info.size
        modified = info.lastDataModificationTime
        eTag =
            "\""
            + [modified.seconds, modified.nanoseconds, Int(size)].map { String($0, radix: 16) }.joined(separator: "-")
            + "\""
    }

    /// The whole file, read without following a link; nil if it changed since its headers were
    /// read (the caller then serves it streamed, which ends a changed file early).
    func contents() async throws -> ByteBuffer? {
        try await FileSystem.shared.withFileHandle(
            forReadingAt: FilePath(path), options: OpenOptions.Read(followSymbolicLinks: false)
        ) { handle in
            let info = try await handle.info()
            guard info.size == size, info.lastDataModificationTime == modified else { return nil }
            let bytes = try await handle.readToEnd(maximumSizeAllowed: .bytes(size))
            return bytes.readableBytes == size ? bytes : nil
        }
    }

    /// `bytes` of the file. Opened again when the body is written, without following a link: a file
    /// changed meanwhile ends the response early (the client sees it cut), never with other bytes
    /// under this version's headers.
    func body(_ bytes: ClosedRange<Int64>) -> ResponseBody {
        ResponseBody(contentLength: Int(bytes.count)) { [self] writer in
            try await FileSystem.shared.withFileHandle(
                forReadingAt: FilePath(path), options: OpenOptions.Read(followSymbolicLinks: false)
            ) { handle in
                let info = try await handle.info()
                guard info.size == size, info.lastDataModificationTime == modified else { throw Changed() }
                for try await chunk in handle.readChunks(in: bytes, chunkLength: .kibibytes(128)) {
                    try await writer.write(chunk)
                }
            }
            try await writer.finish(nil)
        }
    }
}
