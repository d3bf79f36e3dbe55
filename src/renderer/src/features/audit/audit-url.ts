import { AUDIT_PAGE_SIZE, type AuditFilter, type AuditQuery } from '@shared/contract'

/** The Audit Log's filters and page as its URL holds them (`page` counts from 1 there). */
export interface AuditView {
  filter: AuditFilter
  /** Zero-based, as the API counts. */
  page: number
}

const FILTER_KEYS = ['actor', 'target', 'action', 'from', 'to'] as const
export type AuditFilterKey = (typeof FILTER_KEYS)[number]

/** `/audit?actor=…&target=…&action=…&from=…&to=…&page=…`: blanks and a bad page are ignored. */
export function readAuditView(params: URLSearchParams): AuditView {
  const filter: AuditFilter = {}
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim()
    if (value) filter[key] = value
  }
  const page = Number(params.get('page'))
  return { filter, page: Number.isInteger(page) && page > 1 ? page - 1 : 0 }
}

export function auditViewParams(view: AuditView): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of FILTER_KEYS) {
    const value = view.filter[key]?.trim()
    if (value) params.set(key, value)
  }
  if (view.page > 0) params.set('page', String(view.page + 1))
  return params
}

/** A changed filter starts again from the first page. */
export function withFilter(view: AuditView, key: AuditFilterKey, value: string): AuditView {
  const filter = { ...view.filter, [key]: value.trim() || undefined }
  if (!filter[key]) delete filter[key]
  return { filter, page: 0 }
}

export const auditListQuery = (view: AuditView): AuditQuery => ({
  ...view.filter,
  page: view.page,
  size: AUDIT_PAGE_SIZE,
})

/** The link to one user's whole history in the Audit Log. */
export const userHistoryPath = (user: string | number) =>
  `/audit?${auditViewParams({ filter: { target: String(user) }, page: 0 })}`
