import { useIntl } from 'react-intl'
import type { AuditSink } from '@shared/contract'
import type { MessageId } from '@shared/i18n/catalogues'
import { ErrorBanner } from '../../components/ErrorBanner'
import { useDateText } from '../../lib/useDateText'
import { useText } from '../../lib/text'
import { useAuditSinks } from './useAuditSinks'

const SINK_LABELS: Record<AuditSink['name'], MessageId> = {
  syslog: 'settings.sinkSyslog',
  file: 'settings.sinkFile',
  https: 'settings.sinkHttps',
}

/** For those who may read the audit log: where the server forwards it, and whether it arrives. */
export function AuditSinksCard() {
  const { sinks, loadError, sendTestEvent, sending, sendError } = useAuditSinks()
  const formatDateTime = useDateText()
  const t = useText()
  const intl = useIntl()
  return (
    <section className="settings-card" aria-labelledby="settings-audit-sinks">
      <h2 id="settings-audit-sinks">{t('settings.auditSinks')}</h2>
      {loadError && <ErrorBanner message={loadError} />}
      {sinks && sinks.length === 0 && <p className="muted">{t('settings.sinksNone')}</p>}
      {sinks && sinks.length > 0 && (
        <table className="settings-sinks">
          <thead>
            <tr>
              <th scope="col">{t('settings.sink')}</th>
              <th scope="col">{t('settings.sinkTarget')}</th>
              <th scope="col">{t('settings.sinkLag')}</th>
              <th scope="col">{t('settings.sinkLastError')}</th>
            </tr>
          </thead>
          <tbody>
            {sinks.map((sink) => (
              <tr key={sink.name} data-failing={sink.failing || undefined}>
                <td>{t(SINK_LABELS[sink.name])}</td>
                <td className="server-address">
                  <bdi>{sink.target}</bdi>
                </td>
                <td>{intl.formatNumber(sink.lag)}</td>
                <td>
                  {sink.lastError && sink.lastErrorAt
                    ? t('settings.sinkError', {
                        error: sink.lastError,
                        date: formatDateTime(sink.lastErrorAt),
                      })
                    : t('settings.sinkNoError')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {sendError && <ErrorBanner message={sendError} />}
      <p>
        <button type="button" onClick={sendTestEvent} disabled={sending}>
          {t('settings.sendTestEvent')}
        </button>
      </p>
      <p className="muted">{t('settings.testEventNote')}</p>
    </section>
  )
}
