/**
 * The passbook page as HTML: server-rendered, no JavaScript, one inline stylesheet (allowed by
 * its hash in the page's Content-Security-Policy) and the phone's own fonts (Android ships a
 * Devanagari one). The words come from the app's catalogues (`passbook`, and the glossary's money
 * words in `common`), so the page says "Due today" / "आज बकाया" exactly as the app does.
 */
import { createHash } from 'node:crypto'
import { formatDisplayDate } from '../../shared/dates.ts'
import { formatINR } from '../../shared/money.ts'
import type { PassbookReceipt, PassbookView } from '../../shared/passbookView.ts'
import type { Language } from '../../shared/schema/types.ts'
import enCommon from '../../src/i18n/locales/en/common.json' with { type: 'json' }
import enLoans from '../../src/i18n/locales/en/loans.json' with { type: 'json' }
import enPassbook from '../../src/i18n/locales/en/passbook.json' with { type: 'json' }
import hiCommon from '../../src/i18n/locales/hi/common.json' with { type: 'json' }
import hiLoans from '../../src/i18n/locales/hi/loans.json' with { type: 'json' }
import hiPassbook from '../../src/i18n/locales/hi/passbook.json' with { type: 'json' }

const CATALOGUES = {
  en: { common: enCommon, loans: enLoans, passbook: enPassbook },
  hi: { common: hiCommon, loans: hiLoans, passbook: hiPassbook },
} as const

