import type { PageInfo } from '@shared/contract'

/** The range and page of a paged list, derived from the server's page object. */
export function pageRange(page: PageInfo, shown: number) {
  const pages = Math.max(
    1,
    page.totalPages ?? Math.ceil(page.totalElements / Math.max(page.size, 1)),
  )
  const first = page.totalElements === 0 ? 0 : page.number * page.size + 1
  const last = page.totalElements === 0 ? 0 : page.number * page.size + shown
  return { first, last, pages, current: page.number + 1 }
}
