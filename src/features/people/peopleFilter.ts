import type { Paise } from '../../../shared/ledger/types.ts'
import type { City } from '../../../shared/schema/types.ts'
/** What the people list needs of a person to filter and sort it. */
export interface PersonForList {
  id: string
  name: string
  cityId: string
  gender: string
}

/** The columns the people list sorts by. */
export type PeopleSortKey = 'name' | 'dueToday' | 'city' | 'gender'

/** The people list's filters and sort, as the lender set them. Empty strings mean "any". */
export interface PeopleQuery {
  name: string
  cityId: string
  gender: string
  sortBy: PeopleSortKey
  order: 'asc' | 'desc'
}

/** The list as it first opens: everyone, by name A–Z. */
export const defaultPeopleQuery: PeopleQuery = {
  name: '',
  cityId: '',
  gender: '',
  sortBy: 'name',
  order: 'asc',
}

const collator = new Intl.Collator('en-IN', { sensitivity: 'base', numeric: true })

/**
 * The people matching the filters, in the chosen order. Name matching ignores case and
 * surrounding spaces; `cities` maps every city id, aliases included (see `cityIndex`), so the
 * city filter matches people filed under a merged duplicate; sorting by city uses the city's name (an id is meaningless to a lender);
 * ties fall back to name then id so the order never jumps between renders.
 *
 * `dueToday` is what each person owes today, from the engine (a person with no entry owes
 * nothing): the balance the list sorts by. The person's stored "balance" is an opening note
 * that no deposit or loan ever changes, so sorting by it would rank people by a stale figure.
 */
export function filterAndSortPeople<P extends PersonForList>(
  people: readonly P[],
  cities: ReadonlyMap<string, City>,
  query: PeopleQuery,
  dueToday: ReadonlyMap<string, Paise> = new Map(),
): P[] {
  const needle = query.name.trim().toLocaleLowerCase('en-IN')
  const matching = people.filter(
    (person) =>
      (needle === '' || person.name.toLocaleLowerCase('en-IN').includes(needle)) &&
      (query.cityId === '' || cities.get(person.cityId)?.id === query.cityId) &&
      (query.gender === '' || person.gender === query.gender),
  )
  const direction = query.order === 'asc' ? 1 : -1
  const primary = (a: P, b: P): number => {
    switch (query.sortBy) {
      case 'name':
        return collator.compare(a.name, b.name)
      case 'dueToday':
        return (dueToday.get(a.id) ?? 0) - (dueToday.get(b.id) ?? 0)
      case 'city':
        return collator.compare(cities.get(a.cityId)?.name ?? '', cities.get(b.cityId)?.name ?? '')
      case 'gender':
        return collator.compare(a.gender, b.gender)
    }
  }
  return matching.sort(
    (a, b) =>
      direction * primary(a, b) || collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1),
  )
}
