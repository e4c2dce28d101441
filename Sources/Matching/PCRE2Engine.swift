import CPCRE2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// PCRE2 (8-bit, UTF) with its JIT. Patterns are compiled once and shared by every
/// thread; the mutable state of a match lives in each thread's `PCRE2MatchState`.
public struct PCRE2Engine: PatternEngine {
    public init() {}

    public func compile(_ pattern: String, options: PatternOptions) throws(PatternCompileError) -> any CompiledPattern {
        try PCRE2Pattern(pattern, options: options)
    }
}

final class PCRE2Pattern: CompiledPattern, @unchecked Sendable {
    // The compiled code is read-only after init, and PCRE2 documents it as safe to
    // share between threads: that is what makes the @unchecked above true.
    private let code: OpaquePointer
    let pattern: String
    let captureCount: Int
    let limits: MatchLimits
    let jitCompiled: Bool

    /// `rewritingTail: false` runs the pattern exactly as written (for tests that
    /// compare the two).
    init(_ pattern: String, options: PatternOptions, rewritingTail: Bool = true) throws(PatternCompileError) {
        // MATCH_INVALID_UTF: pages with stray bytes still match (the bad bytes just
        // never match anything), and no match call re-validates the whole page.
        var flags = UInt32(PCRE2_UTF | PCRE2_MATCH_INVALID_UTF)
        if options.caseInsensitive { flags |= UInt32(PCRE2_CASELESS) }
        // HTML wraps wherever it likes, so `.` crosses lines; `(?-s)` turns that off.
        flags |= UInt32(PCRE2_DOTALL)
        var errorCode: Int32 = 0
        var errorOffset = 0
        guard let written = PCRE2Pattern.compile(pattern, flags: flags, &errorCode, &errorOffset) else {
            throw PatternCompileError(message: PCRE2Pattern.message(for: errorCode), offset: errorOffset)
        }
        // Errors are reported against the pattern as written; what runs may be its
        // faster equivalent (see LazyCaptureTail).
        var program = written
        if rewritingTail, let rewritten = LazyCaptureTail.possessive(pattern),
           let faster = PCRE2Pattern.compile(rewritten, flags: flags, &errorCode, &errorOffset) {
            pcre2_code_free_8(written)
            program = faster
        }
        code = program
        self.pattern = pattern
        limits = options.limits
        var count: UInt32 = 0
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        captureCount = Int(count)
        // Without JIT support PCRE2 still matches, only slower: not an error.
        jitCompiled = pcre2_jit_compile_8(code, UInt32(PCRE2_JIT_COMPLETE)) == 0
    }

    deinit {
        pcre2_code_free_8(code)
    }

    private static func compile(_ pattern: String, flags: UInt32, _ errorCode: inout Int32, _ errorOffset: inout Int) -> OpaquePointer? {
        Array(pattern.utf8).withUnsafeBufferPointer {
            pcre2_compile_8($0.baseAddress, $0.count, flags, &errorCode, &errorOffset, nil)
        }
    }

    func groupNumber(named name: String) -> Int? {
        let number = pcre2_substring_number_from_name_8(code, name)
        return number > 0 ? Int(number) : nil
    }

