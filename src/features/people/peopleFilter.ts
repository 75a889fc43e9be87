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

/**
 * The cities the city filter offers: those `people` live in (a merged duplicate counts as its
 * listed city) and the one chosen, in the list's order (`cities`, by name). Not every city: the
 * list is shared by every lender on the server, an older server let one account bloat it to
 * 200,000, and a select that React fills as those arrive takes minutes to draw (each option
 * placed among the others in time that grows with their number).
 */
export function citiesToFilterBy(
  people: readonly Pick<PersonForList, 'cityId'>[],
  cities: readonly City[],
  index: ReadonlyMap<string, City>,
  chosen: string,
): City[] {
  const used = new Set<City>()
  for (const person of people) {
    const city = index.get(person.cityId)
    if (city) used.add(city)
  }
  const chosenCity = index.get(chosen)
  if (chosenCity) used.add(chosenCity)
  return cities.filter((city) => used.has(city))
}

/** Up to this many cities, the person form offers every one (see `cityChoicesFor`). */
export const LONG_CITY_LIST = 500

/** The most cities the person form offers for one search of a long list. */
export const CITIES_FOUND_MAX = 100

/**
 * The cities the person form's select offers, in the list's order (`cities`, by name), and
 * whether the list was narrowed. A list of up to LONG_CITY_LIST is offered whole. A longer one is
 * the shared list grown past what a lender keeps (an older server let one account bloat it to
 * 200,000, and a select of them all took a phone seconds to draw): it offers the cities whose
 * name holds `search`, up to CITIES_FOUND_MAX, or with no search the cities `people` live in;
 * the chosen city always.
 */
export function cityChoicesFor(
  people: readonly Pick<PersonForList, 'cityId'>[],
  cities: readonly City[],
  index: ReadonlyMap<string, City>,
  chosen: string,
  search: string,
): { cities: readonly City[]; narrowed: boolean } {
  if (cities.length <= LONG_CITY_LIST) return { cities, narrowed: false }
  const needle = search.trim().toLowerCase()
  if (needle === '')
    return { cities: citiesToFilterBy(people, cities, index, chosen), narrowed: true }
  const chosenCity = index.get(chosen)
  const found: City[] = []
  let matches = 0
  for (const city of cities) {
    if (city === chosenCity) {
      found.push(city)
    } else if (matches < CITIES_FOUND_MAX && city.name.toLowerCase().includes(needle)) {
      found.push(city)
      matches++
    }
  }
  return { cities: found, narrowed: true }
}
