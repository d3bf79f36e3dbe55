import { expect, test } from 'vitest'
import { searchParts } from '../../server/src/db/user-list/search-parts'

const MILLION = 1_000_000

test('a user number is looked up by its rare digits, not by "use" and "ser" that everyone holds', () => {
  // use, ser, er7, r74, 746, 464, 645, 453 as counted at a million users.
  const totals = [1_000_000, 1_000_001, 111_110, 11_111, 9_009, 8_922, 9_002, 8_994]
  expect(searchParts('user746453', totals, MILLION)).toEqual(['r746453'])
})

test('a search without a common fragment, or with nothing but, is looked up whole', () => {
  expect(searchParts('priya', [20_001, 20_001, 20_001], MILLION)).toBeUndefined()
  expect(
    searchParts(
      'yusuf costa',
      [20_001, 20_001, 20_001, 20_001, 400, 400, 21_000, 30_000, 40_000],
      MILLION,
    ),
  ).toBeUndefined()
  expect(searchParts('eana', [600_000, 700_000], MILLION)).toBeUndefined()
})

test('each run of rare fragments is a part, counted in characters rather than UTF-16 units', () => {
  // żół, ółć, łć␠, ć␠a, ␠an, ana, nad, ada (the last four common).
  const totals = [50, 60, 40, 70, 500_000, 500_000, 90_000, 30_000]
  expect(searchParts('żółć anada', totals, MILLION)).toEqual(['żółć a', 'ada'])
  expect(searchParts('żółć anada', totals, 10_000)).toEqual(['żółć a'])
})

test('totals that do not fit the search leave it whole', () => {
  expect(searchParts('abcdef', [1, 2], MILLION)).toBeUndefined()
  expect(searchParts('abcd', [], MILLION)).toBeUndefined()
})
