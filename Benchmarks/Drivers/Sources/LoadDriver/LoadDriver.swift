import AsyncHTTPClient
import Foundation

/// `flowhost-load`: measures a running `flowhost serve` as real browsers use it, and checks
/// every answer on the way (see `Options.usage`).
@main
struct LoadDriver {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.contains("--help") || arguments.contains("-h") {
            print(Options.usage)
            return
        }
        do {
            try await run(Options(arguments: arguments))
        } catch {
            FileHandle.standardError.write(Data("flowhost-load: FAILED: \(error)\n".utf8))
            exit(1)
        }
    }

    private static func run(_ options: Options) async throws {
        // Inflates what comes gzip-compressed, as a browser does (and costs it the same work).
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, decompression: .enabled(limit: .ratio(50)))
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60),
            concurrentHTTP1ConnectionsPerHostSoftLimit: max(options.connections.max() ?? 1, options.sessions.max() ?? 1)
        )
        let client = HTTPClient(configuration: configuration)
        let outcome: Result<Void, any Error>
        do {
            try await measure(options, client: client)
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        try await client.shutdown()
        try outcome.get()
    }

    private static func measure(_ options: Options, client: HTTPClient) async throws {
        print("flowhost-load against \(options.server)" + (options.bare.map { ", bare route \($0)" } ?? ""))
        var page: PageOnTheWire?
        // The bare route's round trips answer this page: read it also when no GET is measured.
        if !options.connections.isEmpty || options.bare != nil {
            let read = try await PageOnTheWire.read(options: options, client: client)
            Report.pageOnTheWire(read)
            if let bare = options.bare { try await read.upload(to: bare, client: client) }
            page = read
        }
        if !options.connections.isEmpty { Report.getHeader(duration: options.duration) }
        var rates: [GetLoad: [Int: Double]] = [:]
        var cpuPerRequest: [GetLoad: [Int: Double]] = [:]
        var machineCPUPerRequest: [GetLoad: [Int: Double]] = [:]
        for load in GetLoad.allCases where load != .bare || options.bare != nil {
            for connections in options.connections {
                let (tally, elapsed) = try await load.run(
                    connections: connections, for: options.duration, client: client, options: options, page: page)
                try requireWork(tally.requests, "GET \(load.label) on \(connections) connections")
                Report.getRow(load, connections: connections, tally: tally, elapsed: elapsed)
                rates[load, default: [:]][connections] = Report.rate(tally.requests, elapsed)
                cpuPerRequest[load, default: [:]][connections] = tally.cpuSeconds.map { $0 / Double(tally.requests) }
                machineCPUPerRequest[load, default: [:]][connections] = tally.machineCPUSeconds.map {
                    $0 / Double(tally.requests)
                }
            }
        }
        for connections in options.connections {
            guard let page = rates[.page]?[connections] else { continue }
            if let healthz = rates[.healthz]?[connections] {
                Report.share(connections: connections, of: "page", page, in: "healthz", healthz)
            }
            if let bare = rates[.bare]?[connections] {
                Report.share(connections: connections, of: "page", page, in: "bare route", bare)
            }
            if let pageCPU = cpuPerRequest[.page]?[connections], let bareCPU = cpuPerRequest[.bare]?[connections] {
                Report.cpuShare(connections: connections, of: "page", pageCPU, against: "bare route", bareCPU)
            }
        }
        Report.roundTripHeader(duration: options.duration, withScript: options.clicksWithScript)
        for sessions in options.sessions {
            let (tally, elapsed) = try await RoundTrips.run(
                sessions: sessions, for: options.duration, client: client, options: options)
            try requireWork(tally.roundTrips, "round trips from \(sessions) sessions")
            Report.roundTripRow(label: "\(sessions)", tally: tally, elapsed: elapsed)
            if let healthz = rates[.healthz]?[sessions] {
                Report.roundTripShare(
                    sessions: sessions, rate: Report.rate(tally.requests, elapsed), healthz: healthz,
                    machineCPU: tally.machineCPUSeconds.map { $0 / Double(tally.roundTrips) },
                    healthzMachineCPU: machineCPUPerRequest[.healthz]?[sessions])
            }
            guard options.bare != nil, let page else { continue }
            let (bare, bareElapsed) = try await BareRoundTrips.run(
                sessions: sessions, for: options.duration, client: client, options: options, page: page)
            try requireWork(bare.roundTrips, "bare round trips from \(sessions) clients")
            Report.roundTripRow(label: "bare \(sessions)", tally: bare, elapsed: bareElapsed)
            Report.roundTripBareShare(
                sessions: sessions, rate: Report.rate(tally.roundTrips, elapsed),
                bareRate: Report.rate(bare.roundTrips, bareElapsed),
                machineCPU: tally.machineCPUSeconds.map { $0 / Double(tally.roundTrips) },
                bareMachineCPU: bare.machineCPUSeconds.map { $0 / Double(bare.roundTrips) })
        }
    }

    private static func requireWork(_ count: Int, _ what: String) throws(LoadFailure) {
        guard count > 0 else { throw LoadFailure("no \(what) completed") }
    }
}
