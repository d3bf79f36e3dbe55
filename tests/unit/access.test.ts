import { describe, expect, test } from 'vitest'
import { englishText as t } from '../support/english'
import {
  GROUP_KIND,
  ROLE_KIND,
  groupItems,
  linkSummary,
  roleItems,
} from '../../src/renderer/src/features/access/access-kinds'
import { accessSaved, checkAccessForm } from '../../src/renderer/src/features/access/access-form'
import { emptyText, filterByName } from '../../src/renderer/src/features/access/filter-by-name'
import { statusToggle } from '../../src/renderer/src/features/access/status-toggle'

const admin = { id: 1, name: 'ADMIN', active: true, groups: [{ id: 7, name: 'IT' }] }
const auditor = { id: 2, name: 'Auditor', active: false, groups: [] }

describe('access items', () => {
  test('roles and groups both show the other side as links', () => {
    expect(roleItems([admin])).toEqual([
      { id: 1, name: 'ADMIN', active: true, links: [{ id: 7, name: 'IT' }] },
    ])
    expect(
      groupItems([{ id: 7, name: 'IT', active: true, roles: [{ id: 1, name: 'ADMIN' }] }]),
    ).toEqual([{ id: 7, name: 'IT', active: true, links: [{ id: 1, name: 'ADMIN' }] }])
  })

  test('links are joined with ", ", or say there are none', () => {
    const item = { id: 3, name: 'Ops', active: true, links: [] as { id: number; name: string }[] }
    expect(linkSummary(ROLE_KIND, item, t)).toBe('No groups')
    expect(linkSummary(GROUP_KIND, item, t)).toBe('No roles')
    item.links.push({ id: 1, name: 'ADMIN' }, { id: 2, name: 'Auditor' })
    expect(linkSummary(GROUP_KIND, item, t)).toBe('ADMIN, Auditor')
  })
})

describe('filterByName', () => {
  const items = roleItems([admin, auditor])

  test('matches part of a name, ignoring case and surrounding spaces', () => {
    expect(filterByName(items, '  aUd ').map((item) => item.name)).toEqual(['Auditor'])
    expect(filterByName(items, 'MI').map((item) => item.name)).toEqual(['ADMIN'])
  })

  test('an empty search keeps everything', () => {
    expect(filterByName(items, '   ')).toBe(items)
  })

  test('the empty text tells no items from no match', () => {
    expect(emptyText(t, ROLE_KIND, '')).toBe('No roles found.')
    expect(emptyText(t, GROUP_KIND, ' xyz ')).toBe('No groups match "xyz".')
  })
})

describe('statusToggle', () => {
  test('an active role asks to deactivate, as a danger', () => {
    expect(statusToggle(ROLE_KIND, roleItems([admin])[0]!, t)).toEqual({
      activate: false,
      question: 'Are you sure you want to deactivate role "ADMIN"?',
      confirmLabel: 'Deactivate',
      danger: true,
      done: 'Role ADMIN deactivated',
    })
  })

  test('an inactive group asks to activate', () => {
    const group = { id: 5, name: 'Night Shift', active: false, links: [] }
    expect(statusToggle(GROUP_KIND, group, t)).toEqual({
      activate: true,
      question: 'Are you sure you want to activate group "Night Shift"?',
      confirmLabel: 'Activate',
      danger: false,
      done: 'Group Night Shift activated',
    })
  })
})

describe('checkAccessForm', () => {
  test('a blank name is refused with the exact message', () => {
    expect(checkAccessForm('   ', [1])).toEqual({ ok: false, error: 'Name is required' })
  })

  test('the name is trimmed and the ids come out sorted', () => {
    expect(checkAccessForm('  Ops ', new Set([9, 2, 5]))).toEqual({
      ok: true,
      input: { name: 'Ops', linkIds: [2, 5, 9] },
    })
  })
})

describe('notifications of Roles & Groups', () => {
  test('say what was created or saved', () => {
    expect(accessSaved(ROLE_KIND, 'AUDITOR', true, t)).toBe('Role AUDITOR created')
    expect(accessSaved(GROUP_KIND, 'Night Shift', false, t)).toBe('Group Night Shift saved')
  })
})
