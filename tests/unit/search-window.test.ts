import { expect, test } from 'vitest'
import { searchWindow } from '../../server/src/db/search-window'

test('a user number is looked up by its rare digits, not by "use" and "ser" that everyone holds', () => {
  // use, ser, er7, r74, 746, 464, 645, 453 as counted at a million users.
  const totals = [1_000_000, 1_000_001, 111_110, 11_111, 9_009, 8_922, 9_002, 8_994]
  expect(searchWindow('user746453', totals)).toBe('r746453')
})

test('a search whose fragments are about as common is looked up whole', () => {
  expect(searchWindow('priya', [20_001, 20_001, 20_001])).toBe('priya')
  expect(searchWindow('ab c', [400, 900])).toBe('ab c')
})

test('the rarest run wins wherever it lies, counted in characters rather than UTF-16 units', () => {
  expect(searchWindow('żółć xyz', [50, 60, 500_000, 500_000, 500_000, 500_000])).toBe('żółć')
  expect(searchWindow('abcdef', [90_000, 90_000, 30, 70_000])).toBe('cde')
})

test('totals that do not fit the search leave it whole', () => {
  expect(searchWindow('abcdef', [1, 2])).toBe('abcdef')
  expect(searchWindow('abcd', [])).toBe('abcd')
})
