/** Names for generated people: varied enough to make search and sort look like real life. */
export const FIRST_NAMES = [
  'Aisha', 'Omar', 'Fatima', 'Yusuf', 'Layla', 'Hassan', 'Mariam', 'Khalid', 'Noor', 'Rashid',
  'Sara', 'Ahmed', 'Huda', 'Tariq', 'Amira', 'Zayed', 'Leila', 'Faisal', 'Hana', 'Samir',
  'Emma', 'Liam', 'Olivia', 'Noah', 'Ava', 'Lucas', 'Mia', 'Ethan', 'Sofia', 'Mateo',
  'Priya', 'Arjun', 'Ananya', 'Rohan', 'Kavya', 'Vikram', 'Mei', 'Chen', 'Yuki', 'Hiroshi',
  'Elena', 'Marco', 'Ines', 'Pierre', 'Anna', 'Jonas', 'Chloe', 'Daniel', 'Grace', 'Tomas',
]

export const LAST_NAMES = [
  'Al Mansouri', 'Haddad', 'Khan', 'Rahman', 'Nasser', 'Saleh', 'Farouk', 'Karim', 'Aziz', 'Hamdan',
  'Smith', 'Johnson', 'Williams', 'Brown', 'Garcia', 'Martinez', 'Anderson', 'Taylor', 'Thomas', 'Moore',
  'Patel', 'Sharma', 'Iyer', 'Reddy', 'Nair', 'Gupta', 'Wang', 'Li', 'Tanaka', 'Sato',
  'Rossi', 'Dubois', 'Muller', 'Novak', 'Silva', 'Costa', 'Jensen', 'Larsen', 'Kowalski', 'Popescu',
  'OConnor', 'Murphy', 'Ibrahim', 'Youssef', 'Mahmoud', 'Suleiman', 'Qureshi', 'Hussain', 'Chowdhury', 'Mendes',
]
