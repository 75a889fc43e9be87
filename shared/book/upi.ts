/**
 * UPI payment links (NPCI's `upi://pay` deep link), which any UPI app on the borrower's phone
 * opens with the payee and amount filled in. The app builds the link; it never sends money.
 */
import { paiseToRupeeInput } from '../money.ts'

// A UPI ID (VPA) is `handle@bank`: the handle is letters, digits, dots, hyphens and underscores;
// the bank part is letters (and sometimes digits), e.g. `ramesh.k@okaxis`, `9876543210@ybl`.
const UPI_ID = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/

/** Why a typed UPI ID was refused, as shown beside the field. */
export const upiIdMessage = 'UPI ID must look like name@bank, e.g. ramesh@okaxis'

/** The UPI ID, trimmed, or null when it is not of the `name@bank` shape. */
export function parseUpiId(text: string): string | null {
  const id = text.trim()
  return UPI_ID.test(id) ? id : null
}

/** What a payment link asks for. */
export interface UpiRequest {
  upiId: string
  /** The payee's name as the borrower's UPI app shows it. */
  payeeName: string
  /** Integer paise; 0 or less leaves the amount for the borrower to type. */
  amountPaise: number
  /** The transaction note, e.g. "Loan repayment". */
  note: string
}

/** `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…`, every value percent-encoded. */
export function upiPayLink({ upiId, payeeName, amountPaise, note }: UpiRequest): string {
  const params: [string, string][] = [
    ['pa', upiId],
    ['pn', payeeName],
  ]
  if (amountPaise > 0) params.push(['am', paiseToRupeeInput(amountPaise)])
  params.push(['cu', 'INR'], ['tn', note])
  return `upi://pay?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`
}
