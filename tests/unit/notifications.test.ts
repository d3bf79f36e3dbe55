import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  NOTIFICATION_MS,
  notify,
  useNotificationStore,
} from '../../src/renderer/src/lib/notifications'

const texts = () => useNotificationStore.getState().notifications.map((n) => n.text)

describe('notify()', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    useNotificationStore.setState({ notifications: [] })
  })
  afterEach(() => {
    vi.clearAllTimers()
    vi.useRealTimers()
  })

  test('shows each notification, in order, and each goes by itself after its time', () => {
    notify('User ann created')
    vi.advanceTimersByTime(1000)
    notify('Changes saved')
    expect(texts()).toEqual(['User ann created', 'Changes saved'])

    vi.advanceTimersByTime(NOTIFICATION_MS - 1001)
    expect(texts()).toEqual(['User ann created', 'Changes saved'])
    vi.advanceTimersByTime(1)
    expect(texts()).toEqual(['Changes saved'])
    vi.advanceTimersByTime(1000)
    expect(texts()).toEqual([])
  })

  test('a dismissed notification goes at once and its timer does not touch the others', () => {
    notify('User ann locked')
    notify('User bob locked')
    const [first] = useNotificationStore.getState().notifications
    useNotificationStore.getState().dismiss(first!.id)
    expect(texts()).toEqual(['User bob locked'])
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(NOTIFICATION_MS)
    expect(texts()).toEqual([])
  })

  test('a lasting notification (a warning) stays until dismissed', () => {
    notify('2 wrong codes were tried', { lasting: true })
    vi.advanceTimersByTime(NOTIFICATION_MS * 10)
    expect(texts()).toEqual(['2 wrong codes were tried'])
    const [warning] = useNotificationStore.getState().notifications
    useNotificationStore.getState().dismiss(warning!.id)
    expect(texts()).toEqual([])
  })

  test('every notification has its own id', () => {
    notify('Changes saved')
    notify('Changes saved')
    const ids = useNotificationStore.getState().notifications.map((n) => n.id)
    expect(new Set(ids).size).toBe(2)
  })
})