/** The text of `ns:a.b` in `language`, its `{{variables}}` filled in (and escaped). */
export function word(language: Language, key: string, values: Record<string, string> = {}) {
  const [ns, path] = key.split(':') as [keyof (typeof CATALOGUES)['en'], string]
  let node: unknown = CATALOGUES[language][ns]
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${language}`)
  return escapeHtml(node).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    escapeHtml(values[name] ?? ''),
  )
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )
}

const STYLE = `body{margin:0;background:#f4f5f7;color:#1a202c;font:16px/1.45 system-ui,-apple-system,Roboto,"Noto Sans","Noto Sans Devanagari",sans-serif;-webkit-text-size-adjust:100%}
main{max-width:40rem;margin:0 auto;padding:12px}
h1{font-size:1.3rem;margin:4px 0}
h2{font-size:1.1rem;margin:22px 0 8px}
h3{font-size:1rem;margin:0}
p{margin:4px 0}
.m{color:#4a5568;font-size:.9rem}
.c{background:#fff;border:1px solid #e2e8f0;border-radius:10px;padding:12px;margin:8px 0}
.big{font-size:1.8rem;font-weight:700;margin:2px 0 6px}
dl{display:grid;grid-template-columns:1fr auto;gap:3px 12px;margin:8px 0 0}
dt{color:#4a5568}
dd{margin:0;text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.t{font-weight:700}
.n{font-family:ui-monospace,monospace;overflow-wrap:anywhere}
.v{background:#fff5f5;border-color:#feb2b2}
.v .a{text-decoration:line-through}
.tag{display:inline-block;background:#c53030;color:#fff;font-weight:700;padding:0 6px;border-radius:4px;font-size:.85rem}
.f{margin-top:20px}
.row{display:flex;justify-content:space-between;gap:8px;align-items:baseline}`

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64')

/**
 * The page's Content-Security-Policy: nothing loads, nothing runs, nothing submits; only its own
 * inline stylesheet applies.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

function page(lang: string, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow"><meta name="referrer" content="no-referrer"><title>${title}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

/** A figure, marked for the tests that compare it with the lender's statement. */
const money = (key: string, paise: number, cls = '') =>
  `<span data-f="${key}"${cls ? ` class="${cls}"` : ''}>${escapeHtml(formatINR(paise))}</span>`

const pair = (term: string, value: string) => `<dt>${term}</dt><dd>${value}</dd>`

/** The passbook of `view`, in its language. */
export function passbookPage(view: PassbookView): string {
  const lang = view.language
  const w = (key: string, values?: Record<string, string>) => word(lang, key, values)
  const loanName = (id: string) => w('loans:label', { id: id.slice(-6) })
  const parts: string[] = []
  parts.push(
    `<p class="m">${w('passbook:title')}${view.lender ? ` · ${w('passbook:from', { lender: view.lender })}` : ''}</p>`,
    `<h1>${w('passbook:of', { name: view.borrower })}</h1>`,
    `<p class="m">${w('passbook:asOf', { date: formatDisplayDate(view.today) })}</p>`,
    `<section class="c"><p class="m">${w('common:money.dueToday')}</p><p class="big">${money('dueToday', view.dueToday)}</p><dl>`,
    pair(w('common:money.principalLeft'), money('principalLeft', view.principalLeft)),
    pair(w('common:money.interestDue'), money('interestDue', view.interestDue)),
    `</dl></section>`,
    `<h2>${w('passbook:loans')}</h2>`,
  )
  if (view.loans.length === 0) parts.push(`<p class="m">${w('passbook:noLoans')}</p>`)
  view.loans.forEach((loan, i) => {
    const k = `l${i}.`
    const waived = loan.totals.interestWaived + loan.totals.principalWaived
    parts.push(
      `<section class="c" data-loan="${escapeHtml(loan.id)}"><div class="row"><h3>${loanName(loan.id)}</h3><span class="m">${w(`loans:status.${loan.status}`)}</span></div>`,
      loan.description ? `<p class="m">${escapeHtml(loan.description)}</p>` : '',
      '<dl>',
      pair(w('common:money.lent'), money(`${k}lent`, loan.totals.lent)),
      pair(
        w('passbook:rate'),
        w(`loans:rate.${loan.interestType}`, { rate: String(loan.interestRate) }),
      ),
      pair(w('passbook:startDate'), formatDisplayDate(loan.startDate)),
      pair(w('passbook:dueDate'), formatDisplayDate(loan.dueDate)),
      pair(w('common:money.interestSoFar'), money(`${k}interest`, loan.totals.interestCharged)),
      pair(w('common:money.paid'), money(`${k}paid`, loan.totals.paid)),
      loan.totals.overpaid > 0
        ? pair(w('common:money.overpaid'), money(`${k}overpaid`, loan.totals.overpaid))
        : '',
      waived > 0 ? pair(w('common:money.waived'), money(`${k}waived`, waived)) : '',
      pair(w('common:money.principalLeft'), money(`${k}principalLeft`, loan.principalLeft)),
      pair(w('common:money.interestDue'), money(`${k}interestDue`, loan.interestDue)),
      pair(
        `<span class="t">${w('common:money.dueToday')}</span>`,
        money(`${k}dueToday`, loan.dueToday, 't'),
      ),
      '</dl></section>',
    )
  })
  parts.push(`<h2>${w('passbook:receipts')}</h2>`)
  if (view.receipts.length === 0) parts.push(`<p class="m">${w('passbook:noReceipts')}</p>`)
  const several = view.loans.length > 1
  view.receipts.forEach((receipt, i) => parts.push(receiptCard(receipt, `r${i}.`, w, several)))
  parts.push(`<p class="m f">${w('passbook:footer')}</p>`)
  return page(lang, `${w('passbook:title')} · ${escapeHtml(view.borrower)}`, parts.join(''))
}

function receiptCard(
  r: PassbookReceipt,
  k: string,
  w: (key: string, values?: Record<string, string>) => string,
  several: boolean,
): string {
  const number = r.number === null ? '—' : escapeHtml(r.number)
  const code = r.code === null ? '—' : escapeHtml(r.code)
  const what = r.kind === 'deposit' ? w('passbook:deposit') : w('passbook:waiver')
  const out = [
    `<section class="c${r.voided ? ' v' : ''}"><div class="row"><span>${w('passbook:receipt')} <span class="n" data-f="${k}number">${number}</span></span>`,
    r.voided ? `<span class="tag">${w('passbook:void')}</span>` : '',
    `</div><p class="m">${w('passbook:code')} <span class="n" data-f="${k}code">${code}</span></p>`,
    `<div class="row"><span>${what} · ${formatDisplayDate(r.date)}</span>${money(`${k}amount`, r.amount, 't a')}</div>`,
  ]
  if (several) {
    const loans = r.loanIds.map((id) => w('loans:label', { id: id.slice(-6) })).join(', ')
    out.push(`<p class="m">${w('passbook:onLoans', { loans })}</p>`)
  }
  if (r.voided) {
    out.push(`<p class="m">${w('passbook:voidNote')}</p>`)
    if (r.voided.number !== null) {
      out.push(`<p class="m">${w('passbook:voidReceipt', { number: r.voided.number })}</p>`)
    }
  } else if (r.kind === 'deposit') {
    out.push(
      '<dl>',
      pair(w('common:money.interestPaid'), money(`${k}interestPaid`, r.interestPaid)),
      pair(w('common:money.principalPaid'), money(`${k}principalPaid`, r.principalPaid)),
      r.overpaid > 0 ? pair(w('common:money.overpaid'), money(`${k}overpaid`, r.overpaid)) : '',
      '</dl>',
    )
  }
  out.push('</section>')
  return out.join('')
}

/**
 * The one answer to every link that opens nothing (unknown, revoked, expired, a person since
 * deleted): the same bytes whatever the reason, in both languages, since the link says nothing
 * about whom it was for.
 */
export const NOT_FOUND_PAGE = page(
  'en',
  `${word('en', 'passbook:title')} · ${word('hi', 'passbook:title')}`,
  (['en', 'hi'] as const)
    .map(
      (lang) =>
        `<section class="c" lang="${lang}"><h1>${word(lang, 'passbook:notFound.title')}</h1><p>${word(lang, 'passbook:notFound.text')}</p></section>`,
    )
    .join(''),
)

/** The answer past a rate limit: the same for every link. */
export const TOO_MANY_PAGE = page(
  'en',
  `${word('en', 'passbook:title')} · ${word('hi', 'passbook:title')}`,
  (['en', 'hi'] as const)
    .map(
      (lang) =>
        `<section class="c" lang="${lang}"><h1>${word(lang, 'passbook:tooMany.title')}</h1><p>${word(lang, 'passbook:tooMany.text')}</p></section>`,
    )
    .join(''),
)
