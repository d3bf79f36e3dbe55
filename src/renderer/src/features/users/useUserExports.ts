import type { User } from '../../../../shared/contract'
import type { UserColumnVisibility } from './columns'
import { DEFAULT_CSV_FILE_NAME, toCsv } from './export/csv'
import { downloadText, UTF8_BOM } from './export/download'
import { usePrintExport } from './export/usePrintExport'
import { userExportColumns } from './export/user-export-columns'

export const USERS_REPORT_TITLE = 'Users Report'

/** Export CSV and Export PDF of the rows on screen, in the columns on screen. */
export function useUserExports(users: readonly User[], visibility: UserColumnVisibility) {
  const printing = usePrintExport<User>()
  return {
    exportCsv: () =>
      downloadText(
        DEFAULT_CSV_FILE_NAME,
        UTF8_BOM + toCsv(users, userExportColumns(visibility)),
        'text/csv;charset=utf-8',
      ),
    exportPdf: () =>
      printing.print({
        title: USERS_REPORT_TITLE,
        generatedAt: new Date(),
        rows: users,
        columns: userExportColumns(visibility),
        rowKey: (user) => String(user.id),
      }),
    printJob: printing.job,
  }
}
