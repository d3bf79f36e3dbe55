/** The list's Reset PW question, as SPEC.md section 2 words it, asked as a question (issue 33). */
export const resetPasswordQuestion = (email: string) =>
  `Are you sure you want to reset the password for ${email}?`
