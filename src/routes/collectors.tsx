import { lazyRouteComponent } from '@tanstack/react-router'
import { appPage, recordPage } from './appPage.tsx'

// The owner's screens about his collectors: chunks of their own, loaded when first visited.
const load = {
  dayBook: () => import('../features/collectors/DayBookScreen.tsx'),
  review: () => import('../features/collectors/ReviewScreen.tsx'),
}
const DayBookScreen = lazyRouteComponent(load.dayBook, 'DayBookScreen')

/** `/collectors/$memberId`: a collector's day book (cash received beside cash handed over). */
export const dayBookRoute = recordPage('/collectors/$memberId', 'memberId', (memberId) => (
  <DayBookScreen key={memberId} memberId={memberId} />
))

/** `/review`: deposits from removed collectors, and requests to void, for the owner to decide. */
export const reviewRoute = appPage('/review', lazyRouteComponent(load.review, 'ReviewScreen'))
