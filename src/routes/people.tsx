import { lazyRouteComponent } from '@tanstack/react-router'
import { appPage, recordPage } from './appPage.tsx'

// Thin routes: each screen is its own chunk, loaded when its route is first visited.
const load = {
  list: () => import('../features/people/PeopleScreen.tsx'),
  form: () => import('../features/people/PersonFormScreen.tsx'),
  details: () => import('../features/people/PersonDetailsScreen.tsx'),
}
const PersonFormScreen = lazyRouteComponent(load.form, 'PersonFormScreen')
const PersonDetailsScreen = lazyRouteComponent(load.details, 'PersonDetailsScreen')

/** `/people`: the people list. */
export const peopleRoute = appPage('/people', lazyRouteComponent(load.list, 'PeopleScreen'))

/** `/people/add`: the person form, empty. */
export const personAddRoute = appPage('/people/add', () => <PersonFormScreen />)

/** `/people/edit/$id`: the person form for one person. */
export const personEditRoute = recordPage('/people/edit/$id', 'id', (id) => (
  <PersonFormScreen key={id} personId={id} />
))

/** `/people/$id`: one person's details (the old app had only a placeholder here). */
export const personDetailsRoute = recordPage('/people/$id', 'id', (id) => (
  <PersonDetailsScreen personId={id} />
))
