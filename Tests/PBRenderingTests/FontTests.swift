import PBRendering
import Testing

/// Font descriptions: what Pango reads, the defaults, and the sizes refused.
@Suite struct FontTests {
    @Test func readsFamilyWeightStyleAndSize() throws {
        let font = try Font(description: "Sans Bold 14")
        #expect(font.family == "Sans")
        #expect(font.size == 14)
        #expect(font.weight == .bold)
        #expect(font.style == .normal)
        #expect(font.description == "Sans Bold 14")

        let list = try Font(description: "DejaVu Sans, Noto Sans CJK JP Italic 9.5")
        #expect(list.families == ["DejaVu Sans", "Noto Sans CJK JP"])
        #expect(list.style == .italic && list.size == 9.5 && list.weight == .regular)
    }

    @Test(arguments: [
        ("Sans Thin 10", 100), ("Sans Light 10", 300), ("Sans 10", 400), ("Sans Medium 10", 500),
        ("Sans Semi-Bold 10", 600), ("Sans Bold 10", 700), ("Sans Heavy 10", 900),
    ])
    func readsNamedWeights(description: String, weight: Int) throws {
        #expect(try Font(description: description).weight.value == weight)
    }

    @Test func fillsInTheFamilyAndSizeAndReadsPixelsAsPoints() throws {
        #expect(try Font(description: "").description == "Sans 12")
        #expect(try Font(description: "Bold 20").description == "Sans Bold 20")
        #expect(try Font(description: "Serif Oblique").description == "Serif Oblique 12")
        #expect(try Font(description: "Serif 20px").description == "Serif 20")
        #expect(try Font(description: "Serif 20px").size == 20)
        #expect(Font.default.description == "Sans Bold 12")
        #expect(Font.default.size == Font.defaultSize && Font.default.weight == .bold)
    }

    @Test(arguments: [
        "Sans Bold 14", "DejaVu Sans,Noto Sans CJK JP Italic 9.5", "Serif Condensed 7.25", "",
        // Found by fuzzing: Pango drops one trailing comma per reading, so these read back as
        // other lists until empty names were dropped.
        "DejaVu Sans, Nmeta,,, 9", "Sans,,,,,", ",, ,Serif, ,Sans,, Bold 10", ",,,",
    ])
    func descriptionsReadBackToTheSameFont(description: String) throws {
        let font = try Font(description: description)
        #expect(try Font(description: font.description) == font)
    }

    @Test func emptyFamilyNamesAreDropped() throws {
        #expect(try Font(description: "DejaVu Sans, Nmeta,,, 9").family == "DejaVu Sans,Nmeta")
        #expect(try Font(description: ",, ,Serif, ,Sans,, Bold 10").families == ["Serif", "Sans"])
        #expect(try Font(description: ",,, 11").description == "Sans 11")
        #expect(try Font(family: "Serif,,", size: 12) == Font(description: "Serif 12"))
    }

    @Test func partsMakeTheSameFontAsADescription() throws {
        #expect(try Font(family: "Sans", size: 14, weight: .bold) == Font(description: "Sans Bold 14"))
        #expect(try Font(family: "Serif", size: 9.5, style: .italic) == Font(description: "Serif Italic 9.5"))
        #expect(try Font(family: "", size: 12) == Font(description: "Sans 12"))
        #expect(Font.Weight(50) == nil && Font.Weight(1001) == nil && Font.Weight(700) == .bold)
    }

    @Test(arguments: [
        ("Sans 0", FontError.Kind.sizeNotPositive, "0.0"),
        ("Sans 0.0001", .sizeNotPositive, "0.0"),
        ("Sans -3", .sizeNotPositive, "-3.0"),
        ("Sans -1e300", .sizeNotPositive, "-1e+300"),
        ("Sans 1000.5", .sizeTooLarge, "1000.5"),
        ("Sans 1e9", .sizeTooLarge, "1000000000.0"),
        ("Sans Bold 3000000px", .sizeTooLarge, "3000000.0"),
        ("Sans 12pt", .sizeNotANumber, "12pt"),
    ])
    func refusesSizesThatAreNotPositiveOrTooLarge(description: String, kind: FontError.Kind, value: String) {
        #expect(throws: FontError(kind, fontDescription: description, value: value)) {
            try Font(description: description)
        }
    }

    @Test func refusesBadSizesFromParts() throws {
        #expect(throws: FontError(.sizeNotANumber, fontDescription: "Sans nan", value: "nan")) {
            try Font(size: .nan)
        }
        #expect(throws: FontError(.sizeNotPositive, fontDescription: "Sans 0.0", value: "0.0")) {
            try Font(size: 0)
        }
        #expect(throws: FontError(.sizeTooLarge, fontDescription: "Sans 2000.0", value: "2000.0")) {
            try Font(size: 2000)
        }
        #expect(throws: FontError(.sizeNotPositive, fontDescription: "Sans -1e+300", value: "-1e+300")) {
            try Font(size: -1e300)
        }
        #expect(try Font(size: Font.maximumSize).size == Font.maximumSize)
    }

    @Test func errorsSayWhatIsWrongInWords() {
        #expect(
            FontError(.sizeNotPositive, fontDescription: "Sans -3", value: "-3.0").description
                == "font 'Sans -3': the size -3.0 is not positive: give a size in points, e.g. 'Sans Bold 14'")
        #expect(
            FontError(.sizeTooLarge, fontDescription: "Sans 5000", value: "5000.0").description
                == "font 'Sans 5000': the size 5000.0 is larger than the largest label size, 1000 points")
        #expect(
            FontError(.sizeNotANumber, fontDescription: "Sans 12pt", value: "12pt").description
                == "font 'Sans 12pt': '12pt' is not a size: give a size in points, e.g. 'Sans Bold 14'")
    }
}
