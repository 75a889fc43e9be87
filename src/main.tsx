import { ChakraProvider } from '@chakra-ui/react'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
// First: initialises the catalogue (and <html lang>) before anything renders.
import { i18n } from './i18n/index.ts'
import { router } from './router.tsx'
import { useDesignSystem } from './ui/systemStore.ts'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={useDesignSystem()}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </I18nextProvider>
  )
}

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
