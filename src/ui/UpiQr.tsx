import { Box, Image, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'

/**
 * A UPI QR code for a `upi://pay` link, with its caption under it; drawn by `qrcode`, which is
 * loaded with the first one shown. The statement shows the lender's for what is due today, the
 * reminder for the amount it asks.
 */
export function UpiQr({ link, caption, alt }: { link: string; caption: string; alt: string }) {
  const [image, setImage] = useState<{ link: string; url: string } | null>(null)
  useEffect(() => {
    let live = true
    void import('qrcode')
      .then((QRCode) => QRCode.toDataURL(link, { margin: 1, width: 200 }))
      .then((url) => {
        if (live) setImage({ link, url })
      })
    return () => {
      live = false
    }
  }, [link])
  return (
    <Stack as="figure" align="center" gap="1" maxW="56" data-print="keep">
      {image?.link === link ? (
        <Image src={image.url} alt={alt} w="40" h="40" />
      ) : (
        <Box w="40" h="40" />
      )}
      <Text as="figcaption" fontSize="sm" textAlign="center" overflowWrap="anywhere">
        {caption}
      </Text>
    </Stack>
  )
}
