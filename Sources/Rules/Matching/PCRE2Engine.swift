import CPCRE2

/// PCRE2 (8-bit, UTF) with its JIT. Patterns are compiled once and shared by every
/// thread; the mutable state of a match lives in a `MatchScratch`, one per thread.
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
    /// The same pattern compiled byte-wise (no UTF), for subjects that are all ASCII,
    /// where it gives the same matches faster (up to twice, on patterns that scan tags
    /// and text): the UTF program decodes (and, with MATCH_INVALID_UTF, checks) every
    /// character it steps over. Only for patterns written in ASCII: a caseless `K`
    /// (U+212A KELVIN SIGN) in a pattern matches an ASCII `k`, which a byte program
    /// cannot know. Always JIT-compiled, or not kept.
    private let asciiCode: OpaquePointer?
    let pattern: String
    let captureCount: Int
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
        var program = (source: pattern, code: written)
        if rewritingTail, let rewritten = LazyCaptureTail.possessive(pattern),
           let faster = PCRE2Pattern.compile(rewritten, flags: flags, &errorCode, &errorOffset) {
            pcre2_code_free_8(written)
            program = (rewritten, faster)
        }
        code = program.code
        asciiCode = program.source.utf8.allSatisfy({ $0 < 0x80 }) ? PCRE2Pattern.byteProgram(program.source, flags: flags) : nil
        self.pattern = pattern
        var count: UInt32 = 0
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        captureCount = Int(count)
        // Without JIT support PCRE2 still matches, only slower: not an error.
        jitCompiled = pcre2_jit_compile_8(code, UInt32(PCRE2_JIT_COMPLETE)) == 0
    }

    deinit {
        pcre2_code_free_8(code)
        if let asciiCode { pcre2_code_free_8(asciiCode) }
    }

    var hasASCIIProgram: Bool { asciiCode != nil }

    private static func compile(_ pattern: String, flags: UInt32, _ errorCode: inout Int32, _ errorOffset: inout Int) -> OpaquePointer? {
        Array(pattern.utf8).withUnsafeBufferPointer {
            pcre2_compile_8($0.baseAddress, $0.count, flags, &errorCode, &errorOffset, nil)
        }
    }

    /// The byte-wise twin, JIT-compiled; nil when either step fails (an interpreted
    /// byte program would be slower than the UTF program's JIT).
    private static func byteProgram(_ pattern: String, flags: UInt32) -> OpaquePointer? {
        // NEVER_UTF: a pattern that starts with (*UTF) gets no byte program.
        let byteFlags = flags & ~UInt32(PCRE2_UTF | PCRE2_MATCH_INVALID_UTF) | UInt32(PCRE2_NEVER_UTF)
        var errorCode: Int32 = 0
        var errorOffset = 0
        guard let compiled = compile(pattern, flags: byteFlags, &errorCode, &errorOffset) else { return nil }
        guard pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE)) == 0 else {
            pcre2_code_free_8(compiled)
            return nil
        }
        return compiled
    }

    func groupNumber(named name: String) -> Int? {
        let number = pcre2_substring_number_from_name_8(code, name)
        return number > 0 ? Int(number) : nil
    }

    func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from start: Int, asciiOnly: Bool,
                    scratch: MatchScratch) throws(MatchFailure) -> PatternMatch? {
        guard start <= subject.count else { return nil }
        let (matchData, context) = try scratch.pcre2State(pairs: captureCount + 1)
        guard let rc = try run(subject, from: start, asciiOnly: asciiOnly, matchData, context), let ovector = pcre2_get_ovector_pointer_8(matchData) else { return nil }
        var groups = [Range<Int>?]()
        groups.reserveCapacity(captureCount + 1)
        for group in 0...captureCount {
            // Unset groups hold PCRE2_UNSET (all bits set), which reads as -1 here.
            let lower = ovector[2 * group], upper = ovector[2 * group + 1]
            if group < Int(rc), lower >= 0, upper >= lower {
                groups.append(lower..<upper)
            } else {
                groups.append(nil)
            }
        }
        return PatternMatch(groups: groups)
    }

    func firstRange(of group: Int, in subject: UnsafeBufferPointer<UInt8>, from start: Int, asciiOnly: Bool,
                    scratch: MatchScratch) throws(MatchFailure) -> Range<Int>? {
        guard start <= subject.count else { return nil }
        let (matchData, context) = try scratch.pcre2State(pairs: captureCount + 1)
        guard let rc = try run(subject, from: start, asciiOnly: asciiOnly, matchData, context), group < Int(rc), group <= captureCount,
              let ovector = pcre2_get_ovector_pointer_8(matchData) else { return nil }
        let lower = ovector[2 * group], upper = ovector[2 * group + 1]
        // Unset groups hold PCRE2_UNSET (all bits set), which reads as -1 here.
        guard lower >= 0, upper >= lower else { return nil }
        return lower..<upper
    }

    func firstRanges(of group: Int, in buffer: UnsafeBufferPointer<UInt8>, regions: [Range<Int>], asciiOnly: [Bool],
                     searching: [Int], scratch: MatchScratch, into found: inout RegionMatches) {
        // A buffer with no base address has nothing to offset from, and a group the
        // pattern does not have is never set: the one-by-one way answers both.
        guard let base = buffer.baseAddress, group <= captureCount else {
            firstRangesOneByOne(of: group, in: buffer, regions: regions, asciiOnly: asciiOnly, searching: searching, scratch: scratch, into: &found)
            return
        }
        let matchData: OpaquePointer, context: OpaquePointer
        do throws(MatchFailure) {
            (matchData, context) = try scratch.pcre2State(pairs: captureCount + 1)
        } catch {
            for index in searching { found.failed.append((index, error)) }
            return
        }
        // The match data outlives every call below, and so does its vector.
        guard let ovector = pcre2_get_ovector_pointer_8(matchData) else {
            for index in searching { found.failed.append((index, .engine("PCRE2 match data has no vector"))) }
            return
        }
        for index in searching {
            let region = regions[index]
            let subject = base + region.lowerBound
            let rc: Int32
            if asciiOnly[index], let asciiCode {
                rc = pcre2_jit_match_8(asciiCode, subject, region.count, 0, 0, matchData, context)
            } else if jitCompiled {
                rc = pcre2_jit_match_8(code, subject, region.count, 0, 0, matchData, context)
            } else {
                rc = pcre2_match_8(code, subject, region.count, 0, 0, matchData, context)
            }
            if rc > Int32(group) {
                // Unset groups hold PCRE2_UNSET (all bits set), which reads as -1 here.
                let lower = ovector[2 * group], upper = ovector[2 * group + 1]
                if lower >= 0, upper >= lower {
                    found.captured.append((index, (lower + region.lowerBound)..<(upper + region.lowerBound)))
                } else {
                    found.unmatched.append(index)
                }
            } else if rc >= 0 || rc == PCRE2_ERROR_NOMATCH {
                found.unmatched.append(index)
            } else {
                found.failed.append((index, PCRE2Pattern.failure(for: rc)))
            }
        }
    }

    /// One match call: PCRE2's return code (the number of groups set, plus one), or nil
    /// for no match; errors become `MatchFailure`s.
    private func run(_ subject: UnsafeBufferPointer<UInt8>, from start: Int, asciiOnly: Bool,
                     _ matchData: OpaquePointer, _ context: OpaquePointer) throws(MatchFailure) -> Int32? {
        // A byte program is always JIT-compiled (see `byteProgram`).
        let (program, jit) = if asciiOnly, let asciiCode { (asciiCode, true) } else { (code, jitCompiled) }
        // PCRE2 wants a non-null pointer even for an empty subject; the one made for that
        // case stays out of this path, which every match call takes. The JIT entry point
        // skips checks that hold here (offset in range; MATCH_INVALID_UTF needs no UTF check).
        let rc: Int32
        if let base = subject.baseAddress {
            rc = jit ? pcre2_jit_match_8(program, base, subject.count, start, 0, matchData, context)
                : pcre2_match_8(program, base, subject.count, start, 0, matchData, context)
        } else {
            rc = PCRE2Pattern.matchEmpty(program, jit: jit, matchData, context)
        }
        if rc == PCRE2_ERROR_NOMATCH { return nil }
        if rc < 0 { throw PCRE2Pattern.failure(for: rc) }
        return rc
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

    @inline(never)
    private static func matchEmpty(_ program: OpaquePointer, jit: Bool, _ matchData: OpaquePointer, _ context: OpaquePointer) -> Int32 {
        withUnsafePointer(to: 0 as UInt8) { empty in
            jit ? pcre2_jit_match_8(program, empty, 0, 0, 0, matchData, context) : pcre2_match_8(program, empty, 0, 0, 0, matchData, context)
        }
    }

    static func message(for errorCode: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(errorCode, &buffer, buffer.count)
        guard length > 0 else { return "PCRE2 error \(errorCode)" }
        return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
    }
}

