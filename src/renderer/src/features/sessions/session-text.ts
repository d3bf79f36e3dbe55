import type { UserSession } from '@shared/contract'
import type { Translate } from '@shared/i18n/catalogues'

/** The client as the server saw it: its user agent and address, or what is unknown. */
export function clientText(
  t: Translate,
  session: Pick<UserSession, 'userAgent' | 'ipAddress'>,
): string {
  const agent = session.userAgent?.trim() || t('sessions.unknownClient')
  return session.ipAddress ? t('sessions.clientAt', { agent, address: session.ipAddress }) : agent
}
