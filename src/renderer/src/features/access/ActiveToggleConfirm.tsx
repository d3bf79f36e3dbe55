import { useEffectOf } from '../../api/effects'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { EffectSummary } from '../../components/EffectSummary'
import { notify } from '../../lib/notifications'
import { errorMessage } from '../../lib/query'
import { useText } from '../../lib/text'
import type { AccessItem, AccessKind } from './access-kinds'
import { statusToggle } from './status-toggle'
import { useServerFeature } from '../auth'
import { effectOfSetActive, useSetAccessActive } from './useAccessMutations'

/** Asks before a role or group changes state; a refusal (e.g. the last administrator) stays shown. */
export function ActiveToggleConfirm({
  kind,
  item,
  onClose,
}: {
  kind: AccessKind
  item: AccessItem
  onClose: () => void
}) {
  const setActive = useSetAccessActive(kind)
  const t = useText()
  const toggle = statusToggle(kind, item, t)
  const previewOffered = useServerFeature('effect-preview')
  const effect = useEffectOf(
    effectOfSetActive(kind, { id: item.id, active: toggle.activate }),
    previewOffered,
  )
  return (
    <ConfirmDialog
      message={toggle.question}
      confirmLabel={toggle.confirmLabel}
      danger={toggle.danger}
      busy={setActive.isPending}
      confirmDisabled={previewOffered && !effect.isSuccess}
      error={setActive.isError ? errorMessage(setActive.error, t('access.statusFailed')) : null}
      onCancel={onClose}
      onConfirm={() =>
        setActive.mutate(
          { id: item.id, active: toggle.activate },
          {
            onSuccess: () => {
              onClose()
              notify(toggle.done)
            },
          },
        )
      }
    >
      {previewOffered && (
        <EffectSummary effect={effect.data} loading={effect.isPending} error={effect.error} />
      )}
    </ConfirmDialog>
  )
}
