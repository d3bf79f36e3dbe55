import arAuth from './ar/auth.json'
import arSettings from './ar/settings.json'
import arShell from './ar/shell.json'

/** The Arabic catalogue, in the English one's files; `loadCatalogue` holds it to their keys. */
export const AR = { ...arShell, ...arAuth, ...arSettings }
