import { groupEndpoints, roleEndpoints } from './access'
import { auditEndpoints } from './audit'
import { authEndpoints } from './auth'
import { bulkEndpoints } from './bulk'
import { effectEndpoints } from './effects'
export { BULK_ENDPOINTS } from './bulk'
import { policyEndpoints } from './policies'
export {
  EFFECT_ENDPOINTS,
  effectChangeSchema,
  effectRequestSchema,
  type EffectChange,
  type EffectRequest,
} from './effects'
import { userAccessEndpoints } from './user-access'
import { userTransferEndpoints } from './user-transfer'
import { userEndpoints } from './users'

/**
 * Every endpoint of the API, by the name OpenAPI gives its operation (its operationId). The
 * server serves them, the console calls them and /openapi.json describes them from this table:
 * an endpoint's path is written here and nowhere else.
 */
export const endpoints = {
  ...authEndpoints,
  ...userEndpoints,
  ...userAccessEndpoints,
  ...bulkEndpoints,
  ...userTransferEndpoints,
  ...roleEndpoints,
  ...groupEndpoints,
  ...effectEndpoints,
  ...auditEndpoints,
  ...policyEndpoints,
}

export type EndpointName = keyof typeof endpoints
