import { MEMBERS_PAGE_SIZE, type MemberListQuery } from '@shared/contract'

/** The request for one page of members; an empty search is left out, as on the users list. */
export function membersQuery(search: string, page: number): MemberListQuery {
  const term = search.trim()
  return { page, size: MEMBERS_PAGE_SIZE, ...(term ? { search: term } : {}) }
}
