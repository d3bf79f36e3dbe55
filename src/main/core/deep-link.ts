import { DEEP_LINK_SCHEME, deepLinkRoute } from '@shared/reset-link'

/**
 * The renderer route of the first `admin-console://` link among a process's arguments: how
 * Windows and Linux hand a clicked link to the app (at launch, or to the running instance).
 */
export function deepLinkRouteIn(argv: readonly string[]): string | null {
  const link = argv.find((arg) => arg.startsWith(`${DEEP_LINK_SCHEME}://`))
  return link === undefined ? null : deepLinkRoute(link)
}
