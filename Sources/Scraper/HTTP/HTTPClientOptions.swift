/// Transport settings for every request one client makes.
public struct HTTPClientOptions: Sendable {
    public var userAgent: String
    public var connectTimeout: Double
    /// Whole-request limit, seconds.
    public var timeout: Double
    public var maxBodyBytes: Int
    /// Idle connections kept for reuse.
    public var connectionCacheSize: Int
    /// The proxy every request goes through (`http://host:3128`, `socks5h://host:1080`);
    /// nil: libcurl's own choice from `http_proxy`, `https_proxy` and `no_proxy`.
    public var proxy: String?

    public init(userAgent: String = HTTPClientOptions.defaultUserAgent, connectTimeout: Double = 10, timeout: Double = 30,
                maxBodyBytes: Int = 16 * 1024 * 1024, connectionCacheSize: Int = 32, proxy: String? = nil) {
        self.userAgent = userAgent
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        self.connectionCacheSize = connectionCacheSize
        self.proxy = proxy
    }

    public static let version = "0.1.0"
    public static let defaultUserAgent = "cpvanity/\(version) (+https://github.com/cpvanity/cpvanity)"

    /// `seconds` as libcurl's milliseconds: 1 to 86,400,000; not-a-number is the most.
    static func milliseconds(_ seconds: Double) -> Int {
        guard !seconds.isNaN else { return 86_400_000 }
        return Int(min(max(seconds * 1000, 1), 86_400_000).rounded(.up))
    }
}
