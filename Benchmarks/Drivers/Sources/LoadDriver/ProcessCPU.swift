import Foundation

/// The CPU time a process has used (user and system, from `/proc/PID/stat`): a row's server CPU
/// per request is a figure the machine's other load moves far less than its rate, so two servers,
/// or a server and the bare route, compare by it on a shared machine.
struct ProcessCPU: Sendable {
    let pid: Int32

    /// Its CPU time so far, in seconds.
    func seconds() throws(LoadFailure) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let nameEnd = text.lastIndex(of: ")")
        else { throw LoadFailure("cannot read /proc/\(pid)/stat: is process \(pid) running?") }
        // After the name: the state (field 3), ... utime (14) and stime (15), in clock ticks.
        let fields = text[text.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
            throw LoadFailure("/proc/\(pid)/stat has no CPU times")
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
