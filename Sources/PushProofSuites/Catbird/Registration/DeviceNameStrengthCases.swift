import PushProofConformance
import PushProofJSON

/// catbird_registration, legacy: the device name at the 100-scalar cut. The server removes control
/// characters (Cc), U+FEFF and U+200B, keeps the first 100 scalars of what is left, and refuses the
/// result when it is blank (Rust's trim, Unicode White_Space): removed characters never count
/// toward the 100, kept invisible ones do, the count is of scalars (not UTF-16 units or
/// characters), and a name whose first 100 kept scalars are white space is blank.
extension DeviceRegistrationCases {
    static func nameCutCases() -> [VectorCase] {
        let source = rd("92-105") + " (chars().filter(!is_control && != U+FEFF && != U+200B).take(100), then trim)"
        func name(_ comment: String, _ text: String, blank: Bool = false) -> VectorCase {
            trace(
                "\(comment): \(blank ? "blank, 400" : "registered")", ["DeviceName", "NameCutAfterFilter"], source,
                [register(text)])
        }
        let n = { (count: Int) in String(repeating: "n", count: count) }
        let removed: [(String, String)] = [
            ("NUL", "\u{0}"), ("BEL (U+0007)", "\u{7}"), ("a tab", "\t"), ("a line feed", "\n"),
            ("U+001F", "\u{1F}"), ("DEL (U+007F)", "\u{7F}"), ("NEL (U+0085)", "\u{85}"), ("U+009F", "\u{9F}"),
            ("U+FEFF", "\u{FEFF}"), ("U+200B", "\u{200B}"),
        ]
        var cases = removed.map { what, r in
            name("\(what), then 100 letters: removed before the cut, the 100 letters kept", r + n(100))
        }
        cases += [
            name(
                "two U+200B and a control character, then 100 letters: the 100 letters kept",
                "\u{200B}\u{200B}\u{1}" + n(100)),
            name("one control character, then 99 letters: the 99 kept", "\u{1}" + n(99)),
            name(
                "99 letters, a control character, 2 letters: 101 letters left, the first 100 kept",
                n(99) + "\u{1}" + n(2)),
            name("100 letters, a control character, a letter: the first 100 kept", n(100) + "\u{1}x"),
            name(
                "50 control characters, then 100 letters: the 100 letters kept",
                String(repeating: "\u{2}", count: 50) + n(100)),
            name("100 control characters, then abc: abc kept", String(repeating: "\u{3}", count: 100) + "abc"),
            name("101 U+FEFF, then abc: abc kept", String(repeating: "\u{FEFF}", count: 101) + "abc"),
            name("a letter and NUL, 101 times: 100 letters kept", String(repeating: "n\u{0}", count: 101)),
            name("U+200C (kept, not removed), then 100 letters: it counts, 99 letters follow it", "\u{200C}" + n(100)),
            name("a soft hyphen (U+00AD, kept), then 100 letters: it counts", "\u{AD}" + n(100)),
            name("U+180E (kept), then 100 letters: it counts", "\u{180E}" + n(100)),
            name("U+2028 (kept), then 100 letters: it counts", "\u{2028}" + n(100)),
            name(
                "101 emoji (U+1F600): 100 scalars kept, not 50 UTF-16 pairs", String(repeating: "\u{1F600}", count: 101)
            ),
            name(
                "60 e + U+0301: the first 100 scalars kept, 50 letters and their accents",
                String(repeating: "e\u{301}", count: 60)),
            name(
                "100 spaces, then abc: the first 100 kept are blank", String(repeating: " ", count: 100) + "abc",
                blank: true),
            name("99 spaces, then abc: a space-led name", String(repeating: " ", count: 99) + "abc"),
            name(
                "100 ideographic spaces (U+3000), then x: blank after the cut",
                String(repeating: "\u{3000}", count: 100) + "x",
                blank: true),
            name(
                "100 control characters, then 100 spaces, then x: the spaces are the first 100 kept, blank",
                String(repeating: "\u{4}", count: 100) + String(repeating: " ", count: 100) + "x", blank: true),
        ]
        // Blank once filtered and trimmed: each White_Space character that is not a control
        // character alone; the characters trim leaves are a name.
        let blanks: [(String, String)] = [
            ("a no-break space (U+00A0)", "\u{A0}"), ("U+1680", "\u{1680}"), ("U+2000", "\u{2000}"),
            ("U+2005", "\u{2005}"), ("U+200A", "\u{200A}"), ("U+2028", "\u{2028}"), ("U+2029", "\u{2029}"),
            ("U+202F", "\u{202F}"), ("U+205F", "\u{205F}"), ("U+3000", "\u{3000}"),
            ("NEL (U+0085), a control character,", "\u{85}"),
            ("U+001C, a control character,", "\u{1C}"),
        ]
        cases += blanks.map { what, c in name("a name of \(what) alone", c, blank: true) }
        let named: [(String, String)] = [
            ("U+180E MONGOLIAN VOWEL SEPARATOR", "\u{180E}"), ("U+200C", "\u{200C}"),
            ("U+2060 WORD JOINER", "\u{2060}"),
        ]
        cases += named.map { what, c in name("a name of \(what) alone (not White_Space)", c) }
        return cases
    }
}
