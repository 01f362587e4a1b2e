import ArgumentParser
import FlowCore
import FlowHostApp
import FlowHostPostgres
import FlowHostSQLite
import Foundation
import HTMLPresenter
import Testing
import WebHost

@testable import FlowHostServe

@Suite("flowhost serve's options, as apps' own executables take them")
struct ServeOptionsTests {
    /// A temporary folder with `Templates/` (holding `files`) and, if asked, `Public/`.
    func makeFolder(templates files: [String: String], withPublic: Bool) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appending(path: "ServeOptionsTests-\(UUID())")
        try FileManager.default.createDirectory(
            at: root.appending(path: "Templates"), withIntermediateDirectories: true)
        if withPublic {
            try FileManager.default.createDirectory(
                at: root.appending(path: "Public"), withIntermediateDirectories: true)
        }
        for (name, text) in files { try Data(text.utf8).write(to: root.appending(path: "Templates/\(name)")) }
        return root
    }

    @Test("no options: the web host's defaults")
    func defaults() throws {
        let options = try ServeOptions.parse([])
        let configuration = options.configuration
        let defaults = WebHostConfiguration()
        #expect(configuration.host == defaults.host && configuration.port == defaults.port)
        #expect(configuration.maxSessions == defaults.maxSessions)
        #expect(configuration.idleTimeout == defaults.idleTimeout)
        #expect(configuration.shareLifetime == .seconds(30 * 24 * 3600))
        #expect(options.storeName(environment: [:]) == ".flowhost/flowhost.sqlite")
    }

    @Test("the store is --store, else FLOWHOST_STORE, else DATABASE_URL when it names a PostgreSQL database")
    func storeName() throws {
        let url = "postgres://demo@db.example.com/prototypes"
        let environment = ["FLOWHOST_STORE": "memory", "DATABASE_URL": url]
        #expect(try ServeOptions.parse(["--store", "x.sqlite"]).storeName(environment: environment) == "x.sqlite")
        #expect(try ServeOptions.parse([]).storeName(environment: environment) == "memory")
        #expect(try ServeOptions.parse([]).storeName(environment: ["DATABASE_URL": url]) == url)
        #expect(
            try ServeOptions.parse([]).storeName(environment: ["DATABASE_URL": "mysql://demo@db/prototypes"])
                == ".flowhost/flowhost.sqlite", "another database's URL is another program's")
    }

    @Test("a --store name is opened by its store type: memory, a PostgreSQL URL, any other name a SQLite file")
    func storeTypes() {
        func type(of name: String) -> ObjectIdentifier? {
            ServeOptions.stores.first { $0.opens(name) }.map { ObjectIdentifier($0) }
        }
        #expect(type(of: "memory") == ObjectIdentifier(MemoryClickPathStore.self))
        #expect(type(of: "postgres://demo@db/prototypes") == ObjectIdentifier(PostgresClickPathStore.self))
        #expect(type(of: "postgresql://demo@db/prototypes") == ObjectIdentifier(PostgresClickPathStore.self))
        #expect(type(of: ".flowhost/flowhost.sqlite") == ObjectIdentifier(SQLiteClickPathStore.self))
        #expect(type(of: "memory.sqlite") == ObjectIdentifier(SQLiteClickPathStore.self))
    }

    @Test("options become the server's configuration")
    func options() throws {
        let options = try ServeOptions.parse([
            "--host", "0.0.0.0", "--port", "0", "--max-sessions", "7", "--idle-timeout", "90s",
            "--hibernate-after", "2m", "--secure-cookies", "--share-ttl", "7d",
        ])
        let configuration = options.configuration
        #expect(configuration.host == "0.0.0.0" && configuration.port == 0 && configuration.maxSessions == 7)
        #expect(configuration.idleTimeout == .seconds(90) && configuration.hibernateAfter == .seconds(120))
        #expect(configuration.secureCookies)
        #expect(configuration.shareLifetime == .seconds(7 * 24 * 3600))
    }

    @Test("hosts, the public URL and the connection timeouts become the server's configuration")
    func networkOptions() throws {
        let options = try ServeOptions.parse([
            "--allowed-host", "demo.example.com", "--allowed-host", "192.168.1.20", "--allowed-host", "::1",
            "--public-url", "https://demo.example.com/", "--request-head-timeout", "10s",
            "--idle-connection-timeout", "2m",
        ])
        let configuration = options.configuration
        #expect(configuration.allowedHosts == ["demo.example.com", "192.168.1.20", "::1"])
        #expect(configuration.publicURL == URL(string: "https://demo.example.com/"))
        #expect(configuration.requestHeadTimeout == .seconds(10))
        #expect(configuration.idleConnectionTimeout == .seconds(120))
        let defaults = try ServeOptions.parse([]).configuration
        #expect(defaults.allowedHosts.isEmpty && defaults.publicURL == nil)
        #expect(defaults.requestHeadTimeout == .seconds(30) && defaults.idleConnectionTimeout == .seconds(60))
    }

    @Test(
        "bad values are refused with the option's name",
        arguments: [
            ["--port", "70000"], ["--max-sessions", "0"], ["--idle-timeout", "soon"],
            ["--public", "/no/such/folder"], ["--allowed-host", "http://demo.example.com"],
            ["--allowed-host", "demo.example.com:8080"], ["--allowed-host", "cafe:80"],
            ["--allowed-host", "demo example"],
            ["--allowed-host", "*"], ["--public-url", "demo.example.com"], ["--public-url", "ftp://demo.example.com"],
            ["--public-url", "https://demo.example.com/prototype"], ["--public-url", "https://"],
            ["--request-head-timeout", "0s"], ["--idle-connection-timeout", "never"], ["--share-ttl", "0d"],
            ["--share-ttl", "999999999999999d"],
        ])
    func badValues(arguments: [String]) {
        do {
            _ = try ServeOptions.parse(arguments)
            Issue.record("\(arguments) accepted")
        } catch {
            #expect(ServeOptions.message(for: error).contains(arguments[0]))
        }
    }

    @Test("without --templates and --public, the default folders; with them, theirs")
    func folders() throws {
        let package = try makeFolder(templates: [:], withPublic: true)
        let other = try makeFolder(templates: [:], withPublic: false)
        defer {
            try? FileManager.default.removeItem(at: package)
            try? FileManager.default.removeItem(at: other)
        }
        let defaults = AppFolders(root: package)

        #expect(try ServeOptions.parse([]).folders { defaults } == defaults)

        let given = try ServeOptions.parse(["--templates", other.appending(path: "Templates").path]).folders {
            defaults
        }
        #expect(given.templates.path == other.appending(path: "Templates").path)
        #expect(given.publicDirectory == defaults.publicDirectory, "--templates alone keeps the default Public")

        let both = try ServeOptions.parse(["--templates", other.path, "--public", other.path]).folders {
            Issue.record("the defaults are not needed when both folders are given")
            return defaults
        }
        #expect(both.templates.path == other.path && both.publicDirectory?.path == other.path)

        let publicOnly = try ServeOptions.parse(["--public", other.path]).folders { defaults }
        #expect(publicOnly.templates == defaults.templates)
        #expect(publicOnly.publicDirectory?.path == other.path)
    }

    @Test("a broken template stops start-up with exit status 65 before anything listens")
    func brokenTemplate() async throws {
        let package = try makeFolder(
            templates: ["list.mustache": "<ul>{{#items}}<li>{{title}}</li></ul>\n"], withPublic: false)
        defer { try? FileManager.default.removeItem(at: package) }
        let options = try ServeOptions.parse(["--port", "0", "--store", "memory"])
        await #expect(throws: ExitCode(65)) {
            try await options.run(appName: "broken", defaultFolders: { AppFolders(root: package) }) { folders in
                try WebApp(templates: try TemplateLibrary(directory: folders.templates.path)) { _ in FlowCoordinator() }
            }
        }
    }

    @Test("a PostgreSQL store nothing answers for stops start-up with exit status 1 before anything listens")
    func unreachableDatabase() async throws {
        let package = try makeFolder(templates: ["list.mustache": "<ul></ul>\n"], withPublic: false)
        defer { try? FileManager.default.removeItem(at: package) }
        // Port 1 on loopback: nothing listens there, and only root could.
        let options = try ServeOptions.parse(["--port", "0", "--store", "postgres://flowhost@127.0.0.1:1/flowhost"])
        await #expect(throws: ExitCode(1)) {
            try await options.run(appName: "unreachable", defaultFolders: { AppFolders(root: package) }) { folders in
                try WebApp(templates: try TemplateLibrary(directory: folders.templates.path)) { _ in FlowCoordinator() }
            }
        }
    }
}

