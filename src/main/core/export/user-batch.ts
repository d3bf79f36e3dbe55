import type { User } from '@shared/contract'

/** Users in export order, and how many the whole export holds as far as the server knows. */
export interface UserBatch {
  users: User[]
  total: number
}
