/// Why a run stops: an answer that was not the expected one (so the figures would not measure
/// what they say), or a command line it cannot use.
struct LoadFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
