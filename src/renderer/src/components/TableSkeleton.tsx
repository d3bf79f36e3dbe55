const SKELETON_ROWS = 5

/**
 * Grey bars in the shape of the rows to come, while a table's first rows load. The bars are
 * decorative; assistive technology hears the busy state and `text` ("Loading..."), which stays in
 * the page, visually hidden, until the rows arrive.
 */
export function TableSkeleton({ columns, text }: { columns: number; text: string }) {
  return (
    <>
      <tr className="table-skeleton-status">
        <td colSpan={columns}>
          <span className="visually-hidden" role="status">
            {text}
          </span>
        </td>
      </tr>
      {Array.from({ length: SKELETON_ROWS }, (_, row) => (
        <tr key={row} className="table-skeleton" aria-hidden="true">
          {Array.from({ length: columns }, (_, column) => (
            <td key={column}>
              <span className="skeleton-bar" />
            </td>
          ))}
        </tr>
      ))}
    </>
  )
}
