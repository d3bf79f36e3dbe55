import { useEffect } from 'react'
import { create } from 'zustand'

/** How long a notification stays before it goes by itself. */
export const NOTIFICATION_MS = 5000

export interface Notification {
  id: number
  text: string
}

interface NotificationState {
  notifications: Notification[]
  dismiss(id: number): void
  /** An error just shown: no earlier "saved" may stand beside it and contradict it. */
  dismissAll(): void
}

let nextId = 1
const timers = new Map<number, ReturnType<typeof setTimeout>>()

export const useNotificationStore = create<NotificationState>()((set) => ({
  notifications: [],
  dismiss: (id) => {
    clearTimeout(timers.get(id))
    timers.delete(id)
    set((state) => ({ notifications: state.notifications.filter((n) => n.id !== id) }))
  },
  dismissAll: () => {
    for (const timer of timers.values()) clearTimeout(timer)
    timers.clear()
    set({ notifications: [] })
  },
}))

/**
 * Tells the administrator that a change succeeded ("User john.doe created", "Changes saved"),
 * without blocking anything: announced to screen readers, dismissable, gone after a few seconds
 * unless it is `lasting` (a warning the administrator must not miss stays until dismissed).
 */
export function notify(text: string, { lasting = false } = {}): void {
  const id = nextId++
  useNotificationStore.setState((state) => ({
    notifications: [...state.notifications, { id, text }],
  }))
  if (lasting) return
  timers.set(
    id,
    setTimeout(() => useNotificationStore.getState().dismiss(id), NOTIFICATION_MS),
  )
}

/**
 * An error shown (a banner, a field's message): no earlier "saved" may stand beside it and
 * contradict it, so the notifications go as it appears.
 */
export function useErrorShown(error: string | undefined): void {
  const dismissAll = useNotificationStore((state) => state.dismissAll)
  useEffect(() => {
    if (error) dismissAll()
  }, [error, dismissAll])
}
