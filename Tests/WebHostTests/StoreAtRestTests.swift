import FlowHostApp
import FlowHostSQLite
import Foundation
import GRDB
import HTMLPresenter
import Testing

/// What a copy of a SQLite store's folder gives away: no cookie, no link, no secret value; and who
/// may read it.
@Suite("The SQLite store at rest", .serialized)
struct StoreAtRestTests {
    private static let session = OpaqueToken.random().text
    private static let shareID = OpaqueToken.random().text
    private static let password = "hunter2-but-longer"
    private static let signIn = ClickPath.Entry.action(
        ActionPosition(screen: ScreenPosition(layer: 0, path: [0], template: "login/login"), index: 0),
        fields: FormFields([
            .init(name: "email", value: "ada@example.com"), .init(name: "password", value: password, isSecret: true),
        ]))
    private static let inAMonth = Date.now.addingTimeInterval(30 * 24 * 3600)

    /// Runs `body` with a new folder (removed afterwards) and the path of a store file in it.
    private func withStoreFile(_ body: (_ folder: URL, _ file: String) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "flowhost-rest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder, folder.appending(path: "store/flowhost.sqlite").path)
    }

    /// Every byte of the store's files: the database with its write-ahead log, and the key.
    private func bytes(of file: String) -> Data {
        ["", "-wal", "-shm"].reduce(into: Data()) { data, suffix in
            if let contents = FileManager.default.contents(atPath: file + suffix) { data += contents }
        }
    }

