/// Transport settings for every request one client makes.
public struct HTTPClientOptions: Sendable {
    public var userAgent: String
    public var connectTimeout: Double
    /// Whole-request limit, seconds.
    public var timeout: Double
    public var maxRedirects: Int
    public var maxBodyBytes: Int
    /// Idle connections kept for reuse.
    public var connectionCacheSize: Int

    public init(userAgent: String = HTTPClientOptions.defaultUserAgent, connectTimeout: Double = 10, timeout: Double = 30,
                maxRedirects: Int = 5, maxBodyBytes: Int = 16 * 1024 * 1024, connectionCacheSize: Int = 32) {
        self.userAgent = userAgent
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.maxRedirects = maxRedirects
        self.maxBodyBytes = maxBodyBytes
        self.connectionCacheSize = connectionCacheSize
    }

    public static let version = "0.1.0"
    public static let defaultUserAgent = "cpvanity/\(version) (+https://github.com/cpvanity/cpvanity)"

    /// `seconds` as libcurl's milliseconds: 1 to 86,400,000; not-a-number is the most.
    static func milliseconds(_ seconds: Double) -> Int {
        guard !seconds.isNaN else { return 86_400_000 }
        return Int(min(max(seconds * 1000, 1), 86_400_000).rounded(.up))
    }
}
