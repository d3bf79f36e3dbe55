import type { ParsedInputOf } from '@shared/bridge'
import { EFFECT_ENDPOINTS, pathParameters, type EffectChange } from '@shared/contract'

/**
 * A change of POST /api/admin/effects as the renderer asks for it: its path's parameters as its
 * path writes them, and the rest as the body of its own endpoint.
 */
export function effectChange({
  operation,
  input,
}: ParsedInputOf<'effects.preview'>['changes'][number]): EffectChange {
  const endpoint = EFFECT_ENDPOINTS[operation]
  const inPath = pathParameters(endpoint.path)
  const fields = Object.entries(input)
  const params = Object.fromEntries(
    fields.filter(([name]) => inPath.includes(name)).map(([name, value]) => [name, String(value)]),
  )
  const body = Object.fromEntries(fields.filter(([name]) => !inPath.includes(name)))
  return {
    operation,
    ...(inPath.length > 0 && { params }),
    ...('body' in endpoint && { body }),
  } as EffectChange
}
