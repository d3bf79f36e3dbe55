/** The largest id the server's integer column holds; a larger one cannot name a user. */
const MAX_USER_ID = 2_147_483_647

/** The id of /users/{id} when it is a positive whole number; otherwise nothing is to be loaded. */
export function parseUserId(text: string | undefined): number | undefined {
  if (!text || !/^\d+$/.test(text)) return undefined
  const id = Number(text)
  return id >= 1 && id <= MAX_USER_ID ? id : undefined
}
