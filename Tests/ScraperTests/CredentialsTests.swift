import Foundation
@testable import Scraper
import Testing
import TestSupport

/// A user and password in --base-url reach the server and nothing else.
@Suite struct CredentialsTests {
    @Test func redactedAndStripped() {
        #expect(URLCredentials.redacted("http://user:secret@host:8080/p?x=1") == "http://***@host:8080/p?x=1")
        #expect(URLCredentials.redacted("see http://a:b@h/x and https://c@d/y, not e@f") == "see http://***@h/x and https://***@d/y, not e@f")
        #expect(URLCredentials.redacted("http://host/p?mail=a@b") == "http://host/p?mail=a@b")
        #expect(URLCredentials.stripped("http://user:secret@host/base") == "http://host/base")
        #expect(URLCredentials.stripped("http://host/a@b") == "http://host/a@b")
    }
}
