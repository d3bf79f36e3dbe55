import type { Translate } from '@shared/i18n/catalogues'
import type { AccessItem, AccessKind } from './access-kinds'

/** The confirmation an Active toggle asks for (SPEC.md section 4): the opposite of its state. */
export function statusToggle(kind: AccessKind, item: AccessItem, t: Translate) {
  const change = item.active ? 'deactivate' : 'activate'
  return {
    activate: !item.active,
    question: t(kind.question, { change, name: item.name }),
    confirmLabel: t(item.active ? 'access.deactivate' : 'access.activate'),
    danger: item.active,
    done: t(kind.toggled, { change, name: item.name }),
  }
}

/** The toggle's text is its state; its accessible name adds what pressing it does, and to what. */
export const statusText = (item: AccessItem, t: Translate) =>
  t(item.active ? 'access.active' : 'access.inactive')
