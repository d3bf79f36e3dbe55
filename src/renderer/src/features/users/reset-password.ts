/** The list's Reset PW question, exactly as SPEC.md section 2 words it (no question mark). */
export const resetPasswordQuestion = (email: string) =>
  `Are you sure you want to reset the password for ${email}`
