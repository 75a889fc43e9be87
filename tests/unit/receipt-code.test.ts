/**
 * A receipt's code never changes with how it is computed: the codes handed out before are the
 * ones the book checks against. `chainCode` reuses one hasher and one byte buffer across calls;
 * here it is held to codes computed before that change, and to a hash made afresh for each line
 * (noble's one-shot `sha256`, the first 40 bits read as 8 base-32 digits) for any facts, lines
 * longer than its buffer and text outside ASCII included, one call after another.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chainCode, factsLine, type ReceiptFacts } from '../../shared/receipts/receipt.ts'

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** The code from a hash of its own: the first five bytes as one 40-bit number, 8 digits of 5 bits. */
function codeAfresh(previous: string, number: string, facts: ReceiptFacts): string {
  const hash = sha256(new TextEncoder().encode(`${previous}\n${factsLine(number, facts)}`))
  let bits = 0n
  for (const byte of hash.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte)
  let code = ''
  for (let shift = 35n; shift >= 0n; shift -= 5n) code += ALPHABET[Number((bits >> shift) & 31n)]
  return code
}

// Lone halves of surrogate pairs included ('binary'): a doc from the network may hold anything.
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
)
const amount = fc.integer({ min: 0, max: 1e12 })
const facts: fc.Arbitrary<ReceiptFacts> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    id: text,
    date: text,
    payments: fc.array(fc.record({ loanId: text, amount }), { maxLength: 30 }),
  }),
  fc.record({ kind: fc.constant('waiver' as const), id: text, date: text, loanId: text, amount }),
  fc.record({
    kind: fc.constant('void' as const),
    id: text,
    createdAt: text,
    target: fc.constantFrom('deposit' as const, 'waiver' as const),
    targetId: text,
  }),
)

describe('a receipt code', () => {
  it('is the code it was before the hasher was reused', () => {
    const payments = [
      { loanId: 'loan-b', amount: 250_000 },
      { loanId: 'loan-a', amount: 1_00_000 },
    ]
    const deposit = { kind: 'deposit', id: 'd1', date: '2026-03-14', payments } as const
    const waiver = { kind: 'waiver', id: 'w1', date: '2026-03-15', loanId: 'loan-a', amount: 5_000 }
    const createdAt = '2026-03-16T10:00:00.000Z'
    const voided = { kind: 'void', id: 'v1', createdAt, target: 'deposit', targetId: 'd1' }
    expect(chainCode('', 'K7M2Q9-1', deposit)).toBe('W1EMKVPG')
    expect(chainCode('8H3K2M9P', 'K7M2Q9-2', waiver as ReceiptFacts)).toBe('8H6GN967')
    expect(chainCode('ZZZZZZZZ', 'K7M2Q9-3', voided as ReceiptFacts)).toBe('ZV70WJWR')
  })

  it('is the code of a hash made afresh for a line of thousands of bytes, and for one after it', () => {
    // 200 payments to loans named in Devanagari and an emoji (a surrogate pair): about 6 kB of
    // UTF-8 in one line, hashed a bufferful at a time.
    const payments = Array.from({ length: 200 }, (_, i) => ({
      loanId: `ऋण-खाता-${i}🙂`,
      amount: i,
    }))
    const long = { kind: 'deposit', id: 'd', date: '2026-03-14', payments } as const
    const short = {
      kind: 'deposit',
      id: 'd2',
      date: '2026-03-15',
      payments: [payments[0]!],
    } as const
    expect(chainCode('', 'K7M2Q9-1', long)).toBe(codeAfresh('', 'K7M2Q9-1', long))
    expect(chainCode('A', 'K7M2Q9-2', short)).toBe(codeAfresh('A', 'K7M2Q9-2', short))
  })

  it('is the code of a hash made afresh, for any facts, call after call', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(text, text, facts), { minLength: 1, maxLength: 5 }),
        (calls) => {
          for (const [previous, number, f] of calls) {
            expect(chainCode(previous, number, f)).toBe(codeAfresh(previous, number, f))
          }
        },
      ),
      { numRuns: 500 },
    )
  })
})
