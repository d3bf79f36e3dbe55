import { dormantOutcomeSchema, dormantPolicySchema } from '../dormant'
import { endpoint } from '../endpoint'

/** Our server's policies (issue 57); other servers of the contract answer 404. */
export const policyEndpoints = {
  getDormantPolicy: endpoint({
    method: 'GET',
    path: '/api/admin/policies/dormant',
    summary:
      'The dormant-accounts policy (DORMANT_AFTER_DAYS): off, or when it next runs and how many users that run would deactivate, and a run now',
    tag: 'policies',
    access: 'users.read',
    output: dormantPolicySchema,
  }),
  runDormantPolicy: endpoint({
    method: 'POST',
    path: '/api/admin/policies/dormant/run',
    summary:
      'Run the dormant-accounts policy now: deactivates the users a run now would (the preview\'s "now"), each audited with the reason "dormant"',
    tag: 'policies',
    access: 'users.status',
    output: dormantOutcomeSchema,
    errors: [404, 409],
  }),
}
