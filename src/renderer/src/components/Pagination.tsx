import type { PageInfo } from '@shared/contract'
import { pageRange } from '../lib/page-range'

/** "a-b of total", Prev/Next and "page / pages" (SPEC.md section 2). */
export function Pagination({
  page,
  shown,
  onPage,
}: {
  page: PageInfo
  /** Rows on this page. */
  shown: number
  onPage: (number: number) => void
}) {
  const { first, last, pages, current } = pageRange(page, shown)
  return (
    <nav className="pagination" aria-label="Pagination">
      <span className="range">
        {first}-{last} of {page.totalElements}
      </span>
      <button
        type="button"
        className="secondary"
        disabled={page.number === 0}
        onClick={() => onPage(page.number - 1)}
      >
        Prev
      </button>
      <span className="pages" aria-live="polite">
        {current} / {pages}
      </span>
      <button
        type="button"
        className="secondary"
        disabled={current >= pages}
        onClick={() => onPage(page.number + 1)}
      >
        Next
      </button>
    </nav>
  )
}
