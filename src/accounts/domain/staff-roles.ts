/**
 * Who does the staff's work: support agents answer threads; an admin oversees everything, support
 * included (its pages and its replies).
 */
export const STAFF_ROLES = {
  support: ['support', 'admin'],
  admin: ['admin'],
} as const satisfies Record<string, readonly string[]>;

export type StaffPage = keyof typeof STAFF_ROLES;

export function canSee(page: StaffPage, role: string | undefined): boolean {
  return role !== undefined && (STAFF_ROLES[page] as readonly string[]).includes(role);
}
