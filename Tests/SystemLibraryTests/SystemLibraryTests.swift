import CCurl
import CLibXML2
import CPCRE2
import Testing

/// The C libraries scripts/setup installs are the ones the package links.
@Suite struct SystemLibraryTests {
    @Test func pcre2HasItsJIT() {
        var jit: UInt32 = 0
        pcre2_config_8(UInt32(PCRE2_CONFIG_JIT), &jit)
        #expect(jit == 1)
    }

    @Test func curlSpeaksHTTPWithCompression() throws {
        // e.g. "libcurl/7.88.1 OpenSSL/3.0.17 zlib/1.2.13 ... nghttp2/1.52.0"
        let version = String(cString: try #require(curl_version()))
        #expect(version.hasPrefix("libcurl/"))
        #expect(version.contains("zlib/"))
        #expect(version.contains("SSL/"))
    }

    @Test func libxml2Initialises() {
        xmlInitParser()
        #expect(LIBXML_VERSION >= 20900)
    }
}
