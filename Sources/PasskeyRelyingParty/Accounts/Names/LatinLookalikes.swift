/// Letters of other scripts that, once case-folded, look like a Latin letter: the part of Unicode's confusables
/// (UTS #39 §4) that matters for names compared against Latin ones.
///
/// Hand-picked rather than generated from `confusables.txt`, which this build has no copy of: it covers the Cyrillic
/// and Greek letters whose lowercase or uppercase form is drawn like a Latin letter in common fonts, and the Latin
/// letters without a dot or with a different shape of the same letter. Mapping a letter whose lowercase form looks
/// different (Cyrillic `т`, from `Т`) only over-matches: it can refuse a sign-up whose name is close to a taken one,
/// never let two look-alike names both in. Decomposed input is expected (the key maps NFD), so accented forms map
/// through their base letter.
enum LatinLookalikes {
    static func latin(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard scalar.value >= 0x0131 else { return nil }
        return table[scalar.value].flatMap(Unicode.Scalar.init)
    }

    private static let table: [UInt32: UInt32] = {
        var map: [UInt32: UInt32] = [:]
        func add(_ latin: Character, _ lookalikes: [UInt32]) {
            guard let value = latin.unicodeScalars.first?.value else { return }
            for lookalike in lookalikes { map[lookalike] = value }
        }
        // Each line: the Latin letter, then its Cyrillic (U+0400–U+052F), Greek (U+0370–U+03FF) and Latin look-alikes.
        add("a", [0x0430]) // а
        add("b", [0x0432, 0x044C]) // в (from В), ь (drawn like b)
        add("c", [0x0441, 0x03F2]) // с, Greek lunate sigma ϲ
        add("d", [0x0501]) // ԁ
        add("e", [0x0435, 0x0454]) // е, є
        add("h", [0x043D, 0x04BB, 0x03B7]) // н (from Н), һ, Greek η (from Η)
        add("i", [0x0456, 0x03B9, 0x0131, 0x0269]) // і, Greek ι, dotless ı, Latin iota ɩ
        add("j", [0x0458, 0x03F3]) // ј, Greek yot ϳ
        add("k", [0x043A, 0x03BA]) // к, Greek κ
        add("l", [0x04CF]) // ӏ (palochka)
        add("m", [0x043C, 0x03BC]) // м (from М), Greek μ (from Μ)
        add("n", [0x043F]) // п (drawn like n in italics and many fonts)
        add("o", [0x043E, 0x03BF, 0x03C3]) // о, Greek ο, σ
        add("p", [0x0440, 0x03C1]) // р, Greek ρ
        add("q", [0x051B]) // ԛ
        add("s", [0x0455]) // ѕ
        add("t", [0x0442, 0x03C4]) // т (from Т), Greek τ (from Τ)
        add("u", [0x03C5]) // Greek υ
        add("v", [0x03BD, 0x0475]) // Greek ν, Cyrillic ѵ
        add("w", [0x051D, 0x03C9]) // ԝ, Greek ω
        add("x", [0x0445, 0x03C7]) // х, Greek χ
        add("y", [0x0443, 0x04AF, 0x03B3]) // у, ү, Greek γ
        add("z", [0x03B6]) // Greek ζ (from Ζ)
        add("a", [0x03B1, 0x0251]) // Greek α, Latin alpha ɑ
        add("b", [0x03B2]) // Greek β (from Β)
        add("e", [0x03B5]) // Greek ε (from Ε)
        add("g", [0x0261]) // Latin script g ɡ
        return map
    }()
}
