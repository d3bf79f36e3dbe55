import { describe, expect, test } from 'vitest'
import {
  COUNT_UP_MS,
  countUpValue,
  easeOutCubic,
} from '../../src/renderer/src/features/dashboard/count-up'
import {
  DASHBOARD_MODULES,
  DASHBOARD_STATS,
} from '../../src/renderer/src/features/dashboard/dashboard-data'
import { filterModules } from '../../src/renderer/src/features/dashboard/module-filter'
import { englishText as t } from '../support/english'

describe('count-up', () => {
  test('the easing starts at 0, ends at 1 and rises fast, then slowly', () => {
    expect(easeOutCubic(0)).toBe(0)
    expect(easeOutCubic(1)).toBe(1)
    expect(easeOutCubic(0.5)).toBeCloseTo(0.875)
    expect(easeOutCubic(0.25) - easeOutCubic(0)).toBeGreaterThan(
      easeOutCubic(1) - easeOutCubic(0.75),
    )
  })

  test('the easing stays within 0 and 1 outside its range', () => {
    expect(easeOutCubic(-1)).toBe(0)
    expect(easeOutCubic(2)).toBe(1)
  })

  test('the counter shows whole numbers that never go down and end on the total in a second', () => {
    expect(COUNT_UP_MS).toBe(1000)
    const seen = Array.from({ length: 62 }, (_, frame) => countUpValue(1286, frame * 16))
    expect(seen[0]).toBe(0)
    expect(seen.every((value) => Number.isInteger(value))).toBe(true)
    expect(seen.every((value, index) => index === 0 || value >= seen[index - 1]!)).toBe(true)
    expect(countUpValue(1286, 500)).toBe(Math.round(1286 * 0.875))
    expect(countUpValue(1286, 1000)).toBe(1286)
    expect(countUpValue(1286, 5000)).toBe(1286)
  })

  test('no duration means the total at once', () => {
    expect(countUpValue(42, 0, 0)).toBe(42)
  })
})

describe('dashboard data', () => {
  test('six stat cards and thirteen modules, each module with its own route', () => {
    expect(DASHBOARD_STATS.map((stat) => t(stat.title))).toEqual([
      'Total Events',
      'Employees',
      'Customers',
      'Suppliers',
      'Quotations',
      'Support Tickets',
    ])
    expect(DASHBOARD_MODULES).toHaveLength(13)
    expect(new Set(DASHBOARD_MODULES.map((module) => module.to)).size).toBe(13)
  })
})

describe('filterModules', () => {
  const titles = (search: string) =>
    filterModules(DASHBOARD_MODULES, search, t).map((m) => t(m.title))

  test('matches the title or the description, ignoring case and surrounding spaces', () => {
    expect(titles(' crm ')).toEqual(['CRM'])
    expect(titles('QUOTATIONS')).toEqual(['Suppliers'])
  })

  test('an empty search keeps every module; a search with no match keeps none', () => {
    expect(titles('')).toHaveLength(13)
    expect(titles('no such module')).toEqual([])
  })
})
