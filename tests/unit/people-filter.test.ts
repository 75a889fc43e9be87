import { describe, expect, it } from 'vitest'
import {
  CITIES_FOUND_MAX,
  citiesToFilterBy,
  cityChoicesFor,
  defaultPeopleQuery,
  LONG_CITY_LIST,
  filterAndSortPeople,
  type PeopleQuery,
} from '../../src/features/people/peopleFilter.ts'
import { matchesNameOrPhone } from '../../src/features/dashboard/dashboardSearch.ts'
import { cityIndex } from '../../shared/schema/city.ts'

const city = (id: string, name: string, aliases: string[] = []) => ({
  id,
  name,
  createdAt: '2025-01-01T00:00:00.000Z',
  aliases,
})
// Ids in a different order from the names, so sorting by id would show. 'c-9' is a second
// "Pune" added by another lender while apart, merged into 'c-1'.
const listed = [city('c-2', 'Agra'), city('c-3', 'Nashik'), city('c-1', 'Pune', ['c-9'])]
const cities = cityIndex(listed)
// The stored opening balance disagrees with what is owed today: the list sorts by the latter.
const people = [
  { id: 'p1', name: 'Sunita Devi', balance: 0, cityId: 'c-1', gender: 'female' },
  { id: 'p2', name: 'ramesh Kumar', balance: 900_000, cityId: 'c-2', gender: 'male' },
  { id: 'p3', name: 'Arjun', balance: 5, cityId: 'c-3', gender: 'male' },
  { id: 'p4', name: 'Kiran', balance: 70_000, cityId: 'c-9', gender: 'other' },
]
// What each owes today (the engine's figure); Kiran has no loans, so no entry: ₹0.
const dueToday = new Map([
  ['p1', 50_000],
  ['p2', 1_000],
  ['p3', 200_000],
])
const run = (q: Partial<PeopleQuery>) =>
  filterAndSortPeople(people, cities, { ...defaultPeopleQuery, ...q }, dueToday).map((p) => p.name)

describe('people list filters', () => {
  it('shows everyone by name A–Z, ignoring case', () => {
    expect(run({})).toEqual(['Arjun', 'Kiran', 'ramesh Kumar', 'Sunita Devi'])
  })

  it('filters by a part of the name, any case, trimming spaces', () => {
    expect(run({ name: '  KUM ' })).toEqual(['ramesh Kumar'])
  })

  it('filters by city and by gender together', () => {
    expect(run({ cityId: 'c-1' })).toEqual(['Kiran', 'Sunita Devi'])
    expect(run({ cityId: 'c-1', gender: 'female' })).toEqual(['Sunita Devi'])
    expect(run({ cityId: 'c-2', gender: 'female' })).toEqual([])
  })

  it('sorts by what is due today either way, never by the stored opening balance', () => {
    expect(run({ sortBy: 'dueToday' })).toEqual(['Kiran', 'ramesh Kumar', 'Sunita Devi', 'Arjun'])
    expect(run({ sortBy: 'dueToday', order: 'desc' })).toEqual([
      'Arjun',
      'Sunita Devi',
      'ramesh Kumar',
      'Kiran',
    ])
  })

  it("sorts by the city's name, not its id", () => {
    expect(run({ sortBy: 'city' })).toEqual(['ramesh Kumar', 'Arjun', 'Kiran', 'Sunita Devi'])
  })

  it('sorts by gender, ties by name', () => {
    expect(run({ sortBy: 'gender' })).toEqual(['Sunita Devi', 'Arjun', 'ramesh Kumar', 'Kiran'])
  })

  it('does not reorder the array it was given', () => {
    const before = people.map((p) => p.id)
    run({ sortBy: 'dueToday', order: 'desc' })
    expect(people.map((p) => p.id)).toEqual(before)
  })
})

describe('dashboard search', () => {
  const row = { name: 'Sunita Devi', phone: '98765 43210' }
  it('matches a part of the name in any case', () => {
    expect(matchesNameOrPhone(row, 'devi')).toBe(true)
    expect(matchesNameOrPhone(row, 'ramesh')).toBe(false)
  })
  it('matches a phone number however it is spaced', () => {
    expect(matchesNameOrPhone(row, '9876543')).toBe(true)
    expect(matchesNameOrPhone(row, '65 432')).toBe(true)
    expect(matchesNameOrPhone({ name: 'Arjun' }, '98765')).toBe(false)
  })
  it('matches everyone when the box is empty', () => {
    expect(matchesNameOrPhone({ name: 'Arjun' }, '   ')).toBe(true)
  })
})

describe('the city filter', () => {
  // The shared list as many lenders filled it: most of its cities hold none of this lender's people.
  const shared = [city('c-0', 'Ajmer'), ...listed, city('c-4', 'Ujjain')]
  const index = cityIndex(shared)
  const offered = (chosen = '') =>
    citiesToFilterBy(people, shared, index, chosen).map((c) => c.name)

  it("offers the cities the lender's people live in, by name, a merged duplicate as its city", () => {
    expect(offered()).toEqual(['Agra', 'Nashik', 'Pune'])
    expect(citiesToFilterBy([people[3]!], shared, index, '').map((c) => c.name)).toEqual(['Pune'])
  })

  it('keeps offering the chosen city once nobody lives there', () => {
    expect(offered('c-4')).toEqual(['Agra', 'Nashik', 'Pune', 'Ujjain'])
  })
})

describe("the person form's cities", () => {
  const names = (list: readonly { name: string }[]) => list.map((c) => c.name)

  it('offers a list of a usual size whole, whatever is typed', () => {
    const shared = [city('c-0', 'Ajmer'), ...listed, city('c-4', 'Ujjain')]
    const choices = cityChoicesFor(people, shared, cityIndex(shared), '', 'Pu')
    expect(choices).toEqual({ cities: shared, narrowed: false })
  })

  describe('of a list grown past what a lender keeps', () => {
    // Bloated as an older server let one account do: a thousand villages named alike.
    const bloat = Array.from({ length: LONG_CITY_LIST + 500 }, (_, i) =>
      city(`b-${i}`, `Gaon ${String(i).padStart(4, '0')}`),
    )
    const shared = [city('c-0', 'Ajmer'), ...listed, ...bloat, city('c-4', 'Ujjain')]
    const index = cityIndex(shared)
    const offer = (chosen: string, search: string) =>
      cityChoicesFor(people, shared, index, chosen, search)

    it("offers the lender's own cities and the chosen one until a name is typed", () => {
      expect(offer('', '')).toEqual({
        cities: [listed[0], listed[1], listed[2]],
        narrowed: true,
      })
      expect(names(offer('c-4', '  ').cities)).toEqual(['Agra', 'Nashik', 'Pune', 'Ujjain'])
    })

    it('finds any city by part of its name, in any case, keeping the chosen one', () => {
      expect(names(offer('', 'jjai').cities)).toEqual(['Ujjain'])
      expect(names(offer('c-2', ' UJJ ').cities)).toEqual(['Agra', 'Ujjain'])
      // A person filed under a merged duplicate keeps its listed city on offer.
      expect(names(offer('c-9', 'ajm').cities)).toEqual(['Ajmer', 'Pune'])
    })

    it(`offers at most ${CITIES_FOUND_MAX} found cities, and the chosen one besides`, () => {
      const found = offer('c-4', 'gaon').cities
      expect(found).toHaveLength(CITIES_FOUND_MAX + 1)
      expect(found[0]!.name).toBe('Gaon 0000')
      expect(found.at(-1)!.name).toBe('Ujjain')
    })
  })
})
