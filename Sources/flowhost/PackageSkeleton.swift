import ArgumentParser
import FlowHostApp
import Foundation
import HTMLPresenter

/// The package `flowhost init` writes: the files of `Skeleton/` (a package named `Prototype`, every
/// `Prototype` renamed), and a `Package.swift` that depends on FlowHost where it was asked to.
struct PackageSkeleton {
    /// Where the new package gets FlowHost.
    enum Dependency: Equatable {
        /// A git URL (the `main` branch).
        case url(String)
        /// A checkout on this machine (an absolute path).
        case path(String)

        /// The URL or path.
        var location: String {
            switch self {
            case .url(let url): url
            case .path(let path): path
            }
        }

        /// SwiftPM's name for the package (a path dependency is named after its folder, whatever
        /// its manifest says), which `.product(name:package:)` must use.
        var identity: String {
            let last = location.split(separator: "/").last.map(String.init) ?? location
            return (last.hasSuffix(".git") ? String(last.dropLast(4)) : last).lowercased()
        }

        /// The line of `dependencies:`.
        var packageLine: String {
            switch self {
            case .url(let url): ".package(url: \(SwiftStringLiteral.quoted(url)), branch: \"main\")"
            case .path(let path): ".package(path: \(SwiftStringLiteral.quoted(path)))"
            }
        }
    }

    /// Why the package was not written.
    enum WriteError: Error, CustomStringConvertible {
        /// The destination exists and is not an empty folder.
        case notEmpty(URL)
        /// A file could not be written.
        case cannotWrite(URL, any Error)

        var description: String {
            switch self {
            case .notEmpty(let url):
                "\(url.path(percentEncoded: false)) exists and is not empty; choose another NAME or --path"
            case .cannotWrite(let url, let error):
                "\(url.path(percentEncoded: false)): cannot be written (\(error.localizedDescription))"
            }
        }
    }

    /// The name the skeleton's files use, replaced by the new package's name.
    static let placeholder = "Prototype"

    let name: String
    let flowhost: Dependency

    /// `argument` as a dependency: an `http`, `https`, `ssh` or `git` URL, or an scp-style git
    /// address (`git@github.com:owner/FlowHost.git`), else a folder that must hold a
    /// `Package.swift`. Either way it is written into the manifest as an escaped string literal.
    ///
    /// - Throws: a `ValidationError` that says what is wrong (exit status 64).
    static func dependency(_ argument: String) throws -> Dependency {
        if argument.contains("://") {
            let url = URLComponents(string: argument)
            guard let scheme = url?.scheme?.lowercased(), ["http", "https", "ssh", "git"].contains(scheme),
                url?.host?.isEmpty == false, argument.allSatisfy(Self.isURLCharacter)
            else {
                throw ValidationError(
                    "--flowhost \(argument): not a git URL FlowHost can be fetched from (http, https, ssh or git, with a "
                        + "host, no spaces or quotes); or give the path of a FlowHost checkout.")
            }
            return .url(argument)
        }
        if argument.wholeMatch(of: /[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:[A-Za-z0-9._~\/-]+/) != nil { return .url(argument) }
        let folder = URL(filePath: argument, directoryHint: .isDirectory).standardizedFileURL
        guard FileManager.default.fileExists(atPath: folder.appending(path: "Package.swift").path) else {
            throw ValidationError(
                "--flowhost \(argument): \(folder.path(percentEncoded: false)) holds no Package.swift (give a FlowHost checkout or a git URL)."
            )
        }
        let path = folder.path(percentEncoded: false)
        return .path(path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path)
    }

    /// What RFC 3986 allows in a URL as it is written.
    private static func isURLCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "-._~:/?#[]@!$&'()*+,;=%".contains(character))
    }

    /// The FlowHost checkout this `flowhost` was built from, when it is still there.
    static func builtFromCheckout() throws -> String {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: root.appending(path: "Package.swift").path) else {
            throw ValidationError(
                "Give --flowhost (a FlowHost checkout or its git URL): this flowhost's sources are gone.")
        }
        return root.path(percentEncoded: false)
    }

    /// Writes the package into `destination`, which must not exist or be an empty folder.
    func write(to destination: URL) throws(WriteError) {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: destination.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue, (try? files.contentsOfDirectory(atPath: destination.path))?.isEmpty == true
            else { throw .notEmpty(destination) }
        }
        let skeleton = Bundle.module.url(forResource: "Skeleton", withExtension: nil)!
        var contents: [(path: String, data: Data)] = [("Package.swift", Data(manifest.utf8))]
        let enumerator = files.enumerator(at: skeleton, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                let data = try? Data(contentsOf: url)
            else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(skeleton.standardizedFileURL.path.count + 1))
            // Text is renamed; a picture (the pixel snapshots' PNGs) is copied as it is.
            let text = url.pathExtension == "png" ? nil : String(data: data, encoding: .utf8)
            contents.append(
                (
                    renamed(relative == "gitignore" ? ".gitignore" : relative),
                    text.map { Data(renamed($0).utf8) } ?? data
                ))
        }
        for (path, data) in contents {
            let url = destination.appending(path: path)
            do {
                try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            } catch {
                throw .cannotWrite(url, error)
            }
        }
    }

    private func renamed(_ text: String) -> String {
        text.replacing(Self.placeholder, with: name).replacing("FLOWHOST_LINK", with: flowhost.location)
    }

    /// The new package's manifest.
    var manifest: String {
        let flowhostPackage = SwiftStringLiteral.quoted(flowhost.identity)
        return """
            // swift-tools-version: 6.1
            import PackageDescription

            let package = Package(
                name: "\(name)",
                platforms: [.macOS(.v15)],
                dependencies: [
                    \(flowhost.packageLine),
                    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
                ],
                targets: [
                    // The flow, its screens and the web app.
                    .target(
                        name: "\(name)",
                        dependencies: [
                            .product(name: "FlowCore", package: \(flowhostPackage)),
                            .product(name: "HTMLPresenter", package: \(flowhostPackage)),
                            .product(name: "FlowHostApp", package: \(flowhostPackage)),
                        ]
                    ),
                    // `swift run \(name)Server`: serves the app, with the options of `flowhost serve`.
                    .executableTarget(
                        name: "\(name)Server",
                        dependencies: ["\(name)", .product(name: "FlowHostServe", package: \(flowhostPackage))]
                    ),
                    .testTarget(
                        name: "\(name)Tests",
                        dependencies: [
                            "\(name)", .product(name: "FlowTesting", package: \(flowhostPackage)),
                            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                        ],
                        exclude: ["__Snapshots__"]
                    ),
                ],
                swiftLanguageModes: [.v6]
            )

            """
    }
}
