/**
 * Receipt numbers and their verification codes (issue 32, items 1 and 2).
 *
 * Every deposit, waiver and void is given a receipt when it is written: a number unique within
 * the book and a short code chained to the receipts before it. Both are stored with the record,
 * as one string, `SERIES.n.CODE`, and never change.
 *
 * **Numbers, assigned offline.** A number is `SERIES-n`: a series of six random characters that
 * one writer takes for itself (a session of the app on one device, the server for what it
 * writes, a collector's phone), and a count within it. No one else writes in a series, so a
 * count never repeats, whoever is apart from whom: that is the same ground Yjs stands on for its
 * client ids (30 random bits; Yjs uses 32). A position in a shared list would not do: two
 * devices apart for a day would each give out "the next" one.
 *
 * **Codes, chained.** A receipt's code is a hash of its facts (number, kind, day, what it paid or
 * voided) and the code of the receipt before it in its series. Whoever holds a receipt (the
 * borrower on WhatsApp, a printout) can ask the book to show it: a receipt whose amount, day or
 * loan was changed afterwards, or one taken out of the middle, no longer matches, and neither do
 * the ones after it in its series (`verify.ts`). The code is 8 characters, 40 bits of SHA-256:
 * short enough to read out over the phone. It is not a signature (the book holds everything
 * needed to recompute a chain), but the borrower's copies are not in the book: a rewritten chain
 * disagrees with every receipt already handed out after the change.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import type { IsoDate, Paise } from '../ledger/types.ts'

/** Crockford's base 32: no I, L, O or U, so a number read aloud or copied by hand survives. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** Characters of a series: 30 random bits. */
export const SERIES_LENGTH = 6
/** Characters of a code: 40 bits of the hash. */
export const CODE_LENGTH = 8
/** The highest count within a series: a writer that gets there starts another series. */
export const MAX_COUNT = 999_999_999

const SERIES = new RegExp(`^[${ALPHABET}]{${SERIES_LENGTH}}$`)
const CODE = new RegExp(`^[${ALPHABET}]{${CODE_LENGTH}}$`)
const COUNT = /^[1-9][0-9]{0,8}$/

/** A receipt as stored with its record. */
export interface Receipt {
  readonly series: string
  readonly n: number
  readonly code: string
}

/** What a receipt is for, and the facts its code covers. */
export type ReceiptFacts =
  | {
      kind: 'deposit'
      id: string
      date: IsoDate
      payments: readonly { loanId: string; amount: Paise }[]
    }
  | { kind: 'waiver'; id: string; date: IsoDate; loanId: string; amount: Paise }
  | { kind: 'void'; id: string; createdAt: string; target: 'deposit' | 'waiver'; targetId: string }

/** A new series: six random characters (`random` gives bytes; the app passes crypto's). */
export function newSeries(random: (bytes: Uint8Array) => Uint8Array = randomBytes): string {
  const bytes = random(new Uint8Array(SERIES_LENGTH))
  let series = ''
  for (const byte of bytes) series += ALPHABET[byte & 31]
  return series
}

function randomBytes(bytes: Uint8Array): Uint8Array {
  return globalThis.crypto.getRandomValues(bytes)
}

/** The receipt's number as people read it: `SERIES-n`. */
export function receiptNumber(receipt: Pick<Receipt, 'series' | 'n'>): string {
  return `${receipt.series}-${receipt.n}`
}

/** The code as people read it: two groups of four. */
export function displayCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`
}

/** The string a receipt is stored as. */
export function storeReceipt(receipt: Receipt): string {
  return `${receipt.series}.${receipt.n}.${receipt.code}`
}

/**
 * The receipt stored as `text`, or null when it is not one: a record from the network may hold
 * anything, and a malformed receipt is shown as no receipt (and counted by `verify.ts`), never
 * trusted in part.
 */
export function readReceipt(text: unknown): Receipt | null {
  if (typeof text !== 'string' || text.length > 40) return null
  const [series, count, code, extra] = text.split('.')
  if (extra !== undefined || !series || !count || !code) return null
  if (!SERIES.test(series) || !COUNT.test(count) || !CODE.test(code)) return null
  return { series, n: Number(count), code }
}

/**
 * The facts a code covers, as one line: the number, the kind, the day and what it moved, each
 * part an id, a day, a whole number or a fixed word, none of which holds a space, so no two
 * different receipts give the same line. A deposit's payments are taken by loan, whatever order
 * they were read in. A deposit's or waiver's own id is left out: it is the book's handle, not a
 * fact the borrower holds, and a collector's phone numbers a deposit before the server gives it
 * its id in the book. A void names what it voids by id (what it voids may have no number).
 */
export function factsLine(number: string, facts: ReceiptFacts): string {
  switch (facts.kind) {
    case 'deposit':
      return [
        number,
        'deposit',
        facts.date,
        ...facts.payments.map((p) => `${p.loanId}:${p.amount}`).sort(),
      ].join(' ')
    case 'waiver':
      return [number, 'waiver', facts.date, `${facts.loanId}:${facts.amount}`].join(' ')
    case 'void':
      return [number, 'void', facts.createdAt, facts.target, facts.targetId].join(' ')
  }
}

/** A stored receipt as people read it: its number and code; null when there is none to read. */
export function receiptLabel(stored: string | undefined): { number: string; code: string } | null {
  const receipt = readReceipt(stored)
  return receipt && { number: receiptNumber(receipt), code: displayCode(receipt.code) }
}

const encoder = new TextEncoder()

// One hasher, reset from a fresh one before each line, and one buffer for the lines' bytes: a
// book's first check hashes every receipt (300,000 in the benchmark's big book), and a hasher with
// its buffers and the line's bytes made anew for each took twice as long (0.64 s against 0.33 s
// for 300,000 lines in Node).
const freshHasher = sha256.create()
const hasher = sha256.create()
const digest = new Uint8Array(freshHasher.outputLen)
const lineBytes = new Uint8Array(1024)

/** SHA-256 of `text` as UTF-8, in a buffer that the next call overwrites. */
function sha256Of(text: string): Uint8Array {
  freshHasher._cloneInto(hasher)
  // A line longer than the buffer (a deposit to many loans) is hashed a bufferful at a time;
  // `encodeInto` never splits a character.
  let rest = text
  for (;;) {
    const { read, written } = encoder.encodeInto(rest, lineBytes)
    hasher.update(lineBytes.subarray(0, written))
    if (read === rest.length) break
    rest = rest.slice(read)
  }
  hasher.digestInto(digest)
  return digest
}

/**
 * The code of a receipt with these facts after `previous` (the series' last code; '' for n = 1).
 * A check of the whole book does not hash again what it found true before (`ReceiptMemo`).
 */
export function chainCode(previous: string, number: string, facts: ReceiptFacts): string {
  const hash = sha256Of(`${previous}\n${factsLine(number, facts)}`)
  // The first 40 bits, five at a time.
  let bits = 0
  let value = 0
  let code = ''
  for (const byte of hash) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5 && code.length < CODE_LENGTH) {
      bits -= 5
      code += ALPHABET[(value >> bits) & 31]
    }
    value &= (1 << bits) - 1
    if (code.length === CODE_LENGTH) break
  }
  return code
}
