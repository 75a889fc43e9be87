/**
 * The statement's print stylesheet: A4 with modest margins, the app shell (top bar, tabs, sync
 * badge, toasts) and the screen's own controls left off, tables that never split a row across
 * two pages and repeat their header, and black text on white.
 */
export const printCss = `
@page { size: A4; margin: 14mm 12mm; }
@media print {
  html, body { background: #fff !important; color: #000 !important; }
  header, nav, [data-print="hide"], [data-scope="toast"], [data-sonner-toaster] { display: none !important; }
  main { max-width: none !important; padding: 0 !important; margin: 0 !important; }
  [data-statement] { font-size: 10.5pt; }
  [data-print="keep"], tr { break-inside: avoid; page-break-inside: avoid; }
  [data-print="loan"] > div:first-child { break-after: avoid; page-break-after: avoid; }
  thead { display: table-header-group; }
  [data-print="table"] { overflow: visible !important; border-color: #999 !important; }
  [data-statement] h2, [data-statement] h3 { break-after: avoid; page-break-after: avoid; }
  a { color: inherit !important; text-decoration: none !important; }
}
`
