import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from './app.tsx'

const PeopleScreen = lazyRouteComponent(
  () => import('../features/people/PeopleScreen.tsx'),
  'PeopleScreen',
)
const PersonFormScreen = lazyRouteComponent(
  () => import('../features/people/PersonFormScreen.tsx'),
  'PersonFormScreen',
)
const PersonDetailsScreen = lazyRouteComponent(
  () => import('../features/people/PersonDetailsScreen.tsx'),
  'PersonDetailsScreen',
)

/** `/people`: the people list. */
export const peopleRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/people',
  component: PeopleScreen,
})

/** `/people/add`: the person form, empty. */
export const personAddRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/people/add',
  component: () => <PersonFormScreen />,
})

/** `/people/edit/$id`: the person form for one person. */
export const personEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/people/edit/$id',
  component: PersonEditPage,
})

function PersonEditPage() {
  const { id } = personEditRoute.useParams()
  // Keyed so that moving from one person's form to another's starts from fresh state.
  return <PersonFormScreen key={id} personId={id} />
}

/** `/people/$id`: one person's details (the old app had only a placeholder here). */
export const personDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/people/$id',
  component: PersonDetailsPage,
})

function PersonDetailsPage() {
  const { id } = personDetailsRoute.useParams()
  return <PersonDetailsScreen personId={id} />
}
