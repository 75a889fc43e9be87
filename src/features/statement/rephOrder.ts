/**
 * Puts Devanagari glyphs back in the order they are read. A reph first: In Devanagari, र् before a consonant (शर्मा) is drawn as a
 * small hook (the reph) above the end of the syllable, so OpenType shaping moves its glyph after
 * the syllable's other glyphs. A PDF keeps glyphs in drawing order and maps each glyph to its
 * letters, so a reader copying or searching the PDF got "शमार्" for "शर्मा". Here the reph glyph
 * moves back to where its र् stands in the text, with an offset that still draws it at the same
 * spot, so the PDF looks the same and its text comes out in reading order. The same goes for
 * ि, drawn before the consonant it follows (किसान read back as "िकसान").
 */

const RA = 0x0930
const VIRAMA = 0x094d
const I_MATRA = 0x093f

/** What this needs of a shaped glyph: the letters it stands for. */
export interface ShapedGlyph {
  codePoints: readonly number[]
}

/** What this needs of a glyph's position (fontkit's, as pdfkit scales it). */
export interface ShapedPosition {
  xAdvance: number
  xOffset: number
}

function isReph(glyph: ShapedGlyph): boolean {
  const [first, second, ...rest] = glyph.codePoints
  return first === RA && second === VIRAMA && rest.length === 0
}

/**
 * Moves every reph glyph of a shaped run (in place) to just before the glyphs of the letters that
 * follow its र् in `text`: the first index whose glyphs so far hold exactly the letters before
 * that र्. A run whose glyphs do not line up with the text that way is left as it is.
 */
function rephsInPlace(letters: number[], glyphs: ShapedGlyph[], positions: ShapedPosition[]) {
  for (let k = 1; k < glyphs.length; k++) {
    if (!isReph(glyphs[k] as ShapedGlyph)) continue
    // Letters before each glyph, counted over the glyphs as they now stand.
    let before = 0
    let target = -1
    for (let j = 0; j < k; j++) {
      if (letters[before] === RA && letters[before + 1] === VIRAMA) target = j
      before += (glyphs[j] as ShapedGlyph).codePoints.length
    }
    if (target < 0) continue
    move(glyphs, positions, k, target)
  }
}

/**
 * Moves every ि (drawn before its consonants, read after them) to just after the glyphs of the
 * consonants it follows in `text`.
 */
function iMatrasInPlace(letters: number[], glyphs: ShapedGlyph[], positions: ShapedPosition[]) {
  let before = 0
  for (let k = 0; k < glyphs.length; k++) {
    const glyph = glyphs[k] as ShapedGlyph
    if (
      glyph.codePoints.length === 1 &&
      glyph.codePoints[0] === I_MATRA &&
      letters[before] !== I_MATRA
    ) {
      // The consonants it is drawn before: the glyphs up to the ि in the text.
      let read = before
      let last = -1
      for (let j = k + 1; j < glyphs.length && read < letters.length; j++) {
        read += (glyphs[j] as ShapedGlyph).codePoints.length
        if (letters[read] === I_MATRA) {
          last = j
          break
        }
      }
      if (last >= 0) {
        move(glyphs, positions, k, last)
        // The glyphs it passed now stand at k..last-1; the ि is at `last` and counted below.
        for (let j = k; j < last; j++) before += (glyphs[j] as ShapedGlyph).codePoints.length
        k = last
      }
    }
    before += (glyphs[k] as ShapedGlyph).codePoints.length
  }
}

/**
 * Moves glyph `from` to index `to`, every glyph still drawn where it was: the moved one and the
 * ones it passes get offsets for the advances they no longer follow (or now follow).
 */
function move(glyphs: ShapedGlyph[], positions: ShapedPosition[], from: number, to: number): void {
  const moved = positions[from] as ShapedPosition
  const [low, high] = from < to ? [from + 1, to + 1] : [to, from]
  let passed = 0
  for (let j = low; j < high; j++) passed += (positions[j] as ShapedPosition).xAdvance
  if (from > to) {
    // Before: the passed glyphs, then the moved one. After: the moved one, then the passed ones.
    for (let j = low; j < high; j++) (positions[j] as ShapedPosition).xOffset -= moved.xAdvance
    moved.xOffset += passed
  } else {
    for (let j = low; j < high; j++) (positions[j] as ShapedPosition).xOffset += moved.xAdvance
    moved.xOffset -= passed
  }
  glyphs.splice(to, 0, ...glyphs.splice(from, 1))
  positions.splice(to, 0, ...positions.splice(from, 1))
}

/**
 * Puts the glyphs of a shaped Devanagari run (in place) in the order `text` is read: each reph
 * before its syllable, each ि after its consonants, every glyph still drawn where shaping put it.
 */
export function rephInReadingOrder(
  text: string,
  glyphs: ShapedGlyph[],
  positions: ShapedPosition[],
): void {
  if (glyphs.length !== positions.length) return
  const letters = Array.from(text, (char) => char.codePointAt(0) ?? 0)
  if (text.includes('\u0930\u094d')) rephsInPlace(letters, glyphs, positions)
  if (letters.includes(I_MATRA)) iMatrasInPlace(letters, glyphs, positions)
}

/** pdfkit's embedded font, as far as `readingOrder` reaches into it. */
interface LayoutFont {
  layoutRun(
    text: string,
    features?: unknown,
  ): { glyphs: ShapedGlyph[]; positions: ShapedPosition[] }
}

/** What `readingOrder` needs of pdfmake: a document it can lay out. */
export interface PdfMaker {
  createPdf(doc: { content: { text: string; font: string }[]; defaultStyle: { font: string } }): {
    getStream(): Promise<unknown>
  }
}

/**
 * Makes pdfkit's embedded fonts lay out every reph in reading order, so that Hindi names with र्
 * (शर्मा) copy and search as written. pdfmake does not export pdfkit's font class, so it is found
 * on the font of a one-letter document in `font` (a pdfmake font name) and patched once, for
 * every later document. False if pdfkit no longer looks as expected (the PDF is then as before).
 */
export async function readingOrder(pdf: PdfMaker, font: string): Promise<boolean> {
  const probe = (await pdf
    .createPdf({ content: [{ text: 'क', font }], defaultStyle: { font } })
    .getStream()) as {
    _fontFamilies?: Record<string, object>
  }
  const embedded = Object.values(probe._fontFamilies ?? {})[0]
  if (!embedded) return false
  const proto = Object.getPrototypeOf(embedded) as Partial<LayoutFont> & { rephPatched?: true }
  if (proto.rephPatched) return true
  const layoutRun = proto.layoutRun
  if (typeof layoutRun !== 'function') return false
  proto.layoutRun = function (this: LayoutFont, text, features) {
    const run = layoutRun.call(this, text, features)
    rephInReadingOrder(text, run.glyphs, run.positions)
    return run
  }
  proto.rephPatched = true
  return true
}
