/// What `flowhost-load` measures, against which server and for how long.
struct Options: Sendable {
    var server = ""
    /// A `flowhost-bare` to measure the page GET against (the same bytes from memory), if any.
    var bare: String?
    /// Whether the clients accept gzip, as browsers do.
    var acceptsGzip = true
    var duration: Duration = .seconds(10)
    var connections = [8, 64]
    var sessions = [1, 8, 64]
    /// The server's and the bare route's processes, to report their CPU per request.
    var serverPID: Int32?
    var barePID: Int32?
    /// Whether a click is sent as `flowhost.js` sends it (`POST <action>?answer=page`, answered with
    /// the page), or as a browser without JavaScript does (`POST` -> `303` -> `GET`).
    var clicksWithScript = true

    static let usage = """
        Usage: flowhost-load --server http://127.0.0.1:PORT [--bare http://127.0.0.1:PORT] [--duration SECONDS]
                             [--connections 8,64] [--sessions 1,8,64] [--no-gzip]
                             [--server-pid PID] [--bare-pid PID] [--no-script]
               flowhost-load --server http://127.0.0.1:PORT --smoke
               flowhost-load --server http://127.0.0.1:PORT --round-trips-only [--duration SECONDS] [--sessions 8]
        Measures a running `flowhost serve` of the movie demo, every client in a closed loop (it asks again
        only once answered), each sending Accept-Encoding: gzip as browsers do:
          GET /healthz, and GET of a signed-in session's page, on each count of --connections;
          with --bare, GET of the same page's bytes from a `flowhost-bare` (a bare Hummingbird route), likewise;
          action round trips (a click as flowhost.js sends it: POST <action>?answer=page, answered with the
          new page; a 303 from an earlier server is followed, as browsers do), from each count of
          --sessions signed-in sessions;
          with --bare, as many clients' round trips to it too (POST /action?answer=page -> the same page,
          with a real page's headers: the limit of a round trip, the server doing nothing but answer).
        --smoke: 1 second per part, 8 connections, 1 and 8 sessions (CI: checks it works, times nothing).
        --round-trips-only: no GETs (an A/B of two server configurations on the action round trip); with --bare,
          the bare route's round trips beside each row still.
        --no-gzip: clients that accept no compression.
        --no-script: round trips as a browser without JavaScript makes them (POST -> 303 -> GET; on the bare
          route POST /action -> a real action's 303 -> GET /page).
        --server-pid, --bare-pid: the processes (on this machine) whose CPU per request each row reports
          (from /proc/PID/stat): a figure the machine's other load moves far less than the rates.
          Every row also gives the driver's own CPU per request: on shared cores a request costs both.
        Exits 1 when an answer is not the expected one (status, screen) or a part made no request.
        """

    /// Reads the command line (without the program's name).
    init(arguments: [String]) throws(LoadFailure) {
        var remaining = arguments[...]
        var roundTripsOnly = false
        func value(of option: String) throws(LoadFailure) -> String {
            guard let value = remaining.popFirst() else { throw LoadFailure("\(option) needs a value") }
            return value
        }
        func counts(of option: String) throws(LoadFailure) -> [Int] {
            let text = try value(of: option)
            let counts = text.split(separator: ",").compactMap { Int($0) }
            guard !counts.isEmpty, counts.count == text.split(separator: ",").count, counts.allSatisfy({ $0 > 0 })
            else { throw LoadFailure("\(option) takes positive counts separated by commas, not \(text)") }
            return counts
        }
        func pid(of option: String) throws(LoadFailure) -> Int32 {
            let text = try value(of: option)
            guard let pid = Int32(text), pid > 0 else { throw LoadFailure("\(option) takes a process id, not \(text)") }
            return pid
        }
        while let option = remaining.popFirst() {
            switch option {
            case "--server": server = try value(of: option)
            case "--bare": bare = try value(of: option)
            case "--no-gzip": acceptsGzip = false
            case "--no-script": clicksWithScript = false
            case "--server-pid": serverPID = try pid(of: option)
            case "--bare-pid": barePID = try pid(of: option)
            case "--duration":
                let text = try value(of: option)
                guard let seconds = Double(text), seconds > 0 else {
                    throw LoadFailure("--duration takes seconds, not \(text)")
                }
                duration = .milliseconds(Int(seconds * 1000))
            case "--connections": connections = try counts(of: option)
            case "--sessions": sessions = try counts(of: option)
            case "--smoke":
                duration = .seconds(1)
                connections = [8]
                sessions = [1, 8]
            case "--round-trips-only": roundTripsOnly = true
            case "--help", "-h": throw LoadFailure(Self.usage)
            default: throw LoadFailure("unknown option \(option)\n\(Self.usage)")
            }
        }
        if roundTripsOnly { connections = [] }
        while server.hasSuffix("/") { server.removeLast() }
        while bare?.hasSuffix("/") == true { bare?.removeLast() }
        guard server.hasPrefix("http://") || server.hasPrefix("https://") else {
            throw LoadFailure("--server takes the server's URL, such as http://127.0.0.1:8080\n\(Self.usage)")
        }
        if let bare, !bare.hasPrefix("http://") {
            throw LoadFailure("--bare takes flowhost-bare's URL, such as http://127.0.0.1:8081\n\(Self.usage)")
        }
    }
}
