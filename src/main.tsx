import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
// First: initialises the catalogue (and <html lang>) before anything renders.
import { i18n } from './i18n/index.ts'
import { router } from './router.tsx'
// The signed-out pages' look; Chakra's provider is the shell's (ui/shell/AppShell.tsx).
import './ui/plain.css'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>
  </StrictMode>,
)