/// `--studies` and the study files checked at start.
extension ServeOptionsTests {
    /// An app whose window shows nothing: its crawl has no screen.
    static func emptyApp(_ folders: AppFolders) throws -> WebApp {
        try WebApp(templates: try TemplateLibrary(directory: folders.templates.path)) { _ in FlowCoordinator() }
    }

    @Test(
        "a study whose goal is no screen of the app, or a broken study file, stops start-up with exit status 65; no store is made"
    )
    func badStudies() async throws {
        let package = try makeFolder(templates: ["list.mustache": "<ul></ul>\n"], withPublic: false)
        defer { try? FileManager.default.removeItem(at: package) }
        let studies = package.appending(path: "Studies")
        try FileManager.default.createDirectory(at: studies, withIntermediateDirectories: true)
        try Data(#"{"title": "T", "tasks": [{"prompt": "P", "start": "start", "goal": ["list"]}]}"#.utf8)
            .write(to: studies.appending(path: "t.json"))
        let store = package.appending(path: "store/flowhost.sqlite")
        let options = try ServeOptions.parse(["--port", "0", "--store", store.path])
        let folders = AppFolders(root: package)
        #expect(folders.studies?.lastPathComponent == "Studies")

        let unknown = try await #require(throws: StudyFileErrors.self) {
            try await options.checkedStudies(in: folders, app: try Self.emptyApp(folders))
        }
        #expect(
            unknown.description
                == "\(studies.path)/t.json:1:69: task 1: goal screen \"list\" is no screen of the app; its screens are none, or by template none"
        )

