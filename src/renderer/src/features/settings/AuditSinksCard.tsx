import type { AuditSink } from '@shared/contract'
import { ErrorBanner } from '../../components/ErrorBanner'
import { useDateText } from '../../lib/useDateText'
import { useAuditSinks } from './useAuditSinks'

const SINK_LABELS: Record<AuditSink['name'], string> = {
  syslog: 'Syslog',
  file: 'File',
  https: 'HTTPS collector',
}

/** For those who may read the audit log: where the server forwards it, and whether it arrives. */
export function AuditSinksCard() {
  const { sinks, loadError, sendTestEvent, sending, sendError } = useAuditSinks()
  const formatDateTime = useDateText()
  return (
    <section className="settings-card" aria-labelledby="settings-audit-sinks">
      <h2 id="settings-audit-sinks">Audit forwarding</h2>
      {loadError && <ErrorBanner message={loadError} />}
      {sinks && sinks.length === 0 && (
        <p className="muted">This server forwards its audit log nowhere: no sink is configured.</p>
      )}
      {sinks && sinks.length > 0 && (
        <table className="settings-sinks">
          <thead>
            <tr>
              <th scope="col">Sink</th>
              <th scope="col">Sends to</th>
              <th scope="col">Records waiting</th>
              <th scope="col">Last error</th>
            </tr>
          </thead>
          <tbody>
            {sinks.map((sink) => (
              <tr key={sink.name} data-failing={sink.failing || undefined}>
                <td>{SINK_LABELS[sink.name]}</td>
                <td className="server-address">{sink.target}</td>
                <td>{sink.lag}</td>
                <td>
                  {sink.lastError && sink.lastErrorAt
                    ? `${sink.lastError} (${formatDateTime(sink.lastErrorAt)})`
                    : 'None'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {sendError && <ErrorBanner message={sendError} />}
      <p>
        <button type="button" onClick={sendTestEvent} disabled={sending}>
          Send test event
        </button>
      </p>
      <p className="muted">
        Writes a record to the audit log, which every sink then receives: look for it in your SIEM.
      </p>
    </section>
  )
}
