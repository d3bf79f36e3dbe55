import arAccess from './ar/access.json'
import arAudit from './ar/audit.json'
import arAuth from './ar/auth.json'
import arBulk from './ar/bulk.json'
import arCells from './ar/cells.json'
import arComponents from './ar/components.json'
import arDashboard from './ar/dashboard.json'
import arEvents from './ar/events.json'
import arExports from './ar/exports.json'
import arHost from './ar/host.json'
import arImport from './ar/import.json'
import arPasswords from './ar/passwords.json'
import arSecondFactor from './ar/secondFactor.json'
import arSessions from './ar/sessions.json'
import arSettings from './ar/settings.json'
import arShell from './ar/shell.json'
import arUpdates from './ar/updates.json'
import arUserDetails from './ar/userDetails.json'
import arUsers from './ar/users.json'
import arRefusals from './refusals/ar.json'

/** The Arabic catalogue, in the English one's files; `loadCatalogue` holds it to their keys. */
export const AR = {
  ...arShell,
  ...arAuth,
  ...arSettings,
  ...arCells,
  ...arUsers,
  ...arBulk,
  ...arImport,
  ...arUserDetails,
  ...arSecondFactor,
  ...arSessions,
  ...arAccess,
  ...arAudit,
  ...arDashboard,
  ...arEvents,
  ...arComponents,
  ...arPasswords,
  ...arUpdates,
  ...arExports,
  ...arHost,
}

/** The server's refusals in Arabic, by their codes (`REFUSAL_MESSAGES`), naming their params. */
export const AR_REFUSALS: Readonly<Record<string, string>> = arRefusals