    private func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test("the files hold no session id, share id or secret value in the clear, and read back whole")
    func nothingInTheClear() async throws {
        try await withStoreFile { _, file in
            let store = try SQLiteClickPathStore(path: file, environment: [:])
            try await store.append([Self.signIn], toSession: Self.session, at: 0)
            try await store.share(
                ClickPath([Self.signIn]), id: Self.shareID, bySession: Self.session, expires: Self.inAMonth)

            let data = bytes(of: file)
            for secret in [Self.session, Self.shareID, Self.password] {
                #expect(data.firstRange(of: Data(secret.utf8)) == nil, "\(secret) is in the store's files")
            }
            #expect(
                data.firstRange(of: Data("ada@example.com".utf8)) != nil, "a field that is not secret is kept as typed")
            #expect(try await store.path(ofSession: Self.session) == ClickPath([Self.signIn]))
            #expect(try await store.share(id: Self.shareID, askedBy: Self.session)?.path == ClickPath([Self.signIn]))
        }
    }

    @Test("the files are made 0600 in a folder that existed with files readable by all; the folder keeps its mode")
    func modes() async throws {
        try await withStoreFile { folder, file in
            let storeFolder = folder.appending(path: "store").path
            try FileManager.default.createDirectory(
                atPath: storeFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            try await SQLiteClickPathStore(path: file, environment: [:]).whileRunning { first in
                try await first.append([.liveMove], toSession: "a", at: 0)
            }
            for path in [file, file + "-wal", file + "-shm", file + ".key"]
            where FileManager.default.fileExists(atPath: path) {
                try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: storeFolder)

            let store = try SQLiteClickPathStore(path: file, environment: [:])
            try await store.append([.liveMove], toSession: "a", at: 1)

            #expect(try mode(storeFolder) == 0o755)
            for path in [file, file + "-wal", file + "-shm", file + ".key"] {
                #expect(FileManager.default.fileExists(atPath: path), "\(path)")
                #expect(try mode(path) == 0o600, "\(path)")
            }
        }
    }

    @Test("the folders a store creates are 0700, the folder it was given in as it was")
    func createdFolders() async throws {
        try await withStoreFile { folder, _ in
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            let file = folder.appending(path: "a/b/flowhost.sqlite").path
            let store = try SQLiteClickPathStore(path: file, environment: [:])
            try await store.append([.liveMove], toSession: "a", at: 0)
            #expect(try mode(folder.path) == 0o755)
            #expect(try mode(folder.appending(path: "a").path) == 0o700)
            #expect(try mode(folder.appending(path: "a/b").path) == 0o700)
        }
    }

    @Test("a new store creates its key file 0600; another key reads the rest but not the secret values")
    func keyFile() async throws {
        try await withStoreFile { _, file in
            try await SQLiteClickPathStore(path: file, environment: [:]).whileRunning { store in
                try await store.append([Self.signIn], toSession: "a", at: 0)
                try await store.append([.liveMove], toSession: "b", at: 0)
            }
            let key = try #require(FileManager.default.contents(atPath: file + ".key"))
            #expect(
                Data(base64Encoded: String(decoding: key, as: UTF8.self).trimmingCharacters(in: .newlines))?.count == 32
            )

            // The same file with the key file kept opens whole.
            #expect(
                try await SQLiteClickPathStore(path: file, environment: [:]).path(ofSession: "a")
                    == ClickPath([Self.signIn]))
            // With the key file gone, a new key is made: the secret value cannot be read, the rest can.
            try FileManager.default.removeItem(atPath: file + ".key")
            let rekeyed = try SQLiteClickPathStore(path: file, environment: [:])
            await #expect(throws: ClickPathStoreError.self) { try await rekeyed.path(ofSession: "a") }
            #expect(try await rekeyed.path(ofSession: "b") == ClickPath([.liveMove]))
        }
    }

    @Test("FLOWHOST_STORE_KEY is used instead of a key file; one that is not 32 bytes of base64 is refused")
    func environmentKey() async throws {
        try await withStoreFile { _, file in
            let key = Data((0..<32).map { UInt8($0) }).base64EncodedString()
            try await SQLiteClickPathStore(path: file, environment: ["FLOWHOST_STORE_KEY": key]).whileRunning { store in
                try await store.append([Self.signIn], toSession: "a", at: 0)
            }

            #expect(!FileManager.default.fileExists(atPath: file + ".key"))
            let again = try SQLiteClickPathStore(path: file, environment: ["FLOWHOST_STORE_KEY": key])
            #expect(try await again.path(ofSession: "a") == ClickPath([Self.signIn]))
            let error = try #require(throws: ClickPathStoreError.self) {
                try SQLiteClickPathStore(path: file, environment: ["FLOWHOST_STORE_KEY": "not a key"])
            }
            #expect(error == .unusableKey(source: "FLOWHOST_STORE_KEY", reason: "it is not 32 bytes written in base64"))
            #expect(error.description.contains("openssl rand -base64 32"))
        }
    }

    @Test("a version 1 store is migrated: its sessions are found by their cookie, its shares open and expire")
    func migratesVersionOne() async throws {
        try await withStoreFile { _, file in
            // A store as FlowHost wrote it before version 2: raw cookie ids, shares kept for good.
            try FileManager.default.createDirectory(
                atPath: URL(filePath: file).deletingLastPathComponent().path, withIntermediateDirectories: true)
            let made = Date.now.addingTimeInterval(-24 * 3600).timeIntervalSince1970
            let entry = String(decoding: try JSONEncoder().encode(ClickPath.Entry.liveMove), as: UTF8.self)
            let path = String(decoding: try JSONEncoder().encode(ClickPath([.liveMove])), as: UTF8.self)
            let old = try DatabaseQueue(path: file)
            try await old.write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                        INSERT INTO grdb_migrations VALUES ('v1');
                        CREATE TABLE sessions (id TEXT PRIMARY KEY NOT NULL, entryCount INTEGER NOT NULL,
                            lastUsed REAL NOT NULL, recency INTEGER NOT NULL);
                        CREATE INDEX sessionsByRecency ON sessions (recency);
                        CREATE TABLE entries (session TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
                            position INTEGER NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (session, position)) WITHOUT ROWID;
                        CREATE TABLE shares (id TEXT PRIMARY KEY NOT NULL, path TEXT NOT NULL, created REAL NOT NULL);
                        """)
                try db.execute(
                    sql: "INSERT INTO sessions VALUES (?, 1, ?, 1)",
                    arguments: [Self.session, Date.now.timeIntervalSince1970])
                try db.execute(sql: "INSERT INTO entries VALUES (?, 0, ?)", arguments: [Self.session, entry])
                try db.execute(sql: "INSERT INTO shares VALUES (?, ?, ?)", arguments: [Self.shareID, path, made])
            }
            try old.close()

            let store = try SQLiteClickPathStore(path: file, environment: [:])

            #expect(try await store.path(ofSession: Self.session) == ClickPath([.liveMove]))
            try await store.append([.liveMove], toSession: Self.session, at: 1)
            let share = try #require(try await store.share(id: Self.shareID, askedBy: Self.session))
            #expect(share.status == .open)
            #expect(share.isSharer == false, "a version 1 share has no known sharer: nobody can revoke it")
            #expect(abs(share.expires.timeIntervalSince1970 - (made + 30 * 24 * 3600)) < 1)
            try await store.startSession("visitor", fromShare: Self.shareID)
            #expect(try await store.path(ofSession: "visitor") == ClickPath([.liveMove]))
            let data = bytes(of: file)
            #expect(data.firstRange(of: Data(Self.session.utf8)) == nil)
        }
    }
}
