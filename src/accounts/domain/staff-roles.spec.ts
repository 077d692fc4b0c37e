import { canSee } from './staff-roles';

describe('canSee', () => {
  it('shows support pages to support agents and admins, the status page to admins only', () => {
    expect(['user', 'support', 'admin', undefined].map((role) => canSee('support', role))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(['user', 'support', 'admin', undefined].map((role) => canSee('admin', role))).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });
});
