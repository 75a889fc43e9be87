import { Button, Text } from '@chakra-ui/react'
import type { TFunction } from 'i18next'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { download } from '../../ui/download.ts'
import type { Statement, StatementParties, StatementQr } from './statement.ts'

/**
 * "Share PDF" where the browser can share files (a phone), "Download PDF" elsewhere: the
 * borrower's copy (`make`), in their language. The PDF library and its font are loaded only when
 * pressed.
 */
export function PdfButton({
  parties,
  make,
}: {
  parties: StatementParties
  make: () => { statement: Statement; qr: StatementQr | null; t: TFunction }
}) {
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const [canShare] = useState(canShareFiles)
  const { t } = useTranslation('statement')
  useEffect(() => {
    // Offline, this fails quietly; pressing the button then says the PDF could not be made.
    import('./statementPdf.ts').then((pdf) => pdf.preparePdf()).catch(() => {})
  }, [])
  const run = async () => {
    setBusy(true)
    setFailed(false)
    try {
      const { statementPdf } = await import('./statementPdf.ts')
      const copy = make()
      const borrower = parties.borrower
      const blob = await statementPdf(copy.statement, parties, copy.qr, copy.t)
      const name = copy.t('statement:fileName', { name: borrower, date: copy.statement.today })
      const file = new File([blob], name, { type: 'application/pdf' })
      if (canShare) {
        await navigator.share({
          files: [file],
          title: copy.t('statement:shareTitle', { name: borrower }),
        })
      } else {
        download(name, file)
      }
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(true)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Button variant="outline" minH="11" loading={busy} onClick={() => void run()}>
        {canShare ? t('sharePdf') : t('downloadPdf')}
      </Button>
      {failed && (
        <Text role="alert" color="red.700" fontSize="sm" alignSelf="center">
          {t('pdfFailed')}
        </Text>
      )}
    </>
  )
}

function canShareFiles(): boolean {
  try {
    return (
      typeof navigator.canShare === 'function' &&
      navigator.canShare({ files: [new File([''], 'statement.pdf', { type: 'application/pdf' })] })
    )
  } catch {
    return false
  }
}
