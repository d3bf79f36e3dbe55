import type { FieldErrors } from '@shared/validation'
import { useErrorShown } from '../../lib/notifications'
import { useText } from '../../lib/text'
import {
  PROFILE_FIELDS,
  PROFILE_LABELS,
  profileInputId,
  type Profile,
  type ProfileField,
} from './profile'

const INPUT_TYPES: Record<ProfileField, string> = {
  username: 'text',
  email: 'email',
  firstName: 'text',
  lastName: 'text',
  phoneNumber: 'tel',
}

/** Profile Information: an edited field is highlighted, and its input described as edited. */
export function ProfileCard({
  values,
  edited,
  errors,
  readOnly,
  onChange,
}: {
  values: Profile
  edited: ProfileField[]
  errors: FieldErrors<Profile>
  readOnly: boolean
  onChange: (field: ProfileField, value: string) => void
}) {
  const t = useText()
  useErrorShown(PROFILE_FIELDS.map((field) => errors[field]).find(Boolean))
  return (
    <section className="details-card profile-card" aria-labelledby="profile-title">
      <h2 id="profile-title">{t('userDetails.profileTitle')}</h2>
      <div className="profile-fields">
        {PROFILE_FIELDS.map((field) => {
          const inputId = profileInputId(field)
          const isEdited = edited.includes(field)
          const error = errors[field]
          const describedBy = [isEdited && `${inputId}-edited`, error && `${inputId}-error`]
            .filter(Boolean)
            .join(' ')
          return (
            <div key={field} className={isEdited ? 'profile-field edited' : 'profile-field'}>
              <div className="profile-label">
                <label htmlFor={inputId}>{t(PROFILE_LABELS[field])}</label>
                {isEdited && (
                  <span id={`${inputId}-edited`} className="edited-tag">
                    {t('userDetails.edited')}
                  </span>
                )}
              </div>
              <input
                id={inputId}
                type={INPUT_TYPES[field]}
                // Names, addresses and numbers may be Latin inside an Arabic page, or the reverse.
                dir="auto"
                autoComplete="off"
                value={values[field]}
                readOnly={readOnly}
                aria-invalid={Boolean(error)}
                aria-describedby={describedBy || undefined}
                onChange={(event) => onChange(field, event.target.value)}
              />
              {error && (
                <p id={`${inputId}-error`} className="field-error">
                  {error}
                </p>
              )}
            </div>
          )
        })}
      </div>
    </section>
  )
}
