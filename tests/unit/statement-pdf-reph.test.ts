/**
 * A Hindi name with र् (शर्मा) comes out of the statement PDF as written. Shaping draws the reph
 * after its syllable, so the PDF's text read "शमार्" until the reph glyph was put back in reading
 * order (rephOrder.ts). The PDF is made by the app's own pdfmake with the app's font and read
 * back with pdf.js, as a PDF reader's copy or search would.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type * as PdfMakeModule from 'pdfmake/build/pdfmake'
import { describe, expect, it } from 'vitest'
import { readingOrder, rephInReadingOrder } from '../../src/features/statement/rephOrder.ts'

type PdfMake = typeof PdfMakeModule

const FONT = path.resolve(
  import.meta.dirname,
  '../../node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff',
)

async function pdfMake(): Promise<PdfMake> {
  const module = await import('pdfmake/build/pdfmake')
  const pdf = ('default' in module ? module.default : module) as PdfMake
  pdf.addVirtualFileSystem({ 'deva.woff': readFileSync(FONT).toString('base64') })
  const face = {
    normal: 'deva.woff',
    bold: 'deva.woff',
    italics: 'deva.woff',
    bolditalics: 'deva.woff',
  }
  pdf.addFonts({ Deva: face })
  return pdf
}

async function textOf(pdf: PdfMake, line: string): Promise<string> {
  const buffer = await pdf
    .createPdf({ content: [{ text: line, font: 'Deva' }], defaultStyle: { font: 'Deva' } })
    .getBuffer()
  const document = await getDocument({ data: new Uint8Array(buffer) }).promise
  const content = await (await document.getPage(1)).getTextContent()
  return content.items.map((item) => ('str' in item ? item.str : '')).join('')
}

// Commas are set in the Latin part of the font on a statement; this test embeds only Devanagari.
// (Not धर्मेंद्र: the font draws reph and anusvara as one glyph, which no order reads right.)
const NAMES = 'रमेश शर्मा पूर्णिमा वर्मा कर्ज़ किसान स्त्रियाँ निर्मला'

describe('Hindi in the statement PDF', () => {
  it('reads back names with र् and ि as written', async () => {
    const pdf = await pdfMake()
    // Before: the reph glyph came last in its syllable.
    expect(await textOf(pdf, NAMES)).not.toContain('शर्मा')
    expect(await readingOrder(pdf, 'Deva')).toBe(true)
    const after = await textOf(pdf, NAMES)
    expect(after.replace(/\s+/g, '')).toBe(NAMES.replace(/\s+/g, ''))
  }, 60_000)

  it('moves the reph glyph before its syllable and keeps where it is drawn', () => {
    const glyph = (...codePoints: number[]) => ({ codePoints })
    // श, म, ा, reph: as shaping leaves शर्मा.
    const glyphs = [glyph(0x936), glyph(0x92e), glyph(0x93e), glyph(0x930, 0x94d)]
    const positions = [
      { xAdvance: 500, xOffset: 0 },
      { xAdvance: 400, xOffset: 0 },
      { xAdvance: 200, xOffset: 0 },
      { xAdvance: 0, xOffset: -100 },
    ]
    rephInReadingOrder('शर्मा', glyphs, positions)
    expect(glyphs.map((g) => g.codePoints)).toEqual([[0x936], [0x930, 0x94d], [0x92e], [0x93e]])
    // Drawn 600 units on from where it now stands: where it was (500 + 400 + 200 − 100 − 500).
    expect(positions[1]).toEqual({ xAdvance: 0, xOffset: 500 })
    expect(positions.reduce((sum, p) => sum + p.xAdvance, 0)).toBe(1100)
  })
})

describe('glyphs in reading order', () => {
  it('moves ि after its consonants and keeps where each glyph is drawn', () => {
    const glyph = (...codePoints: number[]) => ({ codePoints })
    // ि, क, स, ा, न: as shaping leaves किसान.
    const glyphs = [glyph(0x93f), glyph(0x915), glyph(0x938), glyph(0x93e), glyph(0x928)]
    const positions = [300, 500, 500, 200, 500].map((xAdvance) => ({ xAdvance, xOffset: 0 }))
    const drawn = (order: typeof positions) => {
      let pen = 0
      return order.map((p) => {
        const at = pen + p.xOffset
        pen += p.xAdvance
        return at
      })
    }
    const before = new Map(glyphs.map((g, i) => [g, drawn(positions)[i]]))
    rephInReadingOrder('किसान', glyphs, positions)
    expect(glyphs.map((g) => String.fromCodePoint(...g.codePoints)).join('')).toBe('किसान')
    const after = drawn(positions)
    glyphs.forEach((g, i) => expect(after[i]).toBe(before.get(g)))
  })
})
