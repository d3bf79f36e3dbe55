/** The sample statuses of SPEC.md section 2: text only, with no transitions. */
export type EventStatus = 'Planned' | 'Scheduled' | 'Upcoming' | 'Current' | 'Ongoing'

/** A sample event (SPEC.md section 3); `date` is a calendar day, the others are instants. */
export interface SampleEvent {
  id: string
  name: string
  category: string
  date: string
  status: EventStatus
  employees: string[]
  createdAt: string
  updatedAt: string
}

/** Hard-coded: the console has no events API. */
export const SAMPLE_EVENTS: SampleEvent[] = [
  {
    id: 'EV-1001',
    name: 'Annual Partners Gala',
    category: 'Gala Dinner',
    date: '2026-12-12',
    status: 'Planned',
    employees: ['Aisha Rahman', 'Omar Haddad'],
    createdAt: '2026-09-02T08:15:00Z',
    updatedAt: '2026-11-18T12:40:00Z',
  },
  {
    id: 'EV-1002',
    name: 'Tech Innovators Summit',
    category: 'Conference',
    date: '2026-11-30',
    status: 'Scheduled',
    employees: ['Daniel Costa', 'Mei Lin', 'Yusuf Karim'],
    createdAt: '2026-08-21T10:00:00Z',
    updatedAt: '2026-11-20T09:05:00Z',
  },
  {
    id: 'EV-1003',
    name: 'Desert Product Launch',
    category: 'Product Launch',
    date: '2026-11-26',
    status: 'Upcoming',
    employees: ['Sara Nasser'],
    createdAt: '2026-10-01T07:30:00Z',
    updatedAt: '2026-11-22T16:10:00Z',
  },
  {
    id: 'EV-1004',
    name: 'Winter Trade Expo',
    category: 'Exhibition',
    date: '2026-11-23',
    status: 'Current',
    employees: ['Omar Haddad', 'Priya Menon', 'Lucas Meyer', 'Fatima Zahra'],
    createdAt: '2026-07-14T11:45:00Z',
    updatedAt: '2026-11-23T06:00:00Z',
  },
  {
    id: 'EV-1005',
    name: 'Leadership Offsite',
    category: 'Corporate Retreat',
    date: '2026-11-22',
    status: 'Ongoing',
    employees: ['Aisha Rahman', 'Hassan Ali'],
    createdAt: '2026-09-28T13:20:00Z',
    updatedAt: '2026-11-22T18:30:00Z',
  },
  {
    id: 'EV-1006',
    name: 'Charity Fun Run',
    category: 'Community',
    date: '2027-01-17',
    status: 'Planned',
    employees: ['Mei Lin'],
    createdAt: '2026-11-05T09:00:00Z',
    updatedAt: '2026-11-05T09:00:00Z',
  },
  {
    id: 'EV-1007',
    name: 'Hospitality Awards Night',
    category: 'Awards Ceremony',
    date: '2026-12-05',
    status: 'Scheduled',
    employees: ['Lucas Meyer', 'Sara Nasser'],
    createdAt: '2026-08-30T15:10:00Z',
    updatedAt: '2026-11-15T10:25:00Z',
  },
  {
    id: 'EV-1008',
    name: 'Regional Sales Kickoff',
    category: 'Corporate Meeting',
    date: '2026-12-01',
    status: 'Upcoming',
    employees: ['Yusuf Karim', 'Priya Menon'],
    createdAt: '2026-10-12T08:05:00Z',
    updatedAt: '2026-11-19T14:45:00Z',
  },
  {
    id: 'EV-1009',
    name: 'Food & Culture Festival',
    category: 'Festival',
    date: '2026-11-21',
    status: 'Ongoing',
    employees: ['Fatima Zahra', 'Hassan Ali', 'Daniel Costa'],
    createdAt: '2026-06-18T12:00:00Z',
    updatedAt: '2026-11-21T07:50:00Z',
  },
  {
    id: 'EV-1010',
    name: 'Spring Wedding Showcase',
    category: 'Exhibition',
    date: '2027-03-06',
    status: 'Planned',
    employees: [],
    createdAt: '2026-11-20T10:30:00Z',
    updatedAt: '2026-11-21T08:15:00Z',
  },
]
