/// Pages kept on disk and revalidated: a request asks with the kept page's ETag and
/// Last-Modified, and a 304 is answered from the disk; a new page is kept.
struct ConditionalCache: FetchStep {
    let cache: ResponseCache
    let state: FetchState

    func fetch(_ request: PageRequest, next: FetchNext) async -> Result<HTTPResponse, FetchError> {
        let cached = cache.entry(for: request.url)
        var request = request
        if let etag = cached?.etag { request.headers["If-None-Match"] = etag }
        if let lastModified = cached?.lastModified { request.headers["If-Modified-Since"] = lastModified }
        switch await next(request) {
        case .failure(let error):
            return .failure(error)
        case .success(let response):
            if response.status == 304, let cached {
                state.count { $0.revalidated += 1 }
                var fromCache = HTTPResponse(url: request.url, finalURL: response.finalURL, status: 200,
                                             headers: ["content-type": cached.contentType ?? "", "etag": cached.etag ?? "",
                                                       "last-modified": cached.lastModified ?? ""].filter { !$0.value.isEmpty },
                                             body: cached.body)
                fromCache.fromCache = true
                return .success(fromCache)
            }
            cache.store(response)
            return .success(response)
        }
    }
}
