import type { AccessItem, AccessKind } from './access-kinds'

/** The confirmation an Active toggle asks for (SPEC.md section 4): the opposite of its state. */
export function statusToggle(kind: AccessKind, item: AccessItem) {
  const verb = item.active ? 'deactivate' : 'activate'
  return {
    activate: !item.active,
    question: `Are you sure you want to ${verb} ${kind.noun} "${item.name}"?`,
    confirmLabel: item.active ? 'Deactivate' : 'Activate',
    danger: item.active,
    done: `${kind.singular} ${item.name} ${verb}d`,
  }
}

/** The toggle's text is its state; its accessible name adds what pressing it does, and to what. */
export const statusText = (item: AccessItem) => (item.active ? 'Active' : 'Inactive')
