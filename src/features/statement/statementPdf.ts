/**
 * The statement as a PDF file, for the phone's share sheet or a download. Loaded only when the
 * lender asks for it (pdfmake and the font are ~0.5 MB gzip together), from the same model the
 * screen draws, so its figures are the engine's.
 *
 * Why pdfmake and Noto Sans Devanagari: borrowers' names are often in Hindi, and Devanagari needs
 * its conjuncts and vowel signs shaped (रमेश, शर्मा). pdfmake writes through pdfkit and fontkit,
 * which shape Indic text with the font's OpenType tables; jsPDF places glyphs one by one, so
 * its Hindi comes out broken. pdfmake's own Roboto has no Devanagari at all, so the PDF embeds
 * Noto Sans Devanagari (from @fontsource, OFL): its Latin part for English and digits, its
 * Devanagari part (which also holds ₹) for Hindi, each run of text set in the part that holds it.
 */
import type * as PdfMakeModule from 'pdfmake/build/pdfmake'
import type { TFunction } from 'i18next'
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces'
import { formatDisplayDate } from '../../../shared/dates.ts'
import { formatINR } from '../../../shared/money.ts'
import devanagari400 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff?inline'
import devanagari700 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff?inline'
import latin400 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-latin-400-normal.woff?inline'
import latin700 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-latin-700-normal.woff?inline'
import {
  sumText,
  type Statement,
  type StatementLoan,
  type StatementParties,
  type StatementQr,
  type StatementRow,
} from './statement.ts'
import { readingOrder } from './rephOrder.ts'
import { textRuns } from './textRuns.ts'

/** The base64 of a `data:` URL (what Vite's `?inline` gives). */
function base64(dataUrl: string): string {
  return dataUrl.slice(dataUrl.indexOf(',') + 1)
}

type PdfMake = typeof PdfMakeModule
let ready: Promise<PdfMake> | null = null

function pdfMake() {
  ready ??= import('pdfmake/build/pdfmake').then((module) => {
    const pdf = ('default' in module ? module.default : module) as PdfMake
    pdf.addVirtualFileSystem({
      'deva-400.woff': base64(devanagari400),
      'deva-700.woff': base64(devanagari700),
      'latin-400.woff': base64(latin400),
      'latin-700.woff': base64(latin700),
    })
    pdf.addFonts({
      Latin: {
        normal: 'latin-400.woff',
        bold: 'latin-700.woff',
        italics: 'latin-400.woff',
        bolditalics: 'latin-700.woff',
      },
      Deva: {
        normal: 'deva-400.woff',
        bold: 'deva-700.woff',
        italics: 'deva-400.woff',
        bolditalics: 'deva-700.woff',
      },
    })
    return readingOrder(pdf, 'Deva').then(() => pdf)
  })
  return ready
}

/** Text set run by run in the font part that holds its characters. */
function runs(text: string): Content {
  return {
    text: textRuns(text).map((run) => (run.deva ? { text: run.text, font: 'Deva' } : run.text)),
  }
}

function cell(text: string, extra: Record<string, unknown> = {}): TableCell {
  return { ...(runs(text) as object), ...extra } as TableCell
}

/** A figure cell: the amount, or a dash where it does not apply. */
function money(paise: number | undefined, extra: Record<string, unknown> = {}): TableCell {
  return cell(paise === undefined ? '—' : formatINR(paise), { alignment: 'right', ...extra })
}

function rowCells(row: StatementRow, t: TFunction): TableCell[] {
  const strike = row.voided ? { decoration: 'lineThrough' } : {}
  const edge = row.kind === 'opening' || row.kind === 'closing' ? { bold: true } : {}
  const amount =
    row.waived !== undefined
      ? `${t('common:money.waived')} ${formatINR(row.waived)}`
      : row.paid !== undefined
        ? formatINR(row.paid)
        : '—'
  const details =
    row.overpaid !== undefined
      ? `${row.details} · ${t('ui:overpaidBy', { amount: formatINR(row.overpaid) })}`
      : row.details
  return [
    cell(formatDisplayDate(row.date), edge),
    cell(details, { fontSize: 8, color: row.voided ? '#b91c1c' : '#222', ...edge }),
    money(row.added),
    cell(amount, { alignment: 'right', ...strike }),
    money(row.interestPaid),
    money(row.principalPaid),
    money(row.voided ? undefined : row.due, edge),
  ]
}

