import CLibXML2

/// One-time set-up of libxml2 for this process.
enum LibXML2 {
    /// Initialises the parser once; libxml2 asks that this happens before parsing on many threads.
    static func initialize() {
        _ = initialized
    }

    private static let initialized: Void = xmlInitParser()
}
