import { useId } from 'react'
import { useGroups, useRoles } from '../../api/access'
import { useServerFeature } from '../auth'
import type { UserListFilter } from './list-state'
import {
  defaultSinceDate,
  instantOfLocalDate,
  localDateOf,
  SIGN_IN_CHOICES,
  signInChoice,
} from './sign-in-filter'

interface Choice {
  value: string
  label: string
}

/** One labelled filter: a native select, so the keyboard and screen readers know it already. */
function FilterSelect({
  label,
  value,
  choices,
  disabled,
  onChange,
}: {
  label: string
  value: string
  choices: Choice[]
  disabled?: boolean
  onChange: (value: string) => void
}) {
  const id = useId()
  return (
    <div className="user-filter">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/** Every role or group by name; one the list no longer has (an old link) keeps its number. */
function namedChoices(
  items: { id: number; name: string; active: boolean }[] | undefined,
  selected: number | undefined,
  all: string,
): Choice[] {
  const choices = (items ?? []).map((item) => ({
    value: String(item.id),
    label: item.active ? item.name : `${item.name} (inactive)`,
  }))
  if (selected !== undefined && !choices.some((choice) => choice.value === String(selected)))
    choices.push({ value: String(selected), label: `#${selected}` })
  return [{ value: '', label: all }, ...choices]
}

const idOf = (value: string) => (value === '' ? undefined : Number(value))

/**
 * Status, Lock, Two-step (issue 30), Last sign-in (issue 57), Role and Group (issue 12), combined
 * with the search; "All" leaves one out.
 */
export function UserFilters({
  filter,
  onChange,
}: {
  filter: UserListFilter
  /** With the one filter chosen: the others hold. */
  onChange: (change: UserListFilter) => void
}) {
  const roles = useRoles()
  const groups = useGroups()
  const sinceId = useId()
  const grantEnds = useServerFeature('grant-ends')
  return (
    <div className="user-filters" role="group" aria-label="Filters">
      <FilterSelect
        label="Status"
        value={filter.status ?? ''}
        choices={[
          { value: '', label: 'All' },
          { value: 'active', label: 'Active' },
          { value: 'inactive', label: 'Inactive' },
        ]}
        onChange={(value) => onChange({ status: (value || undefined) as UserListFilter['status'] })}
      />
      <FilterSelect
        label="Lock"
        value={filter.locked ?? ''}
        choices={[
          { value: '', label: 'All' },
          { value: 'true', label: 'Locked' },
          { value: 'false', label: 'Unlocked' },
        ]}
        onChange={(value) => onChange({ locked: (value || undefined) as UserListFilter['locked'] })}
      />
      <FilterSelect
        label="Two-step"
        value={filter.twoStep ?? ''}
        choices={[
          { value: '', label: 'All' },
          { value: 'on', label: 'On' },
          { value: 'off', label: 'Off' },
        ]}
        onChange={(value) =>
          onChange({ twoStep: (value || undefined) as UserListFilter['twoStep'] })
        }
      />
      <FilterSelect
        label="Role"
        value={filter.roleId === undefined ? '' : String(filter.roleId)}
        choices={namedChoices(roles.data, filter.roleId, 'All roles')}
        disabled={roles.isPending && filter.roleId === undefined}
        onChange={(value) => onChange({ roleId: idOf(value) })}
      />
      <FilterSelect
        label="Group"
        value={filter.groupId === undefined ? '' : String(filter.groupId)}
        choices={namedChoices(groups.data, filter.groupId, 'All groups')}
        disabled={groups.isPending && filter.groupId === undefined}
        onChange={(value) => onChange({ groupId: idOf(value) })}
      />
      <FilterSelect
        label="Last sign-in"
        value={signInChoice(filter.lastSignIn)}
        choices={[{ value: '', label: 'All' }, ...SIGN_IN_CHOICES]}
        onChange={(value) =>
          onChange({
            lastSignIn: value === 'before' ? defaultSinceDate(Date.now()) : value || undefined,
          })
        }
      />
      {signInChoice(filter.lastSignIn) === 'before' && (
        <div className="user-filter">
          <label htmlFor={sinceId}>Not since</label>
          <input
            id={sinceId}
            type="date"
            value={localDateOf(filter.lastSignIn)}
            onChange={(event) => {
              const since = instantOfLocalDate(event.target.value)
              if (since) onChange({ lastSignIn: since })
            }}
          />
        </div>
      )}
      {grantEnds && (
        <FilterSelect
          label="Access ending"
          value={filter.accessEnding ?? ''}
          choices={[
            { value: '', label: 'All' },
            { value: '24h', label: 'Within 24 hours' },
            { value: '7d', label: 'Within 7 days' },
          ]}
          onChange={(value) =>
            onChange({ accessEnding: (value || undefined) as UserListFilter['accessEnding'] })
          }
        />
      )}
    </div>
  )
}
