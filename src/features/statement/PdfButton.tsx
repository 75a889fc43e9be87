import { Button, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { download } from '../../ui/download.ts'
import type * as StatementPdf from './statementPdf.ts'

/** A PDF made on request: the file, its name, and the title the share sheet shows. */
export interface MadePdf {
  blob: Blob
  name: string
  title: string
}

/**
 * "Share PDF" where the browser can share files (a phone), "Download PDF" elsewhere, for what
 * `make` makes (a borrower's copy, in their language; or every borrower's yearly statement). The
 * PDF library and its font are loaded only when pressed; `label` names the button otherwise.
 */
export function PdfButton({
  make,
  label,
}: {
  make: (pdf: typeof StatementPdf) => Promise<MadePdf>
  label?: { share: string; download: string }
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
      const { blob, name, title } = await make(await import('./statementPdf.ts'))
      const file = new File([blob], name, { type: 'application/pdf' })
      if (canShare) {
        await navigator.share({ files: [file], title })
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
        {canShare ? (label?.share ?? t('sharePdf')) : (label?.download ?? t('downloadPdf'))}
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