/** [a, b], [c, d], … (the last pair's second may be missing). */
function pairs<T>(items: readonly T[]): [T, T | undefined][] {
  const out: [T, T | undefined][] = []
  for (let i = 0; i < items.length; i += 2) out.push([items[i] as T, items[i + 1]])
  return out
}

function figureTable(terms: [string, string][]): Content {
  return {
    table: {
      widths: ['*', '*', '*', '*'],
      body: pairs(terms).map((pair) =>
        pair.flatMap((term): TableCell[] =>
          term ? [cell(term[0], { color: '#555' }), cell(term[1], { bold: true })] : ['', ''],
        ),
      ),
    },
    layout: 'noBorders',
    margin: [0, 2, 0, 4],
  } as Content
}

function loanContent(loan: StatementLoan, statement: Statement, t: TFunction): Content[] {
  const { totals } = loan
  const waived = totals.interestWaived + totals.principalWaived
  const opens = statement.from !== undefined && statement.from > loan.startDate
  const terms: [string, string][] = [
    [t('common:money.lent'), formatINR(loan.amount)],
    [t('loans:labels.interestRate'), loan.rate],
    [t('loans:labels.startDate'), formatDisplayDate(loan.startDate)],
    [t('loans:labels.dueDate'), formatDisplayDate(loan.dueDate)],
  ]
  const figures: [string, string][] = [
    ...(opens
      ? ([
          [
            t('statement:openingOn', { date: formatDisplayDate(statement.from ?? '') }),
            formatINR(loan.opening.due),
          ],
        ] as [string, string][])
      : []),
    [t('statement:interestCharged'), formatINR(totals.interestCharged)],
    [t('common:money.paid'), formatINR(totals.paid)],
    [t('common:money.interestPaid'), formatINR(totals.interestPaid)],
    [t('common:money.principalPaid'), formatINR(totals.principalPaid)],
    ...(totals.overpaid > 0
      ? ([[t('common:money.overpaid'), formatINR(totals.overpaid)]] as [string, string][])
      : []),
    ...(waived > 0 ? ([[t('common:money.waived'), formatINR(waived)]] as [string, string][]) : []),
    [
      t('statement:closingOn', { date: formatDisplayDate(statement.to) }),
      formatINR(loan.closing.due),
    ],
  ]
  const header = [
    'statement:col.date',
    'statement:col.details',
    'statement:col.added',
    'statement:col.paid',
    'common:money.interestPaid',
    'common:money.principalPaid',
    'statement:col.due',
  ].map((key, i) => cell(t(key), { bold: true, ...(i > 1 && { alignment: 'right' }) }))
  const total: TableCell[] = [
    cell(t('statement:total'), { bold: true, colSpan: 2 }),
    '',
    money(totals.lent + totals.interestCharged, { bold: true }),
    money(totals.paid, { bold: true }),
    money(totals.interestPaid, { bold: true }),
    money(totals.principalPaid, { bold: true }),
    '',
  ]
  return [
    {
      ...(runs(
        `${loan.label} · ${t(`loans:status.${loan.status}`)}${loan.description ? ` · ${loan.description}` : ''}`,
      ) as object),
      style: 'loan',
    } as Content,
    figureTable(terms),
    figureTable(figures),
    {
      ...(runs(sumText(loan.sum, t, formatINR)) as object),
      margin: [0, 0, 0, 4],
    } as Content,
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: ['auto', '*', 'auto', 'auto', 'auto', 'auto', 'auto'],
        body: [header, ...loan.rows.map((row) => rowCells(row, t)), total],
      },
      layout: 'lightHorizontalLines',
    },
  ]
}

/** One borrower's statement as a PDF draws it: the copy, whom it is between, its QR, its words. */
export interface PdfStatement {
  statement: Statement
  parties: StatementParties
  qr: StatementQr | null
  t: TFunction
}

