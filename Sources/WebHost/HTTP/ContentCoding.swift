import Hummingbird

/// How a response body travels: as is, or gzip-compressed. Chosen from the request's
/// `Accept-Encoding` (RFC 9110 §12.5.3): gzip when it (or its alias `x-gzip`, or else `*`) has a
/// weight above zero and not below one that the field gives identity (by name, or else by `*`);
/// identity otherwise, also for a request that names no coding (a client that sends no
/// `Accept-Encoding` is not assumed to decode gzip).
enum ContentCoding: Equatable {
    case identity
    case gzip

    /// The coding for a request whose `Accept-Encoding` field values are `acceptEncoding`.
    init(acceptEncoding: [String]) {
        var gzip: Double?
        var identity: Double?
        var wildcard: Double?
        for element in acceptEncoding.flatMap({ $0.split(separator: ",") }) {
            let parameters = element.split(separator: ";")
            guard let name = parameters.first?.trimmingOWS().lowercased(), !name.isEmpty else { continue }
            let weight = parameters.dropFirst().lazy.compactMap(Self.weight).first ?? 1
            switch name {
            case "gzip", "x-gzip": gzip = max(gzip ?? 0, weight)
            case "identity": identity = weight
            case "*": wildcard = weight
            default: continue
            }
        }
        let gzipWeight = gzip ?? wildcard ?? 0
        self = gzipWeight > 0 && gzipWeight >= (identity ?? wildcard ?? 0) ? .gzip : .identity
    }

    /// The weight of a `q=` parameter; nil for another parameter, zero for a malformed weight.
    private static func weight(_ parameter: Substring) -> Double? {
        let pair = parameter.split(separator: "=", maxSplits: 1)
        guard pair.count == 2, pair[0].trimmingOWS().lowercased() == "q" else { return nil }
        guard let weight = Double(pair[1].trimmingOWS()), (0...1).contains(weight) else { return 0 }
        return weight
    }
}

extension ContentCoding {
    /// Whole `Accept-Encoding` values that browsers send (Chromium, Firefox, Safari) and that name
    /// gzip without a weight: each is gzip, as the parse finds (tested), without the arrays of
    /// parts and the lowercased names the parse makes (0.3 % of a round trip's CPU).
    static let gzipLists: Set<String> = ["gzip", "gzip, deflate", "gzip, deflate, br", "gzip, deflate, br, zstd"]
}

extension Request {
    /// The coding this request's client accepts for a body that can be compressed.
    var contentCoding: ContentCoding {
        // Several fields read as one list, their values joined with commas (RFC 9110 §5.3).
        guard let accepted = headers.value(of: .acceptEncoding) else { return .identity }
        return ContentCoding.gzipLists.contains(accepted) ? .gzip : ContentCoding(acceptEncoding: [accepted])
    }
}
