import CCurl
import Foundation

/// An HTTP client on libcurl's multi interface: one driver thread runs every
/// transfer, so hundreds of requests share a few connections (reused, HTTP/2
/// multiplexed where the server offers it) without a thread each. Callers see one
/// async call. Politeness (how many, how often) is `PageFetcher`'s job, not this.
public final class HTTPClient: Sendable {
    private let driver: CurlDriver
    public let options: HTTPClientOptions

    public init(options: HTTPClientOptions = HTTPClientOptions()) {
        self.options = options
        driver = CurlDriver(options: options)
    }

    deinit { driver.stop() }

    /// GETs `url`. Any HTTP status is a response; only a transfer that produced none throws.
    public func get(_ url: String, headers: [String: String] = [:]) async throws(TransportError) -> HTTPResponse {
        if Task.isCancelled { throw .cancelled }
        let id = driver.nextTransferID()
        let result: Result<HTTPResponse, TransportError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                driver.submit(Transfer(id: id, url: url, headers: headers, options: options, continuation: continuation))
            }
        } onCancel: {
            driver.cancel(id: id)
        }
        return try result.get()
    }

    /// What to try after the failures people meet most (which option changes them is
    /// the command line's to say); nil where libcurl's message says all there is.
    static func advice(for code: CURLcode) -> String? {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST:
            return "check the network connection, or the host name"
        case CURLE_COULDNT_RESOLVE_PROXY:
            return "check the proxy settings (the http_proxy and https_proxy variables)"
        case CURLE_COULDNT_CONNECT:
            return "is the server up and reachable from here?"
        case CURLE_OPERATION_TIMEDOUT:
            return "the time limits can be raised"
        case CURLE_PEER_FAILED_VERIFICATION:
            return "the site's TLS certificate could not be verified (is the system's CA bundle installed?)"
        default:
            return nil
        }
    }
}

/// One request in flight. Touched only by the driver thread once submitted; a
/// cancelled one is taken off the multi handle there (`CurlDriver.abandon`).
final class Transfer: @unchecked Sendable {
    let id: Int
    let url: String
    let requestHeaders: [String: String]
    let options: HTTPClientOptions
    private let continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>
    var body = [UInt8]()
    var exceededLimit = false
    private(set) var easy: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    init(id: Int, url: String, headers: [String: String], options: HTTPClientOptions,
         continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>) {
        self.id = id
        self.url = url
        self.requestHeaders = headers
        self.options = options
        self.continuation = continuation
        errorBuffer.initialize(to: 0)
    }

    deinit {
        if let easy { curl_easy_cleanup(easy) }
        if let headerList { curl_slist_free_all(headerList) }
        errorBuffer.deallocate()
    }