/** The content of one borrower's statement: heading, parties, what is due, then each loan. */
function statementContent({ statement, parties, qr, t }: PdfStatement): Content[] {
  const todayText = formatDisplayDate(statement.today)
  const party = (term: string, value: string): TableCell[] => [
    cell(term, { color: '#555' }),
    cell(value, { bold: true }),
  ]
  const due: Content = {
    stack: [
      runs(t('statement:dueTodayOn', { date: todayText })),
      { ...(runs(formatINR(statement.dueToday)) as object), fontSize: 18, bold: true } as Content,
      {
        ...(runs(t('statement:periodSum')) as object),
        color: '#555',
        margin: [0, 6, 0, 0],
      } as Content,
      { ...(runs(sumText(statement.sum, t, formatINR)) as object), bold: true } as Content,
    ],
  }
  return [
    {
      ...(runs(t('statement:heading', { name: parties.borrower })) as object),
      style: 'title',
    } as Content,
    {
      table: {
        widths: ['auto', '*'],
        body: [
          party(t('statement:lender'), parties.lender),
          party(t('statement:borrower'), parties.borrower),
          party(t('statement:village'), parties.village),
          ...(parties.aadhaar ? [party(t('statement:aadhaar'), parties.aadhaar)] : []),
          party(t('statement:period'), statement.periodText),
          party(t('statement:statementDate'), todayText),
        ],
      },
      layout: 'noBorders',
      margin: [0, 0, 0, 8],
    },
    qr
      ? {
          columns: [
            { width: '*', ...due } as Content,
            {
              width: 140,
              stack: [
                { qr: qr.link, fit: 110, alignment: 'center' },
                { ...(runs(qr.caption) as object), fontSize: 8, alignment: 'center' } as Content,
              ],
            },
          ],
        }
      : due,
    ...(statement.loans.length === 0
      ? [runs(t(statement.from === undefined ? 'statement:noLoans' : 'statement:noMovements'))]
      : statement.loans.flatMap((loan) => loanContent(loan, statement, t))),
  ]
}

/**
 * Statements as one A4 PDF, each borrower's from a new page, each in its own words (`t`): the
 * borrower's copy, in the borrower's language (the screen builds `statement` with the same `t`).
 * One statement is the statement screen's PDF; several are the yearly statements of a whole book.
 * `title` and `t` (of the first, by default) name the file and number its pages.
 */
export async function statementsPdf(
  statements: readonly PdfStatement[],
  title: string = statements[0]
    ? statements[0].t('statement:heading', { name: statements[0].parties.borrower })
    : '',
): Promise<Blob> {
  const pdf = await pdfMake()
  const first = statements[0]
  const t = first?.t
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [36, 40, 36, 40],
    info: { title, ...(first && { author: first.parties.lender }) },
    defaultStyle: { font: 'Latin', fontSize: 9.5 },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 8] },
      loan: { fontSize: 12, bold: true, margin: [0, 14, 0, 2] },
    },
    footer: (page, pages) =>
      ({
        ...(runs(t ? t('statement:pageOf', { page, pages }) : `${page} / ${pages}`) as object),
        alignment: 'center',
        fontSize: 8,
        color: '#777',
      }) as Content,
    content: statements.map((one, index): Content => ({
      stack: statementContent(one),
      ...(index > 0 && { pageBreak: 'before' as const }),
    })),
  }
  return pdf.createPdf(doc).getBlob()
}

/** One borrower's statement as an A4 PDF (see `statementsPdf`). */
export function statementPdf(
  statement: Statement,
  parties: StatementParties,
  qr: StatementQr | null,
  t: TFunction,
): Promise<Blob> {
  return statementsPdf([{ statement, parties, qr, t }])
}

/**
 * Loads the PDF library and its fonts without making a PDF. The statement screen calls it when it
 * opens, so the service worker keeps this code from the first statement on and a PDF can be made
 * offline later; the login screen never pays for it.
 */
export function preparePdf(): Promise<unknown> {
  return pdfMake()
}