        try Data(#"{"title": "T", "tasks": [}"#.utf8).write(to: studies.appending(path: "t.json"))
        let broken = try await #require(throws: StudyFileErrors.self) {
            try await options.checkedStudies(in: folders, app: try Self.emptyApp(folders))
        }
        #expect(
            broken.description == "\(studies.path)/t.json:1:26: unexpected character '}' where a value was expected")

        await #expect(throws: ExitCode(65)) {
            try await options.run(appName: "studies", defaultFolders: { folders }, app: Self.emptyApp)
        }
        #expect(!FileManager.default.fileExists(atPath: store.path), "refused before the store is opened")
    }

    @Test("the study bounds become the store's limits; below 1 they are refused")
    func studyBounds() throws {
        let limits = try ServeOptions.parse(["--max-testers-per-study", "50", "--max-events-per-tester", "300"])
            .storeLimits
        #expect(limits.maxTestersPerStudy == 50)
        #expect(limits.maxEventsPerTester == 300)
        #expect(try ServeOptions.parse([]).storeLimits.maxTestersPerStudy == 10_000)
        #expect(throws: (any Error).self) { _ = try ServeOptions.parse(["--max-testers-per-study", "0"]) }
    }

    @Test("--studies names the folder; a folder that does not exist is refused")
    func studiesOption() throws {
        let folders = AppFolders(templates: URL(filePath: "Templates"), studies: URL(filePath: "Studies"))
        #expect(try ServeOptions.parse([]).studyFolder(in: folders)?.relativePath == "Studies")
        #expect(try ServeOptions.parse(["--studies", "."]).studyFolder(in: folders)?.relativePath == ".")
        #expect(throws: (any Error).self) { _ = try ServeOptions.parse(["--studies", "/no/such/folder"]) }
    }
}
