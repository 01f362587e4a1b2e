/// A page that cannot be rendered.
public enum RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A screen names a template that was not loaded.
    case unknownTemplate(String)

    /// What went wrong, for the error page and the log.
    public var description: String {
        switch self {
        case .unknownTemplate(let name): "No template named '\(name)' (expected Templates/\(name).mustache)"
        }
    }
}
