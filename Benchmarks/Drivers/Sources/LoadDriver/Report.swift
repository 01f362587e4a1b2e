import Foundation

/// The tables `flowhost-load` prints, one row per measurement as it ends.
enum Report {
    static func getHeader(duration: Duration) {
        print("== GET, closed loop, \(seconds(duration)) s per row (latency per request)")
        row("GET", "connections", "requests", "requests/s", "p50 ms", "p99 ms", "CPU us/req", "driver us/req")
    }

    /// The movie list's size on the wire and as HTML.
    static func pageOnTheWire(_ page: PageOnTheWire) {
        print(
            "== The movie list on the wire: \(page.bytes.readableBytes) bytes"
                + (page.contentEncoding.map { " (Content-Encoding: \($0))" } ?? " (as is)")
                + ", \(page.htmlLength) bytes of HTML")
    }

    static func getRow(_ load: GetLoad, connections: Int, tally: Tally, elapsed: Duration) {
        row(
            load.label, "\(connections)", "\(tally.requests)",
            String(format: "%.0f", rate(tally.requests, elapsed)),
            milliseconds(tally.gets, 50), milliseconds(tally.gets, 99),
            microseconds(tally.cpuSeconds, per: tally.requests),
            microseconds(tally.driverCPUSeconds, per: tally.requests))
    }

    /// One row's requests/s as a share of another's, on the same connections in the same run.
    static func share(connections: Int, of name: String, _ rate: Double, in other: String, _ otherRate: Double) {
        print("\(name) / \(other) on \(connections) connections: " + String(format: "%.1f %%", 100 * rate / otherRate))
    }

    /// The other row's CPU per request as a share of this one's: how close this one's cost is to it.
    static func cpuShare(connections: Int, of name: String, _ cpu: Double, against other: String, _ otherCPU: Double) {
        print(
            "\(name) / \(other) on \(connections) connections, by CPU per request: "
                + String(format: "%.1f %%", 100 * otherCPU / cpu))
    }

    static func roundTripHeader(duration: Duration, withScript: Bool) {
        let click = withScript ? "POST ?answer=page -> page, as flowhost.js clicks" : "POST -> 303 -> GET, no script"
        print("== Action round trips (\(click)), signed-in sessions, closed loop, \(seconds(duration)) s per row")
        row(
            "sessions", "round trips", "round trips/s", "POST p50 ms", "POST p99 ms", "GET p50 ms", "GET p99 ms",
            "CPU us/trip", "driver us/trip")
    }

    /// A row of round trips: `label` is the sessions' count (`bare 64` for the bare route's).
    static func roundTripRow(label: String, tally: Tally, elapsed: Duration) {
        row(
            label, "\(tally.roundTrips)", String(format: "%.0f", rate(tally.roundTrips, elapsed)),
            milliseconds(tally.posts, 50), milliseconds(tally.posts, 99),
            milliseconds(tally.gets, 50), milliseconds(tally.gets, 99),
            microseconds(tally.cpuSeconds, per: tally.roundTrips),
            microseconds(tally.driverCPUSeconds, per: tally.roundTrips))
    }

    /// The round trips' requests (`rate` a second) as a share of `/healthz`'s requests on as many
    /// connections, and what a round trip costs the machine (server and driver CPU) in `/healthz`
    /// requests: on a machine the driver shares, the rate share cannot pass a round trip's requests
    /// over that count.
    static func roundTripShare(
        sessions: Int, rate: Double, healthz: Double, machineCPU: Double?, healthzMachineCPU: Double?
    ) {
        var line =
            "round trip requests / healthz on \(sessions) sessions: " + String(format: "%.1f %%", 100 * rate / healthz)
        if let machineCPU, let healthzMachineCPU {
            line += String(
                format: "; a round trip costs the machine (server + driver) %.1f healthz requests' CPU",
                machineCPU / healthzMachineCPU)
        }
        print(line)
    }

    /// The round trips' rate as a share of the bare route's on as many clients, and the same by
    /// the machine's CPU (server or bare route, and driver) a round trip.
    static func roundTripBareShare(
        sessions: Int, rate: Double, bareRate: Double, machineCPU: Double?, bareMachineCPU: Double?
    ) {
        var line =
            "round trips / bare round trips on \(sessions) sessions: "
            + String(format: "%.1f %%", 100 * rate / bareRate)
        if let machineCPU, let bareMachineCPU {
            line += String(format: "; by the machine's CPU a round trip: %.1f %%", 100 * bareMachineCPU / machineCPU)
        }
        print(line)
    }

    /// The latency at `percentile`, in milliseconds; `-` when none was recorded (a click with the
    /// script makes no GET).
    private static func milliseconds(_ latencies: Latencies, _ percentile: Double) -> String {
        latencies.count == 0 ? "-" : String(format: "%.2f", latencies.milliseconds(at: percentile))
    }

    /// CPU seconds per request (or round trip), in microseconds; `-` when not measured.
    private static func microseconds(_ seconds: Double?, per count: Int) -> String {
        guard let seconds, count > 0 else { return "-" }
        return String(format: "%.0f", seconds / Double(count) * 1e6)
    }

    private static func row(_ first: String, _ columns: String...) {
        print(first.padding(toLength: 10, withPad: " ", startingAt: 0) + columns.map(pad).joined())
    }

    private static func pad(_ text: String) -> String {
        String(repeating: " ", count: max(1, 15 - text.count)) + text
    }

    private static func seconds(_ duration: Duration) -> String {
        String(format: "%g", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }

    /// `count` per second of `elapsed`.
    static func rate(_ count: Int, _ elapsed: Duration) -> Double {
        Double(count) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}
