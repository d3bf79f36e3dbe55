import type { EffectConfirm } from '../api/effects'
import { useText } from '../lib/text'
import { Dialog } from './Dialog'
import { EffectSummary } from './EffectSummary'

/**
 * Asks before a change, showing its effect (issue 57): Confirm makes it, Cancel changes nothing.
 * A change the server would refuse says so, and cannot be confirmed.
 */
export function EffectConfirmDialog({
  effect,
  confirmLabel,
}: {
  effect: EffectConfirm
  confirmLabel: string
}) {
  const { preview } = effect
  const t = useText()
  return (
    <Dialog
      title={t('components.confirmChange')}
      onClose={effect.cancel}
      footer={
        <>
          <button type="button" className="secondary" onClick={effect.cancel} data-autofocus>
            {t('components.cancel')}
          </button>
          <button
            type="button"
            className="primary"
            disabled={!preview.isSuccess}
            onClick={effect.confirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <EffectSummary effect={preview.data} loading={preview.isPending} error={preview.error} />
    </Dialog>
  )
}