    func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from start: Int) throws(MatchFailure) -> PatternMatch? {
        try run(subject, from: start) { found in PatternMatch(groups: (0...captureCount).map(found)) }
    }

    func firstRange(of group: Int, in subject: UnsafeBufferPointer<UInt8>, from start: Int) throws(MatchFailure) -> Range<Int>? {
        guard group <= captureCount else { return nil }
        return try run(subject, from: start) { found in found(group) } ?? nil
    }

    /// One match call. `read` gets, while the match data is at hand, a function giving
    /// each group's range (nil for a group that did not take part); nil for no match.
    /// The one place match results are read.
    private func run<Answer>(_ subject: UnsafeBufferPointer<UInt8>, from start: Int,
                             read: ((Int) -> Range<Int>?) -> Answer) throws(MatchFailure) -> Answer? {
        guard start >= 0, start <= subject.count else { return nil }
        let state = try PCRE2MatchState.current(pairs: captureCount + 1, limits: limits)
        let (matchData, context) = (state.matchData, state.context)
        // PCRE2 wants a non-null pointer even for an empty subject. The JIT entry point
        // skips checks that hold here (offset in range; MATCH_INVALID_UTF needs no UTF check).
        let rc: Int32 = withNonNullBase(subject) { base in
            jitCompiled ? pcre2_jit_match_8(code, base, subject.count, start, 0, matchData, context)
                : pcre2_match_8(code, base, subject.count, start, 0, matchData, context)
        }
        if rc == PCRE2_ERROR_NOMATCH { return nil }
        if rc < 0 { throw PCRE2Pattern.failure(for: rc) }
        guard let ovector = pcre2_get_ovector_pointer_8(matchData) else { return nil }
        return read { group in
            // Groups past the last one set, and unset groups (PCRE2_UNSET, all bits set,
            // which reads as -1 here), took no part.
            guard group < Int(rc) else { return nil }
            let lower = ovector[2 * group], upper = ovector[2 * group + 1]
            return lower >= 0 && upper >= lower ? lower..<upper : nil
        }
    }

    private func withNonNullBase(_ subject: UnsafeBufferPointer<UInt8>, _ body: (UnsafePointer<UInt8>) -> Int32) -> Int32 {
        if let base = subject.baseAddress { return body(base) }
        return withUnsafePointer(to: 0 as UInt8) { body($0) }
    }

    /// A match call's error code (other than no match) as what the user is told.
    private static func failure(for rc: Int32) -> MatchFailure {
        switch rc {
        case PCRE2_ERROR_MATCHLIMIT: .limitExceeded("match-step")
        case PCRE2_ERROR_DEPTHLIMIT: .limitExceeded("depth")
        case PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_NOMEMORY: .limitExceeded("heap")
        case PCRE2_ERROR_JIT_STACKLIMIT: .limitExceeded("JIT stack")
        default: .engine(PCRE2Pattern.message(for: rc))
        }
    }

    static func message(for errorCode: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(errorCode, &buffer, buffer.count)
        guard length > 0 else { return "PCRE2 error \(errorCode)" }
        return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
    }
}

/// The mutable state of matching on one thread: PCRE2 match data, a match context
/// carrying the limits, and a JIT stack. Making these costs allocations and an mmap,
/// so each thread keeps one for every match it runs, freed when the thread ends. Plain
/// memory rather than a class: every match call reaches it, and reference counting
/// there cost more than the lookup.
struct PCRE2MatchState {
    private(set) var matchData: OpaquePointer
    private var pairs: Int
    let context: OpaquePointer
    private let jitStack: OpaquePointer?
    private var limits: MatchLimits?

    private init?() {
        guard let context = pcre2_match_context_create_8(nil) else { return nil }
        guard let matchData = pcre2_match_data_create_8(16, nil) else {
            pcre2_match_context_free_8(context)
            return nil
        }
        self.context = context
        self.matchData = matchData
        pairs = 16
        // The JIT's default stack is 32 KiB of machine stack, too small for some
        // honest patterns on big pages; grow on demand up to 8 MiB instead.
        jitStack = pcre2_jit_stack_create_8(32 * 1024, 8 * 1024 * 1024, nil)
        if let jitStack { pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(jitStack)) }
    }

    fileprivate func free() {
        pcre2_match_data_free_8(matchData)
        pcre2_match_context_free_8(context)
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
    }

    /// This thread's state, with room for `pairs` groups and `limits` in force.
    static func current(pairs: Int, limits: MatchLimits) throws(MatchFailure) -> PCRE2MatchState {
        let state: UnsafeMutablePointer<PCRE2MatchState>
        if let stored = pthread_getspecific(threadKey) {
            state = stored.assumingMemoryBound(to: PCRE2MatchState.self)
        } else {
            guard let made = PCRE2MatchState() else { throw .engine("PCRE2 could not allocate its match state (out of memory)") }
            state = UnsafeMutablePointer<PCRE2MatchState>.allocate(capacity: 1)
            state.initialize(to: made)
            pthread_setspecific(threadKey, state)
        }
        try state.pointee.prepare(pairs: pairs, limits: limits)
        return state.pointee
    }

    private mutating func prepare(pairs needed: Int, limits wanted: MatchLimits) throws(MatchFailure) {
        if limits != wanted {
            pcre2_set_match_limit_8(context, wanted.steps)
            pcre2_set_depth_limit_8(context, wanted.depth)
            pcre2_set_heap_limit_8(context, wanted.heapKiB)
            limits = wanted
        }
        guard needed > pairs else { return }
        guard let larger = pcre2_match_data_create_8(UInt32(needed), nil) else {
            throw .engine("PCRE2 could not allocate match data (out of memory)")
        }
        pcre2_match_data_free_8(matchData)
        matchData = larger
        pairs = needed
    }
}

/// Each thread's `PCRE2MatchState`, freed when the thread ends.
private let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { stored in
        guard let state = stored?.assumingMemoryBound(to: PCRE2MatchState.self) else { return }
        state.pointee.free()
        state.deinitialize(count: 1)
        state.deallocate()
    }
    return key
}()
