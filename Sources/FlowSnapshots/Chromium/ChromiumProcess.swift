import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A running headless Chromium, driven over the DevTools pipe, in a process group of its own (its
/// zygote and renderers with it) and a temporary profile folder.
///
/// Its fonts are the chrome's only: fontconfig is pointed at a file in the profile that lists the
/// folder of the chrome's OpenType files (the faces its pages load as WOFF2, which fontconfig does
/// not list) and nothing else, with hinting off and greyscale anti-aliasing, so a
/// glyph the page's own fonts lack is drawn the same everywhere (as Inter's missing-glyph box)
/// instead of from whatever the machine has installed.
final class ChromiumProcess: Sendable {
    /// The browser process; also its process group.
    let pid: pid_t
    /// The DevTools connection.
    let connection: DevToolsConnection
    /// The temporary profile (user data, fontconfig file and cache, Chromium's log).
    let profile: URL

    private init(pid: pid_t, connection: DevToolsConnection, profile: URL) {
        self.pid = pid
        self.connection = connection
        self.profile = profile
    }

    /// Starts `chromium` with its snapshot flags (``Chromium/arguments(profile:isRoot:)``), its
    /// fonts from `fonts`.
    ///
    /// - Throws: ``ChromiumError/unusable(path:reason:)`` when it cannot be started.
    static func launch(_ chromium: Chromium, fonts: URL) throws(ChromiumError) -> ChromiumProcess {
        func failure(_ what: String) -> ChromiumError {
            .unusable(path: chromium.executable, reason: "\(what): \(String(cString: strerror(errno)))")
        }
        var template = Array((FileManager.default.temporaryDirectory.path + "/flowhost-chromium.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw failure("no temporary profile folder") }
        let profile = URL(filePath: String(cString: made), directoryHint: .isDirectory)
        let configuration = profile.appending(path: "fonts.conf")
        do {
            try Data(fontConfiguration(fonts: fonts.path, cache: profile.appending(path: "fontconfig").path).utf8)
                .write(to: configuration)
        } catch {
            try? FileManager.default.removeItem(at: profile)
            throw .unusable(path: chromium.executable, reason: "the fontconfig file: \(error.localizedDescription)")
        }

        var sockets: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0, &sockets) == 0 else {
            try? FileManager.default.removeItem(at: profile)
            throw failure("no socket pair")
        }
        // Chromium's end moved above 3 and 4 first: a dup2 onto itself would keep close-on-exec.
        let child = fcntl(sockets[1], F_DUPFD_CLOEXEC, 10)
        close(sockets[1])
        defer { close(child) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions, 1, profile.appending(path: "chromium.log").path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_adddup2(&actions, child, 3)
        posix_spawn_file_actions_adddup2(&actions, child, 4)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let arguments = [chromium.executable] + Chromium.arguments(profile: profile.path, isRoot: geteuid() == 0)
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = configuration.path
        environment["FONTCONFIG_PATH"] = nil
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, chromium.executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            close(sockets[0])
            try? FileManager.default.removeItem(at: profile)
            errno = spawned
            throw failure("posix_spawn")
        }
        return ChromiumProcess(pid: pid, connection: DevToolsConnection(socket: sockets[0]), profile: profile)
    }

    /// Closes the browser, waits for it (killing its whole process group if it lingers) and
    /// removes the profile.
    func stop() async {
        if !connection.isClosed {
            _ = try? await connection.send("Browser.close", timeout: .seconds(5))
        }
        connection.shutDown()
        // Waited for without being reaped (WNOWAIT): until it is, its process group's id cannot
        // be another's, so what is left of it (a renderer the browser did not wait for) is killed
        // by that id safely, and only then is the browser reaped.
        for _ in 0..<100 where !hasExited {
            try? await Task.sleep(for: .milliseconds(50))
        }
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Whether the browser process has exited (it is not reaped by asking).
    private var hasExited: Bool {
        var information = siginfo_t()
        let asked = waitid(P_PID, id_t(pid), &information, WEXITED | WNOHANG | WNOWAIT)
        return asked == 0 && information.si_signo == SIGCHLD
    }

    /// The last lines Chromium wrote to its log, for a message about why it went away.
    var logTail: String {
        let text = (try? String(contentsOf: profile.appending(path: "chromium.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(5).joined(separator: "\n")
    }

    /// A fontconfig file that knows the fonts of `fonts` only, hinting off, greyscale anti-aliasing.
    static func fontConfiguration(fonts: String, cache: String) -> String {
        """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <dir>\(escaped(fonts))</dir>
          <cachedir>\(escaped(cache))</cachedir>
          <match target="font">
            <edit name="antialias" mode="assign"><bool>true</bool></edit>
            <edit name="hinting" mode="assign"><bool>false</bool></edit>
            <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>
            <edit name="autohint" mode="assign"><bool>false</bool></edit>
            <edit name="rgba" mode="assign"><const>none</const></edit>
            <edit name="lcdfilter" mode="assign"><const>lcdnone</const></edit>
            <edit name="embeddedbitmap" mode="assign"><bool>false</bool></edit>
          </match>
        </fontconfig>

        """
    }

    private static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }
}
