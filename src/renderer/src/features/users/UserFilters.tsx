import { useId } from 'react'
import { useGroups, useRoles } from '../../api/access'
import type { Translate } from '@shared/i18n/catalogues'
import { useText } from '../../lib/text'
import { useServerFeature } from '../auth'
import type { UserListFilter } from './list-state'
import {
  defaultSinceDate,
  instantOfLocalDate,
  localDateOf,
  signInChoice,
  signInChoices,
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
  t: Translate,
): Choice[] {
  const choices = (items ?? []).map((item) => ({
    value: String(item.id),
    label: item.active ? item.name : t('users.inactiveName', { name: item.name }),
  }))
  if (selected !== undefined && !choices.some((choice) => choice.value === String(selected)))
    choices.push({ value: String(selected), label: t('users.unknownId', { id: String(selected) }) })
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
  const t = useText()
  const all = { value: '', label: t('users.filterAll') }
  return (
    <div className="user-filters" role="group" aria-label={t('users.filters')}>
      <FilterSelect
        label={t('users.filterStatus')}
        value={filter.status ?? ''}
        choices={[
          all,
          { value: 'active', label: t('users.filterActive') },
          { value: 'inactive', label: t('users.filterInactive') },
        ]}
        onChange={(value) => onChange({ status: (value || undefined) as UserListFilter['status'] })}
      />
      <FilterSelect
        label={t('users.filterLock')}
        value={filter.locked ?? ''}
        choices={[
          all,
          { value: 'true', label: t('users.filterLocked') },
          { value: 'false', label: t('users.filterUnlocked') },
        ]}
        onChange={(value) => onChange({ locked: (value || undefined) as UserListFilter['locked'] })}
      />
      <FilterSelect
        label={t('users.filterTwoStep')}
        value={filter.twoStep ?? ''}
        choices={[
          all,
          { value: 'on', label: t('users.filterOn') },
          { value: 'off', label: t('users.filterOff') },
        ]}
        onChange={(value) =>
          onChange({ twoStep: (value || undefined) as UserListFilter['twoStep'] })
        }
      />
      <FilterSelect
        label={t('users.filterRole')}
        value={filter.roleId === undefined ? '' : String(filter.roleId)}
        choices={namedChoices(roles.data, filter.roleId, t('users.filterAllRoles'), t)}
        disabled={roles.isPending && filter.roleId === undefined}
        onChange={(value) => onChange({ roleId: idOf(value) })}
      />
      <FilterSelect
        label={t('users.filterGroup')}
        value={filter.groupId === undefined ? '' : String(filter.groupId)}
        choices={namedChoices(groups.data, filter.groupId, t('users.filterAllGroups'), t)}
        disabled={groups.isPending && filter.groupId === undefined}
        onChange={(value) => onChange({ groupId: idOf(value) })}
      />
      <FilterSelect
        label={t('users.filterLastSignIn')}
        value={signInChoice(filter.lastSignIn)}
        choices={[all, ...signInChoices(t)]}
        onChange={(value) =>
          onChange({
            lastSignIn: value === 'before' ? defaultSinceDate(Date.now()) : value || undefined,
          })
        }
      />
      {signInChoice(filter.lastSignIn) === 'before' && (
        <div className="user-filter">
          <label htmlFor={sinceId}>{t('users.filterNotSince')}</label>
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
          label={t('users.filterAccessEnding')}
          value={filter.accessEnding ?? ''}
          choices={[
            all,
            { value: '24h', label: t('users.accessEndingHours', { hours: 24 }) },
            { value: '7d', label: t('users.accessEndingDays', { days: 7 }) },
          ]}
          onChange={(value) =>
            onChange({ accessEnding: (value || undefined) as UserListFilter['accessEnding'] })
          }
        />
      )}
    </div>
  )
}
