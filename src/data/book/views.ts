/**
 * What is read from the open lender doc, built once per doc and shared: by every component
 * (through the hooks) and by what keeps the saved dashboard.
 */
import * as Y from 'yjs'
import {
  createDashboardCache,
  createFiguresCache,
  type CachedDashboard,
  type FiguresOf,
} from '../../../shared/ledger/engine.ts'
import { projectLender, type LenderProjection } from '../../../shared/schema/projection.ts'
import type { LenderSnapshot, Loan, Person } from '../../../shared/schema/types.ts'

const projections = new WeakMap<Y.Doc, LenderProjection>()
const figureCaches = new WeakMap<Y.Doc, FiguresOf>()
const dashboards = new WeakMap<Y.Doc, CachedDashboard>()
// Derived lists are cached per snapshot, so every component gets the same array until an edit.
const activeCache = new WeakMap<LenderSnapshot, { people: Person[]; loans: Loan[] }>()

/** What the hooks read until the book is open: an empty book, never changed. */
export const unopenedBook: LenderProjection = projectLender(new Y.Doc())

/** The doc's projection: snapshots that re-read only what a change touched. */
export function projectionOf(doc: Y.Doc): LenderProjection {
  let projection = projections.get(doc)
  if (!projection) {
    projection = projectLender(doc)
    projections.set(doc, projection)
  }
  return projection
}

/**
 * How many loans' figures the doc's cache keeps: every loan of the few people a lender looks at
 * in a while (a person's page, a deposit, a statement asks for all of that person's loans). The
 * dashboard does not need them kept: it keeps each person's row.
 */
const FIGURES_KEPT = 2_000

/**
 * The engine's per-loan figures for the doc: each loan replayed again only when it changed, or
 * when it is asked for after `FIGURES_KEPT` others.
 */
export function figuresOfDoc(doc: Y.Doc): FiguresOf {
  let figuresOf = figureCaches.get(doc)
  if (!figuresOf) {
    figuresOf = createFiguresCache({ keep: FIGURES_KEPT })
    figureCaches.set(doc, figuresOf)
  }
  return figuresOf
}

/** The doc's dashboard, its rows cached per person. */
export function dashboardOf(doc: Y.Doc): CachedDashboard {
  let dashboard = dashboards.get(doc)
  if (!dashboard) {
    dashboard = createDashboardCache(figuresOfDoc(doc))
    dashboards.set(doc, dashboard)
  }
  return dashboard
}

/** The people and loans of a snapshot that are not in the Trash. */
export function activeOf(snapshot: LenderSnapshot): { people: Person[]; loans: Loan[] } {
  let active = activeCache.get(snapshot)
  if (!active) {
    active = {
      people: snapshot.people.filter((person) => !person.archived),
      loans: snapshot.loans.filter((loan) => !loan.archived),
    }
    activeCache.set(snapshot, active)
  }
  return active
}