/// The mutable state of matching: PCRE2 match data, a match context carrying the
/// limits, and a JIT stack. Creating these costs a few allocations and an mmap, so
/// one scratch serves every match of one extraction; it must not be shared between
/// threads at the same time.
public final class MatchScratch {
    public let limits: MatchLimits
    private var matchData: OpaquePointer?
    private var matchDataPairs = 0
    private var context: OpaquePointer?
    private var jitStack: OpaquePointer?

    public init(limits: MatchLimits = .default) {
        self.limits = limits
    }

    deinit {
        if let matchData { pcre2_match_data_free_8(matchData) }
        if let context { pcre2_match_context_free_8(context) }
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
    }

    /// Every match call asks for these: the common case (both made, big enough) is
    /// inlined into the caller, the making is not.
    @inline(__always)
    fileprivate func pcre2State(pairs: Int) throws(MatchFailure) -> (OpaquePointer, OpaquePointer) {
        if let matchData, let context, matchDataPairs >= pairs { return (matchData, context) }
        return try makePCRE2State(pairs: pairs)
    }

    private func makePCRE2State(pairs: Int) throws(MatchFailure) -> (OpaquePointer, OpaquePointer) {
        if context == nil {
            guard let created = pcre2_match_context_create_8(nil) else {
                throw .engine("PCRE2 could not allocate a match context (out of memory)")
            }
            pcre2_set_match_limit_8(created, limits.steps)
            pcre2_set_depth_limit_8(created, limits.depth)
            pcre2_set_heap_limit_8(created, limits.heapKiB)
            // The JIT's default stack is 32 KiB of machine stack, too small for some
            // honest patterns on big pages; grow on demand up to 8 MiB instead.
            jitStack = pcre2_jit_stack_create_8(32 * 1024, 8 * 1024 * 1024, nil)
            if let jitStack { pcre2_jit_stack_assign_8(created, nil, UnsafeMutableRawPointer(jitStack)) }
            context = created
        }
        if matchData == nil || matchDataPairs < pairs {
            if let matchData { pcre2_match_data_free_8(matchData) }
            let size = max(pairs, 16)
            matchData = pcre2_match_data_create_8(UInt32(size), nil)
            matchDataPairs = size
        }
        guard let matchData, let context else {
            throw .engine("PCRE2 could not allocate match data (out of memory)")
        }
        return (matchData, context)
    }
}