    /// Configures an easy handle for this transfer: `reusing` one a finished transfer
    /// gave back (`giveBackHandle`, reset to libcurl's defaults), else a new one; nil
    /// when libcurl refuses.
    func makeHandle(reusing idle: UnsafeMutableRawPointer? = nil) -> UnsafeMutableRawPointer? {
        guard let handle = idle ?? curl_easy_init() else { return nil }
        easy = handle
        let context = Unmanaged.passUnretained(self).toOpaque()
        var ok = true
        func check(_ code: CURLcode) { if code != CURLE_OK { ok = false } }
        check(url.withCString { cpv_easy_setopt_string(handle, CURLOPT_URL, $0) })
        check(options.userAgent.withCString { cpv_easy_setopt_string(handle, CURLOPT_USERAGENT, $0) })
        if let proxy = options.proxy { check(proxy.withCString { cpv_easy_setopt_string(handle, CURLOPT_PROXY, $0) }) }
        // "" asks for every encoding libcurl can decode (gzip, deflate, br when built in).
        check("".withCString { cpv_easy_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, $0) })
        check("http,https".withCString { cpv_easy_setopt_string(handle, CURLOPT_PROTOCOLS_STR, $0) })
        check("http,https".withCString { cpv_easy_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, $0) })
        check(cpv_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
        // Redirects are followed by PageFetcher (FollowRedirects), so that each host a request lands on
        // is asked for its robots.txt and paced; libcurl answers the 3xx as it is.
        check(cpv_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0))
        // At least 1 ms (0 would mean "no timeout" to libcurl), at most a day; never a trap.
        check(cpv_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, HTTPClientOptions.milliseconds(options.connectTimeout)))
        check(cpv_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, HTTPClientOptions.milliseconds(options.timeout)))
        check(cpv_easy_setopt_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS)))
        check(cpv_easy_setopt_off(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(options.maxBodyBytes)))
        check(cpv_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
        check(cpv_easy_setopt_write_function(handle) { data, size, count, context in
            guard let data, let context else { return 0 }
            let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
            let length = size * count
            guard transfer.body.count + length <= transfer.options.maxBodyBytes else {
                transfer.exceededLimit = true
                return 0  // anything but `length` makes libcurl stop with a write error
            }
            data.withMemoryRebound(to: UInt8.self, capacity: length) {
                transfer.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
            }
            return length
        })
        check(cpv_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context))
        for (name, value) in requestHeaders.sorted(by: { $0.key < $1.key }) {
            headerList = "\(name): \(value)".withCString { curl_slist_append(headerList, $0) }
        }
        if let headerList { check(cpv_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList)) }
        return ok ? handle : nil
    }

    /// The handle, for the next transfer, once this one has read all it needs from it
    /// (`finish`): a handle's setting up and its buffers are not made again. Reset here,
    /// so that it points at nothing of this transfer's (its body, header list and error
    /// buffer go with it).
    func giveBackHandle() -> UnsafeMutableRawPointer? {
        guard let handle = easy else { return nil }
        curl_easy_reset(handle)
        easy = nil
        return handle
    }

    func finish(_ code: CURLcode) {
        guard let easy else { return fail(.network("libcurl could not set up the request for \(url)")) }
        switch code {
        case CURLE_OK:
            var status = 0
            _ = cpv_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
            var effective: UnsafeMutablePointer<CChar>?
            _ = cpv_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &effective)
            let response = HTTPResponse(url: url, finalURL: effective.map { String(cString: $0) } ?? url,
                                        status: status, headers: Transfer.headers(of: easy), body: body)
            continuation.resume(returning: .success(response))
        case CURLE_OPERATION_TIMEDOUT:
            fail(.timeout(detail(code)))
        case CURLE_FILESIZE_EXCEEDED:
            fail(.tooLarge(limit: options.maxBodyBytes))
        case CURLE_WRITE_ERROR where exceededLimit:
            fail(.tooLarge(limit: options.maxBodyBytes))
        default:
            fail(.network(detail(code)))
        }
    }

    /// Every header of the last response (after any redirects), names lower-cased: a
    /// name sent twice is one value, joined by ", " as HTTP allows. Whoever asks reads
    /// what the server said: `Cache-Control` for robots.txt, `Retry-After`, `Link`, the
    /// archive's own `Memento-Datetime` and `X-Archive-*`.
    static func headers(of easy: UnsafeMutableRawPointer) -> [String: String] {
        var headers = [String: String]()
        var previous: UnsafeMutablePointer<curl_header>?
        // At most a few hundred: a hostile server's thousands of headers are not all kept.
        var count = 0
        while count < 500, let header = curl_easy_nextheader(easy, UInt32(CURLH_HEADER), -1, previous) {
            count += 1
            previous = header
            guard let rawName = header.pointee.name, let rawValue = header.pointee.value else { continue }
            let name = String(cString: rawName).lowercased()
            let value = String(cString: rawValue)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return headers
    }

    func fail(_ error: TransportError) {
        continuation.resume(returning: .failure(error))
    }

    /// The failures people meet most in a few plain words, as curl's own tool says
    /// them (the host and port, no "after 0 ms"); libcurl's own words for the rest;
    /// and what to try.
    private func detail(_ code: CURLcode) -> String {
        let parts = URLComponents(string: url)
        let host = parts?.host ?? url
        let port = parts?.port ?? (parts?.scheme?.lowercased() == "https" ? 443 : 80)
        switch code {
        case CURLE_COULDNT_CONNECT where options.proxy != nil:
            // Every request goes to the proxy: it is the one that did not answer.
            let proxy = URLComponents(string: options.proxy ?? "")
            return "cannot connect to the proxy \(proxy?.host ?? "")\(proxy?.port.map { ":\($0)" } ?? ""); is it up and reachable from here?"
        case CURLE_COULDNT_CONNECT:
            return "cannot connect to \(host):\(port)" + (HTTPClient.advice(for: code).map { "; \($0)" } ?? "")
        case CURLE_COULDNT_RESOLVE_HOST:
            return "cannot resolve the host \(host)" + (HTTPClient.advice(for: code).map { "; \($0)" } ?? "")
        default:
            break
        }
        let specific = String(cString: errorBuffer)
        let said = specific.isEmpty ? String(cString: curl_easy_strerror(code)) : specific
        guard let advice = HTTPClient.advice(for: code) else { return said }
        return "\(said); \(advice)"
    }
}

