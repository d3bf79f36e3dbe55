import { randomBytes } from 'node:crypto'
import type { UserWithVersion } from '@shared/bridge'
import type { IdInput } from '@shared/bridge-inputs'
import {
  MAX_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  type Assignment,
  type CreateUserRequest,
  type Group,
  type Page,
  type Role,
  type UpdateUserRequest,
  type User,
  type UserImportRequest,
  type UserImportResponse,
  type UserImportResult,
  type UserListQuery,
} from '@shared/contract'
import {
  planImportRow,
  type ImportLookups,
  type ImportNames,
  type RowPlan,
} from '@shared/user-import-plan'
import { CONTROL_CHARACTERS } from '@shared/validation'
import { ApiFailure } from '../api/http'

/** The calls of SPEC.md section 7 the fallback import makes. */
export interface SpecImportApi {
  listUsers(query: UserListQuery): Promise<Page<User>>
  createUser(input: CreateUserRequest): Promise<User>
  updateUser(input: { id: number; changes: UpdateUserRequest }): Promise<UserWithVersion>
  activate(input: IdInput): Promise<User>
  deactivate(input: IdInput): Promise<User>
  heldRoles(input: IdInput): Promise<Assignment[]>
  heldGroups(input: IdInput): Promise<Assignment[]>
  addRole(input: { id: number; roleId: number }): Promise<Assignment[]>
  addGroup(input: { id: number; groupId: number }): Promise<Assignment[]>
  resetPassword(input: IdInput): Promise<User>
  roles(): Promise<Page<Role>>
  groups(): Promise<Page<Group>>
  /** The signed-in administrator's id. */
  callerId(): Promise<number | undefined>
}

/** A password nobody sees or keeps: the new user sets one with the reset link. */
const unknowablePassword = () => randomBytes(32).toString('base64url')

/** The users a search finds, when the text is one the list accepts as a search. */
async function searchUsers(api: SpecImportApi, text: string): Promise<User[]> {
  if (text === '' || text.length > MAX_SEARCH_LENGTH || CONTROL_CHARACTERS.test(text)) return []
  return (await api.listUsers({ search: text, size: MAX_PAGE_SIZE, page: 0 })).content
}

function apiLookups(api: SpecImportApi): ImportLookups {
  return {
    async present(username) {
      const key = username.toLowerCase()
      const user = (await searchUsers(api, username)).find(
        (found) => found.username.toLowerCase() === key,
      )
      return (
        user && {
          id: user.id,
          username: user.username,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          phoneNumber: user.phoneNumber ?? '',
          isActive: user.isActive,
        }
      )
    },
    async emailTaken(email, exceptId) {
      const key = email.toLowerCase()
      return (await searchUsers(api, email)).some(
        (user) => user.email.toLowerCase() === key && user.id !== exceptId,
      )
    },
    async held(kind, userId) {
      const held = await (kind === 'role' ? api.heldRoles : api.heldGroups)({ id: userId })
      return new Set(held.map((assignment) => assignment.id))
    },
  }
}

const byName = (page: Page<{ id: number; name: string }>) =>
  new Map(page.content.map(({ id, name }) => [name.toLowerCase(), { id, name }]))

/** Applies a plan with one call per step: a user is created first, then given the rest. */
async function applyPlan(
  api: SpecImportApi,
  plan: RowPlan,
  sendSetPasswordLink: boolean,
): Promise<number | undefined> {
  if (plan.outcome === 'failed' || plan.outcome === 'unchanged') return plan.id
  let id: number
  if (plan.outcome === 'created') {
    id = (await api.createUser({ ...plan.profile, password: unknowablePassword() })).id
    if (!plan.isActive) await api.deactivate({ id })
  } else {
    id = plan.id
    if (Object.keys(plan.profileChanges).length > 0) {
      await api.updateUser({ id, changes: plan.profile })
    }
    if (plan.active) await (plan.active.to ? api.activate : api.deactivate)({ id })
  }
  for (const role of plan.roles) await api.addRole({ id, roleId: role.id })
  for (const group of plan.groups) await api.addGroup({ id, groupId: group.id })
  if (plan.outcome === 'created' && sendSetPasswordLink) await api.resetPassword({ id })
  return id
}

/**
 * The import over the spec's calls, for a server of the contract without our import endpoint:
 * the same plan for each row, then create (with a random password nobody sees), status, roles,
 * groups and the reset link, one call each. Those calls are not one transaction: a row whose
 * later call fails keeps what the earlier ones did, and its result says so.
 */
export function specImport(api: SpecImportApi) {
  return async (body: UserImportRequest): Promise<UserImportResponse> => {
    const [roles, groups, callerId] = await Promise.all([api.roles(), api.groups(), api.callerId()])
    const names: ImportNames = { roles: byName(roles), groups: byName(groups) }
    const choices = { updateExisting: body.updateExisting ?? false }
    const lookups = apiLookups(api)
    const results: UserImportResult[] = []
    for (const row of body.rows) {
      const plan = await planImportRow(row, choices, names, callerId, lookups)
      const base = { row: row.row, username: row.username, present: plan.present }
      if (plan.outcome === 'failed') {
        results.push({ ...base, outcome: 'failed', ...idOf(plan.id), errors: plan.errors })
        continue
      }
      if (body.dryRun) {
        results.push({ ...base, outcome: plan.outcome, ...idOf(idOfPlan(plan)), errors: [] })
        continue
      }
      try {
        const id = await applyPlan(api, plan, body.sendSetPasswordLink ?? true)
        results.push({ ...base, outcome: plan.outcome, ...idOf(id), errors: [] })
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error
        const started = plan.outcome === 'created' ? ' (the user may have been created)' : ''
        results.push({
          ...base,
          outcome: 'failed',
          errors: [{ field: '', message: `${error.message}${started}` }],
        })
      }
    }
    const count = (outcome: UserImportResult['outcome']) =>
      results.filter((result) => result.outcome === outcome).length
    return {
      dryRun: body.dryRun ?? false,
      results,
      created: count('created'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      failed: count('failed'),
    }
  }
}

const idOfPlan = (plan: RowPlan) => ('id' in plan ? plan.id : undefined)
const idOf = (id: number | undefined) => (id === undefined ? {} : { id })
