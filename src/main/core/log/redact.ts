const SECRET_FIELD =
  /"(password|currentPassword|newPassword|temporaryPassword|accessToken|refreshToken|token|passwordChangeToken|mfaToken|enrolmentToken|secret|otpauthUri|recoveryCode)"\s*:\s*"(?:[^"\\]|\\.)*"/gi

/**
 * A log line with every secret it might carry blanked: bearer tokens, JWTs, token query
 * parameters and the password and token fields of a JSON body. Logs are read by people who
 * must never learn a session or a password from them.
 */
export function redact(text: string): string {
  return text
    .replace(/\bBearer\s+[^\s"',;]+/gi, 'Bearer [redacted]')
    .replace(/\beyJ[\w-]*\.[\w-]+\.[\w-]*/g, '[redacted]')
    .replace(/([?&](?:token|access_token|refresh_token)=)[^&#\s"']+/gi, '$1[redacted]')
    .replace(SECRET_FIELD, '"$1":"[redacted]"')
}
