/** A stretch of text that one part of the PDF's font holds. */
export interface TextRun {
  text: string
  /** True for Devanagari (and ₹, which the Devanagari part holds); false for Latin. */
  deva: boolean
}

// Devanagari, Vedic extensions, Devanagari Extended, the joiners, ₹ and the dotted circle.
// (By code point, not a character class: the class would hold lone combining marks.)
function isDeva(char: string): boolean {
  const c = char.codePointAt(0) ?? 0
  return (
    (c >= 0x0900 && c <= 0x097f) ||
    (c >= 0x1cd0 && c <= 0x1cff) ||
    (c >= 0xa8e0 && c <= 0xa8ff) ||
    c === 0x200c ||
    c === 0x200d ||
    c === 0x20b9 ||
    c === 0x25cc
  )
}

/**
 * Splits text into runs of Devanagari and of everything else, so each run is set in the font
 * that has its glyphs (and Devanagari is shaped as one run). Spaces join the run they follow.
 */
export function textRuns(text: string): TextRun[] {
  const runs: TextRun[] = []
  for (const char of text) {
    const deva = char === ' ' && runs.length > 0 ? (runs.at(-1) as TextRun).deva : isDeva(char)
    const last = runs.at(-1)
    if (last && last.deva === deva) last.text += char
    else runs.push({ text: char, deva })
  }
  return runs
}
