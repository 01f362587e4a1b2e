import ArgumentParser
import Foundation
import Testing

@testable import flowhost

@Suite("flowhost init --flowhost: a URL or a checkout, written as an escaped string literal")
struct InitTests {
    /// A folder holding a `Package.swift`, named `name`, in a fresh temporary folder.
    private func checkout(named name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-init-\(UUID().uuidString)")
            .appending(path: name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("// swift-tools-version: 6.1\n".utf8).write(to: folder.appending(path: "Package.swift"))
        return folder
    }

    @Test(
        "anything but an http(s), ssh or git URL or a checkout is refused with exit status 64, nothing written",
        arguments: [
            #"https://example.com/FlowHost"), .package(url: "https://evil.example/x", branch: "main"#,
            "ftp://example.com/FlowHost.git", "https://", "https://example.com/Flow Host", "file:///tmp/FlowHost",
            "/no/such/folder", "git@example.com:FlowHost\".git",
        ])
    func refused(_ flowhost: String) {
        let destination = FileManager.default.temporaryDirectory.appending(path: "flowhost-init-\(UUID().uuidString)")
        do {
            _ = try Init.parse(["Notes", "--path", destination.path, "--flowhost", flowhost])
            Issue.record("\(flowhost) accepted")
        } catch {
            #expect(Init.exitCode(for: error).rawValue == 64, "\(flowhost)")
            #expect(Init.message(for: error).contains("--flowhost"), "\(flowhost)")
        }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }

    @Test(
        "git URLs are taken as they are",
        arguments: [
            "https://github.com/me/FlowHost.git", "http://git.local/FlowHost", "ssh://git@example.com/me/FlowHost.git",
            "git://example.com/FlowHost", "git@github.com:me/FlowHost.git",
        ])
    func urls(_ flowhost: String) throws {
        let manifest = PackageSkeleton(name: "Notes", flowhost: try PackageSkeleton.dependency(flowhost)).manifest
        #expect(manifest.contains(".package(url: \"\(flowhost)\", branch: \"main\")"))
        #expect(manifest.contains(#".product(name: "FlowCore", package: "flowhost")"#))
    }

    @Test("a checkout's path is escaped in the manifest, quotes and bidi overrides included: one package, no more")
    func escapedPath() throws {
        let folder = try checkout(named: "Flow\"Host\u{202E}), .package(url: \"x")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let dependency = try PackageSkeleton.dependency(folder.path)
        let manifest = PackageSkeleton(name: "Notes", flowhost: dependency).manifest
        #expect(manifest.contains(#"Flow\"Host\u{202E}), .package(url: \"x")"#))
        #expect(!manifest.contains("\u{202E}"))
        let packages = manifest.split(separator: "\n").filter {
            $0.trimmingCharacters(in: .whitespaces).hasPrefix(".package(")
        }
        #expect(packages.count == 2, "FlowHost and swift-snapshot-testing: \(packages)")
        #expect(manifest.contains(#"package: "flow\"host\u{202E}), .package(url: \"x")"#))
    }
}
