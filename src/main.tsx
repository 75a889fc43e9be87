import { ChakraProvider } from '@chakra-ui/react'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { router } from './router.tsx'
import { useDesignSystem } from './ui/systemStore.ts'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

function App() {
  return (
    <ChakraProvider value={useDesignSystem()}>
      <RouterProvider router={router} />
    </ChakraProvider>
  )
}

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
