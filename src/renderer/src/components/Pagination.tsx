import type { PageInfo } from '@shared/contract'
import { pageRange } from '../lib/page-range'
import { useText } from '../lib/text'

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
  const t = useText()
  return (
    <nav className="pagination" aria-label={t('components.pagination')}>
      <span className="range">
        {t('components.pageRange', { first, last, total: page.totalElements })}
      </span>
      <button
        type="button"
        className="secondary"
        disabled={page.number === 0}
        onClick={() => onPage(page.number - 1)}
      >
        {t('components.prev')}
      </button>
      <span className="pages" aria-live="polite">
        {t('components.pageOf', { current, pages })}
      </span>
      <button
        type="button"
        className="secondary"
        disabled={current >= pages}
        onClick={() => onPage(page.number + 1)}
      >
        {t('components.next')}
      </button>
    </nav>
  )
}
