import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { parseUpiId, upiPayLink } from '../../shared/book/upi.ts'
import { readProfile, setProfile } from '../../shared/schema/profile.ts'

describe('UPI ID', () => {
  it.each(['ramesh@okaxis', '9876543210@ybl', 'r.k_lender-1@oksbi', '  ramesh@paytm '])(
    'accepts %s',
    (id) => expect(parseUpiId(id)).toBe(id.trim()),
  )
  it.each(['', 'ramesh', '@okaxis', 'ramesh@', 'ram esh@okaxis', 'ramesh@ok axis', 'a@1bank'])(
    'refuses %j',
    (id) => expect(parseUpiId(id)).toBeNull(),
  )
})

describe('UPI payment link', () => {
  it('carries payee, name, amount in rupees, INR and the note, percent-encoded', () => {
    expect(
      upiPayLink({
        upiId: 'ramesh@okaxis',
        payeeName: 'Ramesh Kumar',
        amountPaise: 2_000_050,
        note: 'Loan & interest',
      }),
    ).toBe(
      'upi://pay?pa=ramesh%40okaxis&pn=Ramesh%20Kumar&am=20000.50&cu=INR&tn=Loan%20%26%20interest',
    )
  })
  it('leaves the amount out when nothing is due', () => {
    expect(upiPayLink({ upiId: 'a@ybl', payeeName: 'A', amountPaise: 0, note: 'x' })).toBe(
      'upi://pay?pa=a%40ybl&pn=A&cu=INR&tn=x',
    )
  })
})

describe('lender profile', () => {
  it('is empty until set, trims, and clears with an empty string', () => {
    const doc = new Y.Doc()
    expect(readProfile(doc)).toEqual({ displayName: '', upiId: '' })
    setProfile(doc, { displayName: ' Ramesh ', upiId: 'ramesh@okaxis' })
    expect(readProfile(doc)).toEqual({ displayName: 'Ramesh', upiId: 'ramesh@okaxis' })
    setProfile(doc, { upiId: '' })
    expect(readProfile(doc)).toEqual({ displayName: 'Ramesh', upiId: '' })
  })
})
