import { createContext } from 'react'

/**
 * True below the signed-in shell's <main>: a page drawn there (e.g. the error page) must not add
 * a second main landmark; one drawn outside it (an unknown URL) adds its own.
 */
export const InMain = createContext(false)
